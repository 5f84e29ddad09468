import Foundation

/// Renders a verification report in one output format.
public protocol ReportRenderer: Sendable {
    /// The whole output, ending in a newline.
    func render(_ report: VerificationReport) -> String
}

/// The output formats, by the names the command line uses.
public enum ReportFormat: String, Sendable, CaseIterable {
    /// The terminal report.
    case text
    /// `contract-report/1`, for scripts and `contract report merge`.
    case json
    /// JUnit XML for CI test reporters.
    case junit
    /// Markdown for bug tickets.
    case markdown
    /// One self-contained HTML file.
    case html
    /// GitHub Actions annotations on the spec lines.
    case github

    /// The renderer for this format.
    public func renderer(color: Bool = false) -> any ReportRenderer {
        switch self {
        case .text: return TextReportRenderer(color: color)
        case .json: return JSONReportRenderer()
        case .junit: return JUnitReportRenderer()
        case .markdown: return MarkdownReportRenderer()
        case .html: return HTMLReportRenderer()
        case .github: return GitHubReportRenderer()
        }
    }

    /// The file name `--report-dir` writes this format to; nil for formats meant for a terminal or a CI log only.
    public var reportFileName: String? {
        switch self {
        case .text: return "report.txt"
        case .json: return "report.json"
        case .junit: return "report.xml"
        case .markdown: return "report.md"
        case .html: return "report.html"
        case .github: return nil
        }
    }
}

/// Writes every file format of a report into one folder: report.txt, report.json, report.xml, report.md, report.html.
public enum ReportDirectory {
    /// Writes the files, each atomically, creating the folder when needed; returns their paths in format order.
    ///
    /// A file that cannot be written does not stop the others: a CI job whose `report.html` path is taken still gets
    /// its JUnit file.
    ///
    /// - Throws: ``ContractErrors``, one `.io` error for each file that could not be written, after the others are.
    @discardableResult
    public static func write(_ report: VerificationReport, to directory: String) throws(ContractErrors) -> [String] {
        var written: [String] = []
        var failures: [ContractError] = []
        for format in ReportFormat.allCases {
            guard let path = path(of: format, in: directory) else { continue }
            do {
                try ReportDirectory.write(format.renderer(color: false).render(report), to: path)
                written.append(path)
            } catch {
                failures.append(error)
            }
        }
        guard failures.isEmpty else { throw ContractErrors(failures) }
        return written
    }

    /// The path of the `format` report in `directory` (`reports/report.xml`); nil for a format with no file.
    package static func path(of format: ReportFormat, in directory: String) -> String? {
        format.reportFileName.map { (directory.hasSuffix("/") ? directory : directory + "/") + $0 }
    }

    /// Writes one report file atomically, creating its folder when needed; a device or a pipe at `path`
    /// (`/dev/null`, `>(gzip > r.gz)`) is written to, never replaced, and a link's file is replaced, not the link
    /// (``AtomicFile/writeOutput(_:to:)``).
    ///
    /// - Throws: ``ContractError`` with code `.io` when the file cannot be written.
    public static func write(_ text: String, to path: String) throws(ContractError) {
        do {
            try AtomicFile.writeOutput(Data(text.utf8), to: path)
        } catch {
            throw WriteFailure.error(writing: path, what: "the report", error)
        }
    }
}
