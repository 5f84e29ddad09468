/// One self-contained HTML file to attach to a ticket or publish from CI: a summary, then each endpoint in an
/// expandable section with its request, its findings, and the expected shape beside the actual body, the drifted
/// lines highlighted on both sides.
///
/// Styles and the little script are inline and a content security policy forbids loading anything, so the file
/// works offline and from any mail attachment. Every piece of text from specs and recordings is escaped.
public struct HTMLReportRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    public func render(_ report: VerificationReport) -> String {
        let summary = report.summary
        let verdict =
            summary.failed == 0
            ? "All \(summary.endpoints) endpoint\(summary.endpoints == 1 ? "" : "s") passed"
            : "\(summary.failed) of \(summary.endpoints) endpoint\(summary.endpoints == 1 ? "" : "s") failed"
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
            <title>Contract report: \(HTML.escape(verdict))</title>
            <style>\(HTMLReportRenderer.style)</style>\(report.history == nil ? "" : "\n<style>\(HTMLReportRenderer.historyStyle)</style>")
            </head>
            <body>
            <header>
            <h1>Contract report</h1>
            <p class="verdict \(summary.failed == 0 ? "pass" : "fail")">\(HTML.escape(verdict))<span class="threshold">failing on \(report.failOn.rawValue) and above</span></p>
            <ul class="counts">

            """
        let counts: [(String, Int, String)] = [
            ("endpoints", summary.endpoints, ""), ("passed", summary.passed, "pass"),
            ("failed", summary.failed, "fail"),
            ("breaking", summary.breaking, "breaking"),
            (Severity.warning.noun(for: summary.warning), summary.warning, "warning"),
            ("info", summary.info, "info"), ("waived", summary.waived, "waived"),
        ]
        for (name, count, style) in counts {
            out += "<li class=\"\(style)\"><b>\(count)</b> \(name)</li>\n"
        }
        out += """
            </ul>
            \(report.history.map { historyHeader($0, report: report) } ?? "")<div class="tools"><button type="button" data-open="true">Expand all</button><button type="button" data-open="false">Collapse all</button><label><input type="checkbox" id="only-failing"> Only failing endpoints</label></div>
            </header>
            <main>

            """
        for (index, result) in report.results.enumerated() {
            out += endpoint(result, anchor: "e\(index + 1)", failOn: report.failOn)
        }
        if let history = report.history, !history.resolved.isEmpty { out += resolvedSection(history.resolved) }
        out += """
            </main>
            <script>\(HTMLReportRenderer.script)</script>
            </body>
            </html>

