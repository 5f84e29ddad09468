import Foundation
import Testing

@testable import ContractKit

/// The key table numbers keys as Swift compares their text, whichever spellings come and in whatever order: while
/// every spelling is plain it keeps no dictionary by text, and one that is not plain (an escape, a byte outside ASCII)
/// must still find the plain spelling of its text seen before, and the plain ones after it must find it.
@Suite struct KeyTableTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    static let spellings = [
        "id", #"\u0069d"#, "name", #"nam\u0065"#, "K", #"\u212A"#, "\u{212A}", "é", #"e\u0301"#, "e\u{301}", "u1",
        "u2", "u10", "a long key of more than eight bytes", "a long key of more than eight bytez", "x",
    ]

    @Test func numbersKeysByTextInEveryOrderOfSpellings() throws {
        var random = Generator(state: 34_000)
        for round in 0..<800 {
            // Mostly plain, so that a table stays plain a while before a spelling that is not comes.
            let count = Int.random(in: 1...30, using: &random)
            let keys = (0..<count).map { _ in
                round % 3 == 0
                    ? Self.spellings.randomElement(using: &random)!
                    : ["id", "name", "K", "u1", "u2", "u10", "x"].randomElement(using: &random)!
            }
            let text = "[" + keys.map { "{\"\($0)\":0}" }.joined(separator: ",") + "]"
            let document = try JSONParser().parseDocument(Array(text.utf8))
            document.withView { view in
                var table = KeyTable()
                var texts: [String] = []
                for (index, object) in view.elements(of: 0).enumerated() {
                    let key = object + 1
                    let number = table.number(ofKeyAt: key, position: 0, in: view)
                    let text = view.string(key)
                    let expected = texts.firstIndex(of: text) ?? texts.count
                    if expected == texts.count { texts.append(text) }
                    #expect(number == expected, "round \(round), key \(index) \(keys[index]) of \(keys)")
                }
                #expect(table.keys == texts)
                for text in texts + ["nowhere", "\u{212A}"] {
                    #expect(table.number(of: text) == texts.firstIndex(of: text), "\(text) in \(keys)")
                }
            }
        }
    }

    /// Copies of a table are tables of their own: a key that one numbers (a summary's table is copied and walked
    /// again) is not found by another, though the numbers by text that ``KeyTable/number(of:)`` makes while every
    /// spelling is plain are shared until one of them numbers a key.
    @Test func aCopyThatNumbersAKeyLeavesTheOtherWithout() throws {
        let document = try JSONParser().parseDocument(Array(#"[{"a":0},{"b":0},{"c":0}]"#.utf8))
        document.withView { view in
            let keys = view.elements(of: 0).map { $0 + 1 }
            var original = KeyTable()
            _ = original.number(ofKeyAt: keys[0], position: 0, in: view)
            #expect(original.number(of: "a") == 0)
            var copy = original
            #expect(copy.number(ofKeyAt: keys[1], position: 0, in: view) == 1)
            #expect(copy.number(of: "b") == 1)
            #expect(original.number(of: "b") == nil)
            // The original numbers a key of its own after the copy's was asked for.
            #expect(original.number(ofKeyAt: keys[2], position: 0, in: view) == 1)
            #expect(original.number(of: "c") == 1)
            #expect(copy.number(of: "c") == nil)
            #expect(original.keys == ["a", "c"] && copy.keys == ["a", "b"])
        }
    }
}
