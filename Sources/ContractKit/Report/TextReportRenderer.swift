/// The terminal report: a line per endpoint, the findings of failing endpoints grouped under them, a summary.
public struct TextReportRenderer: ReportRenderer {
    /// Whether to use ANSI colours (only on a terminal, and never with `NO_COLOR`).
    public var color: Bool

    /// Creates a renderer.
    public init(color: Bool = false) { self.color = color }

    public func render(_ report: VerificationReport) -> String {
        var out = ""
        for result in report.results {
            let failed = result.fails(at: report.failOn)
            let counts = result.countsText
            var mark = failed ? paint("FAIL", .red) : paint("PASS", .green)
            if !failed, result.findings.contains(where: { $0.isWaived && $0.severity >= report.failOn }) {
                // Waived is not fixed: the run passes, and the line says what the app still meets.
                mark += paint(
                    result.model == nil ? " (waived: the drift is still there)" : " (waived: the model still fails)",
                    .yellow)
            }
            out += "\(mark) \(result.id.escapingNonPrintables())\(counts.isEmpty ? "" : "  " + paint(counts, .dim))\n"
            let visible = Finding.reportOrder(
                result.findings.filter { failed ? true : ($0.severity >= .warning || $0.isWaived) })
            for finding in visible { out += render(finding, failOn: report.failOn) }
            if failed {
                for note in result.notes where !note.hasPrefix("shape only") {
                    out += "    " + paint("note: " + note.escapingNonPrintables(), .dim) + "\n"
                }
            }
        }
        if let history = report.history, !history.resolved.isEmpty {
            out += "\n" + paint("RESOLVED", .green) + " since the previous run\n"
            for finding in history.resolved { out += "  " + finding.resolvedLine.escapingNonPrintables() + "\n" }
        }
        let summary = report.summary
        let line = summary.line
        out += "\n" + (summary.failed > 0 ? paint(line, .bold) : line) + "\n"
        if let history = report.history { out += paint(history.line(for: report).escapingNonPrintables(), .dim) + "\n" }
        return out
    }

    private func render(_ finding: Finding, failOn: Severity) -> String {
        if let waiver = finding.waiver {
            // Waived drift is known and accepted: one line, so it stays visible without crowding real drift.
            let path = finding.path.map { "  at \($0.description.escapingNonPrintables())" } ?? ""
            return "  " + paint("waived".padding(to: 8), .dim) + " \(finding.kind.rawValue)\(path)  "
                + paint("until \(waiver.until): \(waiver.reason.escapingNonPrintables())", .dim)
                + (finding.history.map { "  " + paint($0.label.escapingNonPrintables(), .dim) } ?? "") + "\n"
        }
        let severityColor: Style = finding.severity == .breaking ? .red : finding.severity == .warning ? .yellow : .dim
        let label = finding.severity.rawValue
        var head = "  " + paint(label.padding(to: 8), severityColor) + " " + finding.kind.rawValue
        if let path = finding.path { head += "  at " + paint(path.description.escapingNonPrintables(), .bold) }
        head += finding.moreLikeIt
        if let history = finding.history {
            head +=
                "  " + paint(history.label.escapingNonPrintables(), finding.standsOut(failingOn: failOn) ? .bold : .dim)
        }
        var out = head + "\n"
        out += "    \(finding.message.escapingNonPrintables())\n"
        out += "    " + paint("expected", .dim) + " \(finding.expected.escapingNonPrintables())\n"
        out += "    " + paint("actual  ", .dim) + " \(finding.actual.escapingNonPrintables())\n"
        if let hint = finding.hint { out += "    " + paint("fix     ", .dim) + " \(hint.escapingNonPrintables())\n" }
        if let location = finding.specLocation { out += "    " + paint("spec    ", .dim) + " \(location)\n" }
        return out
    }

    private enum Style: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case bold = "1"
        case dim = "2"
    }

    private func paint(_ text: String, _ style: Style) -> String {
        color ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
