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
            let live = result.findings.filter { !$0.isWaived }
            let counts = countsText(live, waived: result.findings.count - live.count)
            let mark = failed ? paint("FAIL", .red) : paint("PASS", .green)
            out += "\(mark) \(result.id)\(counts.isEmpty ? "" : "  " + paint(counts, .dim))\n"
            let visible = result.findings.filter { failed ? true : ($0.severity >= .warning || $0.isWaived) }
            for finding in visible { out += render(finding) }
            if failed {
                for note in result.notes where !note.hasPrefix("shape only") { out += "    " + paint("note: " + shown(note), .dim) + "\n" }
            }
        }
        let summary = report.summary
        var line = "\(summary.endpoints) endpoint\(summary.endpoints == 1 ? "" : "s"): \(summary.passed) passed, \(summary.failed) failed"
        line += " · \(summary.breaking) breaking, \(summary.warning) warning\(summary.warning == 1 ? "" : "s"), \(summary.info) info"
        if summary.waived > 0 { line += ", \(summary.waived) waived" }
        out += "\n" + (summary.failed > 0 ? paint(line, .bold) : line) + "\n"
        return out
    }

    private func countsText(_ findings: [Finding], waived: Int) -> String {
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let count = findings.filter { $0.severity == severity }.count
            if count > 0 { parts.append("\(count) \(severity.rawValue)\(severity == .warning && count > 1 ? "s" : "")") }
        }
        if waived > 0 { parts.append("\(waived) waived") }
        return parts.joined(separator: ", ")
    }

    private func render(_ finding: Finding) -> String {
        if let waiver = finding.waiver {
            // Waived drift is known and accepted: one line, so it stays visible without crowding real drift.
            let path = finding.path.map { "  at \(shown($0.description))" } ?? ""
            return "  " + paint("waived".padding(to: 8), .dim) + " \(finding.kind.rawValue)\(path)  "
                + paint("until \(waiver.until): \(shown(waiver.reason))", .dim) + "\n"
        }
        let severityColor: Style = finding.severity == .breaking ? .red : finding.severity == .warning ? .yellow : .dim
        let label = finding.severity.rawValue
        var head = "  " + paint(label.padding(to: 8), severityColor) + " " + finding.kind.rawValue
        if let path = finding.path { head += "  at " + paint(shown(path.description), .bold) }
        if finding.occurrences > 1 { head += " (and \(finding.occurrences - 1) more like it)" }
        var out = head + "\n"
        out += "    \(shown(finding.message))\n"
        out += "    " + paint("expected", .dim) + " \(shown(finding.expected))\n"
        out += "    " + paint("actual  ", .dim) + " \(shown(finding.actual))\n"
        if let hint = finding.hint { out += "    " + paint("fix     ", .dim) + " \(shown(hint))\n" }
        if let location = finding.specLocation { out += "    " + paint("spec    ", .dim) + " \(location)\n" }
        return out
    }

    /// Text from the body (keys, values) with control characters written as `\u{1B}`: a key sent by the backend
    /// must not move the cursor, clear the screen or recolour the report.
    private func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: Self.isControl) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if Self.isControl(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    private enum Style: String {
        case red = "31", green = "32", yellow = "33", bold = "1", dim = "2"
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
