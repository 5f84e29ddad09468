import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Request body schemas are cut down, before mapping, to what the import reads of them.
@Suite struct OpenAPIRequestSchemasTests {
    static func document(reference: String) -> String {
        """
        openapi: 3.0.3
        info: {title: Forms, version: '1'}
        paths:
          /v1/customers:
            post:
              operationId: createCustomer
              requestBody:
                required: true
                content:
                  application/json:
                    schema:
                      type: object
                      example: {email: a@example.com}
                      properties:
                        email: {type: string, description: the customer's email}
                        address: {type: object, properties: {city: {type: string}}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '\(reference)'}
        components:
          schemas:
            Customer: {type: object, properties: {id: {type: string}}}
        """
    }

    @Test func aRequestBodySchemaKeepsItsExampleAndTheRestIsDropped() throws {
        var root = try YAMLJSONReader.read(Self.document(reference: "#/components/schemas/Customer"), path: "f.yaml")!
        OpenAPIRequestSchemas.prune(&root)
        let schema = JSONPointer.value(
            at: "/paths/~1v1~1customers/post/requestBody/content/application~1json/schema", in: root)
        #expect(schema == TestSuites.json(#"{"example": {"email": "a@example.com"}}"#))
        #expect(JSONPointer.value(at: "/components/schemas/Customer/properties/id", in: root) != nil)

        let imported = try ImportedSuite(document: Self.document(reference: "#/components/schemas/Customer"))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        #expect(imported.endpoint("create-customer")?.request.body == TestSuites.json(#"{"email": "a@example.com"}"#))
    }

    /// A `$ref` into a request body's schema: the document is kept whole, and the reference leads where it says.
    @Test func aDocumentThatRefersIntoARequestBodyIsKeptWhole() throws {
        let reference =
            "#/paths/~1v1~1customers/post/requestBody/content/application~1json/schema/properties/address"
        var root = try YAMLJSONReader.read(Self.document(reference: reference), path: "f.yaml")!
        let whole = root
        OpenAPIRequestSchemas.prune(&root)
        #expect(root == whole)

        let imported = try ImportedSuite(document: Self.document(reference: reference))
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        #expect(imported.endpoint("create-customer")?.expect.body?.description == "address")
        #expect(imported.suite.shapes["address"]?.description == "{city?}")
    }
}
