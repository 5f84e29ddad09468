import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// The look-up of an old object's member by a new object's key must find what a tree's look-up by key finds: the
/// last member whose key is the same text as Swift compares strings, whichever member it is told to try first, for
/// keys spelled with escapes or other bytes for one text, repeated keys, and keys whose hashes share a bit.
@Suite struct MemberLookUpTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    /// Keys as written in JSON text: some pairs are one text spelled two ways (an escape, the Kelvin sign and `K`,
    /// `é` as one scalar or two), and many share a hash bit in a 64-bit set.
    static let spellings = [
        "id", #"\u0069d"#, "name", #"nam\u0065"#, "K", #"\u212A"#, "\u{212A}", "é", #"e\u0301"#, "e\u{301}",
        "user_name", "userName", "a long key of more than eight bytes", "a long key of more than eight bytez", "x",
        "y", "zipcode", "createdAt", "score", "tags",
    ]

    /// The value entry of the last member of `object` whose key reads as the string at `key` of `newView`.
    static func lastMember(of object: Int, in view: JSONTapeView, named key: Int, in newView: JSONTapeView) -> Int? {
        let text = newView.string(key)
        return view.memberKeys(of: object).last { view.string($0) == text }.map { $0 + 1 }
    }

    static func check(oldText: String, key: String) throws -> Comment? {
        let old = try JSONParser().parseDocument(Array(oldText.utf8))
        let new = try JSONParser().parseDocument(Array("{\"\(key)\":0}".utf8))
        return old.withView { oldView in
            new.withView { newView -> Comment? in
                let lookUp = MemberLookUp(object: 0, in: oldView)
                let table = lookUp.isLarge ? MemberTable(object: 0, in: oldView) : nil
                let expected = lastMember(of: 0, in: oldView, named: 1, in: newView)
                for hint in oldView.memberKeys(of: 0) + [oldView.entries[0].end] {
                    let found = lookUp.value(forKeyAt: 1, in: newView, hint: hint, table: table)
                    if found != expected {
                        return
                            "\(oldText) key \(key) hint \(hint): found \(String(describing: found)), not \(String(describing: expected))"
                    }
                }
                return nil
            }
        }
    }

    @Test func findsTheLastMemberOfTheKeysTextWhereverTheHintPoints() throws {
        var random = Generator(state: 31_000)
        for round in 0..<1_500 {
            // Now and then more members than are scanned, so that the table answers.
            let count =
                round % 10 == 0 ? Int.random(in: 30...45, using: &random) : Int.random(in: 0...14, using: &random)
            let keys = (0..<count).map { _ in Self.spellings.randomElement(using: &random)! }
            let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            let key = Self.spellings.randomElement(using: &random)!
            if let problem = try Self.check(oldText: text, key: key) { Issue.record("round \(round): \(problem)") }
        }
    }

    /// A large object whose keys are all plain is looked up by their bytes (``MemberTable``): ids, repeats, keys that
    /// differ only in their middle or only in length, asked for plainly or spelled with an escape.
    @Test func aLargeObjectOfPlainKeysIsLookedUpByTheirBytes() throws {
        var random = Generator(state: 33_000)
        let plain =
            (0..<60).map { "u\($0)" } + (0..<20).map { "https://example.com/users/\($0)/profile" } + [
                "", "a", "ab", "abcdefgh", "abcdefghi", "abcdefghij",
            ]
        for round in 0..<300 {
            let count = Int.random(in: 33...120, using: &random)
            let keys = (0..<count).map { _ in plain.randomElement(using: &random)! }
            let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            var key = plain.randomElement(using: &random)!
            // Now and then the key asked for is spelled with an escape, or is no key of the object.
            if round % 7 == 0, let first = key.unicodeScalars.first {
                key = String(format: "\\u%04x", first.value) + key.dropFirst()
            } else if round % 11 == 0 {
                key = "u9999"
            }
            if let problem = try Self.check(oldText: text, key: key) { Issue.record("round \(round): \(problem)") }
        }
    }

    /// Ids that share a prefix and differ only in their last few bytes (`user0a3`, `abcde0a3`, an ObjectId's counter)
    /// must spread over the slots of a table of their keys' bytes, not crowd into a few runs that every look-up walks.
    /// With the low bits of the hash taken from the high bytes of the last word only by one fold, 4,096 such keys of 7
    /// or 8 bytes fell into 128 or 256 of 8,192 slots.
    @Test func keysThatDifferOnlyInTheirLastBytesSpreadOverTheSlots() throws {
        let digits = Array("0123456789abcdef")
        for prefix in ["", "user", "abcde", "abcdefghijkl", "abcdefghijklm", "5f1b2c3da1b2c3d4e5f6a"] {
            let keys = (0..<4096).map { prefix + String([digits[$0 >> 8], digits[($0 >> 4) & 15], digits[$0 & 15]]) }
            let text = "[" + keys.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            let document = try JSONParser().parseDocument(Array(text.utf8))
            let slots = document.withView { view in
                Set(
                    view.elements(of: 0).map { node in
                        let entry = view.entries[node]
                        return view.hash(ofBytesAt: entry.offset, count: entry.length) & 8191
                    })
            }
            // Hashed at random, 4,096 keys fill about 3,200 of 8,192 slots.
            #expect(slots.count > 2_800, "keys \(prefix)000 to \(prefix)fff fill \(slots.count) of 8,192 slots")
        }
    }

    @Test func distinctKeysWhoseHashesShareABitAreNotTakenForRepeats() throws {
        // Twenty distinct keys: almost surely two share one of 64 bits, and the look-up must still find each.
        let keys = (0..<20).map { "key\($0)" }
        let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        for key in keys {
            if let problem = try Self.check(oldText: text, key: key) { Issue.record(problem) }
        }
        // And a key that does repeat, far from the first: the last one is found.
        let repeated = #"{"a":0,"b":1,"c":2,"d":3,"e":4,"a":5}"#
        #expect(try Self.check(oldText: repeated, key: "a") == nil)
    }
}
