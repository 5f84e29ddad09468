import ContractKit
import Foundation
import Testing

@Suite struct JSONParserTests {
    private func parse(_ text: String, maxDepth: Int = 512) throws -> JSONValue {
        try JSONParser(maxDepth: maxDepth).parse(text, file: "body.json")
    }

    /// The error parsing `text` throws; fails the test when parsing succeeds.
    private func parseError(
        _ text: String, maxDepth: Int = 512, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> ContractError? {
        #expect(throws: ContractError.self, sourceLocation: sourceLocation) {
            try JSONParser(maxDepth: maxDepth).parse(text, file: "body.json")
        }
    }

    private func at(_ line: Int, _ column: Int) -> ContractKit.SourceLocation {
        ContractKit.SourceLocation(file: "body.json", line: line, column: column)
    }

    // MARK: Whitespace

    /// Runs of whitespace are stepped over eight bytes at a time up to their first byte that is not a space: runs
    /// of every length, with tabs, line feeds and carriage returns at every place in a word, and at the very end.
    @Test func whitespaceRunsOfEveryShapeAreSteppedOverExactly() throws {
        let others: [Character] = ["\t", "\n", "\r"]
        for length in 0...19 {
            for place in 0...length {
                for other in others {
                    var run = Array(repeating: Character(" "), count: length)
                    if place < length { run[place] = other }
                    let gap = String(run)
                    #expect(
                        try parse("[1,\(gap)2\(gap)]\(gap)")
                            == .array([.number(JSONNumber(1)), .number(JSONNumber(2))]))
                    // The error after a run is at the byte the run stops at.
                    let error = parseError("{\"a\":\(gap)x}")
                    let lines = gap.split(separator: "\n", omittingEmptySubsequences: false)
                    let column = lines.count == 1 ? 6 + gap.count : lines.last!.count + 1
                    let line = lines.count
                    #expect(
                        error?.location == at(line, column),
                        "a run of \(length) with \(other.debugDescription) at \(place)")
                }
            }
        }
    }

    // MARK: Values

    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#" {"s": "x", "n": -12.5e+3, "t": true, "f": false, "z": null, "a": [1, []], "o": {}} "#)
        #expect(
            value
                == .object(
                    JSONObject([
                        "s": .string("x"), "n": .number(JSONNumber(literal: "-12.5e+3")), "t": .bool(true),
                        "f": .bool(false),
                        "z": .null, "a": .array([.number(JSONNumber(1)), .array([])]), "o": .object(JSONObject()),
                    ])))
    }

    @Test func parsesScalarDocuments() throws {
        #expect(try parse("true") == .bool(true))
        #expect(try parse(" false\n") == .bool(false))
        #expect(try parse("null") == .null)
        #expect(try parse("0") == .number(JSONNumber(literal: "0")))
        #expect(try parse("\t\"text\"\r\n") == .string("text"))
    }

    @Test func keepsNumberSpellingExactly() throws {
        let value = try parse("[1.0, 1, -0, 12345678901234567890, 1e400, 1E400, -0.0e-0, 0.1E+2]")
        let literals = value.arrayValue?.compactMap(\.numberValue?.literal)
        #expect(literals == ["1.0", "1", "-0", "12345678901234567890", "1e400", "1E400", "-0.0e-0", "0.1E+2"])
    }

    @Test func keepsObjectKeyOrder() throws {
        let object = try #require(try parse(#"{"zeta": 1, "alpha": 2, "mid": 3, "": 4}"#).objectValue)
        #expect(object.keys == ["zeta", "alpha", "mid", ""])
    }

    @Test func keepsDuplicateKeysAndLooksUpTheLast() throws {
        let object = try #require(try parse(#"{"a": 1, "b": 2, "a": 3}"#).objectValue)
        #expect(object.keys == ["a", "b", "a"])
        #expect(object.entries.map(\.value) == [1, 2, 3].map { .number(JSONNumber($0)) })
        #expect(object["a"] == .number(JSONNumber(3)))
    }

    /// Repeated keys go through the parser's key cache; every length around its 8- and 16-byte words, escaped and
    /// non-ASCII keys, keys near the end of input and more distinct keys than the cache holds must all come back exact.
    @Test func readsRepeatedKeysExactly() throws {
        var keys = (0...20).map { String(repeating: "k", count: $0) }
        keys += (0...20).map { String(repeating: "k", count: $0) + "y" }
        keys += ["caf\u{E9}", "tab\\tkey", "\u{1D11E}", "quote\\\"d"]
        keys += (0..<600).map { "key\($0)" }
        let decoded = keys.map {
            $0.replacingOccurrences(of: "\\t", with: "\t").replacingOccurrences(of: "\\\"", with: "\"")
        }
        let object = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
        let value = try parse("[" + object + ",\n" + object + " ,\t" + object + "]")
        let objects = try #require(value.arrayValue)
        #expect(objects.count == 3)
        for parsed in objects {
            let entries = try #require(parsed.objectValue?.entries)
            #expect(entries.count == decoded.count)
            let firstWrongKey = zip(entries.map(\.key), decoded).first { $0 != $1 }
            #expect(
                firstWrongKey == nil,
                "parsed key \(firstWrongKey.map { "'\($0.0)' where '\($0.1)' was written" } ?? "")")
            #expect(entries.map(\.value) == keys.indices.map { .number(JSONNumber($0)) })
        }
        // A short key whose closing quote is among the last bytes of the input.
        #expect(
            try parse(#"{"a":{"b":1}}"#)
                == .object(JSONObject(["a": .object(JSONObject(["b": .number(JSONNumber(1))]))])))
    }

    @Test func decodesEscapes() throws {
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""\u0041\u00e9\u20AC\u0000""#) == .string("A\u{E9}\u{20AC}\u{0}"))
        #expect(try parse(#""plain \n then plain""#) == .string("plain \n then plain"))
    }

    @Test func decodesSurrogatePairs() throws {
        let string = try #require(try parse(#""\ud834\udd1e and \uD83D\uDE00""#).stringValue)
        #expect(Array(string.unicodeScalars) == ["\u{1D11E}", " ", "a", "n", "d", " ", "\u{1F600}"])
    }

    @Test func replacesLoneSurrogateEscapes() throws {
        #expect(try parse(#""\ud800""#) == .string("\u{FFFD}"))
        #expect(try parse(#""x\udc00y""#) == .string("x\u{FFFD}y"))
        #expect(try parse(#""\ud800\ud834\udd1e""#) == .string("\u{FFFD}\u{1D11E}"))
    }

    @Test func keepsRawUTF8() throws {
        #expect(try parse("[\"h\u{E9}llo \u{1D11E} \u{4E2D}\"]") == .array([.string("h\u{E9}llo \u{1D11E} \u{4E2D}")]))
        // Long enough for the eight-bytes-at-a-time scan, with the special byte at every position.
        for position in 0..<20 {
            var characters = Array(repeating: "a", count: 20)
            characters[position] = "\u{E9}"
            let content = characters.joined()
            #expect(try parse("\"\(content)\"") == .string(content))
            characters[position] = "\\n"
            #expect(
                try parse("\"\(characters.joined())\"")
                    == .string(characters.joined().replacingOccurrences(of: "\\n", with: "\n")))
        }
    }

    @Test func acceptsAndSkipsUTF8ByteOrderMark() throws {
        #expect(try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("{}".utf8)) == .object(JSONObject()))
        let error = #expect(throws: ContractError.self) {
            try JSONParser().parse([0xEF, 0xBB, 0xBF] + Array("[x]".utf8))
        }
        #expect(error?.location == ContractKit.SourceLocation(file: "<json>", line: 1, column: 2))
    }

    @Test func parsesTheSameFromStringBytesAndBuffer() throws {
        let text = #"{"k": ["v", 1.5, {"n": null}]}"#
        let fromString = try JSONParser().parse(text)
        let fromArray = try JSONParser().parse(Array(text.utf8))
        let fromBuffer = try Array(text.utf8).withUnsafeBytes { try JSONParser().parse($0) }
        #expect(fromString == fromArray)
        #expect(fromString == fromBuffer)
    }

    // MARK: Strings

    /// A string's scan stops at its first byte above 0x7F, and the rest is read by the scan that checks UTF-8: a
    /// two- or four-byte character at every place in strings of every length up to three words, alone, before an
    /// escape, and before a bad byte or a control character, which are found at their own column.
    @Test func nonASCIIAtEveryPlaceInAStringIsReadAndChecked() throws {
        for character in ["é", "🚀"] {
            for length in 0...23 {
                for place in 0...length {
                    let ascii = String(repeating: "a", count: length)
                    let before = String(ascii.prefix(place))
                    let after = String(ascii.dropFirst(place))
                    let text = before + character + after
                    #expect(try parse("[\"\(text)\"]") == .array([.string(text)]))
                    #expect(
                        try parse("{\"\(text)\":\"\(text)\\n\"}")
                            == .object(JSONObject([.init(key: text, value: .string(text + "\n"))])))

                    var bytes = Array("[\"\(character)\(before)".utf8)
                    let badColumn = 4 + place
                    bytes.append(0xFF)
                    bytes += Array("\(after)\"]".utf8)
                    let bad = #expect(throws: ContractError.self) { try JSONParser().parse(bytes, file: "body.json") }
                    #expect(bad?.message == "invalid UTF-8 byte 0xFF in string")
                    #expect(bad?.location == at(1, badColumn))

                    let control = parseError("[\"\(character)\(before)\t\(after)\"]")
                    #expect(control?.message == "unescaped control character U+0009 in string")
                    #expect(control?.location == at(1, badColumn))
                }
            }
        }
    }

    // MARK: Errors

    @Test func reportsWrongBracketWithLineAndColumn() {
        let error = parseError("{\n  \"a\": [1, 2],\n  \"b\": {\"c\": 3]\n}")
        #expect(error?.code == .jsonSyntax)
        #expect(error?.message == "expected ',' or '}' after object member, found ']'")
        #expect(error?.location == at(3, 15))
        #expect(error?.hint == "this closes an object opened at 3:8 with the wrong bracket")
    }

    @Test func reportsUnclosedContainerAtEndOfInput() {
        let error = parseError("[\n  {\"a\": 1},\n  [2, 3")
        #expect(error?.message == "unexpected end of input; an array opened at 3:3 is not closed")
        #expect(error?.location == at(3, 8))
        #expect(error?.hint == "add the missing ']'")
    }

    /// The innermost open container is named, however deep, and whichever containers closed before it.
    @Test func namesTheInnermostOpenContainer() {
        let inObject = parseError(#"{"a": [[], {}, {"b": [1]}], "c": {"d": [{"e": 1}], "f": "#)
        #expect(inObject?.message == "unexpected end of input; an object opened at 1:34 is not closed")
        #expect(inObject?.hint == "add the missing '}'")

        let inArray = parseError(#"[{"a": [1, {"b": 2}]}, [3, [4], "#)
        #expect(inArray?.message == "unexpected end of input; an array opened at 1:24 is not closed")

        let wrongBracket = parseError(#"[{"a": [1, {"b": 2}]}, {"c": [3, [4]}]"#)
        #expect(wrongBracket?.message == "expected ',' or ']' after array element, found '}'")
        #expect(wrongBracket?.hint == "this closes an array opened at 1:30 with the wrong bracket")
    }

    @Test func reportsTrailingCommas() {
        let inArray = parseError("[1, 2,]")
        #expect(inArray?.message == "expected a value after ',', found ']'")
        #expect(inArray?.location == at(1, 7))
        #expect(inArray?.hint == "JSON does not allow a trailing comma; remove it")

        let inObject = parseError("{\"a\": 1,\n}")
        #expect(inObject?.message == "expected a string key after ',', found '}'")
        #expect(inObject?.location == at(2, 1))
        #expect(inObject?.hint == "JSON does not allow a trailing comma; remove it")
    }

    @Test func reportsStringErrors() {
        let unterminated = parseError("[\"abc")
        #expect(unterminated?.message == "unterminated string")
        #expect(unterminated?.location == at(1, 2))
        #expect(unterminated?.hint == "add the closing '\"'")
        #expect(parseError("[\"abc\\")?.location == at(1, 2))

        let lineBreak = parseError("{\"a\": \"line\nbreak\"}")
        #expect(lineBreak?.message == "unescaped line break in string")
        #expect(lineBreak?.location == at(1, 12))

        let tab = parseError("\"tab\there\"")
        #expect(tab?.message == "unescaped control character U+0009 in string")
        #expect(tab?.hint == "write it as \\t")
        #expect(tab?.location == at(1, 5))

        let escape = parseError(#"["ok", "a\qb"]"#)
        #expect(escape?.message == "invalid escape '\\q' in string")
        #expect(escape?.location == at(1, 10))

        let unicode = parseError(#""\u12x4""#)
        #expect(unicode?.message == "invalid unicode escape; expected four hex digits after '\\u'")
        #expect(unicode?.location == at(1, 2))
    }

    @Test func reportsInvalidUTF8AtTheBadByte() {
        for bytes: [UInt8] in [
            [0x5B, 0x22, 0xC3, 0xA9, 0xFF, 0x22, 0x5D], [0x5B, 0x22, 0xC3, 0xA9, 0xFF, 0x5C, 0x6E, 0x22, 0x5D],
        ] {
            let error = #expect(throws: ContractError.self) { try JSONParser().parse(bytes, file: "body.json") }
            #expect(error?.message == "invalid UTF-8 byte 0xFF in string")
            #expect(error?.location == at(1, 4))
        }
    }

    @Test func reportsNumberErrors() {
        let leadingZero = parseError("[1, 012]")
        #expect(leadingZero?.message == "a number cannot start with a leading zero")
        #expect(leadingZero?.location == at(1, 5))

        let bareDecimalPoint = parseError("[1.]")
        #expect(bareDecimalPoint?.message == "expected a digit after the decimal point, found ']'")
        #expect(bareDecimalPoint?.location == at(1, 4))

        let exponent = parseError("1e+")
        #expect(exponent?.message == "expected a digit in the exponent, found end of input")
        #expect(exponent?.location == at(1, 4))

        let minus = parseError("-Infinity")
        #expect(minus?.message == "expected a digit after '-', found 'Infinity'")
        #expect(minus?.hint == "JSON has no NaN or Infinity; use null or a string")
    }

    @Test func reportsMisspelledLiteralsAndBareWords() {
        let capitalized = parseError("[True]")
        #expect(capitalized?.message == "expected a value or ']', found 'True'")
        #expect(capitalized?.hint == "JSON literals are lowercase: true, false, null")

        let truncated = parseError("{\"a\": nul}")
        #expect(truncated?.message == "expected a value after ':', found 'nul'")
        #expect(truncated?.hint == "did you mean 'null'?")

        let runOn = parseError("[truex]")
        #expect(runOn?.message == "expected a value or ']', found 'truex'")

        let unquotedKey = parseError("{name: 1}")
        #expect(unquotedKey?.message == "expected a string key or '}', found 'name'")
        #expect(unquotedKey?.hint == "object keys must be strings in double quotes")
    }

    @Test func reportsMissingColonAndComma() {
        let colon = parseError(#"{"a" 1}"#)
        #expect(colon?.message == "expected ':' after object key, found '1'")
        #expect(colon?.location == at(1, 6))

        let comma = parseError("[1 2]")
        #expect(comma?.message == "expected ',' or ']' after array element, found '2'")
        #expect(comma?.hint == "is a ',' missing before it?")
    }

    @Test func reportsContentAfterTheValue() {
        let error = parseError("[1]\n  x")
        #expect(error?.message == "expected end of input after the JSON value, found 'x'")
        #expect(error?.location == at(2, 3))
    }

    @Test func reportsEmptyInput() {
        for text in ["", "  \n "] {
            let error = parseError(text)
            #expect(error?.message == "unexpected end of input; expected a JSON value")
            #expect(error?.hint == "the document is empty")
        }
        #expect(parseError("  \n ")?.location == at(2, 2))
        #expect(parseError("")?.location == at(1, 1))
    }

    @Test func countsColumnsInScalarsAndLinesAcrossCRLF() {
        let error = parseError("[\"\u{E9}\u{1D11E}\", x]")
        #expect(error?.location == at(1, 8))
        let crlf = parseError("[\r\n1,\r\n]")
        #expect(crlf?.location == at(3, 1))
    }

    @Test func namesTheFileInTheLocation() {
        let error = #expect(throws: ContractError.self) { try JSONParser().parse("[", file: "Recordings/users.json") }
        #expect(error?.location?.file == "Recordings/users.json")
        #expect(
            error?.description == """
                Recordings/users.json:1:2: error: unexpected end of input; an array opened at 1:1 is not closed
                  hint: add the missing ']'
                """)
    }

    // MARK: Depth

    @Test func acceptsNestingUpToTheLimit() throws {
        let depth512 = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        var value = try parse(depth512)
        var depth = 1
        while case .array(let items) = value, let first = items.first {
            value = first
            depth += 1
        }
        #expect(depth == 512)
        #expect(value == .array([]))
    }

    @Test func rejectsNestingBeyondTheLimit() {
        let depth513 = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        let error = parseError(depth513)
        #expect(error?.message == "nesting deeper than 512 levels")
        #expect(error?.location == at(1, 513))

        let objects = String(repeating: #"{"a":"#, count: 513) + "1" + String(repeating: "}", count: 513)
        #expect(parseError(objects)?.location == at(1, 2561))
        #expect(throws: Never.self) {
            try parse(String(repeating: #"{"a":"#, count: 512) + "1" + String(repeating: "}", count: 512))
        }
    }

    @Test func honoursACustomLimit() throws {
        #expect(try parse("[{\"a\": []}]", maxDepth: 3) == .array([.object(JSONObject(["a": .array([])]))]))
        let error = parseError("[{\"a\": [[]]}]", maxDepth: 3)
        #expect(error?.message == "nesting deeper than 3 levels")
        #expect(error?.location == at(1, 9))
    }

    @Test func survivesHundredThousandLevels() {
        let arrays = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(parseError(arrays)?.message == "nesting deeper than 512 levels")
        let mixed = String(repeating: #"[{"k":"#, count: 50_000) + "0" + String(repeating: "}]", count: 50_000)
        #expect(parseError(mixed)?.message == "nesting deeper than 512 levels")
        #expect(parseError(String(repeating: "{\"\":", count: 100_000))?.message == "nesting deeper than 512 levels")
    }

    /// 512 levels parse on a thread with a 512 KB stack: the parser does not recurse per level.
    @Test func parsesAtTheLimitOnASmallStack() throws {
        let text = String(repeating: #"{"k":["#, count: 256) + "0" + String(repeating: "]}", count: 256)
        let outcome = ThreadOutcome()
        let thread = Thread {
            let result = Result { () throws(ContractError) in try JSONParser().parse(text) }
            outcome.set(result.map(\.kindDescription))
        }
        thread.stackSize = 512 * 1024
        thread.start()
        let result = try #require(outcome.wait(seconds: 60))
        #expect(try result.get() == "object with 1 key")
    }
}

/// The result of work done on another thread, handed back under a lock.
private final class ThreadOutcome: @unchecked Sendable {
    private let done = NSCondition()
    private var result: Result<String, ContractError>?

    func set(_ result: Result<String, ContractError>) {
        done.lock()
        self.result = result
        done.signal()
        done.unlock()
    }

    func wait(seconds: Double) -> Result<String, ContractError>? {
        done.lock()
        defer { done.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while result == nil && done.wait(until: deadline) {}
        return result
    }
}
