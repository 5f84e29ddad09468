import Foundation
import Synchronization

/// A recording's JSON body on the tape of the file it was read from, or as the recorder received and checked it.
///
/// The verifier checks the body in place and hands its text to `JSONDecoder` as it stands; the tree is built only
/// for transforms, for a model that fails to decode, and for reports, and then once: every reader shares it.
///
/// A class, so that a ``Recording/Body`` stays one word wide: a wide payload in that enum, read back through the
/// generic, typed-throws field reader, crashed the debug build of Swift 6.3.1.
package final class IndexedBody: Sendable, Hashable {
    private let source: IndexedBodySource
    private let tree: LazyJSONValue
    /// The body written indented as the value of a member ``IndentedJSON/depth`` deep, when it was received: the
    /// recording's writer copies it rather than walking the tape.
    let indented: IndentedJSON?

    /// The body at `document`.
    package init(_ document: JSONDocument) {
        let source = IndexedBodySource(document: document)
        self.source = source
        indented = nil
        tree = LazyJSONValue { source.document.value }
    }

    /// A body received as `text`, checked and written indented by ``JSONIndenter``: parsed onto a tape only when
    /// something other than the recording's writer reads it.
    init(received text: Data, indented: IndentedJSON) {
        let source = IndexedBodySource(text: text)
        self.source = source
        self.indented = indented
        tree = LazyJSONValue { source.document.value }
    }

    /// The body's text and tape.
    package var document: JSONDocument { source.document }

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

/// JSON text written indented by ``JSONIndenter`` as the value of a member `depth` deep.
struct IndentedJSON: @unchecked Sendable {
    // @unchecked: the bytes are written once, before this is made, and only read after.
    let bytes: JSONOutputBytes
    let depth: Int
}

/// A body's document: given, or parsed from its text the first time it is asked for.
private final class IndexedBodySource: Sendable {
    private let parsed: Mutex<JSONDocument?>
    private let text: Data?

    init(document: JSONDocument) {
        parsed = Mutex(document)
        text = nil
    }

    init(text: Data) {
        parsed = Mutex(nil)
        self.text = text
    }

    var document: JSONDocument {
        parsed.withLock { parsed in
            if let parsed { return parsed }
            // The text was checked when it was received (JSONIndenter accepts exactly what the parser accepts,
            // which its tests hold it to): it parses. Should the two ever disagree, say so rather than trap unnamed.
            do {
                let document = try JSONParser().parseDocument([UInt8](text!))
                parsed = document
                return document
            } catch {
                preconditionFailure(
                    "contract: a response body the recorder checked as JSON does not parse (\(error)); this is a bug in contract, please report it with the response"
                )
            }
        }
    }
}
