import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Importing a newer version of a document over the last import: the change is the API's, line for line; and what
/// the import writes lints clean.
@Suite struct OpenAPIReimportTests {
    static func document(version: String, customerFields: String, extraPath: String = "") -> String {
        """
        openapi: 3.0.3
        info: {title: Shop, version: '\(version)'}
        paths:
          /customers/{id}:
            get:
              operationId: getCustomer
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}, example: cus_1}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Customer'}
        \(extraPath)
        components:
          schemas:
            Customer:
              type: object
              required: [id]
              properties:
        \(customerFields)
        """
    }

    static let version1 = document(
        version: "1.0",
        customerFields: """
                    id: {type: string, pattern: '^cus_'}
                    email: {type: string}
                    sources: {type: array, items: {type: string}}
            """)

    static let version2 = document(
        version: "1.1",
        customerFields: """
                    id: {type: string, pattern: '^cus_'}
                    email: {type: string}
                    phone: {type: string, nullable: true}
            """,
        extraPath: """
              /customers:
                get:
                  operationId: listCustomers
                  responses:
                    '200':
                      description: ok
                      content:
                        application/json:
                          schema: {type: array, items: {$ref: '#/components/schemas/Customer'}}
            """)

    @Test func reimportingANewerVersionChangesOnlyWhatTheAPIChanged() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func importVersion(_ text: String) throws -> [String] {
            try text.write(toFile: folder + "/shop.yaml", atomically: true, encoding: .utf8)
            let result = try OpenAPIImporter().importDocument(at: folder + "/shop.yaml")
            let paths = try result.write(into: folder + "/Specs").paths
            #expect(paths == [folder + "/Specs/shop.yaml"])
            return try String(contentsOfFile: paths[0], encoding: .utf8).split(separator: "\n").map(String.init)
        }
        let before = try importVersion(Self.version1)
        #expect(try importVersion(Self.version1) == before)
        let after = try importVersion(Self.version2)
        let difference = after.difference(from: before)
        let removed = difference.removals.map { if case .remove(_, let line, _) = $0 { line } else { "" } }
        let inserted = difference.insertions.map { if case .insert(_, let line, _) = $0 { line } else { "" } }
        #expect(
            removed == [
                "# Imported by `contract import openapi` from shop.yaml: Shop 1.0 (OpenAPI 3.0.3).",
                "    sources?: \"[String]\"",
            ])
        #expect(
            inserted == [
                "# Imported by `contract import openapi` from shop.yaml: Shop 1.1 (OpenAPI 3.0.3).",
                "    phone: String?",
                "  list-customers:",
                "    request: GET /customers",
                "    expect:",
                "      status: 200",
                "      contentType: application/json",
                "      body: \"[Customer]\"",
            ], "\(after.joined(separator: "\n"))")
    }

    /// Lint's notice about unanchored patterns is for specs written before patterns became searches; an imported
    /// file's patterns were always searches (OpenAPI's meaning), so it has none. The same text without the first
    /// line, the import's mark, is a hand-written spec and gets the notice.
    @Test func anImportedSpecLintsCleanAndAHandWrittenCopyGetsThePatternNotice() throws {
        let imported = try ImportedSuite(document: Self.version1, named: "shop.yaml")
        #expect(imported.text.contains("id: String(/^cus_/)"))
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.suite.importedFiles == ["Specs/shop.yaml"])

        let handWritten = imported.text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
            .joined(separator: "\n")
        let suite = try SpecLoader().load(sources: [(path: "Specs/shop.yaml", text: handWritten)])
        let warnings = SpecWarnings().warnings(for: suite, endpoints: suite.endpoints)
        #expect(
            warnings.map(\.message) == [
                "the pattern /^cus_/ is a search: it matches anywhere in the string (before contract 2 it had to match the whole string)"
            ])
    }

    /// The spec's name when `--name` is not given: the file name made one a spec file may have, or for a pipe the
    /// title, or `openapi`.
    @Test func theDefaultNameIsTheFileNameOrForAPipeTheTitle() {
        #expect(OpenAPIImportRun.defaultName(source: "My API.v2.yaml", fromPipe: false, title: "T") == "My-API.v2")
        #expect(OpenAPIImportRun.defaultName(source: ".hidden.json", fromPipe: false, title: nil) == "hidden")
        #expect(
            OpenAPIImportRun.defaultName(source: "stdin", fromPipe: true, title: "\u{DC}n\u{EF}code API!")
                == "n-code-api")
        #expect(
            OpenAPIImportRun.defaultName(source: "63", fromPipe: true, title: "Swagger Petstore") == "swagger-petstore")
        #expect(OpenAPIImportRun.defaultName(source: "63", fromPipe: true, title: nil) == "openapi")
        #expect(OpenAPIImportRun.defaultName(source: "...", fromPipe: false, title: "!!") == "openapi")
        // A file named like a pipe is named after itself; a long title is cut.
        #expect(OpenAPIImportRun.defaultName(source: "2024.yaml", fromPipe: false, title: "T") == "2024")
        let long = OpenAPIImportRun.defaultName(
            source: "63", fromPipe: true, title: String(repeating: "word ", count: 80))
        #expect(long.utf8.count <= 100 && long.hasPrefix("word-word") && !long.hasSuffix("-"))
    }
}
