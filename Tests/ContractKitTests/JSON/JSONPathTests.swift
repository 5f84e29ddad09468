import Testing

@testable import ContractKit

/// Paths are written one way: `.key` for a key that reads as a name, `["key"]` for any other, and read back.
@Suite struct JSONPathTests {
    @Test(arguments: [
        ([JSONPath.Component.key("query"), .key("pages"), .key("-1")], #"$.query.pages["-1"]"#),
        ([.key("pages"), .key("42")], #"$.pages["42"]"#),
        ([.key("user-agent")], "$.user-agent"),
        ([.key("_id"), .index(3), .key("first name")], #"$._id[3]["first name"]"#),
        ([.key(#"a"b\c"#)], #"$["a\"b\\c"]"#),
        // A quote followed by a combining mark is one Character; it is escaped all the same.
        ([.key("\"\u{301}x")], "$[\"\\\"\u{301}x\"]"),
    ])
    func keysThatAreNotNamesAreQuotedAndReadBack(_ components: [JSONPath.Component], _ written: String) throws {
        let path = JSONPath(components: components)
        #expect(path.description == written)
        #expect(JSONPath(parsing: written) == path)
    }
}
