import Testing
@testable import ContractKit

@Suite struct TextReportRendererTests {
    @Test func controlCharactersFromTheBodyCannotDriveTheTerminal() {
        // Keys and values come from the backend; an ESC in a key reached the terminal as is.
        let key = "k\u{1B}[2J\u{7}"
        let finding = Finding(
            kind: .extraKey, severity: .breaking, path: JSONPath.root.appending(key: key), expected: "no key '\(key)'",
            actual: "string \"\u{9B}31m\"", message: "'\(key)' is not in the spec", hint: "add '\(key)' to the spec")
        let result = EndpointResult(
            id: "api/e", specLocation: SourceLocation(file: "Specs/api.yaml", line: 1, column: 1), recordingPath: "r.json", model: nil,
            findings: [finding], notes: ["a note about '\(key)'"])
        let text = TextReportRenderer(color: false).render(VerificationReport(results: [result], failOn: .breaking))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        #expect(text.contains("'k\\u{1B}[2J\\u{7}' is not in the spec"))
        #expect(text.contains("actual   string \"\\u{9B}31m\""))
    }
}
