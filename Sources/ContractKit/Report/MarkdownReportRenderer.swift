/// A report to paste into a bug ticket (GitHub, GitLab, Jira): a summary table, then per failing endpoint the
/// request as a `curl` command (secrets redacted), the response status, a table of findings, and for each finding
/// the few lines of the body around it with the drift marked.
public struct MarkdownReportRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    public func render(_ report: VerificationReport) -> String {
        let summary = report.summary
        var out = "# Contract report\n\n"
        let verdict =
            summary.failed == 0
            ? "All \(summary.endpoints) endpoint\(summary.endpoints == 1 ? "" : "s") passed"
            : "\(summary.failed) of \(summary.endpoints) endpoint\(summary.endpoints == 1 ? "" : "s") failed"
        out += "**\(verdict)** (failing on \(report.failOn.rawValue) and above). \(Markdown.escape(summary.line)).\n\n"
        if let history = report.history { out += Markdown.escape(history.line(for: report)) + ".\n\n" }
        out += Markdown.table(
            ["Endpoint", "Result", "Findings"],
            report.results.map { result in
                [
                    Markdown.code(result.id), result.fails(at: report.failOn) ? "**FAIL**" : "pass",
                    result.countsText.isEmpty ? "none" : Markdown.escape(result.countsText),
                ]
            })
        for result in report.results where result.fails(at: report.failOn) {
            out += "\n" + failingEndpoint(result, failOn: report.failOn)
        }
        let others = report.results.flatMap { result -> [(EndpointResult, Finding)] in
            guard !result.fails(at: report.failOn) else { return [] }
            return result.findings.map { (result, $0) }
        }
        if !others.isEmpty {
            out += "\n## Findings that do not fail the run\n\n"
            out += "Waived, or below the failing severity (\(report.failOn.rawValue)).\n\n"
            out += Markdown.table(
                ["Endpoint", "Severity", "Kind", "Path", "Detail"],
                others.map { result, finding in
                    [
                        Markdown.code(result.id), finding.label,
                        Markdown.escape(finding.kind.rawValue) + Self.mark(finding, failOn: report.failOn),
                        finding.path.map { Markdown.code($0.description) } ?? "",
                        Markdown.prose(finding.waiverText ?? finding.message),
                    ]
                })
        }
        if let history = report.history, !history.resolved.isEmpty {
            out += "\n## Resolved since the previous run\n\n"
            out += Markdown.table(
                ["Endpoint", "Kind", "Path", "Expected", "Seen"],
                history.resolved.map { finding in
                    [
                        Markdown.code(finding.endpoint), Markdown.escape(finding.kind.rawValue),
                        finding.path.map { Markdown.code($0.description) } ?? "", Markdown.code(finding.expected),
                        finding.history.map {
                            Markdown.escape(
                                "since \($0.firstSeen.prefix(10)), \($0.runsSeen) run\($0.runsSeen == 1 ? "" : "s")")
                        } ?? "",
                    ]
                })
        }
        return out
    }

    /// ` · **new**` or ` · since 2026-11-01 (3 runs)` after a finding's kind, with a history; else nothing. Bold
    /// when it is new or fails now where it did not before (risen to `failOn`, no longer waived).
    private static func mark(_ finding: Finding, failOn: Severity) -> String {
        guard let history = finding.history else { return "" }
        let label = Markdown.escape(history.label)
        return " · " + (finding.standsOut(failingOn: failOn) ? "**\(label)**" : label)
    }

    private func failingEndpoint(_ result: EndpointResult, failOn: Severity) -> String {
        var out = "## FAIL \(Markdown.code(result.id))\n\n"
        out += "- Spec: \(Markdown.code(result.specLocation.description))\n"
        var recordingLine = "- Recording: \(Markdown.code(result.recordingPath))"
        if let recordedAt = result.recording?.recording.recordedAt {
            recordingLine += ", recorded \(Markdown.escape(recordedAt))"
        }
        out += recordingLine + "\n"
        if let model = result.model { out += "- Model: \(Markdown.code(model))\n" }
        let recording = result.recording?.recording
        if let recording {
            out += "\nRequest:\n\n" + Markdown.fence(CurlCommand.make(for: result.recording!), language: "sh")
            var response = "\nResponse: status **\(recording.response.status)**"
            if let type = recording.response.header("Content-Type") { response += ", \(Markdown.code(type))" }
            out += response + "\n"
        }
        out += "\n"
        let shown = result.failing(at: failOn) + result.findings.filter { $0.isWaived || $0.severity < failOn }
        out += Markdown.table(
            ["#", "Severity", "Kind", "Path", "Expected", "Actual"],
            shown.enumerated().map { index, finding in
                [
                    String(index + 1), finding.label,
                    Markdown.escape(finding.kind.rawValue) + Self.mark(finding, failOn: failOn),
                    finding.path.map {
                        Markdown.code($0.description) + (finding.occurrences > 1 ? " (×\(finding.occurrences))" : "")
                    } ?? "",
                    Markdown.code(finding.expected), Markdown.escape(finding.actual),
                ]
            })
        for (index, finding) in shown.enumerated() {
            out +=
                "\n### \(index + 1). \(Markdown.escape(finding.kind.rawValue))\(finding.path.map { " at \(Markdown.code($0.description))" } ?? "")\n\n"
            out += Markdown.prose(finding.message) + "\n"
            if finding.occurrences > 1 {
                out +=
                    "\nThe same drift appears \(finding.occurrences - 1) more time\(finding.occurrences == 2 ? "" : "s") in the body; the first is shown.\n"
            }
            if let hint = finding.hint { out += "\n**Fix:** \(Markdown.prose(hint))\n" }
            if let specLocation = finding.specLocation { out += "\nSpec: \(Markdown.code(specLocation.description))\n" }
            if let waiverText = finding.waiverText { out += "\n**Waived:** \(Markdown.escape(waiverText))\n" }
            if let excerpt = excerpt(for: finding, in: recording) { out += "\n" + excerpt }
        }
        let notes = result.notes.filter { !$0.hasPrefix("shape only") }
        if !notes.isEmpty { out += "\n" + notes.map { "> Note: \(Markdown.escape($0))\n" }.joined() }
        return out
    }

    /// The body around the finding's path, the drift marked; the start of the body for a wrong status or a
    /// body that is not JSON.
    private func excerpt(for finding: Finding, in recording: Recording?) -> String? {
        guard let body = recording?.response.body else { return nil }
        switch body {
        case .json, .indexed:
            let json = body.jsonValue ?? .null
            if let path = finding.path {
                let lines = BodyLines.excerpt(json, around: path).lines.map { line -> String in
                    guard !line.marks.isEmpty else { return line.indentedText }
                    return line.indentedText + (line.isAbsent ? " <-- " : "  // <-- ") + finding.kind.rawValue
                }
                return Markdown.fence(lines.joined(separator: "\n"), language: "jsonc")
            }
            guard finding.kind == .statusMismatch else { return nil }
            let lines = BodyLines.excerpt(json, around: .root).lines.map(\.indentedText)
            return "Response body:\n\n" + Markdown.fence(lines.joined(separator: "\n"), language: "jsonc")
        case .text(let text):
            guard finding.kind == .bodyNotJSON || finding.kind == .statusMismatch else { return nil }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var shown = lines.prefix(15).map { $0.count > 160 ? String($0.prefix(160)) + "…" : String($0) }
            if lines.count > 15 { shown.append("… \(lines.count - 15) more lines") }
            return "Response body:\n\n" + Markdown.fence(shown.joined(separator: "\n"), language: "text")
        case .base64:
            return nil
        }
    }
}

