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

    /// A taker names as `unique` does, one name after another, and a wanted name's numbers go on from the last one
    /// given, skipping those taken on the way (20,000 values each wanting `_3` are named without counting from 2 each
    /// time).
    @Test(.timeLimit(.minutes(1))) func aTakerNamesAsUniqueDoesAndKeepsCounting() {
        var taker = SwiftNames.Taker(taken: ["unknown", "a3"])
        let wanted = ["a", "a", "b", "a", "a2", "a", "unknown"]
        #expect(wanted.map { taker.take($0) } == ["a", "a2", "b", "a4", "a22", "a5", "unknown2"])
        var many = SwiftNames.Taker()
        let names = (0..<20_000).map { _ in many.take("_3") }
        #expect(Set(names).count == 20_000)
        #expect(names.prefix(3) == ["_3", "_32", "_33"])
    }
}
