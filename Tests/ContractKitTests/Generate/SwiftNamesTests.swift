import Testing

@testable import ContractKit

@Suite struct SwiftNamesTests {
    @Test(arguments: [
        ("first_name", "firstName"), ("FirstName", "firstName"), ("first-name", "firstName"), ("userID", "userId"),
        ("URLString", "urlString"), ("_id", "_id"), ("2fa_enabled", "_2faEnabled"), ("first name", "firstName"),
        ("$ref", "ref"), ("self", "selfValue"), ("default", "default"), ("in-stock", "inStock"), ("1", "_1"),
        ("XL", "xl"), ("", "_0"),
    ])
    func memberNamesAreLowerCamelCaseIdentifiers(key: String, name: String) {
        #expect(SwiftNames.memberName(key) == name)
    }

    @Test(arguments: [
        ("bets", "Bet"), ("categories", "Category"), ("addresses", "Address"), ("boxes", "Box"),
        ("status", "StatusItem"),
        ("data", "DataItem"), ("line_items", "LineItem"), ("a", "AItem"),
    ])
    func elementTypesAreNamedInTheSingular(key: String, name: String) {
        #expect(SwiftNames.elementTypeName(key) == name)
    }

    @Test func keywordsAreEscapedAndLiteralsQuoted() {
        #expect(SwiftNames.escaped("default") == "`default`")
        #expect(SwiftNames.escaped("open") == "open")
        #expect(SwiftNames.stringLiteral("a\"b\\c\nd\u{202E}") == #""a\"b\\c\nd\u{202e}""#)
        #expect(SwiftNames.unique("Item", avoiding: ["Item", "Item2"]) == "Item3")
    }
}
