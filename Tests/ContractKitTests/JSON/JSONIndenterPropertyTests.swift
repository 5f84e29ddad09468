import Foundation
import Testing

@testable import ContractKit

/// The indenter against the parser and the tape writer, on texts made to find where a fast path could go wrong:
/// whitespace between any tokens, every escape, strings and numbers of every length across the scanner's 16-byte
/// steps, every cut of a text, damage at every byte, nesting past the indent table, output that outgrows its first
/// buffer, and texts that end where readable memory ends. The generator is seeded, so a failure names a text that can
/// be made again.
@Suite struct JSONIndenterPropertyTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    /// String contents as spelled in JSON text: plain runs, every escape (upper- and lowercase hex, surrogate pairs,
    /// lone halves), and characters of two, three and four bytes.
    static let stringPieces = [
        "a", "id", "Leanne Graham", "0123456789abcdef", " ", "/", "'", "\u{7F}", "é", "€", "🚀", "\u{FFFD}",
        #"\""#, #"\\"#, #"\/"#, #"\b"#, #"\f"#, #"\n"#, #"\r"#, #"\t"#, #"\u0041"#, #"\u00e9"#, #"\u00E9"#, #"\u20AC"#,
        #"\ud83d\ude00"#, #"\uD83D\uDE00"#, #"\ud800"#, #"\udc00x"#, #"\u0000"#, #"\u001f"#, #"\u007F"#,
    ]

    /// Numbers the parser takes, and spellings it refuses.
    static let numbers = [
        "0", "-0", "1", "-1", "9", "10", "12345678901234567890", "0.5", "-1.25e-3", "3E+8", "2e5", "1.0", "1E400",
        "-0.0e-0", "123.456e+789", "0e0", "0.000001", "-99999999999999999999999.99999", "142.42857142857142",
    ]
    static let badNumbers = [
        "01", "-", "1.", ".5", "1e", "1e+", "+1", "--1", "1.e5", "0x10", "1.5.5", "-a", "00", "1E", "-01", "NaN",
    ]

    /// Bytes that are not allowed where they are put: raw control characters and line breaks in strings, broken
    /// UTF-8, bad escapes.
    static let badPieces: [[UInt8]] = [
        [0x01], [0x1F], [0x0A], [0x09], [0xC3], [0xED, 0xA0, 0x80], [0xFF], [0x80], [0xF4, 0x90, 0x80, 0x80],
        [0xE0, 0x80, 0x80], [0xC0, 0xAF], Array(#"\x"#.utf8), Array(#"\u12"#.utf8), Array(#"\u12G4"#.utf8),
        Array(#"\U0041"#.utf8), [0x5C],
    ]

    /// Whitespace between tokens: none (compact), a space now and then, or runs of all four kinds.
    static func whitespace(_ random: inout Generator, spacing: Int) -> [UInt8] {
        switch spacing {
        case 0: return []
        case 1: return Int.random(in: 0..<4, using: &random) == 0 ? [0x20] : []
        default:
            return (0..<Int.random(in: 0...3, using: &random)).map { _ in
                [0x20, 0x09, 0x0A, 0x0D].randomElement(using: &random)!
            }
        }
    }

    static func string(_ random: inout Generator) -> [UInt8] {
        var text = "\""
        for _ in 0..<Int.random(in: 0...6, using: &random) { text += stringPieces.randomElement(using: &random)! }
        if Int.random(in: 0..<8, using: &random) == 0 {
            text += String(repeating: "x", count: Int.random(in: 0...70, using: &random))
        }
        return Array((text + "\"").utf8)
    }

    /// A JSON text, written as a server might: any spacing, keys repeated now and then, numbers of every form.
    static func text(_ random: inout Generator, depth: Int, spacing: Int) -> [UInt8] {
        func space() -> [UInt8] { whitespace(&random, spacing: spacing) }
        switch Int.random(in: 0..<(depth < 6 ? 10 : 6), using: &random) {
        case 0: return Array(["null", "true", "false"].randomElement(using: &random)!.utf8)
        case 1, 2: return Array(numbers.randomElement(using: &random)!.utf8)
        case 3, 4, 5: return string(&random)
        case 6, 7:
            var out: [UInt8] = [0x5B] + space()
            for index in 0..<Int.random(in: 0...5, using: &random) {
                if index > 0 { out += space() + [0x2C] + space() }
                out += text(&random, depth: depth + 1, spacing: spacing)
            }
            return out + space() + [0x5D]
        default:
            var out: [UInt8] = [0x7B] + space()
            for index in 0..<Int.random(in: 0...6, using: &random) {
                if index > 0 { out += space() + [0x2C] + space() }
                out += string(&random) + space() + [0x3A] + space() + text(&random, depth: depth + 1, spacing: spacing)
            }
            return out + space() + [0x7D]
        }
    }

    @Test(arguments: 0..<6)
    func generatedTextsTheirCutsAndDamagedCopies(batch: Int) {
        var random = Generator(state: 77_000 + UInt64(batch))
        let damage = Array(#"{}[]",:\ 0-.eE+tfnu/"#.utf8) + [0x00, 0x1F, 0x7F, 0xC3, 0xA9, 0xED, 0xFF, 0x09, 0x0A]
        for round in 0..<120 {
            let spacing = round % 3
            var text =
                Self.whitespace(&random, spacing: spacing) + Self.text(&random, depth: 0, spacing: spacing)
                + Self.whitespace(&random, spacing: spacing)
            if round % 17 == 0 { text = [0xEF, 0xBB, 0xBF] + text }
            let depth = Int.random(in: 0...3, using: &random)
            JSONIndenterTests.expectSame(text, depth: depth, "batch \(batch) round \(round)")
            // Every cut of a short text, so that every token is cut at every byte; some cuts of a long one.
            var cuts = Array(0..<text.count)
            if text.count > 160 {
                cuts = (0..<24).map { _ in 0 }
                for index in cuts.indices { cuts[index] = Int.random(in: 0..<text.count, using: &random) }
            }
            for cut in cuts {
                JSONIndenterTests.expectSame(Array(text[..<cut]), depth: depth, "batch \(batch) round \(round) cut")
            }
            for _ in 0..<12 {
                var damaged = text
                let at = Int.random(in: 0..<damaged.count, using: &random)
                switch Int.random(in: 0..<5, using: &random) {
                case 0: damaged[at] = damage.randomElement(using: &random)!
                case 1: damaged.remove(at: at)
                case 2: damaged.insert(damage.randomElement(using: &random)!, at: at)
                case 3: damaged.insert(contentsOf: Self.badPieces.randomElement(using: &random)!, at: at)
                default: damaged.insert(contentsOf: Array(Self.badNumbers.randomElement(using: &random)!.utf8), at: at)
                }
                JSONIndenterTests.expectSame(damaged, depth: depth, "batch \(batch) round \(round) damaged")
            }
        }
    }

    /// A special byte at every place in keys and values of every length up to 50, across the 16-byte steps of the
    /// string scan and the 32-byte copies: each key and value is one run of `x` with one piece in it.
    @Test func stringsWithASpecialByteAtEveryPlace() {
        let pieces: [[UInt8]] =
            [Array(#"\""#.utf8), Array(#"\\"#.utf8), Array(#"\u00e9"#.utf8), Array("é".utf8), Array("🚀".utf8), [0x7F]]
            + [[0x01], [0x1F], [0xC3], [0xFF], [0x22]]
        for length in 0...50 {
            let run = [UInt8](repeating: UInt8(ascii: "x"), count: length)
            let plainKey: [UInt8] = [0x22] + run + [0x22]
            JSONIndenterTests.expectSame([0x7B] + plainKey + [0x3A] + plainKey + [0x7D], depth: 1, "plain \(length)")
            JSONIndenterTests.expectSame(plainKey, depth: 1, "bare string \(length)")
            for place in 0...length {
                for piece in pieces {
                    var content = run
                    content.insert(contentsOf: piece, at: place)
                    let string: [UInt8] = [0x22] + content + [0x22]
                    let comment = "length \(length), place \(place), piece \(piece)"
                    JSONIndenterTests.expectSame([0x7B] + string + [0x3A] + plainKey + [0x7D], depth: 1, comment)
                    JSONIndenterTests.expectSame([0x5B] + string + [0x2C, 0x31, 0x5D], depth: 1, comment)
                    JSONIndenterTests.expectSame(string, depth: 0, comment)
                }
            }
        }
    }

    /// Numbers with runs of digits of every length up to 40 in each part, good and bad, bare, in arrays and as values;
    /// and every literal with every kind of byte after it.
    @Test func numbersAndLiteralsOfEveryLength() {
        for length in 1...40 {
            let digits = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
            let forms = [
                digits, "-" + digits, "1." + digits, "-0." + digits + "e" + digits, "1" + digits + "E-" + digits,
                "0" + digits, digits + ".", digits + "e", digits + ".e1", "-" + digits + "e+",
            ]
            for form in forms {
                for text in [form, "[" + form + "]", "{\"k\":" + form + ",\"l\":1}", "[" + form + " ,0]", form + "x"] {
                    JSONIndenterTests.expectSame(Array(text.utf8), depth: 1, text)
                }
            }
        }
        let words = Self.numbers + Self.badNumbers + ["true", "false", "null", "tru", "nul", "fals", "nulll", "True"]
        for word in words {
            for after in ["", " ", "x", "1", ",", "]", "}", "\"", "e", ".", "_", "-", "\n"] {
                for text in [word + after, "[" + word + after + "]", "{\"k\":" + word + after + "}"] {
                    JSONIndenterTests.expectSame(Array(text.utf8), depth: 2, text)
                }
            }
        }
    }

    /// Texts placed so that their last byte is the last readable one: a scan or copy that reads past the text
    /// would stop the process.
    @Test func textsThatEndWhereReadableMemoryEnds() {
        let page = Int(getpagesize())
        let size = 16 * page
        guard let region = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            region != MAP_FAILED
        else {
            Issue.record("mmap failed: errno \(errno)")
            return
        }
        defer { munmap(region, size) }
        #expect(mprotect(region + size - page, page, PROT_NONE) == 0)
        let end = region + size - page
        func expectSameAtTheEnd(_ text: [UInt8], _ comment: String) {
            guard text.count <= size - page else { return }
            let start = end - text.count
            text.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: text.count) }
            let indented = JSONIndenter.indented(UnsafeRawBufferPointer(start: start, count: text.count), atDepth: 2)
                .map { String(decoding: UnsafeBufferPointer(start: $0.base, count: $0.count), as: UTF8.self) }
            #expect(indented == JSONIndenterTests.fromTape(text, depth: 2), "\(comment)")
        }
        var random = Generator(state: 4_242)
        for round in 0..<40 {
            let text = Self.text(&random, depth: 0, spacing: round % 3)
            for cut in 1...text.count where text.count < 400 || cut % 7 == 0 || cut > text.count - 40 {
                expectSameAtTheEnd(Array(text[..<cut]), "round \(round), cut \(cut)")
            }
        }
        for length in 0...40 {
            let run = String(repeating: "y", count: length)
            for text in ["\"" + run + "\"", "{\"" + run + "\":1}", "[\"" + run + "\"]", "{\"a\":\"" + run + "\"}"] {
                expectSameAtTheEnd(Array(text.utf8), text)
            }
            let digits = String(repeating: "7", count: length)
            for text in ["1" + digits, "[1" + digits + "]", "0." + digits + "1", "1e" + digits + "1"] {
                expectSameAtTheEnd(Array(text.utf8), text)
            }
        }
    }

    /// Lines indented deeper than the indenter's table of spaces (2,048), which it writes a space at a time.
    @Test func nestingDeeperThanTheIndentTable() throws {
        let levels = 1_100
        let text = Array(
            (String(repeating: "[{\"a\":", count: levels / 2) + "[1,2]" + String(repeating: "}]", count: levels / 2))
                .utf8)
        let parsed = try JSONParser(maxDepth: 2_000).parseDocument(text)
        var output = JSONTextOutput(pretty: true)
        parsed.withView { output.append(tape: $0, node: parsed.root, atDepth: 3) }
        let indented = text.withUnsafeBytes { JSONIndenter.indented($0, atDepth: 3, maxDepth: 2_000) }
        #expect(indented.map { Array(UnsafeBufferPointer(start: $0.base, count: $0.count)) } == output.bytes)
        #expect(text.withUnsafeBytes { JSONIndenter.indented($0, atDepth: 3, maxDepth: levels) } == nil)
    }

    /// Short values nested deep are indented to many times their own length, so the output outgrows the buffer the
    /// indenter starts with, many times over.
    @Test func outputManyTimesLongerThanTheText() {
        for levels in [40, 200, 500] {
            let text = Array(
                (String(repeating: "[1,", count: levels) + "2" + String(repeating: ",{\"k\":[]}]", count: levels)).utf8)
            let indented = JSONIndenterTests.indented(text, depth: 4)
            #expect((indented?.utf8.count ?? 0) > 10 * text.count)
            #expect(indented == JSONIndenterTests.fromTape(text, depth: 4), "\(levels) levels")
        }
    }
}
