import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Each mapping rule, on a document written to use them all.
@Suite struct OpenAPIMappingTests {
    static let document = """
        openapi: 3.1.0
        info: { title: Mapping, version: "2.1" }
        security:
          - bearerAuth: []
        paths:
          /v1/customers/{customer}:
            parameters:
              - { name: customer, in: path, required: true, schema: { type: string }, example: cus_123 }
            get:
              operationId: GetCustomersCustomer
              summary: Retrieve a customer
              parameters:
                - { name: expand, in: query, schema: { type: array, items: { type: string } } }
                - { name: api-version, in: query, required: true, schema: { type: string, default: "2024-01-01" } }
                - { name: X-Tenant, in: header, required: true, schema: { type: string, enum: [eu, us] } }
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema:
                        oneOf:
                          - $ref: '#/components/schemas/Customer'
                          - $ref: '#/components/schemas/DeletedCustomer'
                        discriminator: { propertyName: object }
                default:
                  $ref: '#/components/responses/Error'
            delete:
              deprecated: true
              security: [{ apiKey: [] }]
              responses:
                '204': { description: gone }
          /v1/files/{id}:
            get:
              operationId: download_file
              parameters:
                - { name: id, in: path, required: true, schema: { type: integer } }
              responses:
                '200':
                  description: the file
                  content:
                    application/pdf: {}
            trace:
              responses:
                '200': { description: echo }
          /v1/events:
            post:
              operationId: createEvent
              requestBody:
                required: true
                content:
                  application/json:
                    example: { kind: signup, at: 1700000000 }
              responses:
                '201':
                  description: created
                  content:
                    application/problem+json:
                      schema: { $ref: 'events.yaml#/Event' }
          /v1/broken:
            get:
              operationId: broken
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: { $ref: '#/components/schemas/Missing' }
        components:
          securitySchemes:
            bearerAuth: { type: http, scheme: bearer }
            apiKey: { type: apiKey, in: header, name: X-API-Key }
          responses:
            Error:
              description: error
              content:
                application/json:
                  schema: { $ref: '#/components/schemas/Error' }
          schemas:
            Customer:
              type: object
              required: [id, object, created, email, balance]
              properties:
                id: { type: string, pattern: '^cus_' }
                object: { type: string, enum: [customer] }
                created: { type: integer, format: unix-time }
                email: { type: [string, "null"], format: email }
                balance: { type: integer, format: int64 }
                birthday: { type: string, format: date }
                updated_at: { type: string, format: date-time }
                token: { type: string, format: uuid }
                website: { type: string, format: uri }
                score: { type: number }
                vip: { type: boolean }
                nickname: { type: string, nullable: true, deprecated: true }
                password: { type: string, writeOnly: true }
                internal_id: { type: string, readOnly: true }
                metadata: { type: object, additionalProperties: { type: string } }
                settings: { type: object }
                address:
                  type: object
                  additionalProperties: false
                  properties:
                    city: { type: string }
                default_source:
                  anyOf:
                    - { type: string, maxLength: 5000 }
                    - $ref: '#/components/schemas/Card'
                  nullable: true
                parent: { $ref: '#/components/schemas/Customer' }
                tags: { type: array, items: { type: string } }
                level: { type: integer, enum: [1, 2, 3] }
            DeletedCustomer:
              allOf:
                - $ref: '#/components/schemas/Base'
                - type: object
                  required: [deleted]
                  properties:
                    deleted: { type: boolean, const: true }
            Base:
              type: object
              required: [id]
              properties:
                id: { type: string }
            Card:
              type: object
              properties:
                last4: { type: string }
                brand: { oneOf: [{ type: string }, { type: 'null' }] }
            Error:
              type: object
              properties:
                message: { type: string }
            Node-Item:
              type: object
              properties:
                children: { type: array, items: { $ref: '#/components/schemas/Node-Item' } }
            String:
              type: string
        """

    static let events = """
        Event:
          type: object
          required: [kind]
          properties:
            kind: { type: string }
            at: { type: integer, format: unix-time }
            source: { $ref: 'common.yaml#/components/schemas/Source' }
        """

    static let common = """
        components:
          schemas:
            Source:
              type: object
              properties:
                name: { type: string }
        """

    static func imported(_ options: OpenAPIImporter.Options = .init()) throws -> ImportedSuite {
        try ImportedSuite(
            document: document, named: "mapping.yaml", others: [("events.yaml", events), ("common.yaml", common)],
            options: options)
    }

    @Test func writesTheGoldenSpec() throws {
        let imported = try Self.imported()
        if let mismatch = Golden.mismatch(imported.text, named: "OpenAPI/mapping.yaml") { Issue.record("\(mismatch)") }
    }

