/// Something of the document the import could not carry over, with where it is and what was done instead.
package struct OpenAPIImportProblem: Sendable, Hashable, CustomStringConvertible {
    /// The place in the document, as a JSON pointer: `#/paths/~1v1~1customers/get/responses/200`.
    package var pointer: String
    /// What is wrong or unsupported.
    package var message: String
    /// What was done, or how to fix it.
    package var hint: String?
    /// True when a whole operation was left out because of it.
    package var skippedOperation: Bool

    /// Creates a problem.
    package init(pointer: String, message: String, hint: String? = nil, skippedOperation: Bool = false) {
        self.pointer = pointer
        self.message = message
        self.hint = hint
        self.skippedOperation = skippedOperation
    }

    /// A problem's words, before the place it is reported at is known.
    package struct Words: Error, Sendable, Hashable {
        package var message: String
        package var hint: String?
    }

    /// A problem at `pointer` in `words`, with what was done instead (`then`) after the hint.
    package init(pointer: String, _ words: Words, then: String, skippedOperation: Bool = false) {
        self.init(
            pointer: pointer, message: words.message, hint: words.hint.map { $0 + "; " + then } ?? then,
            skippedOperation: skippedOperation)
    }

    /// `file#/pointer: message` and the hint on a second line.
    package var description: String {
        "\(pointer): \(skippedOperation ? "skipped: " : "")\(message)" + (hint.map { "\n    fix: \($0)" } ?? "")
    }
}

/// JSON pointers (RFC 6901) into a document: `~` is written `~0` and `/` is written `~1`.
enum JSONPointer {
    /// `base` with one more reference token.
    static func appending(_ base: String, _ token: String) -> String {
        base + "/" + token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The value at `pointer` (a JSON pointer, not percent-encoded, without a leading `#`) in `root`, or nil when there
    /// is none.
    static func value(at pointer: String, in root: JSONValue) -> JSONValue? {
        var current = root
        guard !pointer.isEmpty else { return root }
        guard pointer.hasPrefix("/") else { return nil }
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            // Percent-encoding is the URI fragment's, taken off where a `$ref` is read: a key may hold `%`.
            let token = String(raw).replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            switch current {
            case .object(let object):
                guard let next = object[token] else { return nil }
                current = next
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                current = elements[index]
            default:
                return nil
            }
        }
        return current
    }
}
