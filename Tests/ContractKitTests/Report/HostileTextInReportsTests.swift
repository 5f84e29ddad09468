import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Text a backend sent (keys, values, URLs, headers) stays in its place in a report: a quote, backtick or line break
/// followed by a combining mark is one `Character` to Swift but still a quote, backtick or line break to a shell, a
/// Markdown reader or a browser, so escaping reads Unicode scalars.
@Suite struct HostileTextInReportsTests {
    static let hostile = [
        "q='\u{301};touch /tmp/contract-pwned;'", "a'b", "'''", "\u{301}'", "'\u{301}", "plain", "",
        "line\nbreak'\r\n'",
    ]

    @Test(arguments: hostile)
    func aCurlArgumentPastedIntoAShellIsTheTextItQuotes(_ text: String) throws {
        let shell = try #require(ExternalTool.path(of: "sh"))
        let run = try ExternalTool.run(shell, ["-c", "printf '%s' " + ShellText.quote(text)])
        #expect(run.status == 0)
        #expect(run.output == text)
    }

    @Test func aMarkdownCodeSpanHoldsBackticksAndLineBreaksWithCombiningMarks() {
        // A backtick with a combining mark is still a backtick: the span's fence must be longer than the run.
        #expect(Markdown.code("x`\u{301} y") == "``x`\u{301} y``")
        #expect(Markdown.code("`\u{301}") == "`` `\u{301} ``")
        // A lone CR, or CR LF, is a line break to a Markdown reader: it would end the table row.
        #expect(Markdown.code("a\r\r![a](http://evil.example/a.png)") == "`a  ![a](http://evil.example/a.png)`")
        #expect(Markdown.code("a\r\nb|c") == "`a b\\|c`")
        #expect(Markdown.fence("```\u{301}", language: "sh").hasPrefix("````sh\n"))
    }

    @Test func markdownEscapesByScalar() {
        #expect(Markdown.escape("x`\u{301}![b](u)") == "x\\`\u{301}!\\[b\\](u)")
        #expect(Markdown.escape("a\r\n\r<img src=x>") == "a  \\<img src=x\\>")
        // Prose keeps a code span whose backticks carry combining marks as code, not as escaped text.
        #expect(Markdown.prose("use `a`\u{301} here") == "use `a`\u{301} here")
    }

    @Test func htmlEscapesByScalar() {
        #expect(HTML.escape("\"\u{301} onmouseover=alert(1)") == "&quot;\u{301} onmouseover=alert(1)")
        #expect(HTML.escape("<\u{301}script>&\u{301}'\u{301}") == "&lt;\u{301}script&gt;&amp;\u{301}&#39;\u{301}")
    }

    @Test func aKeyWithLineBreaksAndCombiningMarksCannotInjectIntoTheMarkdownReport() async throws {
        try await DriftedSampleSuite.withReport { report, _ in
            var report = report
            let keys = [
                "a\r\r![a](http://evil.example/a.png)",
                "x`\u{301} ![b](http://evil.example/b.png) <img src=x onerror=alert(1)> `\u{301}y",
            ]
            let index = try #require(report.results.firstIndex { $0.fails(at: report.failOn) })
            for key in keys {
                var finding = report.results[index].findings[0]
                finding.path = JSONPath(components: [.key(key)])
                finding.expected = key
                finding.actual = key
                finding.message = "the key `\(key)` is extra"
                finding.hint = "add `\(key)` to the spec"
                finding.kind = DriftKind(rawValue: key)
                report.results[index].findings.append(finding)
            }
            var recording = try #require(report.results[index].recording?.recording)
            recording.request.url = "https://h.example/x?q='\u{301};touch /tmp/contract-pwned;'"
            recording.response.headers.append(
                .init(name: "Content-Type", value: "a\r\r![c](http://evil.example/c.png)"))
            report.results[index].recording = RedactedRecording(recording)
            let markdown = MarkdownReportRenderer().render(report)
            // Outside the fenced blocks (where the curl command and the body's excerpt are code, whatever they hold).
            var fence: Substring?
            var prose: [Substring] = []
            for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
                if let open = fence {
                    if line == open { fence = nil }
                } else if line.hasPrefix("```") {
                    fence = line.prefix { $0 == "`" }
                } else {
                    prose.append(line)
                }
            }
            #expect(fence == nil, "a fenced block was not closed")
            #expect(prose.count > 20)
            for line in prose {
                #expect(!line.unicodeScalars.contains("\r"), "a line break reached the text: \(line)")
                // Outside its code spans (where text is literal), no image, link or tag opens unescaped.
                let text = Self.outsideCodeSpans(line)
                for opening in ["![", "](", "<"] {
                    #expect(!Self.hasUnescaped(opening, in: text), "\(opening) reaches the Markdown unescaped: \(line)")
                }
                if line.hasPrefix("| ") { #expect(line.hasSuffix(" |"), "a table row was broken: \(line)") }
            }
        }
    }

    /// `line` with its inline code spans taken out, as CommonMark reads them: a run of n backticks opens one, and the
    /// next run of exactly n closes it; a backslash before a backtick outside a span escapes it.
    static func outsideCodeSpans(_ line: Substring) -> String {
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func run(at start: Int) -> Int {
            var end = start
            while end < scalars.count, scalars[end] == "`" { end += 1 }
            return end - start
        }
        while index < scalars.count {
            if scalars[index] == "\\", index + 1 < scalars.count {
                out.append(scalars[index])
                out.append(scalars[index + 1])
                index += 2
                continue
            }
            guard scalars[index] == "`" else {
                out.append(scalars[index])
                index += 1
                continue
            }
            let length = run(at: index)
            var close = index + length
            while close < scalars.count, !(scalars[close] == "`" && run(at: close) == length) {
                close += scalars[close] == "`" ? run(at: close) : 1
            }
            if close >= scalars.count {
                // No closing run: the backticks are text.
                for _ in 0..<length { out.append("`") }
                index += length
            } else {
                out.append("C")
                index = close + length
            }
        }
        return String(out)
    }

    /// True when `opening` occurs in `text` without a backslash before its first character.
    static func hasUnescaped(_ opening: String, in text: String) -> Bool {
        var searched = text[...]
        while let range = searched.range(of: opening) {
            if range.lowerBound == text.startIndex || text[text.index(before: range.lowerBound)] != "\\" { return true }
            searched = text[range.upperBound...]
        }
        return false
    }
}