    @Test func problemsNameTheirPlaceAndTheRestIsImported() throws {
        let imported = try Self.imported()
        #expect(
            imported.result.problems.map { "\($0.pointer) \($0.skippedOperation)" } == [
                "#/paths/~1v1~1files~1{id}/trace true",
                "#/paths/~1v1~1broken/get/responses/200/content/application~1json/schema/$ref false",
            ])
        #expect(imported.result.skippedOperations == 1)
        #expect(
            imported.suite.endpoints.map(\.name) == [
                "get-customers-customer", "delete-v1-customers-customer", "download-file", "create-event", "broken",
            ])
    }

    @Test func shapesFollowTheSchemas() throws {
        let imported = try Self.imported()
        let customer = try #require(imported.suite.shapes["Customer"])
        guard case .object(let object) = customer.kind else {
            Issue.record("Customer is \(customer)")
            return
        }
        let fields = Dictionary(uniqueKeysWithValues: object.fields.map { ($0.name, $0) })
        let expected: [String: String] = [
            "id": "String(/^cus_/)", "object": "enum(customer)", "created": "Date(secondsSince1970)",
            "email": "String?",
            "balance": "Int", "birthday": "Date(\"yyyy-MM-dd\")", "updated_at": "Date(iso8601)", "token": "UUID",
            "website": "URL", "score": "Double", "vip": "Bool", "nickname": "String?", "password": "String",
            "internal_id": "String", "metadata": "[String: String]", "settings": "[String: Any]",
            "default_source": "(String | Card)?", "parent": "Customer", "tags": "[String]", "level": "Int(1, 2, 3)",
        ]
        for (name, shape) in expected { #expect(fields[name]?.shape.description == shape, "\(name)") }
        #expect(fields["email"]?.presence == .required)
        #expect(fields["balance"]?.mayBeAbsent == false)
        #expect(fields["birthday"]?.presence == .mayBeAbsent)
        #expect(fields["nickname"]?.presence == .implied)
        #expect(fields["password"]?.mayBeAbsent == true)
        guard case .object(let address)? = fields["address"]?.shape.kind else {
            Issue.record("address is \(String(describing: fields["address"]))")
            return
        }
        #expect(address.extraKeys == .forbid)
        #expect(object.extraKeys == nil)
        #expect(imported.suite.shapes["DeletedCustomer"]?.description == "{id, deleted}")
        #expect(imported.suite.shapes["Node_Item"] != nil)
        #expect(imported.suite.shapes["StringSchema"]?.description == "String")
        #expect(imported.suite.shapes["Event"]?.description == "{kind, at?, source?}")
        #expect(imported.suite.shapes["Source"] != nil)
        #expect(imported.endpoint("get-customers-customer")?.expect.body?.description == "Customer | DeletedCustomer")
    }

    @Test func endpointsCarryRequestsStatusesAndSecretsFromTheEnvironment() throws {
        let imported = try Self.imported(.init(basePath: "/api"))
        let get = try #require(imported.endpoint("get-customers-customer"))
        #expect(get.request.path == "/api/v1/customers/{customer}")
        #expect(get.request.params.map { "\($0.name)=\($0.value)" } == ["customer=cus_123"])
        #expect(get.request.query.map { "\($0.name)=\($0.value)" } == ["api-version=2024-01-01"])
        #expect(
            get.request.headers.map { "\($0.name)=\($0.value)" } == [
                "Authorization=Bearer ${BEARER_AUTH_TOKEN}", "X-Tenant=eu",
            ])
        #expect(get.expect.status.codes == [200])
        #expect(get.expect.contentType == "application/json")
        let delete = try #require(imported.endpoint("delete-v1-customers-customer"))
        #expect(delete.request.headers.map { "\($0.name)=\($0.value)" } == ["X-API-Key=${API_KEY}"])
        #expect(delete.expect.status.codes == [204])
        #expect(delete.expect.body == nil)
        let download = try #require(imported.endpoint("download-file"))
        #expect(download.expect.contentType == "application/pdf")
        #expect(download.expect.body == nil)
        let create = try #require(imported.endpoint("create-event"))
        #expect(create.request.body == TestSuites.json(#"{"kind": "signup", "at": 1700000000}"#))
        #expect(create.expect.contentType == "application/problem+json")
        #expect(create.expect.body?.description == "Event")
        #expect(imported.text.contains("# deprecated in the document"))
        #expect(imported.text.contains("nickname: String?  # deprecated"))
        #expect(imported.text.contains("# discriminator: object"))
    }

    @Test func filtersAndTagsChooseAndSplit() throws {
        let filtered = try Self.imported(.init(name: "billing", filters: ["get-customers-*", "/v1/events"]))
        #expect(filtered.suite.endpoints.map(\.id) == ["billing/get-customers-customer", "billing/create-event"])
        #expect(filtered.suite.shapes["Error"] == nil)
        #expect(filtered.suite.shapes["Card"] != nil)

        let tagged = try ImportedSuite(
            path: Fixtures.url("OpenAPI/petstore.yaml").path, options: .init(splitByTags: true))
        #expect(tagged.texts.map(\.name) == ["petstore", "petstore-pets"])
        #expect(
            tagged.suite.endpoints.map(\.id) == [
                "petstore-pets/list-pets", "petstore-pets/create-pets", "petstore-pets/show-pet-by-id",
            ])
    }

    @Test func tagsThatNameTheSameFileShareIt() throws {
        let document = """
            openapi: 3.0.3
            info: { title: Tags, version: "1" }
            paths:
              /pets:
                get:
                  operationId: listPets
                  tags: [Pets]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array } } } } }
              /pets/mine:
                get:
                  operationId: myPets
                  tags: [pets]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: array } } } } }
              /pet-store:
                get:
                  operationId: store
                  tags: [Pet Store]
                  responses: { "200": { description: ok, content: { application/json: { schema: { type: object } } } } }
            """
        let imported = try ImportedSuite(document: document, options: .init(splitByTags: true))
        #expect(imported.texts.map(\.name) == ["api-pets", "api-pet-store"], "\(imported.texts.map(\.name))")
        #expect(
            imported.suite.endpoints.map(\.id) == ["api-pets/list-pets", "api-pets/my-pets", "api-pet-store/store"])
        #expect(imported.texts[0].text.contains("Operations tagged 'Pets', 'pets'."), "\(imported.texts[0].text)")
    }

    @Test(arguments: [
        ("listPets", "list-pets"), ("GetCustomersCustomer", "get-customers-customer"), ("get_user", "get-user"),
        ("getHTTPStatus", "get-http-status"), ("get /pets/{petId}", "get-pets-pet-id"), ("v2Items", "v2-items"),
    ])
    func operationIdsBecomeKebabCaseNames(operationId: String, name: String) {
        #expect(OpenAPIImportRun.kebab(operationId) == name)
    }

    /// An endpoint name has at most 250 bytes (its recording's file name, with `.json`, at most 255): a longer
    /// operation id or path is cut to fit, and names cut alike are still told apart, so the spec written loads.
    @Test func longOperationIdsAndPathsGiveNamesThatFit() throws {
        let long = String(repeating: "segment", count: 40)
        let document = """
            openapi: 3.0.3
            info: { title: Long, version: "1" }
            paths:
              /a:
                get:
                  operationId: \(long)A
                  responses: { "200": { description: ok } }
              /b:
                get:
                  operationId: \(long)B
                  responses: { "200": { description: ok } }
              /\(long)/c:
                get:
                  responses: { "200": { description: ok } }
            """
        let imported = try ImportedSuite(document: document)
        let names = imported.suite.endpoints.map(\.name)
        #expect(names.map(\.utf8.count) == [250, 250, 250], "\(names)")
        #expect(names[0] == String(long.prefix(250)), "\(names)")
        #expect(names[1] == String(long.prefix(248)) + "-2", "\(names)")
        #expect(names[2] == "get-" + String(long.prefix(246)), "\(names)")
    }

    @Test func aSchemaThatListsItselfAmongItsMembersStillLoads() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: { title: Loops, version: "1" }
                paths: {}
                components:
                  schemas:
                    W: { anyOf: [{ $ref: '#/components/schemas/W' }, { type: string }, { type: integer }] }
                    V: { oneOf: [{ $ref: '#/components/schemas/V' }, { type: string }], nullable: true }
                    U: { $ref: '#/components/schemas/U' }
                    A: { anyOf: [{ $ref: '#/components/schemas/B' }, { type: string }] }
                    B: { anyOf: [{ $ref: '#/components/schemas/A' }, { type: integer }] }
                    T: { type: array, items: { $ref: '#/components/schemas/T' } }
                """)
        #expect(imported.suite.shapes["A"]?.description == "String")
        #expect(imported.suite.shapes["B"]?.description == "A | Int")
        #expect(imported.suite.shapes["T"]?.description == "[T]")
        #expect(imported.suite.shapes["W"]?.description == "String | Int")
        #expect(imported.suite.shapes["V"]?.description == "String?")
        #expect(imported.suite.shapes["U"]?.description == "Any")
        #expect(
            imported.result.problems.map(\.pointer) == [
                "#/components/schemas/W", "#/components/schemas/V", "#/components/schemas/U", "#/components/schemas/A",
            ])
    }

    @Test func whatIsNotOpenAPI3IsRefusedWithTheReason() throws {
        #expect {
            try ImportedSuite(document: "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n")
        } throws: { error in
            "\(error)".contains("Swagger 2.0")
        }
        #expect {
            try ImportedSuite(document: "title: not an API\n")
        } throws: { error in
            "\(error)".contains("#/openapi")
        }
    }

    /// The parsers keep a key given twice; the import reads the last, as a look-up by name does, says so, and writes a
    /// spec that loads (the spec loader refuses a field declared twice).
    @Test func aPropertyOrSchemaDeclaredTwiceIsReadAsTheLastAndReported() throws {
        let imported = try ImportedSuite(
            document: """
                {"openapi": "3.0.3", "info": {"title": "Twice", "version": "1"},
                 "paths": {"/a": {"get": {"responses": {"200": {"description": "ok", "content": {"application/json":
                   {"schema": {"$ref": "#/components/schemas/A"}}}}}}}},
                 "components": {"schemas": {
                   "A": {"type": "object", "required": ["dup"],
                         "properties": {"dup": {"type": "string"}, "other": {"type": "boolean"}, "dup": {"type": "integer"}}},
                   "B": {"type": "string"},
                   "B": {"type": "number"}}}}
                """, named: "api.json")
        #expect(Self.fields(of: imported.suite.shapes["A"]) == ["other?: Bool", "dup: Int"])
        #expect(imported.suite.shapes["B"]?.description == "Double")
        #expect(
            imported.result.problems.map { "\($0.pointer): \($0.message)" } == [
                "#/components/schemas/B: the schema 'B' is declared more than once in 'components/schemas'; the last declaration is used",
                "#/components/schemas/A/properties/dup: the property 'dup' is declared more than once in 'properties'; the last declaration is used",
            ])
    }

    @Test func requiredNamesThatYAMLReadsAsNumbersOrNullStillNameTheirProperties() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Names, version: '1'}
                paths: {}
                components:
                  schemas:
                    A:
                      type: object
                      required: [1, null, true, 2.5]
                      properties: {1: {type: string}, null: {type: string}, true: {type: string}, 2.5: {type: string}, x: {type: string}}
                """)
        #expect(
            Self.fields(of: imported.suite.shapes["A"])
                == ["1: String", "null: String", "true: String", "2.5: String", "x?: String"])
    }

    @Test func anEnumOfWholeNumbersHoweverWrittenIsCheckedAndAnUncheckedOneIsNotedEvenAtTheTop() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Numbers, version: '1'}
                paths:
                  /b:
                    get:
                      operationId: b
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema:
                                type: object
                                required: [a, b, c, e]
                                properties:
                                  a: {type: integer, enum: [1, 2, 1.0]}
                                  b: {type: number, enum: [1, 2, 1.0]}
                                  c: {type: integer, enum: [1, 2, 1e2]}
                                  e: {type: number, enum: [1, 2, 3.5]}
                  /c:
                    get:
                      responses:
                        '200':
                          description: ok
                          content:
                            application/json:
                              schema: {type: number, enum: [1.5, 2]}
                """)
        #expect(
            Self.fields(of: imported.endpoint("b")?.expect.body)
                == ["a: Int(1, 2)", "b: Int(1, 2)", "c: Int(1, 2, 100)", "e: Double"])
        #expect(imported.text.contains("        e: Double  # one of 1, 2, 3.5 (not checked)\n"), "\(imported.text)")
        #expect(imported.text.contains("      body: Double  # one of 1.5, 2 (not checked)\n"), "\(imported.text)")
    }

    @Test func aPercentEncodedRefLeadsToTheSchemaDeclaredThereAndNoCopy() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Refs, version: '1'}
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
                                required: [spaced, percent]
                                properties:
                                  spaced: {$ref: '#/components/schemas/A%20B'}
                                  percent: {$ref: '#/components/schemas/100%25'}
                components:
                  schemas:
                    A B: {type: object, properties: {n: {type: string}}}
                    100%: {type: object, properties: {m: {type: integer}}}
                """)
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        #expect(imported.suite.shapes.keys.sorted() == ["A_B", "_100_"])
        #expect(Self.fields(of: imported.endpoint("a")?.expect.body) == ["spaced: A_B", "percent: _100_"])
    }

    /// `name: Shape` for each field of an object shape, `name?` for one that may be absent.
    /// A parameter whose example is a list is sent as its style says, not as its name with a "no example" comment:
    /// a query list exploded (OpenAPI's default) repeats the name in the request line, as a spec's `query:` holds one
    /// value a name; others are joined (`,`, or ` ` and `|` for the delimited styles). An example a spec cannot send
    /// (an object) is named for what it is.
    @Test func parametersWhoseExampleIsAListAreSentAsTheirStyleSays() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Lists, version: '1'}
                paths:
                  /items/{ids}/{label}/{matrix}:
                    get:
                      operationId: items
                      parameters:
                        - {name: ids, in: path, required: true, schema: {type: array, items: {type: integer}}, example: [1, 2]}
                        - {name: label, in: path, required: true, style: label, explode: true, schema: {type: array}, example: [3, 4]}
                        - {name: matrix, in: path, required: true, style: matrix, schema: {type: array}, example: [5, 6]}
                        - {name: tag, in: query, required: true, schema: {type: array, items: {type: string}}, example: [red, "blue green"]}
                        - {name: sort, in: query, required: true, explode: false, schema: {type: array}, example: [name, date]}
                        - {name: pipe, in: query, required: true, style: pipeDelimited, explode: false, schema: {type: array, example: [a, b]}}
                        - {name: space, in: query, required: true, style: spaceDelimited, explode: true, schema: {type: array}, example: [p, q]}
                        - {name: X-Ids, in: header, required: true, schema: {type: array, items: {type: string}}, example: [x, y]}
                        - {name: obj, in: query, required: true, schema: {type: object}, example: {a: 1}}
                        - {name: none, in: query, required: true, schema: {type: array}, example: []}
                        # A credential among the items is a credential: the list is not copied.
                        - {name: X-Ref, in: header, required: true, schema: {type: array}, example: ["eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl", other]}
                        - {name: ref, in: query, required: true, schema: {type: array}, example: [x, "Bearer abc123def456"]}
                      responses:
                        '200': {description: ok, content: {application/json: {schema: {type: object}}}}
                """)
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        let endpoint = try #require(imported.endpoint("items"))
        let prepared = try RequestBuilder(
            baseURL: "http://127.0.0.1:9", environment: ["X_REF": "t", "REF": "r"]
        ).prepare(endpoint)
        #expect(
            prepared.url.absoluteString
                == "http://127.0.0.1:9/items/1,2/.3.4/;matrix=5,6?tag=red&tag=blue%20green&sort=name,date&pipe=a%7Cb"
                + "&space=p&space=q&obj=obj&none=none&ref=r")
        #expect(prepared.headers.contains(Recording.Header(name: "X-Ids", value: "x,y")))
        #expect(prepared.headers.contains(Recording.Header(name: "X-Ref", value: "t")))
        #expect(!imported.text.contains("no example"), "\(imported.text)")
        for (field, example) in [("obj", "an object"), ("none", "an empty list")] {
            #expect(
                imported.text.contains(
                    "# query.\(field): the document's example is \(example), which the import does not write out; set a real value"
                ), "\(imported.text)")
        }
        #expect(!imported.text.contains("eyJ") && !imported.text.contains("abc123def456"), "\(imported.text)")
    }

    /// A path parameter named like a variable (`{${Y}}`) imports into a spec that loads and is sent: the spec's
    /// placeholder is `${Y` (a name ends at the first `}`), which the document does not declare, so it gets a value
    /// to set. Its key and value were written as `$${Y`, which lint passed and `record` refused.
    @Test func aPathParameterNamedLikeAVariableImportsIntoASpecThatIsSent() throws {
        let imported = try ImportedSuite(
            document: """
                openapi: 3.0.3
                info: {title: Odd, version: '1'}
                paths:
                  /b/{${Y}}:
                    get:
                      operationId: b
                      parameters:
                        - {name: "${Y}", in: path, required: true, schema: {type: string}, example: w}
                      responses:
                        '204': {description: ok}
                """)
        let endpoint = try #require(imported.endpoint("b"))
        #expect(imported.text.contains("# params.${Y: not declared in the document; set a real value"))
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: [:]).prepare(endpoint)
        #expect(prepared.url.absoluteString == "http://127.0.0.1:9/b/$%7BY%7D")
    }

    static func fields(of shape: Shape?) -> [String] {
        guard case .object(let object)? = shape?.kind else { return [] }
        return object.fields.map { "\($0.name)\($0.mayBeAbsent ? "?" : ""): \($0.shape.description)" }
    }
}
