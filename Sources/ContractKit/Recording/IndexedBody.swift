import Foundation

/// A recording's JSON body on the tape of the file it was read from.
///
/// The verifier checks the body in place and hands its text to `JSONDecoder` as it stands; the tree is built only
/// for transforms, for a model that fails to decode, and for reports, and then once: every reader shares it.
///
/// A class, so that a ``Recording/Body`` stays one word wide: a wide payload in that enum, read back through the
/// generic, typed-throws field reader, crashed the debug build of Swift 6.3.1.
package final class IndexedBody: Sendable, Hashable {
    /// The body's text and tape.
    package let document: JSONDocument
    private let tree: LazyJSONValue

    /// The body at `document`.
    package init(_ document: JSONDocument) {
        self.document = document
        tree = LazyJSONValue { document.value }
    }

    /// The body as a tree, built on first use and kept.
    package var value: JSONValue { tree.value }

    /// The body's JSON text as it stands in the file.
    package var text: Data { document.text }

    /// The size of the body's text, in bytes.
    package var byteCount: Int { document.byteCount }

    /// Equal when the values are: an indexed body is compared as the JSON it holds.
    package static func == (lhs: IndexedBody, rhs: IndexedBody) -> Bool { lhs.value == rhs.value }

    package func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
