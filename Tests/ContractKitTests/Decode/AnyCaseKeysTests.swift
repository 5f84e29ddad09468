import Foundation
import Testing

@testable import ContractKit

@Suite struct AnyCaseKeysTests {
    @Test(arguments: [
        ("userId", "userId"), ("userID", "userId"), ("UserId", "userId"), ("user_id", "userId"), ("USER_ID", "userId"),
        ("user-id", "userId"), ("User ID", "userId"), ("user.id", "userId"), ("UserID", "userId"),
        ("URLString", "urlString"), ("urlString", "urlString"), ("HTTPStatusCode", "httpStatusCode"), ("ID", "id"),
        ("id", "id"), ("AccountId", "accountId"), ("display_name", "displayName"), ("is_verified", "isVerified"),
        ("Plan", "plan"), ("CreatedAt", "createdAt"), ("created_at", "createdAt"), ("line_2", "line2"),
        ("address2Line", "address2Line"), ("Base64Data", "base64Data"), ("ISO8601Date", "iso8601Date"),
        ("_id", "_id"), ("__typename", "__typename"), ("trailing_", "trailing_"), ("", ""), ("x", "x"), ("X", "x"),
        ("$ref", "$ref"), ("Ünïcode_wörd", "ünïcodeWörd"), ("straße_nummer", "straßeNummer"),
        // Digits: they end no word, start none, and never split an acronym from the next word.
        ("user2_id", "user2Id"), ("2fa_enabled", "2faEnabled"), ("x_1_y", "x1Y"), ("ID2", "id2"), ("ID2x", "id2x"),
        ("HTTP2Server", "http2Server"), ("v1.2", "v12"), ("sha_256", "sha256"),
        // Underscores at either end are kept; other separators there, and runs of separators, are dropped.
        ("__user_id__", "__userId__"), ("_", "_"), ("__", "__"), ("a_", "a_"), ("A_", "a_"), ("_ABC", "_abc"),
        ("ABC_", "abc_"), ("_URLString_", "_urlString_"), ("user__id", "userId"), ("-user-id-", "userId"),
        ("_-id", "_id"), ("-", ""), (".", ""), ("_-_", "__"), ("_ _x", "_x"),
        // Kebab case, and keys already in lower camel case, which come back as they are.
        ("display-name", "displayName"), ("x-request-id", "xRequestId"), ("CONTENT-TYPE", "contentType"),
        ("displayName", "displayName"), ("aB", "aB"), ("a1B2", "a1B2"), ("isVerified", "isVerified"),
        // Acronyms end one letter early when a lower-case letter or a symbol follows.
        ("ABc", "aBc"), ("AB$", "aB$"), ("A$", "a$"), ("user-ID", "userId"), ("getHTTPResponse", "getHttpResponse"),
        // Longer than 15 bytes (not stored inline by String).
        ("a_rather_long_key_name", "aRatherLongKeyName"),
        ("notification_preferences_updated_at", "notificationPreferencesUpdatedAt"),
        ("notificationPreferencesUpdatedAt", "notificationPreferencesUpdatedAt"),
        // Non-ASCII anywhere moves the whole key to the Unicode rules.
        ("Ärger_ID", "ärgerId"), ("user_ñame", "userÑame"), ("ÉTAT", "état"), ("E\u{301}TAT", "e\u{301}Tat"),
    ])
    func canonicalSpelling(_ key: String, _ expected: String) {
        // By scalars: `String` equality would let a composed `É` stand for `E` and a combining accent.
        #expect(Array(AnyCaseKeys.canonical(key).unicodeScalars) == Array(expected.unicodeScalars))
        #expect(Array(AnyCaseKeys.cachedCanonical(key).unicodeScalars) == Array(expected.unicodeScalars))
        #expect(Array(AnyCaseKeys.cachedCanonical(key).unicodeScalars) == Array(expected.unicodeScalars))
    }

