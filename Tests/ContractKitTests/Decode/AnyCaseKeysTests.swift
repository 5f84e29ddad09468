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
    ])
    func canonicalSpelling(_ key: String, _ expected: String) {
        #expect(AnyCaseKeys.canonical(key) == expected)
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
        #expect(try decoder.decode(Account.self, from: Data(json.utf8)) == Account(userId: 1, displayName: "A", isVerified: true))
    }

    struct WithAcronymProperty: Decodable {
        var userID: Int
    }

    @Test func aPropertyWithAnAcronymIsTheDocumentedLimitation() {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .anyCase
        #expect(throws: DecodingError.self) { try decoder.decode(WithAcronymProperty.self, from: Data(#"{"user_id": 1}"#.utf8)) }
    }

    @Test func dictionaryKeysAreLeftAlone() throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .anyCase
        let decoded = try decoder.decode([String: Int].self, from: Data(#"{"USER_ID": 1}"#.utf8))
        #expect(decoded == ["USER_ID": 1])
    }
}
