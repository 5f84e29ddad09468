import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// `$ref`s are read only inside the folder holding the document: `..` and symbolic links out of it are refused.
@Suite struct OpenAPIRefFolderTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Refs, version: '1'}
        paths:
          /z:
            get:
              operationId: z
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '../../creds.yaml#/users/0/user'}
          /y:
            get:
              operationId: y
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: 'link/creds.yaml#/users/0/user'}
          /x:
            get:
              operationId: x
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: 'schemas/ok.yaml#/Ok'}
        """

    @Test func refsOutsideTheDocumentsFolderAreRefusedWithTheirPointer() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/deep/api/schemas", withIntermediateDirectories: true)
        try "users:\n  - user: {type: string, enum: [tok_SECRET_ENUM_2]}\n"
            .write(toFile: folder + "/creds.yaml", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(atPath: folder + "/deep/api/link", withDestinationPath: folder)
        try "Ok: {type: object, properties: {id: {type: integer}}}\n"
            .write(toFile: folder + "/deep/api/schemas/ok.yaml", atomically: true, encoding: .utf8)
        try Self.document.write(toFile: folder + "/deep/api/doc.yaml", atomically: true, encoding: .utf8)

        let imported = try ImportedSuite(path: folder + "/deep/api/doc.yaml")
        #expect(!imported.text.contains("tok_SECRET_ENUM_2"))
        let refused = imported.result.problems.filter { $0.message.contains("outside the document's folder") }
        #expect(
            refused.map(\.pointer) == [
                "#/paths/~1z/get/responses/200/content/application~1json/schema/$ref",
                "#/paths/~1y/get/responses/200/content/application~1json/schema/$ref",
            ])
        #expect(refused.allSatisfy { $0.hint?.contains("copy the file into the document's folder") == true })
        // A $ref into a folder under the document's is read as before.
        #expect(imported.text.contains("Ok"))
        #expect(imported.endpoint("x") != nil && imported.endpoint("z") != nil)
    }

    @Test(arguments: ["https://example.com/common.yaml", "http://127.0.0.1:9/common.yaml"])
    func aRemoteRefIsNamedAsOneAndNotFetched(_ url: String) throws {
        // It was "cannot be read" at the URL joined to the document's folder ("/tmp/x/https:/example.com/...").
        let document = Self.document.replacingOccurrences(of: "schemas/ok.yaml", with: url)
        let imported = try ImportedSuite(document: document)
        let problem = imported.result.problems.first { $0.pointer.hasPrefix("#/paths/~1x/") }
        #expect(
            problem?.message
                == "the $ref '\(url)#/Ok' leads to a file that cannot be read: '\(url)' is a remote document; remote "
                + "$refs are not fetched")
        #expect(problem?.hint?.hasPrefix("download it beside the document (curl -o)") == true)
        #expect(imported.endpoint("x") != nil)
    }

    @Test func aFileURLRefIsReadAsItsPathAndHeldToTheFolder() throws {
        // A `file:` URL is not remote: it was told to be downloaded.
        let document = Self.document.replacingOccurrences(of: "schemas/ok.yaml", with: "file:///etc/hostname")
        let imported = try ImportedSuite(document: document)
        let problem = imported.result.problems.first { $0.pointer.hasPrefix("#/paths/~1x/") }
        #expect(
            problem?.message.hasPrefix("the $ref 'file:///etc/hostname#/Ok' leads outside the document's folder")
                == true)
    }
}
