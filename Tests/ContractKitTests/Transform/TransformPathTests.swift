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
        ("b[.i", "'[' must be followed by ']': write `[]` for every element of an array"),
        ("a..b", "an empty key before '.'"), ("a.", "the path ends with '.'"),
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

@Suite struct JSONValueModifyTests {
    /// The address of an array's storage: it changes when `modify` copies the array instead of changing it in place.
    private func storage(of value: JSONValue, at path: JSONPath = .root) -> UnsafeRawPointer? {
        value[path: path]?.arrayValue?.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    @Test func changesArraysInPlaceWithoutCopyingThem() {
        // Copying the array on every change made patching each of n elements cost n², minutes for a 50 MB body.
        let element = JSONValue.object(JSONObject([.init(key: "id", value: .number(JSONNumber(1)))]))
        var body = JSONValue.object(
            JSONObject([.init(key: "users", value: .array(Array(repeating: element, count: 1000)))]))
        let users = JSONPath.root.appending(key: "users")
        let before = storage(of: body, at: users)
        for index in [0, 500, 999] {
            #expect(body.modify(at: users.appending(index: index).appending(key: "phone")) { $0 = .string("x") })
        }
        #expect(storage(of: body, at: users) == before)
        #expect(body[path: users.appending(index: 500).appending(key: "phone")] == .string("x"))

        var list = JSONValue.array(Array(repeating: element, count: 1000))
        let listBefore = storage(of: list)
        #expect(list.modify(at: JSONPath.root.appending(index: 7).appending(key: "id")) { $0 = .null })
        #expect(storage(of: list) == listBefore)
        #expect(list[path: JSONPath.root.appending(index: 7).appending(key: "id")] == .null)
    }
}