            """
        return out
    }

    private func endpoint(_ result: EndpointResult, anchor: String, failOn: Severity) -> String {
        let failed = result.fails(at: failOn)
        var out = "<details class=\"endpoint \(failed ? "fail" : "pass")\" id=\"\(anchor)\"\(failed ? " open" : "")>\n"
        out +=
            "<summary><span class=\"badge \(failed ? "fail" : "pass")\">\(failed ? "FAIL" : "PASS")</span> <code>\(HTML.escape(result.id))</code>"
        if !result.countsText.isEmpty {
            out += " <span class=\"summary-counts\">\(HTML.escape(result.countsText))</span>"
        }
        out += "</summary>\n<div class=\"content\">\n<dl class=\"meta\">\n"
        out += "<dt>Spec</dt><dd><code>\(HTML.escape(result.specLocation.description))</code></dd>\n"
        var recordingText = "<code>\(HTML.escape(result.recordingPath))</code>"
        if let recordedAt = result.recording?.recording.recordedAt {
            recordingText += ", recorded \(HTML.escape(recordedAt))"
        }
        out += "<dt>Recording</dt><dd>\(recordingText)</dd>\n"
        if let model = result.model { out += "<dt>Model</dt><dd><code>\(HTML.escape(model))</code></dd>\n" }
        let recording = result.recording?.recording
        if let recording {
            var status = "<b>\(recording.response.status)</b>"
            if let type = recording.response.header("Content-Type") { status += ", <code>\(HTML.escape(type))</code>" }
            out += "<dt>Response</dt><dd>\(status)</dd>\n"
        }
        out += "</dl>\n"
        guard !result.findings.isEmpty else {
            out += "<p class=\"quiet\">No findings.</p>\n</div>\n</details>\n"
            return out
        }
        if let redacted = result.recording {
            out += "<h3>Request</h3>\n<pre class=\"curl\">\(HTML.escape(CurlCommand.make(for: redacted)))</pre>\n"
        }
        let findings = result.failing(at: failOn) + result.findings.filter { $0.isWaived || $0.severity < failOn }
        out += findingsTable(findings, anchor: anchor, failOn: failOn)
        out += sideBySide(findings, result: result, recording: recording, anchor: anchor)
        let notes = result.notes.filter { !$0.hasPrefix("shape only") }
        if !notes.isEmpty {
            out += "<ul class=\"notes\">\n" + notes.map { "<li>\(HTML.escape($0))</li>\n" }.joined() + "</ul>\n"
        }
        out += "</div>\n</details>\n"
        return out
    }

    /// The history line and the trend chart, under the counts.
    private func historyHeader(_ history: ReportHistory, report: VerificationReport) -> String {
        var out = "<p class=\"history-line\">\(HTML.escape(history.line(for: report)))</p>\n"
        out += "<figure class=\"trend\">\n" + TrendChart(points: history.trend).svg()
        out +=
            "<figcaption>The last \(history.trend.count) run\(history.trend.count == 1 ? "" : "s")\(history.environment.isEmpty ? "" : " of \(HTML.escape(history.environment))"): findings by severity (bars, left scale) and endpoints failing (line, right scale).</figcaption>\n</figure>\n"
        return out
    }

    /// The findings of the previous run that this one no longer has.
    private func resolvedSection(_ resolved: [Finding]) -> String {
        var out = "<section class=\"resolved\">\n<h2>Resolved since the previous run</h2>\n<table class=\"findings\">\n"
        out +=
            "<thead><tr><th>Endpoint</th><th>Kind</th><th>Path</th><th>Expected</th><th>Seen</th></tr></thead>\n<tbody>\n"
        for finding in resolved {
            let seen = finding.history.map {
                "since \($0.firstSeen.prefix(10)), \($0.runsSeen) run\($0.runsSeen == 1 ? "" : "s")"
            }
            out +=
                "<tr><td><code>\(HTML.escape(finding.endpoint))</code></td><td>\(HTML.escape(finding.kind.rawValue))</td>"
            out += "<td>\(finding.path.map { "<code>\(HTML.escape($0.description))</code>" } ?? "")</td>"
            out += "<td><code>\(HTML.escape(finding.expected))</code></td><td>\(HTML.escape(seen ?? ""))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n</section>\n"
    }

    static let historyStyle = """
        .history-line{color:var(--muted);margin:.5em 0}.trend{margin:.5em 0 1em}.trend svg{max-width:100%;height:auto;\
        border:1px solid var(--line);border-radius:6px}.trend figcaption{color:var(--muted);font-size:.85em}\
        .hist{font-size:.8em;color:var(--muted);white-space:nowrap}.hist.new{color:var(--breaking);font-weight:600}\
        .resolved{margin-top:1.5em}.resolved td{color:var(--pass)}.when{white-space:nowrap}
        """

    private func findingsTable(_ findings: [Finding], anchor: String, failOn: Severity) -> String {
        var out =
            "<table class=\"findings\">\n<thead><tr><th>#</th><th>Severity</th><th>Kind</th><th>Path</th><th>Expected</th><th>Actual</th></tr></thead>\n<tbody>\n"
        for (index, finding) in findings.enumerated() {
            let number = index + 1
            let style = finding.isWaived ? "waived" : finding.severity.rawValue
            var path = finding.path.map { "<code>\(HTML.escape($0.description))</code>" } ?? ""
            if finding.occurrences > 1 { path += " <span class=\"quiet\">×\(finding.occurrences)</span>" }
            out += "<tr class=\"finding \(style)\" id=\"\(anchor)-f\(number)\"><td>\(number)</td>"
            out += "<td><span class=\"sev \(style)\">\(HTML.escape(finding.label))</span></td>"
            var kind = HTML.escape(finding.kind.rawValue)
            if let history = finding.history {
                kind +=
                    " <span class=\"hist\(finding.standsOut(failingOn: failOn) ? " new" : "")\">\(HTML.escape(history.label))</span>"
            }
            out += "<td>\(kind)</td><td>\(path)</td>"
            out +=
                "<td><code>\(HTML.escape(finding.expected))</code></td><td>\(HTML.escape(finding.actual))</td></tr>\n"
            var detail = "<p>\(HTML.escape(finding.message))</p>"
            if let hint = finding.hint { detail += "<p><b>Fix:</b> \(HTML.escape(hint))</p>" }
            if let specLocation = finding.specLocation {
                detail += "<p class=\"quiet\">Spec <code>\(HTML.escape(specLocation.description))</code></p>"
            }
            if let waiverText = finding.waiverText {
                detail += "<p class=\"waiver\"><b>Waived:</b> \(HTML.escape(waiverText))</p>"
            }
            out += "<tr class=\"detail \(style)\"><td></td><td colspan=\"5\">\(detail)</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// The expected outline and the actual body, side by side, the lines findings point at highlighted and tagged
    /// with the findings' numbers.
    private func sideBySide(_ findings: [Finding], result: EndpointResult, recording: Recording?, anchor: String)
        -> String
    {
        var out = "<div class=\"side-by-side\">\n<section>\n<h3>Expected (spec)</h3>\n"
        if let expected = result.expected {
            var tags = [Int: [Int]]()
            for (index, finding) in findings.enumerated() {
                if let location = finding.specLocation, let line = expected.lineIndex(for: location) {
                    tags[line, default: []].append(index)
                }
            }
            out += "<div class=\"code\">"
            for (index, line) in expected.lines.enumerated() {
                out += codeLine(line.text, marks: tags[index] ?? [], findings: findings, anchor: anchor)
            }
            out += "</div>\n"
        } else {
            out += "<p class=\"quiet\">Not in this report.</p>\n"
        }
        out += "</section>\n<section>\n<h3>Actual body</h3>\n"
        switch recording?.response.body {
        case .json?, .indexed?:
            let lines = BodyLines.full(recording?.response.body?.jsonValue ?? .null, marking: findings.map(\.path))
            out += "<div class=\"code\">"
            for line in lines.lines {
                out += codeLine(
                    line.indentedText, marks: line.marks, findings: findings, anchor: anchor,
                    isGap: line.isGap || line.isAbsent)
            }
            out += "</div>\n"
        case .text(let text)?:
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(200)
            out +=
                "<div class=\"code\">" + lines.map { "<div class=\"line\">\(HTML.escape(String($0)))</div>" }.joined()
                + "</div>\n"
        case .base64?:
            out += "<p class=\"quiet\">A binary body.</p>\n"
        case nil:
            out += "<p class=\"quiet\">\(recording == nil ? "No recording." : "No body.")</p>\n"
        }
        out += "</section>\n</div>\n"
        return out
    }

    private func codeLine(_ text: String, marks: [Int], findings: [Finding], anchor: String, isGap: Bool = false)
        -> String
    {
        var classes = "line"
        if isGap { classes += " gap" }
        guard !marks.isEmpty else { return "<div class=\"\(classes)\">\(HTML.escape(text.isEmpty ? " " : text))</div>" }
        let worst = marks.map { findings[$0] }.map { $0.isWaived ? "waived" : $0.severity.rawValue }
        let style = ["breaking", "warning", "info", "waived"].first { worst.contains($0) } ?? "info"
        var out = "<div class=\"\(classes) mark \(style)\">\(HTML.escape(text))"
        for mark in marks {
            out +=
                "<a class=\"tag\" href=\"#\(anchor)-f\(mark + 1)\">\(mark + 1) \(HTML.escape(findings[mark].kind.rawValue))</a>"
        }
        return out + "</div>"
    }

    static let style = """
        :root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--panel:#f6f8fa;--line:#d1d9e0;\
        --breaking:#cf222e;--breaking-bg:#ffebe9;--warning:#9a6700;--warning-bg:#fff8c5;--info:#0969da;--info-bg:#ddf4ff;\
        --waived:#6e7781;--waived-bg:#eaeef2;--pass:#1a7f37;--pass-bg:#dafbe1}
        @media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--line:#3d444d;\
        --breaking:#ff7b72;--breaking-bg:#4b1c1c;--warning:#d29922;--warning-bg:#3b2e0a;--info:#58a6ff;--info-bg:#0c2d4d;\
        --waived:#9198a1;--waived-bg:#262c36;--pass:#3fb950;--pass-bg:#12361f}}
        *{box-sizing:border-box}
        body{margin:0;padding:24px;font:14px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Helvetica,Arial,sans-serif;color:var(--fg);background:var(--bg)}
        h1{margin:0 0 4px;font-size:24px}h3{margin:16px 0 6px;font-size:14px}
        code,pre,.code{font:12px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        .verdict{margin:0 0 12px;font-size:18px;font-weight:600}.verdict.fail{color:var(--breaking)}.verdict.pass{color:var(--pass)}
        .threshold{margin-left:12px;font-size:13px;font-weight:400;color:var(--muted)}
        .counts{display:flex;flex-wrap:wrap;gap:8px;margin:0 0 12px;padding:0;list-style:none}
        .counts li{padding:4px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel)}
        .counts li.fail,.counts li.breaking{color:var(--breaking)}.counts li.pass{color:var(--pass)}
        .counts li.warning{color:var(--warning)}.counts li.info{color:var(--info)}.counts li.waived{color:var(--waived)}
        .tools{display:flex;gap:8px;align-items:center;margin-bottom:16px}
        button{font:inherit;padding:3px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:inherit;cursor:pointer}
        body.only-failing details.pass{display:none}
        details.endpoint{border:1px solid var(--line);border-radius:6px;margin:0 0 8px;background:var(--bg)}
        details.endpoint.fail{border-left:4px solid var(--breaking)}details.endpoint.pass{border-left:4px solid var(--pass)}
        summary{padding:8px 12px;cursor:pointer;background:var(--panel);border-radius:6px}
        details[open]>summary{border-bottom:1px solid var(--line);border-radius:6px 6px 0 0}
        .summary-counts{margin-left:8px;color:var(--muted)}
        .badge{display:inline-block;min-width:42px;padding:0 6px;border-radius:10px;font-size:12px;font-weight:600;text-align:center}
        .badge.fail{color:var(--breaking);background:var(--breaking-bg)}.badge.pass{color:var(--pass);background:var(--pass-bg)}
        .content{padding:4px 16px 16px}
        .meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:8px 0}.meta dt{color:var(--muted)}.meta dd{margin:0}
        pre.curl{margin:0;padding:8px 12px;background:var(--panel);border:1px solid var(--line);border-radius:6px;overflow-x:auto}
        table.findings{width:100%;border-collapse:collapse;margin:12px 0}
        .findings th{text-align:left;padding:4px 8px;border-bottom:2px solid var(--line);color:var(--muted);font-weight:600}
        .findings td{padding:4px 8px;vertical-align:top}.findings tr.finding td{border-top:1px solid var(--line)}
        .findings tr.detail p{margin:0 0 2px}.findings tr.detail td{padding-top:0}
        .findings tr:target,.findings tr:target+tr{background:var(--info-bg)}
        .sev{display:inline-block;padding:0 6px;border-radius:10px;font-size:12px;font-weight:600}
        .sev.breaking{color:var(--breaking);background:var(--breaking-bg)}.sev.warning{color:var(--warning);background:var(--warning-bg)}
        .sev.info{color:var(--info);background:var(--info-bg)}.sev.waived{color:var(--waived);background:var(--waived-bg)}
        tr.waived td{color:var(--waived)}
        .side-by-side{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.4fr);gap:12px}
        .side-by-side section{min-width:0}
        .code{position:relative;padding:6px 0;background:var(--panel);border:1px solid var(--line);border-radius:6px;overflow:auto;max-height:640px}
        .line{padding:0 12px;white-space:pre;min-height:1.45em}.line.gap{color:var(--muted);font-style:italic}
        .line.mark.breaking{background:var(--breaking-bg);box-shadow:inset 3px 0 var(--breaking)}
        .line.mark.warning{background:var(--warning-bg);box-shadow:inset 3px 0 var(--warning)}
        .line.mark.info{background:var(--info-bg);box-shadow:inset 3px 0 var(--info)}
        .line.mark.waived{background:var(--waived-bg);box-shadow:inset 3px 0 var(--waived)}
        .tag{margin-left:12px;padding:0 6px;border-radius:10px;font-size:11px;color:var(--bg);background:var(--muted);text-decoration:none}
        .mark.breaking .tag{background:var(--breaking)}.mark.warning .tag{background:var(--warning)}.mark.info .tag{background:var(--info)}
        .quiet{color:var(--muted)}.notes{color:var(--muted)}
        @media (max-width:900px){.side-by-side{grid-template-columns:1fr}}
        """

    static let script = """
        document.querySelectorAll("button[data-open]").forEach(function(button){button.addEventListener("click",function(){\
        var open=button.getAttribute("data-open")==="true";document.querySelectorAll("details.endpoint").forEach(function(d){d.open=open;});});});\
        document.getElementById("only-failing").addEventListener("change",function(e){document.body.classList.toggle("only-failing",e.target.checked);});\
        document.querySelectorAll("a.tag").forEach(function(a){a.addEventListener("click",function(){var row=document.getElementById(a.getAttribute("href").slice(1));\
        if(row){row.closest("details").open=true;}});});\
        function reveal(root){root.querySelectorAll(".code").forEach(function(c){var m=c.querySelector(".mark");\
        if(m&&c.scrollHeight>c.clientHeight){c.scrollTop=Math.max(0,m.offsetTop-48);}});}\
        document.querySelectorAll("details.endpoint").forEach(function(d){d.addEventListener("toggle",function(){if(d.open){reveal(d);}});});\
        reveal(document);
        """
}

/// Escaping for HTML text and attribute values.
enum HTML {
    /// `text` with `& < > " '` escaped, and every scalar that acts on a terminal or cannot be seen but a line feed
    /// (ESC, a bidirectional override) written as `\u{1B}`, as the text report writes it: a report saved from a CI
    /// job is also read with `cat`. Read by Unicode scalars: a `"` followed by a combining mark is one `Character`
    /// to Swift, and still the end of an attribute value to a browser.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case _ where scalar.isNonPrintable(keepingLineBreaks: true):
                out.append(contentsOf: scalar.escapedText.unicodeScalars)
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&#39;".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
