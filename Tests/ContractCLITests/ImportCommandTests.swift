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

    /// The summary counts the named shapes the file declares, lint's count: objects YAML cannot write where they
    /// stand (inside `[String: T]` or `T?`) become named shapes when the file is written, and were left out of it.
    @Test func theSummaryCountsTheShapesTheFileDeclares() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let document = """
            openapi: 3.0.3
            info: {title: Hoist, version: '1'}
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
                            type: object
                            properties:
                              byId: {type: object, additionalProperties: {type: object, properties: {x: {type: string}}}}
                              maybe: {nullable: true, type: object, properties: {y: {type: integer}}}
            """
        try document.write(toFile: root + "/h.yaml", atomically: true, encoding: .utf8)
        let imported = try contract("import", "openapi", "h.yaml")
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported 1 endpoint and 2 named shapes into Specs/h.yaml\n")
        let lint = try contract("lint")
        #expect(lint.stdout.contains("1 spec file, 1 endpoint, 2 named shapes"), "\(lint.stdout)")
    }

    /// The nightly job's view: specs imported from Stripe's document of API version 2020-03-02 verify Stripe's own
    /// sample customer of that version, and report what changed in the next version's sample.
    @Test func importedSpecsVerifyRecordingsAndCatchTheNextVersionsDrift() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let imported = try contract(
            "import", "openapi", fixture("stripe-2020-03-02-subset.json"), "--name", "stripe", "--filter",
            "GetCustomersCustomer")
        #expect(imported.status == 0, "\(imported.stderr)")
        func record(_ fixture: String) throws {
            let body = try String(contentsOfFile: self.fixture(fixture), encoding: .utf8)
            let recording = """
                {"format": "contract-recording/1", "endpoint": "stripe/get-customers-customer",
                 "request": {"method": "GET", "url": "https://api.stripe.com/v1/customers/cus_1"},
                 "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": \(body)}}
                """
            try FileManager.default.createDirectory(
                atPath: root + "/Recordings/stripe", withIntermediateDirectories: true)
            try recording.write(
                toFile: root + "/Recordings/stripe/get-customers-customer.json", atomically: true, encoding: .utf8)
        }
        try record("stripe-fixture-2020-03-02-customer.json")
        let same = try contract("verify")
        #expect(same.status == 0, "\(same.stdout)\(same.stderr)")

        try record("stripe-fixture-2020-08-27-customer.json")
        let later = try contract("verify", "--format", "json")
        #expect(later.status == 1)
        #expect(
            later.stdout.contains(#""kind": "missing-key""#) && later.stdout.contains(#""path": "$.sources""#),
            "\(later.stdout)")
        #expect(later.stdout.contains("closest member of customer | deleted_customer"), "\(later.stdout)")
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

    @Test func aFolderWhereASpecFileGoesStopsTheImportBeforeAnyFileIsWritten() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(
            atPath: root + "/api/petstore-pets.yaml", withIntermediateDirectories: true)
        let result = try contract(
            "import", "openapi", fixture("petstore.yaml"), "--output", "api", "--split", "tags")
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "error: 'api/petstore-pets.yaml' is a folder, where the import writes a spec file; nothing was written"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/api") == ["petstore-pets.yaml"])
    }

    /// A name starting with '.' would write a hidden spec file, which the spec loader refuses, whatever follows the
    /// dot: a combining mark makes '.' and itself one character, which `hasPrefix(".")` let through.
    /// So is any name a spec file may not have (empty, a line break, a slash), as `infer` refuses them.
    @Test(arguments: [".hidden", ".\u{301}x", "", "a\nb", "a/b"]) func aNameAFileMayNotHaveIsRefused(_ name: String)
        throws
    {
        let usage = try contract("import", "openapi", fixture("petstore-expanded.yaml"), "--name", name)
        #expect(usage.status == 64, "\(usage.stderr)")
        #expect(
            usage.stderr.contains("cannot name a spec file: use letters, digits, '-', '_' and '.'"), "\(usage.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/Specs"))
    }

    /// A document read from a pipe, as `contract import openapi <(curl -s ...)` gives it, is imported, and its spec
    /// is named after its title (`/dev/fd/63` names nothing); a folder given as the document is named as one.
    @Test func aDocumentFromAPipeIsImportedAndNamedAfterItsTitle() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let contractPath = CommandRunner.productsDirectory.appendingPathComponent("contract").path
        let piped = try CommandRunner.run(
            ["-c", #"exec "$0" import openapi <(cat "$1")"#, contractPath, fixture("petstore-expanded.yaml")],
            in: root, executable: "/bin/bash")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout == "imported 4 endpoints and 3 named shapes into Specs/swagger-petstore.yaml\n")
        #expect(try contract("lint").status == 0)
        // Its `$ref`s to other files are read from the current folder.
        try #"{"Pet": {"type": "object", "properties": {"id": {"type": "integer"}}, "required": ["id"]}}"#.write(
            toFile: root + "/shapes.json", atomically: true, encoding: .utf8)
        let main = #"""
            {"openapi": "3.0.3", "info": {"title": "Refs", "version": "1"}, "paths": {"/pet": {"get": {
              "operationId": "getPet", "responses": {"200": {"description": "ok",
              "content": {"application/json": {"schema": {"$ref": "shapes.json#/Pet"}}}}}}}}}
            """#
        let withRef = try CommandRunner.run(
            ["-c", #"exec "$0" import openapi <(printf '%s' "$1")"#, contractPath, main], in: root,
            executable: "/bin/bash")
        #expect(withRef.status == 0, "\(withRef.stderr)")
        #expect(try String(contentsOfFile: root + "/Specs/refs.yaml", encoding: .utf8).contains("id: Int"))
        let folder = try contract("import", "openapi", root + "/Specs", "--name", "x")
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("is a folder, not a document"), "\(folder.stderr)")
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
