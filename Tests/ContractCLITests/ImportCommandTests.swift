import ContractTestSupport
import Foundation
import Testing

/// `contract import openapi` through the built binary.
@Suite struct ImportCommandTests {
    let root = TestSuites.temporaryDirectory()

    func contract(_ arguments: String...) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: root)
    }

    func fixture(_ name: String) -> String { Fixtures.url("OpenAPI/" + name).path }

    @Test func importsADocumentThatLintAcceptsAndRewritesNothingTheSecondTime() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try contract("import", "openapi", fixture("petstore-expanded.yaml"), "--name", "pets")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "imported 4 endpoints and 3 named shapes into Specs/pets.yaml\n")
        let written = try String(contentsOfFile: root + "/Specs/pets.yaml", encoding: .utf8)
        let modified = try FileManager.default.attributesOfItem(atPath: root + "/Specs/pets.yaml")[.modificationDate]

        let lint = try contract("lint")
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stdout.contains("1 spec file, 4 endpoints, 3 named shapes"), "\(lint.stdout)")

        let second = try contract("import", "openapi", fixture("petstore-expanded.yaml"), "--name", "pets")
        #expect(second.status == 0)
        #expect(try String(contentsOfFile: root + "/Specs/pets.yaml", encoding: .utf8) == written)
        #expect(
            try FileManager.default.attributesOfItem(atPath: root + "/Specs/pets.yaml")[.modificationDate]
                as? Date == modified as? Date)
    }

    @Test func optionsChooseTheFolderTheOperationsAndTheSplit() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try contract(
            "import", "openapi", fixture("petstore.yaml"), "--output", "api", "--filter", "list-*", "show*",
            "--base-path", "/v1", "--split", "tags")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == "imported 2 endpoints and 2 named shapes into api/petstore.yaml, api/petstore-pets.yaml\n")
        let pets = try String(contentsOfFile: root + "/api/petstore-pets.yaml", encoding: .utf8)
        #expect(pets.contains("request: GET /v1/pets/{petId}"))
        #expect(!pets.contains("create-pets"))
    }

    @Test func problemsAreListedWithTheirPointerAndNothingImportedExitsTwo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = """
            openapi: 3.0.3
            info: { title: Broken, version: "1" }
            paths:
              /v1/customers:
                get:
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: { $ref: '#/components/schemas/Customer' }
                trace:
                  responses: { '200': { description: ok } }
            """
        try document.write(toFile: root + "/broken.yaml", atomically: true, encoding: .utf8)
        let result = try contract("import", "openapi", "broken.yaml")
        #expect(result.status == 0)
        #expect(
            result.stderr.contains(
                "broken.yaml#/paths/~1v1~1customers/get/responses/200/content/application~1json/schema/$ref: the $ref '#/components/schemas/Customer' leads nowhere"
            ), "\(result.stderr)")
        #expect(result.stderr.contains("broken.yaml#/paths/~1v1~1customers/trace: skipped: TRACE requests"))
        #expect(result.stdout.contains("2 problems listed above, 1 operation skipped"), "\(result.stdout)")

        let none = try contract("import", "openapi", "broken.yaml", "--filter", "nothing-*")
        #expect(none.status == 2)
        #expect(
            none.stderr.contains("nothing could be imported from broken.yaml (no operation matches --filter nothing-*)")
        )

        try "swagger: '2.0'\n".write(toFile: root + "/old.yaml", atomically: true, encoding: .utf8)
        let swagger = try contract("import", "openapi", "old.yaml")
        #expect(swagger.status == 2)
        #expect(swagger.stderr.contains("Swagger 2.0"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Specs/old.yaml"))

        let usage = try contract("import", "openapi", "broken.yaml", "--base-path", "v1")
        #expect(usage.status == 64)
    }
}
