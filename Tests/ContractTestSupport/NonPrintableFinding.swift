import ContractKit

/// A failing endpoint whose key, values and note hold characters that must not reach a terminal as they are: ESC
/// sequences, BEL, a C1 control, a line separator and a right-to-left override.
package enum NonPrintableFinding {
    /// The key, as the backend sent it.
    package static let key = "k\u{1B}[2J\u{7}\u{2028}\u{202E}"
    /// The key as every text output shows it.
    package static let shownKey = #"k\u{1B}[2J\u{7}\u{2028}\u{202E}"#

    /// A breaking extra-key finding at ``key``, with a note that quotes it.
    package static var result: EndpointResult {
        let finding = Finding(
            kind: .extraKey, severity: .breaking, path: JSONPath.root.appending(key: key), expected: "no key '\(key)'",
            actual: "string \"\u{9B}31m\"", message: "'\(key)' is not in the spec", hint: "add '\(key)' to the spec",
            specLocation: SourceLocation(file: "Specs/api.yaml", line: 2, column: 3))
        return EndpointResult(
            id: "api/e", specLocation: SourceLocation(file: "Specs/api.yaml", line: 1, column: 1),
            recordingPath: "r.json", model: nil,
            findings: [finding], notes: ["decoding: a note about '\(key)'"])
    }

    /// The characters in `text` that a terminal would act on or that cannot be seen (line feeds aside).
    package static func unescaped(in text: String) -> [Unicode.Scalar] {
        text.unicodeScalars.filter { scalar in
            scalar != "\n" && String(scalar).escapingNonPrintables() != String(scalar)
        }
    }
}
