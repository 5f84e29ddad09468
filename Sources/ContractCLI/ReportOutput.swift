import ArgumentParser
import ContractKit
import Foundation

/// Where a report goes: standard output in one format, a file, and a folder of every format. Shared by
/// `verify`, `check` and `report merge`, so the three take the same flags.
struct ReportOutput: ParsableArguments {
    @Option(name: .long, help: "The report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: .long, help: "Write the report to this file (the text report still goes to standard output).")
    var output: String?

    @Option(
        name: .customLong("report-dir"),
        help: ArgumentHelp(
            "Also write report.txt, report.json, report.xml (JUnit), report.md and report.html into this folder.",
            valueName: "dir"))
    var reportDirectory: String?

    /// Writes the report as asked; exits 2 when a file cannot be written.
    ///
    /// With `--output`, the chosen format goes to the file and the text report to standard output; otherwise the
    /// chosen format goes to standard output. `--report-dir` writes every file format besides.
    func emit(_ report: VerificationReport) throws {
        do {
            if let reportDirectory { try ReportDirectory.write(report, to: reportDirectory) }
            if let output {
                try ReportDirectory.write(format.renderer(color: false).render(report), to: output)
                Console.output(TextReportRenderer(color: Console.colorEnabled).render(report))
            } else {
                Console.output(format.renderer(color: format == .text && Console.colorEnabled).render(report))
            }
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
    }
}
