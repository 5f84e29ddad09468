import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Schemas a spec cannot hold as they are: each is reported with its pointer, and the output still loads.
@Suite struct OpenAPIHostileSchemaTests {
    static let document = """
        openapi: 3.0.3
        info: {title: B, version: '1'}
        paths:
          /a:
            get:
              operationId: a
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/A'}}}}
          /w:
            get:
              operationId: w
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Weird'}}}}
          /i:
            get:
              operationId: i
              responses:
                '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/IntEnum'}}}}
        components:
          schemas:
            A: {$ref: '#/components/schemas/B'}
            B: {$ref: '#/components/schemas/A'}
            IntEnum: {type: integer, enum: [1, 2, 3]}
            Weird:
              type: object
              additionalProperties: false
              required: ['key?', id]
              properties:
                id: {type: string}
                'key?': {type: string}
                "multi\\nline": {type: string}
                'bang!': {type: string}
                level: {type: number, enum: [0.5, 1.5]}
        """

    /// An enum of 100,000 cases (each looked up in a set, not searched for: minutes) imports with each case once,
    /// and models are generated for it, a case each.
    @Test(.timeLimit(.minutes(1))) func aLargeEnumImportsEachCaseOnceAndGetsACaseEach() throws {
        let cases = (0..<100_000).map { "\"v\($0)\"" } + ["\"v7\""]
        let document = """
            {"openapi": "3.0.3", "info": {"title": "E", "version": "1"}, "paths": {"/e": {"get": {"operationId": "e",
            "responses": {"200": {"description": "ok", "content": {"application/json": {"schema":
            {"type": "string", "enum": [\(cases.joined(separator: ", "))]}}}}}}}}}
            """
        let imported = try ImportedSuite(document: document, named: "api.json")
        let shape = try #require(imported.suite.endpoints.first?.expect.body)
        guard case .enumeration(let values) = shape.kind else {
            Issue.record("\(shape.kind) is not an enumeration")
            return
        }
        #expect(values.count == 100_000)
        #expect(values.prefix(2) == ["v0", "v1"])
        let models = ModelGenerator(suite: imported.suite, options: .init(), command: "contract").generate()
        let text = models.files.map(\.text).joined()
        // A case per value, and `unknown(String)` for the rest.
        #expect(text.components(separatedBy: "\n    case ").count - 1 == 100_001)
        #expect(text.contains("\n    case v99999\n") && text.contains("\n    case unknown(String)\n"))
    }

    @Test func aliasCyclesUnwritableNamesAndNumericEnumsAreHandled() throws {
        let imported = try ImportedSuite(document: Self.document)
        let pointers = imported.result.problems.map(\.pointer)
        // F1: the alias cycle is reported and imported as Any, so the suite loads (lint refuses such a cycle).
        #expect(pointers.contains("#/components/schemas/A"))
        // F4: a name a spec key cannot hold is reported, not changed into another key.
        #expect(pointers.contains("#/components/schemas/Weird/properties/multi\nline"))
        // Names ending in `?` or `!` are kept, with an explicit mark: `key?` required, `bang!` may be absent.
        #expect(!pointers.contains { $0.hasSuffix("key?") || $0.hasSuffix("bang!") }, "\(pointers)")
        #expect(imported.text.contains("key?!: String") && imported.text.contains("bang!?: String"), "\(imported.text)")
        let body = try JSONParser().parse(#"{"id": "x", "key?": "y"}"#)
        #expect(imported.check(body, against: "w").allSatisfy { $0.severity == .info })
        let withoutKey = try JSONParser().parse(#"{"id": "x", "bang!": "z"}"#)
        #expect(imported.check(withoutKey, against: "w").map(\.kind) == [.missingKey])
        let wrongType = try JSONParser().parse(#"{"id": "x", "key?": 1, "bang!": 2}"#)
        #expect(imported.check(wrongType, against: "w").map(\.path?.description) == [#"$["key?"]"#, #"$["bang!"]"#])
        // F10: an integer enum stays an integer and its values are checked: "2" is a type mismatch, 2 is fine, 7 is
        // a new value.
        #expect(imported.check(.number(JSONNumber(2)), against: "i").isEmpty)
        #expect(imported.check(.string("2"), against: "i").map(\.kind) == [.typeMismatch])
        #expect(imported.check(.number(JSONNumber(7)), against: "i").map(\.kind) == [.enumUnknownValue])
        #expect(imported.text.contains("IntEnum: Int(1, 2, 3)\n"))
        #expect(imported.text.contains("one of 0.5, 1.5"))
    }
}
