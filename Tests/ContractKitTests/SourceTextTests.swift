import Testing

@testable import ContractKit

@Suite struct SourceTextTests {
    @Test func snippetPutsCaretUnderColumn() {
        let source = SourceText(path: "a.yaml", text: "one: 1\n  two: [x\nthree: 3\n")
        let snippet = source.snippet(at: SourceLocation(file: "a.yaml", line: 2, column: 9))
        #expect(snippet == "2 |   two: [x\n  |         ^")
    }

    /// Lines end at `\n` alone: a CRLF line is shown without its `\r`, a lone `\r` does not end a line, and the
    /// last line needs no line break; columns count scalars, not bytes.
    @Test func linesAreCountedAtLineFeedsAlone() {
        let source = SourceText(path: "a.yaml", text: "a: 1\r\nb: é\rc\nlast: [x")
        #expect(source.snippet(at: SourceLocation(file: "a.yaml", line: 1, column: 4)) == "1 | a: 1\n  |    ^")
        #expect(
            source.snippet(at: SourceLocation(file: "a.yaml", line: 2, column: 4))
                == "2 | b: é\rc\n  |    ^")
        #expect(
            source.snippet(at: SourceLocation(file: "a.yaml", line: 3, column: 7)) == "3 | last: [x\n  |       ^")
        #expect(source.snippet(at: SourceLocation(file: "a.yaml", line: 4, column: 1)) == nil)
        let empty = SourceText(path: "e.yaml", text: "")
        #expect(empty.snippet(at: SourceLocation(file: "e.yaml", line: 1, column: 1)) == "1 | \n  | ^")
    }

    /// YAML's other line breaks (next line, line and paragraph separators) end a line as libyaml counts them, and
    /// are not shown; elsewhere they are text.
    @Test func yamlLinesAlsoEndWhereLibYAMLCountsABreak() {
        let text = "a: 1 # x\u{2028}b: 2\u{85}c: [x\u{2029}d: é\ne: 5"
        let yaml = SourceText(path: "a.yaml", text: text, lineBreaks: .yaml)
        let lines = (1...5).map { yaml.snippet(at: SourceLocation(file: "a.yaml", line: $0, column: 1)) }
        #expect(
            lines.map { $0?.split(separator: "\n").first.map(String.init) } == [
                "1 | a: 1 # x", "2 | b: 2", "3 | c: [x", "4 | d: é", "5 | e: 5",
            ])
        #expect(yaml.snippet(at: SourceLocation(file: "a.yaml", line: 6, column: 1)) == nil)
        let plain = SourceText(path: "a.swift", text: text)
        #expect(
            plain.snippet(at: SourceLocation(file: "a.swift", line: 2, column: 1))?.hasPrefix("2 | e: 5") == true)
    }

    @Test func snippetOutOfRangeIsNil() {
        let source = SourceText(path: "a.yaml", text: "one: 1\n")
        #expect(source.snippet(at: SourceLocation(file: "a.yaml", line: 9, column: 1)) == nil)
    }

    @Test func errorDescriptionHasLocationSnippetAndHint() {
        let source = SourceText(path: "Specs/x.yaml", text: "endpoints:\n  a: {reqest: GET /}\n")
        let error = ContractError(
            .invalidSpec, "unknown key 'reqest'; did you mean 'request'?",
            at: SourceLocation(file: "Specs/x.yaml", line: 2, column: 7), hint: "supported keys: request, expect"
        ).quoting(source)
        #expect(
            error.description == """
                Specs/x.yaml:2:7: error: unknown key 'reqest'; did you mean 'request'?
                2 |   a: {reqest: GET /}
                  |       ^
                  hint: supported keys: request, expect
                """)
    }
}
