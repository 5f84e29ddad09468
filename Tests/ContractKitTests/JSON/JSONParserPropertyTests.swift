import Foundation
import Testing

@testable import ContractKit

/// The parser against generated documents: every tree written out parses back to itself, with a tape whose counts
/// and subtree ends agree with the tree, and every cut or damaged text is accepted exactly when `JSONSerialization`
/// accepts it. The generator is seeded, so a failure names a document that can be made again.
@Suite struct JSONParserPropertyTests {
    /// SplitMix64: small, and the same sequence on every platform.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Pieces strings are made of: runs long enough to cross the scanner's 8-byte words, escapes the writer must
    /// write, and characters of two, three and four bytes.
    static let stringPieces = [
        "a", "id", "name", "Leanne Graham", "0123456789abcdef", " ", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}",
        "é", "€", "🚀", "ß", "\u{7F}", "\u{80}", "\u{FFFD}",
    ]

    static func string(_ random: inout SeededGenerator, asciiOnly: Bool) -> String {
        let pieces = asciiOnly ? stringPieces.filter { $0.utf8.allSatisfy { $0 < 0x80 } } : stringPieces
        return (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func value(_ random: inout SeededGenerator, depth: Int, asciiOnly: Bool = false) -> JSONValue {
        let choice = Int.random(in: 0..<(depth < 5 ? 9 : 6), using: &random)
        switch choice {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .number(JSONNumber(Int.random(in: -100_000...100_000, using: &random)))
        case 3:
            let literals = ["0.5", "-1.25e-3", "3E+8", "0", "-0", "12345678901234567890", "1.0", "2e5"]
            return .number(JSONNumber(literal: literals.randomElement(using: &random)!))
        case 4, 5: return .string(string(&random, asciiOnly: asciiOnly))
        case 6:
            return .array(
                (0..<Int.random(in: 0...5, using: &random)).map { _ in
                    value(&random, depth: depth + 1, asciiOnly: asciiOnly)
                })
        default:
            // Keys repeat now and then: the parser keeps every copy, in order.
            var keys = (0..<Int.random(in: 0...5, using: &random)).map { _ in string(&random, asciiOnly: asciiOnly) }
            if keys.count > 1 && Bool.random(using: &random) { keys.append(keys[0]) }
            return .object(
                JSONObject(keys.map { .init(key: $0, value: value(&random, depth: depth + 1, asciiOnly: asciiOnly)) }))
        }
    }

    /// Values in `value`, keys counted, as the tape counts them.
    static func valueCount(_ value: JSONValue) -> Int {
        switch value {
        case .array(let items): return 1 + items.map(valueCount).reduce(0, +)
        case .object(let object): return 1 + object.entries.map { 1 + valueCount($0.value) }.reduce(0, +)
        default: return 1
        }
    }

    /// True when `value` holds a number a `Double` cannot hold: it overflows, or a mantissa that is not zero
    /// underflows to zero.
    static func holdsNumberBeyondDouble(_ value: JSONValue) -> Bool {
        switch value {
        case .number(let number):
            let mantissa = number.literal.prefix { $0 != "e" && $0 != "E" }
            return number.doubleValue.isInfinite
                || number.doubleValue == 0 && mantissa.contains { "123456789".contains($0) }
        case .array(let items): return items.contains(where: holdsNumberBeyondDouble)
        case .object(let object): return object.entries.contains { holdsNumberBeyondDouble($0.value) }
        default: return false
        }
    }

    /// Checks every container entry of the tape against the tree: its member count, and that the subtree it claims
    /// ends where the next sibling starts.
    static func checkTape(_ view: JSONTapeView, _ node: Int, _ value: JSONValue) -> Bool {
        let entry = view.entries[node]
        switch value {
        case .array(let items):
            guard entry.kind == .array, entry.memberCount == items.count else { return false }
            var child = node + 1
            for item in items {
                guard checkTape(view, child, item) else { return false }
                child = view.next(after: child)
            }
            return child == entry.end
        case .object(let object):
            guard entry.kind == .object, entry.memberCount == object.entries.count else { return false }
            var child = node + 1
            for member in object.entries {
                guard view.string(child) == member.key, checkTape(view, child + 1, member.value) else { return false }
                child = view.next(after: child + 1)
            }
            return child == entry.end
        default:
            return entry.kind != .array && entry.kind != .object
        }
    }

    @Test(arguments: 0..<8)
    func generatedDocumentsParseBackToThemselves(batch: Int) throws {
        var random = SeededGenerator(state: UInt64(batch))
        for _ in 0..<60 {
            let original = Self.value(&random, depth: 0)
            for style in [JSONWriter.Style.compact, .pretty] {
                let bytes = JSONWriter(style: style).writeBytes(original)
                let tree = try JSONParser().parse(bytes)
                #expect(tree == original, "batch \(batch): \(String(decoding: bytes, as: UTF8.self))")
                let document = try JSONParser().parseDocument(bytes)
                #expect(document.valueCount == Self.valueCount(original))
                #expect(document.withView { Self.checkTape($0, document.root, original) })
                #expect(document.value == original)
            }
        }
    }

    /// Every prefix of a document, and the document with one byte replaced by another that matters to the grammar,
    /// is accepted exactly when `JSONSerialization` accepts it; a refusal is a `jsonSyntax` error inside the text.
    @Test(arguments: 0..<4)
    func cutAndDamagedDocumentsAreRefusedAsJSONSerializationRefusesThem(batch: Int) throws {
        var random = SeededGenerator(state: 1_000 + UInt64(batch))
        let significant = Array("{}[],:\"\\01-.eE+tnf a\u{1}".utf8)
        for _ in 0..<25 {
            // ASCII text: where the two differ on purpose (lone surrogate escapes, UTF-8 repair) is tested elsewhere.
            let bytes = JSONWriter(style: .compact).writeBytes(Self.value(&random, depth: 0, asciiOnly: true))
            var variants = (0..<bytes.count).map { Array(bytes[..<$0]) }
            for _ in 0..<40 where !bytes.isEmpty {
                var damaged = bytes
                damaged[Int.random(in: 0..<bytes.count, using: &random)] = significant.randomElement(using: &random)!
                variants.append(damaged)
            }
            for text in variants {
                let foundation =
                    (try? JSONSerialization.jsonObject(with: Data(text), options: [.fragmentsAllowed])) != nil
                let ours = Result { () throws(ContractError) in try JSONParser().parse(text, file: "body.json") }
                switch ours {
                case .success(let value):
                    // Numbers beyond a Double's range are kept as written, where JSONSerialization refuses them.
                    #expect(
                        foundation || Self.holdsNumberBeyondDouble(value),
                        "we accept what JSONSerialization refuses: \(String(decoding: text, as: UTF8.self))")
                case .failure(let error):
                    #expect(
                        !foundation,
                        "we refuse what JSONSerialization accepts: \(String(decoding: text, as: UTF8.self)): \(error.message)"
                    )
                    #expect(error.code == .jsonSyntax)
                    #expect(error.location?.line == 1 && (error.location?.column ?? 0) <= text.count + 1)
                }
            }
        }
    }
}
