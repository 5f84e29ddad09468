import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A `$ref` that cannot be followed says why, at a pointer that exists: the file it names is a folder, a pipe
/// (which is never read, as reading it would wait for good), empty or absent, holds nothing at the pointer, or the
/// refs go round in a circle; nothing is dropped without a word.
@Suite(.timeLimit(.minutes(1))) struct OpenAPIRefTargetsTests {
    static let document = """
        openapi: 3.0.0
        info: {title: T, version: '1'}
        paths:
          /a:
            get:
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          f: {$ref: 'folder#/X'}
                          p: {$ref: 'pipe#/X'}
                          e: {$ref: 'empty.yaml#/X'}
                          m: {$ref: 'missing.yaml#/X'}
                          o: {$ref: 'other.yaml#/Nope'}
                          ok: {$ref: 'other.yaml#/Other'}
                          loop: {$ref: 'b.yaml#/B'}
        """

    @Test func eachRefThatCannotBeFollowedSaysWhy() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/folder", withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/pipe", 0o600) == 0)
        #expect(FileManager.default.createFile(atPath: folder + "/empty.yaml", contents: Data()))
        try "Other: {type: string}\n".write(toFile: folder + "/other.yaml", atomically: false, encoding: .utf8)
        try "B: {$ref: 'c.yaml#/C'}\n".write(toFile: folder + "/b.yaml", atomically: false, encoding: .utf8)
        try "C: {$ref: 'b.yaml#/B'}\n".write(toFile: folder + "/c.yaml", atomically: false, encoding: .utf8)
        try Self.document.write(toFile: folder + "/api.yaml", atomically: false, encoding: .utf8)

        let imported = try ImportedSuite(path: folder + "/api.yaml")
        let base = "#/paths/~1a/get/responses/200/content/application~1json/schema/properties/"
        let said = Dictionary(
            imported.result.problems.map { ($0.pointer, $0.message) }, uniquingKeysWith: { first, _ in first })
        #expect(
            said[base + "f/$ref"]
                == "the $ref 'folder#/X' leads to a file that cannot be read: '\(folder)/folder' is a folder, not a document"
        )
        #expect(
            said[base + "p/$ref"]
                == "the $ref 'pipe#/X' leads to a file that cannot be read: '\(folder)/pipe' is a FIFO (named pipe), not a document"
        )
        #expect(
            said[base + "e/$ref"]
                == "the $ref 'empty.yaml#/X' leads to a file that cannot be read: '\(folder)/empty.yaml' is empty")
        #expect(
            said[base + "m/$ref"]
                == "the $ref 'missing.yaml#/X' leads to a file that cannot be read: '\(folder)/missing.yaml': \(String(cString: strerror(ENOENT)))"
        )
        #expect(
            said[base + "o/$ref"] == "the $ref 'other.yaml#/Nope' leads nowhere: 'other.yaml' has nothing at '#/Nope'")
        // A circle across two files is told at the schema, in the file where it is.
        #expect(said["b.yaml#/B"] == "the schema leads back to itself through names and oneOf/anyOf alone", "\(said)")
        #expect(imported.result.problems.allSatisfy { $0.hint?.isEmpty == false })
        #expect(imported.text.contains("ok?: Other"), "the ref that leads somewhere still does: \(imported.text)")
    }

    @Test func refsThatGoRoundInACircleAreToldNotDropped() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.0
                info: {title: T, version: '1'}
                paths:
                  /a: {$ref: '#/paths/~1b'}
                  /b: {$ref: '#/paths/~1a'}
                  /c:
                    get:
                      parameters: [{$ref: '#/components/parameters/P'}]
                      responses:
                        '200': {$ref: '#/components/responses/R'}
                components:
                  parameters:
                    P: {$ref: '#/components/parameters/Q'}
                    Q: {$ref: '#/components/parameters/P'}
                  responses:
                    R: {$ref: '#/components/responses/S'}
                    S: {$ref: '#/components/responses/R'}
                """)
        let problems = imported.result.problems.map { "\($0.pointer): \($0.message)" }
        #expect(
            problems == [
                "#/paths/~1a/$ref: the $refs go round in a circle and never reach a value: '#/paths/~1b' → '#/paths/~1a' → '#/paths/~1b'",
                "#/paths/~1b/$ref: the $refs go round in a circle and never reach a value: '#/paths/~1a' → '#/paths/~1b' → '#/paths/~1a'",
                "#/paths/~1c/get/parameters/0/$ref: the $refs go round in a circle and never reach a value: '#/components/parameters/P' → '#/components/parameters/Q' → '#/components/parameters/P'",
                "#/paths/~1c/get/responses/200/$ref: the $refs go round in a circle and never reach a value: '#/components/responses/R' → '#/components/responses/S' → '#/components/responses/R'",
            ])
        #expect(imported.result.problems.prefix(2).allSatisfy { $0.skippedOperation })
        #expect(imported.suite.endpoints.map(\.name) == ["get-c"])
    }

    @Test func anOperationHeaderReplacesThePathItemsInAnyLetterCase() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.0
                info: {title: T, version: '1'}
                paths:
                  /a:
                    parameters:
                      - {name: X-Trace, in: header, required: true, schema: {type: string}, example: path}
                      - {name: Limit, in: query, required: true, schema: {type: integer}, example: 1}
                    get:
                      parameters:
                        - {name: x-trace, in: header, required: true, schema: {type: string}, example: operation}
                        - {name: limit, in: query, required: true, schema: {type: integer}, example: 2}
                      responses:
                        '200': {description: ok}
                """)
        let endpoint = try #require(imported.endpoint("get-a"))
        #expect(endpoint.request.headers.map(\.name) == ["x-trace"])
        #expect(endpoint.request.headers.map(\.value.parts) == [[.literal("operation")]])
        // Query names are case-sensitive: both are sent.
        #expect(endpoint.request.query.map(\.name).sorted() == ["Limit", "limit"])
    }
}
