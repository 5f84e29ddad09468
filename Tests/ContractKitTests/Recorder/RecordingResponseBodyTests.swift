import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

struct RecordingResponseBodyTests {
    @Test func jsonIsEmbeddedWithItsSpellingKept() {
        let body = Recording.Body(
            received: Data(#"{"b": 1.50, "a": null}"#.utf8), contentType: "application/problem+json")
        #expect(body == .json(TestSuites.json(#"{"b": 1.50, "a": null}"#)))
    }

    @Test func jsonWithTheWrongMediaTypeIsStillJSON() {
        #expect(
            Recording.Body(received: Data(" [1, 2]".utf8), contentType: "text/html")
                == .json(.array([.number(JSONNumber(1)), .number(JSONNumber(2))])))
    }

    @Test func otherTextIsBodyTextAndBinaryIsBase64() {
        #expect(Recording.Body(received: Data("<h1>502</h1>".utf8), contentType: "text/html") == .text("<h1>502</h1>"))
        #expect(Recording.Body(received: Data("{not json".utf8), contentType: "application/json") == .text("{not json"))
        #expect(
            Recording.Body(received: Data([0x89, 0x50, 0x4E, 0x47, 0, 1]), contentType: "image/png")
                == .base64("iVBORwAB"))
        #expect(Recording.Body(received: Data(), contentType: "application/json") == nil)
    }
}

/// A received JSON body is checked and written indented in one pass; the recording is the same text as when the body
/// was built as a tree and written, and the body still reads as that tree.
struct RecordingReceivedBodyTests {
    static func recording(_ body: Recording.Body?) -> Recording {
        Recording(
            endpoint: "users/list", recordedAt: "2026-01-01T00:00:00Z",
            request: Recording.Request(method: "GET", url: "http://127.0.0.1/users"),
            response: Recording.Response(status: 200, headers: [], durationMs: 3, body: body))
    }

    @Test(arguments: [
        #"{"b": 1.50, "s": "\u00e9\n\/", "a": [null, true, {}, [], {"x": [-0.0, 1E400]}]}"#, "[]", "\"text\"", "12",
    ])
    func isWrittenAsTheTreeIs(text: String) throws {
        let body = Recording.Body.redacted(
            received: Data(text.utf8), contentType: "application/json", by: Redactor(secrets: []))
        guard case .indexed(let indexed)? = body else {
            Issue.record("a JSON body the redactor cannot change is kept indexed, found \(String(describing: body))")
            return
        }
        #expect(indexed.indented != nil)
        let tree = try JSONParser().parse(text)
        #expect(indexed.value == tree)
        #expect(Self.recording(body).encodedBytes() == Self.recording(.json(tree)).encodedBytes())
    }

    /// A new file is written in three pieces, the indented body from where it is: the pieces are the text, and the
    /// file is the same bytes as the recording's text.
    @Test func aNewFileIsWrittenAroundTheIndentedBody() async throws {
        let body = Recording.Body.redacted(
            received: Data(#"[{"id": 1, "tags": ["a\u00e9"]}, {}]"#.utf8), contentType: "application/json",
            by: Redactor(secrets: []))
        var recording = Self.recording(body)
        recording.request.headers = [Recording.Header(name: "Accept", value: "application/json")]
        let pieces = recording.encodedPieces()
        #expect(pieces.count == 3)
        #expect(Array(pieces.joined()) == recording.encodedBytes())
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = AtomicFileBatch(flushing: false)
        #expect(try recording.write(to: folder + "/users/list.json", batch: batch))
        #expect(await batch.finish().isEmpty)
        #expect(
            [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/users/list.json"))) == recording.encodedBytes()
        )
        // Written again, the file is there: compared, found unchanged, and left alone.
        #expect(try !recording.write(to: folder + "/users/list.json", batch: AtomicFileBatch(flushing: false)))
    }

    /// Scrubbed as it is written again from its tape: no tree of its values is built for the file.
    @Test func aBodyWithASecretInItIsRedactedFromItsTape() throws {
        let body = Recording.Body.redacted(
            received: Data(#"{"token": "s3cr3t-value"}"#.utf8), contentType: "application/json",
            by: Redactor(secrets: ["s3cr3t-value"]))
        guard case .indexed(let indexed)? = body else {
            Issue.record("not written from the tape: \(String(describing: body))")
            return
        }
        #expect(indexed.value == .object(JSONObject(["token": .string(SecretRedaction.placeholder)])))
    }

    @Test func textThatIsNotJSONStaysText() {
        let body = Recording.Body.redacted(
            received: Data(#"{"a": 1,}"#.utf8), contentType: "application/json", by: Redactor(secrets: []))
        #expect(body == .text(#"{"a": 1,}"#))
    }
}