    /// The ASCII rewrite is a single pass over bytes; the Unicode one states the rules word by word. Every ASCII
    /// key of up to five characters from letters, digits, separators and a symbol reads the same by both.
    @Test func theASCIIRewriteFollowsTheUnicodeRules() {
        let alphabet: [Character] = ["a", "b", "Q", "R", "1", "_", "-", ".", " ", "$"]
        var keys = [""]
        var mismatches: [String] = []
        for _ in 1...5 {
            keys = keys.flatMap { key in alphabet.map { key + String($0) } }
            for key in keys
            where Array(AnyCaseKeys.canonical(key).unicodeScalars)
                != Array(AnyCaseKeys.rewriteUnicode(key).unicodeScalars)
            {
                mismatches.append(key)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func theCacheAnswersAsTheRewriteDoesWhenItsSlotsAreReused() {
        // Far more keys than slots, so keys meet in slots and replace each other, short and long, twice over.
        let keys = (0..<3_000).map { index in
            switch index % 4 {
            case 0: "field_\(index)"
            case 1: "Field\(index)ID"
            case 2: "a_rather_long_key_name_number_\(index)"
            default: "clé_\(index)"
            }
        }
        for _ in 0..<2 {
            for key in keys {
                #expect(
                    Array(AnyCaseKeys.cachedCanonical(key).unicodeScalars)
                        == Array(AnyCaseKeys.canonical(key).unicodeScalars))
            }
        }
    }

    @Test func keysThatPickTheSamePairOfSlotsTakeTurns() throws {
        typealias Cache = AnyCaseKeys.KeyCache
        var byPair: [Int: [String]] = [:]
        var crowded: [String] = []
        for index in 0..<100_000 {
            let key = "key_\(index)_x"
            let pair = Int(truncatingIfNeeded: try #require(Cache.hash(key)) >> UInt64(64 - Cache.slotBits)) & ~1
            byPair[pair, default: []].append(key)
            if byPair[pair]!.count == 3 {
                crowded = byPair[pair]!
                break
            }
        }
        try #require(crowded.count == 3)
        // Two keys share the pair, then a third pushes one out, in every order.
        for round in 0..<12 {
            for key in [crowded[round % 3], crowded[(round + 1) % 3], crowded[round % 3], crowded[(round + 2) % 3]] {
                #expect(AnyCaseKeys.cachedCanonical(key) == AnyCaseKeys.canonical(key))
            }
        }
    }

    @Test func theCacheMatchesKeysByTheirBytes() {
        typealias Cache = AnyCaseKeys.KeyCache
        let composed = "ÉTAT"
        let decomposed = "E\u{301}TAT"
        #expect(composed == decomposed)
        #expect(!Cache.sameBytes(composed, decomposed))
        #expect(!Cache.sameBytes("K", "\u{212A}"))  // KELVIN SIGN equals "K" as a String
        // Equal bytes from separate storage, short and long.
        let long = "a_rather_long_key_name"
        let short = "user_id"
        let longCopy = String(decoding: Array(long.utf8), as: UTF8.self)
        let shortCopy = String(decoding: Array(short.utf8), as: UTF8.self)
        #expect(Cache.sameBytes(long, longCopy))
        #expect(Cache.sameBytes(short, shortCopy))
        #expect(Cache.hash(long) == Cache.hash(longCopy))
        #expect(Cache.hash(short) == Cache.hash(shortCopy))
        #expect(!Cache.sameBytes("user_id", "user_ID"))
        #expect(!Cache.sameBytes("", "x"))
        // Long keys are compared a word (8 bytes) at a time, then byte by byte: differ in each part.
        for length in [16, 17, 23, 24, 25, 40] {
            let key = String(repeating: "k", count: length)
            for position in [0, 7, 8, length - 2, length - 1] {
                var bytes = Array(key.utf8)
                bytes[position] = UInt8(ascii: "_")
                let other = String(decoding: bytes, as: UTF8.self)
                #expect(!Cache.sameBytes(key, other), "length \(length), byte \(position)")
                #expect(Cache.sameBytes(other, String(decoding: bytes, as: UTF8.self)))
            }
        }
    }

    @Test func decodesOnManyThreadsAtOnce() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .anyCase
        let spellings = [
            #"{"user_id": 1, "display_name": "A", "is_verified": true}"#,
            #"{"UserId": 1, "DisplayName": "A", "IsVerified": true}"#,
            #"{"USER_ID": 1, "DISPLAY-NAME": "A", "isVerified": true}"#,
        ].map { Data($0.utf8) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 64) { iteration in
            for round in 0..<50 {
                let decoded = try? decoder.decode(Account.self, from: spellings[(iteration + round) % spellings.count])
                if decoded != Account(userId: 1, displayName: "A", isVerified: true) { failures.add() }
            }
        }
        #expect(failures.count == 0)
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func add() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    struct Account: Decodable, Equatable {
        var userId: Int
        var displayName: String
        var isVerified: Bool
    }

    @Test(arguments: [
        #"{"userId": 1, "displayName": "A", "isVerified": true}"#,
        #"{"user_id": 1, "display_name": "A", "is_verified": true}"#,
        #"{"UserId": 1, "DisplayName": "A", "IsVerified": true}"#,
        #"{"userID": 1, "displayNAME": "A", "is-verified": true}"#,
        #"{"USER_ID": 1, "DISPLAY_NAME": "A", "IS_VERIFIED": true}"#,
    ])
    func decodesEverySpellingThroughJSONDecoder(_ json: String) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .anyCase
        #expect(
            try decoder.decode(Account.self, from: Data(json.utf8))
                == Account(userId: 1, displayName: "A", isVerified: true))
    }

    struct WithAcronymProperty: Decodable {
        var userID: Int
    }

    @Test func aPropertyWithAnAcronymIsTheDocumentedLimitation() {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .anyCase
        #expect(throws: DecodingError.self) {
            try decoder.decode(WithAcronymProperty.self, from: Data(#"{"user_id": 1}"#.utf8))
        }
    }

    @Test func dictionaryKeysAreLeftAlone() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .anyCase
        let decoded = try decoder.decode([String: Int].self, from: Data(#"{"USER_ID": 1}"#.utf8))
        #expect(decoded == ["USER_ID": 1])
    }
}
