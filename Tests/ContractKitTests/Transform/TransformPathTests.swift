import ContractTestSupport
import Testing
@testable import ContractKit

@Suite struct TransformPathTests {
    @Test(arguments: [
        ("users", "users"), ("$.data.items", "data.items"), ("b[].i", "b[].i"), ("[].name", "[].name"),
        ("a[*].b", "a[].b"), ("$", "$"), ("", "$"), ("m[][]", "m[][]"),
    ])
    func parsesAndPrints(_ text: String, _ printed: String) throws {
        #expect(try TransformPath(parsing: text).description == printed)
    }

    @Test func stepsOfAPathIntoArrays() throws {
        #expect(try TransformPath(parsing: "b[].i").steps == [.key("b"), .everyElement, .key("i")])
    }

    @Test(arguments: [
        ("b[.i", "'[' must be followed by ']': write `[]` for every element of an array"), ("a..b", "an empty key before '.'"), ("a.", "the path ends with '.'"),
        ("a[]b", "a key right after '[]' needs a '.' first"), ("a]", "a ']' without its '['"),
    ])
    func refusesMalformedPaths(_ text: String, _ reason: String) {
        #expect(throws: TransformPathError(text: text, reason: reason)) { try TransformPath(parsing: text) }
    }

    @Test func resolvesEveryPlaceAndSkipsNullsAlongTheWay() throws {
        let body = TestSuites.json(#"{"groups": [{"members": [1]}, null, {"members": null}]}"#)
        let (paths, mismatch) = try TransformPath(parsing: "groups[].members").resolve(in: body)
        #expect(mismatch == nil)
        #expect(paths.map(\.description) == ["$.groups[0].members", "$.groups[2].members"])
    }
}
