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
