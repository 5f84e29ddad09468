import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct TransformSpecTests {
    func load(_ transforms: String) throws(ContractErrors) -> SpecSuite {
        try TestSuites.suite(
            (
                "Specs/t.yaml",
                """
                endpoints:
                  e:
                    request: GET /e
                    transforms:
                \(transforms)
                """
            ))
    }

    @Test func malformedPathsAreSpecErrorsAtTheTransform() {
        let error = try? #require(throws: ContractErrors.self) { try load("      - renameKeys: { \"b[.i\": betId }") }
        #expect(
            error?.errors.map(\.description) == [
                """
                Specs/t.yaml:5:9: error: renameKeys: 'b[.i' is not a transform path: '[' must be followed by ']': write `[]` for every element of an array
                5 |       - renameKeys: { "b[.i": betId }
                  |         ^
                  hint: paths are keys separated by '.', with [] for every element of an array: data.items, b[].i
                """
            ])
    }

    @Test func unwrapTakesKeysOnly() {
        let error = try? #require(throws: ContractErrors.self) { try load("      - unwrap: items[]") }
        #expect(
            error?.errors.first?.message
                == "unwrap: 'items[]' is not a transform path: unwrap takes a key, or keys separated by '.', without []"
        )
    }

    @Test func everyTransformBuildsItsPublicCounterpart() throws {
        let suite = try load(
            """
                  - unwrap: data
                  - keyedToArray: { key: id, into: objects, at: users }
                  - renameKeys: { fn: firstName, "b[].i": betId }
                  - lossy: [objects, b]
                  - defaults: { "objects[].email": "" }
                  - wrap: payload
            """)
        let transforms = try suite.endpoints[0].transforms.map { (spec) throws(ContractError) in
            try spec.makeTransform()
        }
        #expect(transforms.map(\.name) == ["unwrap", "keyedToArray", "renameKeys", "lossy", "defaults", "wrap"])
        let keyed = try #require(transforms[1] as? KeyedToArrayTransform)
        #expect(keyed.key == "id" && keyed.into == "objects" && keyed.at.description == "users")
    }
}

@Suite struct ModelNameSpecTests {
    @Test(arguments: [
        ("model: User", "User"), ("model: \"[User]\"", "[User]"), ("model: [User]", "[User]"),
        ("model: {String: User}", "[String: User]"), ("model: [[User]]", "[[User]]"), ("model: \"User?\"", "User?"),
    ])
    func modelsAreNamedAsTypes(_ line: String, _ name: String) throws {
        let suite = try TestSuites.suite(("Specs/m.yaml", "endpoints:\n  e:\n    request: GET /e\n    \(line)\n"))
        #expect(suite.endpoints[0].model == name)
        #expect(suite.endpoints[0].modelLocation?.line == 4)
    }

    @Test func aListOfTwoTypesIsNotAModel() {
        let error = try? #require(throws: ContractErrors.self) {
            try TestSuites.suite(("Specs/m.yaml", "endpoints:\n  e:\n    request: GET /e\n    model: [User, Admin]\n"))
        }
        #expect(
            error?.errors.first?.message
                == "'model' names one type, such as User, [User] or [String: User], found a list")
    }
}
