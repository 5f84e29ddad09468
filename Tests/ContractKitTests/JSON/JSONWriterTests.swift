import ContractKit
import Testing

@Suite struct JSONWriterTests {
    static let sample: JSONValue = .object(
        JSONObject([
            "name": .string("contract"),
            "version": .number(JSONNumber(literal: "1.0")),
            "tags": .array([.string("a"), .string("b")]),
            "empty": .object(JSONObject()),
            "none": .array([]),
            "nested": .object(
                JSONObject([
                    "flag": .bool(true),
                    "nothing": .null,
                    "list": .array([.object(JSONObject(["x": .number(JSONNumber(literal: "-0"))])), .array([])]),
                ])),
        ]))

    @Test func writesPrettyGolden() {
        #expect(
            JSONWriter(style: .pretty).write(Self.sample) == """
                {
                  "name": "contract",
                  "version": 1.0,
                  "tags": [
                    "a",
                    "b"
                  ],
                  "empty": {},
                  "none": [],
                  "nested": {
                    "flag": true,
                    "nothing": null,
                    "list": [
                      {
                        "x": -0
                      },
                      []
                    ]
                  }
                }
                """)
    }

    @Test func prettyIsTheDefault() {
        #expect(JSONWriter().write(Self.sample) == JSONWriter(style: .pretty).write(Self.sample))
    }

    @Test func writesCompactGolden() {
        #expect(
            JSONWriter(style: .compact).write(Self.sample)
                == #"{"name":"contract","version":1.0,"tags":["a","b"],"empty":{},"none":[],"nested":{"flag":true,"nothing":null,"list":[{"x":-0},[]]}}"#
        )
    }

    @Test func writesScalarDocuments() {
        for style in [JSONWriter.Style.pretty, .compact] {
            let writer = JSONWriter(style: style)
            #expect(writer.write(.null) == "null")
            #expect(writer.write(.bool(false)) == "false")
            #expect(writer.write(.number(JSONNumber(literal: "1E400"))) == "1E400")
            #expect(writer.write(.string("x")) == #""x""#)
            #expect(writer.write(.array([])) == "[]")
            #expect(writer.write(.object(JSONObject())) == "{}")
        }
    }

    @Test func writeBytesIsTheSameTextAsUTF8() {
        let value: JSONValue = .array([.string("h\u{E9}llo \u{1D11E}"), .number(JSONNumber(2))])
        for style in [JSONWriter.Style.pretty, .compact] {
            #expect(JSONWriter(style: style).writeBytes(value) == Array(JSONWriter(style: style).write(value).utf8))
        }
        #expect(JSONWriter(style: .compact).writeBytes(value) == Array("[\"h\u{E9}llo \u{1D11E}\",2]".utf8))
    }

    @Test func keepsDuplicateKeysInOrder() {
        let object = JSONObject([
            JSONObject.Entry(key: "b", value: .number(JSONNumber(1))),
            JSONObject.Entry(key: "a", value: .number(JSONNumber(2))),
            JSONObject.Entry(key: "b", value: .number(JSONNumber(3))),
        ])
        #expect(JSONWriter(style: .compact).write(.object(object)) == #"{"b":1,"a":2,"b":3}"#)
    }

    @Test func escapesOnlyQuotesBackslashesAndControlCharacters() {
        let string = "q\"b\\s/n\nt\tr\rb\u{8}f\u{C} \u{0}\u{1}\u{1F}\u{7F} \u{E9}\u{1D11E}\u{2028}"
        #expect(
            JSONWriter.quote(string)
                == "\"q\\\"b\\\\s/n\\nt\\tr\\rb\\bf\\f \\u0000\\u0001\\u001f\u{7F} \u{E9}\u{1D11E}\u{2028}\"")
        #expect(JSONWriter.quote("") == #""""#)
        #expect(JSONWriter(style: .compact).write(.object(JSONObject(["a\"b": .string("\n")]))) == #"{"a\"b":"\n"}"#)
    }

    /// Long enough for the eight-bytes-at-a-time scan, with the character to escape at every position.
    @Test func escapesAtEveryPosition() {
        for (raw, escaped) in [("\"", "\\\""), ("\\", "\\\\"), ("\u{1F}", "\\u001f"), ("\n", "\\n")] {
            for position in 0..<20 {
                var characters = Array(repeating: "a", count: 20)
                characters[position] = raw
                let string = characters.joined()
                characters[position] = escaped
                #expect(JSONWriter.quote(string) == "\"" + characters.joined() + "\"", "escape at \(position)")
            }
        }
    }

    @Test func quotedStringsParseBackToThemselves() throws {
        var all = (0..<0x80).map { Character(Unicode.Scalar(UInt8($0))) }.map(String.init).joined()
        all += "\u{E9}\u{FFFD}\u{1D11E}\u{10FFFF}"
        #expect(try JSONParser().parse(JSONWriter.quote(all)) == .string(all))
    }

    @Test func writesNestingAtTheParserLimit() throws {
        let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        let value = try JSONParser().parse(text)
        #expect(JSONWriter(style: .compact).write(value) == text)
        let pretty = JSONWriter(style: .pretty).write(value)
        #expect(pretty.split(separator: "\n").count == 2 * 511 + 1)
        #expect(pretty.split(separator: "\n")[511] == Substring(String(repeating: " ", count: 2 * 511) + "[]"))
    }

    // MARK: Round trips over JSONTestSuite

    @Test(arguments: JSONTestSuiteFiles.names(prefix: "y_"))
    func roundTripsValidDocument(_ name: String) throws {
        let original = try JSONParser().parse(JSONTestSuiteFiles.bytes(name), file: name)
        for style in [JSONWriter.Style.pretty, .compact] {
            let writer = JSONWriter(style: style)
            let text = writer.write(original)
            let reparsed = try JSONParser().parse(text, file: name)
            #expect(reparsed == original, "\(style) output of \(name) parses to a different value:\n\(text)")
            #expect(writer.write(reparsed) == text, "\(style) output of \(name) is not stable")
        }
    }

    @Test(arguments: JSONTestSuiteFiles.names(prefix: "y_"))
    func prettyOutputHasNoTrailingWhitespace(_ name: String) throws {
        let text = JSONWriter(style: .pretty).write(try JSONParser().parse(JSONTestSuiteFiles.bytes(name), file: name))
        #expect(!text.hasSuffix("\n"))
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(line.last != " " && !line.isEmpty, "\(name): line '\(line)'")
        }
    }
}
