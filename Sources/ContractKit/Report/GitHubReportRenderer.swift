/// GitHub Actions workflow commands: one annotation per finding, on the spec line it comes from.
///
/// Findings that fail the run are `::error`; other breaking and warning findings are `::warning`; info findings
/// and waived findings are `::notice`. A last plain line gives the summary. GitHub shows the annotations on the
/// run's summary page and on the pull request's changed spec files.
public struct GitHubReportRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    public func render(_ report: VerificationReport) -> String {
        var out = ""
        for result in report.results {
            for finding in result.findings {
                out += annotation(finding, of: result, failOn: report.failOn) + "\n"
            }
        }
        out += RunnerName.current + ": " + report.summary.line + "\n"
        return out
    }

    private func annotation(_ finding: Finding, of result: EndpointResult, failOn: Severity) -> String {
        let command: String
        if !finding.isWaived && finding.severity >= failOn {
            command = "error"
        } else if !finding.isWaived && finding.severity >= .warning {
            command = "warning"
        } else {
            command = "notice"
        }
        let location = finding.specLocation ?? result.specLocation
        let title = "\(result.id): \(finding.isWaived ? "waived " : "")\(finding.headline)"
        var lines = [finding.message, "expected: \(finding.expected)", "actual: \(finding.actual)"]
        if let hint = finding.hint { lines.append("fix: \(hint)") }
        if let waiverText = finding.waiverText { lines.append(waiverText) }
        let properties = [
            "file=" + escapeProperty(location.file), "line=\(location.line)", "col=\(location.column)",
            "title=" + escapeProperty(title),
        ]
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(lines.joined(separator: "\n")))"
    }

    /// Message text: `%` and LF are encoded so the command stays on one line; CR and the other non-printable
    /// characters are escaped as in the text report, since GitHub's log shows colour sequences.
    private func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.escapingNonPrintables(keepingLineBreaks: true).unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Property values also encode `:` and `,`, which separate properties.
    private func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
