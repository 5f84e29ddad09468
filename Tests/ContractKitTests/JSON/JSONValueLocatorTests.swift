import Testing

@testable import ContractKit

@Suite struct JSONValueLocatorTests {
    func locate(_ keys: [String], in text: String) -> String? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            JSONValueLocator.range(of: keys, in: buffer).map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    @Test func findsNestedValuesPastSiblingsOfEveryKind() {
        let text = #"""
            { "format": "x", "skip": {"a": [1, "}]\"", {"b": null}]}, "n": -1.5e3, "t": true,
              "response": { "status": 200, "body": {"k": ["v", {"w": "\u00e9"}]} , "after": 1 } }
            """#
        #expect(locate(["response", "body"], in: text) == #"{"k": ["v", {"w": "\u00e9"}]}"#)
        #expect(locate(["response", "status"], in: text) == "200")
        #expect(locate(["n"], in: text) == "-1.5e3")
        #expect(locate(["skip"], in: text) == #"{"a": [1, "}]\"", {"b": null}]}"#)
        #expect(locate([], in: " [1, 2] ") == "[1, 2]")
    }

    @Test func missingKeysAndOtherShapesGiveNil() {
        #expect(locate(["response", "body"], in: #"{"response": {"status": 204}}"#) == nil)
        #expect(locate(["response", "body"], in: #"{"response": [1]}"#) == nil)
        #expect(locate(["a"], in: "[]") == nil)
        #expect(locate(["a"], in: "{}") == nil)
    }
}
