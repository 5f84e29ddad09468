import Foundation
import Testing

@testable import ContractKit

/// `KeyNames.convertFromSnakeCase` is the key `JSONDecoder` reads with `.convertFromSnakeCase`: the generated
/// `CodingKeys` and the hints name it. It differed for words that are not letters alone (`is_2fa_enabled` is read as
/// `is2FaEnabled`, not `is2faEnabled`), and a generated model then failed on every response.
struct KeyNamesTests {
    /// The key a decoder with `.convertFromSnakeCase` reads for `key`.
    static func decoded(_ key: String) throws -> String? {
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init?(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct Probe: Decodable {
            let keys: [String]
            init(from decoder: Decoder) throws {
                keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
            }
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let body = try JSONSerialization.data(withJSONObject: [key: true])
        return try decoder.decode(Probe.self, from: body).keys.first
    }

    @Test(arguments: [
        "is_2fa_enabled", "rank_1st", "a_1b", "x_\u{DF}tra\u{DF}e", "a_b-c", "a_b.c", "a_fooBar", "first_name",
        "_private_key", "trailing_", "__both__", "USER_ID", "a__b", "plain", "caf\u{E9}_cr\u{E8}me", "a_'b", "v_2_0",
        "x_\u{1C6}emal", "x_\u{FB01}le",
    ])
    func convertsAsTheDecoderReads(key: String) throws {
        #expect(KeyNames.convertFromSnakeCase(key) == (try Self.decoded(key)), "\(key)")
    }

    @Test func randomKeysConvertAsTheDecoderReads() throws {
        var random = JSONParserPropertyTests.SeededGenerator(state: 23)
        let pieces = ["a", "B", "1", "_", "_", "-", ".", "\u{E9}", "2x", "\u{DF}", "ab", "Q"]
        for _ in 0..<500 {
            let key = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(KeyNames.convertFromSnakeCase(key) == (try Self.decoded(key)), "\(key)")
        }
    }
}
