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
