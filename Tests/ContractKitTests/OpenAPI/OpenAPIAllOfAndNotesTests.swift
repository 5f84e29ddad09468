import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// `allOf` merges that meet a schema twice, and what the shape grammar cannot say kept as comments.
@Suite(.timeLimit(.minutes(1))) struct OpenAPIAllOfAndNotesTests {
    static func document(_ schemas: String, body: String = "$ref: '#/components/schemas/A'") -> String {
        """
        openapi: 3.0.3
        info: {title: Notes, version: '1'}
        paths:
          /a:
            get:
              operationId: a
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        \(body)
        components:
          schemas:
        \(schemas)
        """
    }

    /// A diamond: B and C both include Base. Each member's own properties are merged, and Base's once.
    @Test func aSchemaReachedThroughTwoAllOfMembersIsMergedFromBoth() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                """
                    A:
                      allOf:
                        - $ref: '#/components/schemas/B'
                        - $ref: '#/components/schemas/C'
                    B:
                      allOf:
                        - $ref: '#/components/schemas/Base'
                        - {type: object, required: [b], properties: {b: {type: string}}}
                    C:
                      allOf:
                        - $ref: '#/components/schemas/Base'
                        - {type: object, properties: {c: {type: integer}}}
                    Base:
                      type: object
                      required: [id]
                      properties: {id: {type: string}}
                """))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        #expect(imported.suite.shapes["A"]?.description == "{id, b, c?}")
        let body = try JSONParser().parse(#"{"id": "x", "b": "y", "c": "not a number"}"#)
        #expect(imported.check(body, against: "a").map(\.kind) == [.typeMismatch])
    }

    /// Members that give one property types no value has at once (a string in one, an integer in another) are a
    /// contradiction in the document: reported where the later one is, which the merge keeps. A member that narrows a
    /// property (a number to an integer, a string to one of an enum, a type to nullable) is not one.
    @Test func membersThatContradictEachOtherOnAPropertyAreReported() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                """
                    A:
                      allOf:
                        - $ref: '#/components/schemas/Base'
                        - type: object
                          properties:
                            id: {type: integer}
                            score: {type: integer}
                            name: {type: string, enum: [a, b]}
                            note: {type: string, nullable: true}
                            code: {type: integer, nullable: true}
                    Base:
                      type: object
                      required: [id]
                      properties:
                        id: {$ref: '#/components/schemas/Id'}
                        score: {type: number}
                        name: {type: string}
                        note: {type: [string, 'null']}
                        code: {type: string, nullable: true}
                    Id: {type: string}
                """))
        let problems = imported.result.problems
        // Null alone in common is no agreement: a nullable string and a nullable integer.
        #expect(
            problems.map(\.pointer) == [
                "#/components/schemas/A/allOf/1/properties/id", "#/components/schemas/A/allOf/1/properties/code",
            ], "\(problems)")
        #expect(
            problems.first?.message
                == "allOf members give 'id' types no value has at once (string, then integer); the import keeps the later one"
        )
        let body = try JSONParser().parse(#"{"id": 7, "score": 2, "name": "a", "note": null, "code": 3}"#)
        #expect(imported.check(body, against: "a").isEmpty)
    }

    /// Diamonds stacked 40 deep: each level's two schemas both include both of the level below. Merged each time a
    /// member reached them, the import took twice as long for every level (9 s at 18); each is merged once now.
    @Test func stackedDiamondsAreMergedOnceEach() throws {
        let levels = 40
        var schemas = ""
        for level in 0..<levels {
            for side in ["L", "R"] {
                let below =
                    level + 1 < levels
                    ? "        - $ref: '#/components/schemas/L\(level + 1)'\n        - $ref: '#/components/schemas/R\(level + 1)'\n"
                    : ""
                schemas += """
                        \(side)\(level):
                          allOf:
                    \(below)        - {type: object, required: [\(side.lowercased())\(level)], properties: {\(side.lowercased())\(level): {type: string}}}

                    """
            }
        }
        let imported = try ImportedSuite(
            document: Self.document(schemas, body: "$ref: '#/components/schemas/L0'"))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        let fields = (1..<levels).flatMap { ["l\($0)", "r\($0)"] } + ["l0"]
        var object = JSONObject()
        for field in fields { object.entries.append(.init(key: field, value: .string("x"))) }
        #expect(imported.check(.object(object), against: "a").isEmpty)
        object.entries.removeAll { $0.key == "r39" }
        #expect(imported.check(.object(object), against: "a").map(\.kind) == [.missingKey])
    }

    /// A schema that includes itself through allOf is still a cycle: reported, and the rest merged.
    @Test func aSchemaThatIncludesItselfIsStillReported() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                """
                    A:
                      allOf:
                        - $ref: '#/components/schemas/B'
                        - {type: object, properties: {a: {type: string}}}
                    B:
                      allOf:
                        - $ref: '#/components/schemas/A'
                        - {type: object, properties: {b: {type: string}}}
                """))
        #expect(
            imported.result.problems.map(\.pointer).contains("#/components/schemas/A/allOf/0"),
            "\(imported.result.problems)")
        #expect(imported.suite.shapes["A"]?.description == "{a?}")
    }

    /// Bounds, fractional enums and discriminator mappings have no shape: each is a comment on its field, and several
    /// on one field are joined, not lost.
    @Test func whatTheGrammarCannotSayIsKeptAsAComment() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                """
                    A:
                      type: object
                      properties:
                        name: {type: string, minLength: 1, maxLength: 80}
                        count: {type: integer, minimum: 0, maximum: 100, deprecated: true}
                        level: {type: integer, enum: [1, 2, 3], deprecated: true}
                        ratio: {type: number, exclusiveMaximum: 1}
                        tags: {type: array, maxItems: 5, items: {type: string, maxLength: 10}}
                        pet:
                          oneOf:
                            - $ref: '#/components/schemas/Dog'
                            - $ref: '#/components/schemas/Cat'
                          discriminator:
                            propertyName: kind
                            mapping: {dog: '#/components/schemas/Dog', cat: Cat}
                    Dog: {type: object, properties: {kind: {type: string}, barks: {type: boolean}}}
                    Cat: {type: object, properties: {kind: {type: string}, purrs: {type: boolean}}}
                """))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        let text = imported.text
        #expect(text.contains("name?: String  # minLength: 1, maxLength: 80"), "\(text)")
        #expect(text.contains("count?: Int  # deprecated; minimum: 0, maximum: 100"), "\(text)")
        #expect(text.contains("level?: Int(1, 2, 3)  # deprecated\n"), "\(text)")
        #expect(text.contains("ratio?: Double  # exclusiveMaximum: 1"), "\(text)")
        #expect(text.contains(#"tags?: "[String]"  # maxItems: 5; items maxLength: 10"#), "\(text)")
        #expect(text.contains("pet?: Dog | Cat  # discriminator: kind (dog: Dog, cat: Cat)"), "\(text)")
    }

    /// A body written in place under its endpoint keeps its fields' comments as a named shape does, and an object
    /// inside it that becomes a named shape takes its own fields' comments along.
    @Test func anInlineBodyKeepsItsFieldsComments() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                "    Unused: {type: string}",
                body: """
                    {type: object, required: [id], properties: {id: {type: string, maxLength: 12}, \
                    owner: {type: object, nullable: true, properties: {email: {type: string, maxLength: 254}}}}}
                    """))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        let text = imported.text
        #expect(text.contains("        id: String  # maxLength: 12\n"), "\(text)")
        #expect(text.contains("  email?: String  # maxLength: 254\n"), "\(text)")
        #expect(text.components(separatedBy: "maxLength: 254").count == 2, "written once: \(text)")
    }

    /// Integer enums are `Int(...)`, checked for type and value; a `number` enum of whole numbers too, and one with
    /// fractions stays `Double` with its values in a comment.
    @Test func integerEnumsAreImportedAsIntWithTheirValues() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                """
                    A:
                      type: object
                      required: [level, code]
                      properties:
                        level: {type: integer, enum: [3, 1, 2, 1]}
                        code: {type: number, enum: [-1, 0]}
                        ratio: {type: number, enum: [0.5, 1]}
                        tier: {type: integer, enum: [1, 2, null], nullable: true}
                """))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        let text = imported.text
        #expect(text.contains("    level: Int(3, 1, 2)\n"), "\(text)")
        #expect(text.contains("    code: Int(-1, 0)\n"), "\(text)")
        #expect(text.contains("    ratio?: Double  # one of 0.5, 1 (not checked)\n"), "\(text)")
        #expect(text.contains("    tier: Int(1, 2)?\n"), "\(text)")
        let passing = try JSONParser().parse(#"{"level": 2, "code": -1, "tier": null}"#)
        #expect(imported.check(passing, against: "a").isEmpty)
        let drifted = try JSONParser().parse(#"{"level": "2", "code": 5, "tier": 3}"#)
        #expect(
            imported.check(drifted, against: "a").map { "\($0.kind) \($0.path?.description ?? "-")" } == [
                "type-mismatch $.level", "enum-unknown-value $.code", "enum-unknown-value $.tier",
            ])
    }

    @Test func aDiscriminatorOnTheResponseNamesItsMappedShapes() throws {
        let imported = try ImportedSuite(
            document: Self.document(
                """
                    Dog: {type: object, properties: {kind: {type: string}}}
                    Cat: {type: object, properties: {kind: {type: string}}}
                """,
                body: """
                    {oneOf: [{$ref: '#/components/schemas/Dog'}, {$ref: '#/components/schemas/Cat'}], discriminator: {propertyName: kind, mapping: {dog: '#/components/schemas/Dog', lion: '#/components/schemas/Lion'}}}
                    """))
        #expect(imported.text.contains("# discriminator: kind (dog: Dog, lion: #/components/schemas/Lion (not found))"))
        // A mapping that leads nowhere is a problem too, said once, with why.
        let mapping = imported.result.problems.filter { $0.pointer.hasSuffix("/discriminator/mapping/lion") }
        #expect(
            mapping.map(\.message) == [
                "the $ref '#/components/schemas/Lion' leads nowhere: the document has nothing at '#/components/schemas/Lion'"
            ], "\(imported.result.problems)")
        #expect(
            mapping.first?.hint == "name a schema the document declares, or drop the mapping; it is noted as not found")
    }

    /// A required header whose name is no HTTP header name (`X-{tenant}`) is left out and listed, not written into a
    /// spec that lint refuses.
    @Test func aHeaderNameNoRequestCanSendIsListedNotWritten() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.0
                info: {title: T, version: "1"}
                paths:
                  /p:
                    get:
                      parameters:
                        - {name: "X-{tenant}", in: header, required: true, schema: {type: string}, example: t1}
                        - {name: X-Ok, in: header, required: true, schema: {type: string}, example: fine}
                      responses: {"204": {description: ok}}
                """)
        #expect(imported.result.problems.map(\.pointer) == ["#/paths/~1p/get/parameters/0"])
        #expect(imported.suite.endpoints[0].request.headers.map(\.name) == ["X-Ok"])
    }
}
