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

    /// `JSONObject` reads the last of a key written twice, so an error about its value points there.
    @Test func aKeyWrittenTwiceIsFoundAtItsLastCopy() {
        let text = #"{"runs": 1, "meta": {"runs": "x"}, "runs": [2], "after": {}}"#
        #expect(locate(["runs"], in: text) == "[2]")
        #expect(locate(["meta", "runs"], in: text) == #""x""#)
        let bytes = Array(text.utf8)
        let location = bytes.withUnsafeBytes {
            JSONValueLocator.location(of: [.key("runs"), .index(0)], in: $0, file: "r.json")
        }
        #expect(location.map { "\($0.line):\($0.column)" } == "1:45")
    }

    @Test func missingKeysAndOtherShapesGiveNil() {
        #expect(locate(["response", "body"], in: #"{"response": {"status": 204}}"#) == nil)
        #expect(locate(["response", "body"], in: #"{"response": [1]}"#) == nil)
        #expect(locate(["a"], in: "[]") == nil)
        #expect(locate(["a"], in: "{}") == nil)
    }
}
