import Foundation
import Testing

@testable import ContractKit

/// The indenter takes exactly the text the parser takes, and writes it as the tape writer writes the parsed text,
/// byte for byte: the recorder writes received bodies with it, and a recording must not change with the path it took.
@Suite struct JSONIndenterTests {
    /// The indenter's text for `bytes`, `depth` deep, or nil when it refused them.
    static func indented(_ bytes: [UInt8], depth: Int) -> String? {
        bytes.withUnsafeBytes { JSONIndenter.indented($0, atDepth: depth) }.map {
            String(decoding: UnsafeBufferPointer(start: $0.base, count: $0.count), as: UTF8.self)
        }
    }

    /// The tape writer's text for `bytes` once parsed, `depth` deep, or nil when the parser refused them.
    static func fromTape(_ bytes: [UInt8], depth: Int) -> String? {
        guard let document = try? JSONParser().parseDocument(bytes) else { return nil }
        var output = JSONTextOutput(pretty: true)
        document.withView { output.append(tape: $0, node: document.root, atDepth: depth) }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    static func expectSame(_ bytes: [UInt8], depth: Int, _ comment: String) {
        let indented = indented(bytes, depth: depth)
        let tape = fromTape(bytes, depth: depth)
        #expect(indented == tape, "\(comment): \(String(decoding: bytes.prefix(80), as: UTF8.self))")
    }

    @Test func writesEscapesAsTheStringWriterDoes() {
        let text =
            #"{"a\u0041\/": ["\u00e9\ud83d\ude00 \ud800x \uDC00 \u0000\u001F\u007f\b\f\n\r\t\"\\", 1E400, -0.0], "\uDBFF\"": 1}"#
        #expect(
            Self.indented(Array(text.utf8), depth: 2) == """
                {
                      "aA/": [
                        "é😀 \\ud800x \\udc00 \\u0000\\u001f\u{7F}\\b\\f\\n\\r\\t\\"\\\\",
                        1E400,
                        -0.0
                      ],
                      "\\udbff\\"": 1
                    }
                """)
        // Half a surrogate pair stays an escape (`JSONDecoder` refuses it; U+FFFD would hide that), in lowercase.
        Self.expectSame(Array(text.utf8), depth: 2, "escapes")
    }

    /// With a length it may not pass, the indenter writes a text that fits as it would without one, gives up one
    /// that does not (exactly: one byte too long is too long), and still refuses a text the parser refuses. The
    /// buffer stops growing past the length: a deeply nested body written each value on a line of its own, hundreds
    /// of spaces in, takes hundreds of times its size.
    @Test func aTextLongerThanAllowedIndentedIsTooLong() throws {
        let text = Array(#"{"a": [1, 2, {"b": [true, null, "x"]}], "c": {}}"#.utf8)
        let length = try #require(Self.indented(text, depth: 2)).utf8.count
        func outcome(_ text: [UInt8], _ maxLength: Int) -> String {
            switch text.withUnsafeBytes({ JSONIndenter.indented($0, atDepth: 2, maxLength: maxLength) }) {
            case .written(let bytes): return "written \(bytes.count)"
            case .tooLong: return "too long"
            case .refused: return "refused"
            case .declined: return "declined"
            }
        }
        #expect(outcome(text, length) == "written \(length)")
        #expect(outcome(text, length - 1) == "too long")
        #expect(outcome(text, 0) == "too long")
        // A bomb: 300 levels, then 100,000 numbers; about 60 MB indented, 200 KB as received.
        let bomb = Array(
            (String(repeating: "[", count: 300) + String(repeating: "1,", count: 100_000) + "1"
                + String(repeating: "]", count: 300)).utf8)
        #expect(outcome(bomb, 1 << 20) == "too long")
        // Past the length the rest is still checked: a text the parser refuses is refused, not too long.
        #expect(outcome(Array(bomb.dropLast()), 1 << 20) == "refused")
    }

    @Test func skipsAByteOrderMarkAndWhitespace() {
        let text = [0xEF, 0xBB, 0xBF] + Array(" \t\r\n{ \"a\" : [ ] , \"b\" :{}}\n ".utf8)
        #expect(Self.indented(text, depth: 0) == "{\n  \"a\": [],\n  \"b\": {}\n}")
        Self.expectSame(text, depth: 0, "byte-order mark")
    }

    @Test func refusesNestingDeeperThanTheParserTakes() {
        let limit = JSONParser.defaultMaxDepth
        let deepest = Array((String(repeating: "[", count: limit) + String(repeating: "]", count: limit)).utf8)
        let deeper = Array((String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)).utf8)
        #expect(Self.indented(deepest, depth: 0) != nil)
        Self.expectSame(deepest, depth: 0, "deepest")
        #expect(Self.indented(deeper, depth: 0) == nil)
        #expect(Self.fromTape(deeper, depth: 0) == nil)
    }

    @Test func takesAndWritesEverySuiteCaseAsTheParser() throws {
        let names = JSONTestSuiteFiles.names(prefix: "")
        #expect(names.count > 300)
        for name in names {
            Self.expectSame(try JSONTestSuiteFiles.bytes(name), depth: 1, name)
        }
    }

    @Test(arguments: 0..<4)
    func generatedDocumentsAndTheirDamagedCopies(batch: Int) {
        var random = JSONParserPropertyTests.SeededGenerator(state: 9_000 + UInt64(batch))
        // Bytes that matter to the grammar, to put where they do not belong.
        let damage = Array(#"{}[]",:\ 0-.eE+tfnu"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xED, 0xFF]
        for round in 0..<60 {
            let value = JSONParserPropertyTests.value(&random, depth: 0)
            let text = JSONWriter(style: round % 2 == 0 ? .pretty : .compact).writeBytes(value)
            Self.expectSame(text, depth: batch, "batch \(batch)")
            for _ in 0..<20 where !text.isEmpty {
                var damaged = text
                let at = Int.random(in: 0..<damaged.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: damaged[at] = damage.randomElement(using: &random)!
                case 1: damaged.remove(at: at)
                default: damaged.insert(damage.randomElement(using: &random)!, at: at)
                }
                Self.expectSame(damaged, depth: batch, "batch \(batch), damaged")
            }
        }
    }
}
