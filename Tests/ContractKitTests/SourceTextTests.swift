import Testing

@testable import ContractKit

@Suite struct SourceTextTests {
    @Test func snippetPutsCaretUnderColumn() {
        let source = SourceText(path: "a.yaml", text: "one: 1\n  two: [x\nthree: 3\n")
        let snippet = source.snippet(at: SourceLocation(file: "a.yaml", line: 2, column: 9))
        #expect(snippet == "2 |   two: [x\n  |         ^")
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