/// Writing Markdown that GitHub, GitLab and Jira all read the same way.
///
/// Text is read by Unicode scalars, not by `Character`s: a backtick or a line break followed by a combining mark is
/// one `Character` to Swift, but still a backtick or a line break to a Markdown reader, so text a backend sent could
/// otherwise close a code span or end a table row.
enum Markdown {
    /// Text with the characters Markdown would act on escaped, on one line.
    static func escape(_ text: String) -> String {
        String(
            oneLine(text) { scalar, out in
                if "\\`*_[]<>|~#".unicodeScalars.contains(scalar) { out.append("\\") }
                out.append(scalar)
            })
    }

    /// `text` on one line, each line ending (`\n`, `\r`, or both) one space, a scalar that acts on a terminal or
    /// cannot be seen (ESC, a bidirectional override) written as `\u{1B}`, and every other scalar as `write` appends
    /// it: a report is read with `cat` and pasted into CI summaries, where ESC `]0;` would speak to the terminal.
    private static func oneLine(
        _ text: String, _ write: (Unicode.Scalar, inout String.UnicodeScalarView) -> Void
    ) -> String.UnicodeScalarView {
        var out = String.UnicodeScalarView()
        var previous: Unicode.Scalar = " "
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where previous == "\r": break
            case "\n", "\r": out.append(" ")
            case _ where scalar.isNonPrintable(): out.append(contentsOf: scalar.escapedText.unicodeScalars)
            default: write(scalar, &out)
            }
            previous = scalar
        }
        return out
    }

    /// Prose from messages and hints: `` `code` `` spans kept as code, everything else escaped.
    static func prose(_ text: String) -> String {
        let pieces = text.unicodeScalars.split(separator: "`", omittingEmptySubsequences: false).map(String.init)
        // An odd number of pieces means the backticks pair up: every second piece is code.
        guard pieces.count > 1, pieces.count % 2 == 1 else { return escape(text) }
        return pieces.enumerated().map { index, piece in
            index % 2 == 1 && !piece.isEmpty ? code(piece) : escape(piece)
        }.joined()
    }

    /// An inline code span; safe inside table cells.
    static func code(_ text: String) -> String {
        let flat = oneLine(text) { scalar, out in
            if scalar == "|" { out.append("\\") }
            out.append(scalar)
        }
        let ticks = String(repeating: "`", count: longestBacktickRun(in: flat) + 1)
        let pad = flat.first == "`" || flat.last == "`" ? " " : ""
        return ticks + pad + String(flat) + pad + ticks
    }

    /// A fenced code block, the fence longer than any run of backticks inside.
    static func fence(_ text: String, language: String) -> String {
        let text = text.escapingNonPrintables(keepingLineBreaks: true)
        let fence = String(repeating: "`", count: max(3, longestBacktickRun(in: text.unicodeScalars) + 1))
        return "\(fence)\(language)\n\(text)\n\(fence)\n"
    }

    /// The length of the longest run of backticks in `scalars`.
    private static func longestBacktickRun(in scalars: String.UnicodeScalarView) -> Int {
        var longest = 0
        var run = 0
        for scalar in scalars {
            run = scalar == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// A table; cells are already escaped.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "|" + header.map { _ in " --- |" }.joined() + "\n"
        for row in rows { out += "| " + row.map { $0.isEmpty ? " " : $0 }.joined(separator: " | ") + " |\n" }
        return out
    }
}
