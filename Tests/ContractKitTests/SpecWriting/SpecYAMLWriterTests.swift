import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct SpecYAMLWriterTests {
    static let here = SourceLocation(file: "draft", line: 1, column: 1)

    static func shape(_ kind: Shape.Kind) -> Shape { Shape(kind, at: here) }
    static func field(_ name: String, _ kind: Shape.Kind, _ presence: Field.Presence = .implied) -> Field {
        Field(name: name, shape: shape(kind), presence: presence, location: here)
    }
    static func object(_ fields: [Field], extraKeys: ExtraKeysPolicy? = nil) -> Shape {
        shape(.object(ObjectShape(fields: fields, extraKeys: extraKeys)))
    }

    /// A document using every part of the format the writer knows.
    static var sample: SpecDocument {
        let address = object([field("street", .string), field("city", .string, .mayBeAbsent)])
        let customer = object([
            field("id", .pattern("^cus_[A-Za-z0-9]+$")),
            field("email", .optional(shape(.string))),
            field("nickname", .string, .mayBeAbsent),
            field("deleted", .optional(shape(.bool)), .required),
            field("created", .date(.secondsSince1970)),
            field("birthday", .date(.formatted("yyyy-MM-dd")), .mayBeAbsent),
            field("status", .enumeration(["active", "on hold, pending", "yes", "1"])),
            field("address", .optional(address)),
            field("shipping", address.kind),
            field("tags", .array(object([field("name", .string)]))),
            field("metadata", .dictionary(object([field("value", .string)]))),
            field("grid", .array(shape(.array(object([field("x", .int)]))))),
            field("homepage", .url, .mayBeAbsent),
            field("token", .uuid),
            field("anything", .any),
            field("empty", .object(ObjectShape(fields: []))),
            field("closed", .object(ObjectShape(fields: [field("a", .int)], extraKeys: .forbid))),
            field("source", .union([shape(.string), shape(.named("Customers")), shape(.array(shape(.int)))])),
            field("card", .optional(shape(.union([shape(.string), object([field("last4", .string)])])))),
        ])
        return SpecDocument(
            comment: ["Imported from billing.yaml (Billing API 1.2.0).", "", "Edit freely: re-import to update."],
            shapes: [
                NamedShape(
                    name: "Customer", shape: customer, comment: ["A customer of the shop."],
                    fieldComments: ["nickname": "deprecated", "address.city": "may be left out abroad"]),
                NamedShape(name: "Customers", shape: shape(.array(shape(.named("Customer"))))),
            ],
            defaults: SpecDefaults(
                keys: .useDefaultKeys, dates: .iso8601, headers: [SpecEntry("Authorization", "Bearer ${API_TOKEN}")],
                contentType: "application/json"),
            endpoints: [
                EndpointDraft(
                    name: "list-customers", comment: ["GET /v1/customers"],
                    description: "List customers: newest first.",
                    path: "/v1/customers", query: [SpecEntry("limit", "10"), SpecEntry("starting_after", "cus_1")],
                    status: ["200"], contentType: "application/json",
                    expectedBody: object([
                        field("data", .named("Customers")), field("has_more", .bool),
                        field("next", .optional(object([field("cursor", .string)]))),
                    ])),
                EndpointDraft(
                    name: "create-customer", method: "POST", path: "/v1/customers/{id}",
                    params: [SpecEntry("id", "42")],
                    headers: [SpecEntry("Idempotency-Key", "${IDEMPOTENCY_KEY}"), SpecEntry("X-Note", "a: b # c")],
                    body: .object(
                        JSONObject([
                            .init(key: "name", value: .string("Ada")),
                            .init(key: "age", value: .number(JSONNumber(literal: "36"))),
                            .init(key: "code", value: .string("007")),
                            .init(key: "tags", value: .array([.string("a"), .null])),
                            .init(key: "extra", value: .object(JSONObject())),
                        ])),
                    status: ["201", "2xx"], expectedBody: shape(.named("Customer")), extraKeys: .forbid,
                    model: "Customer",
                    keys: .anyCase, dates: .formatted("yyyy-MM-dd HH:mm:ss")),
            ])
    }

    @Test func rendersTheSampleAsTheGoldenFile() {
        let text = SpecYAMLWriter().render(Self.sample)
        if let mismatch = Golden.mismatch(text, named: "SpecWriting/sample.yaml") { Issue.record("\(mismatch)") }
    }

    /// A comment's text comes from file names and documents: a right-to-left override or a zero-width space in it
    /// would make the spec read otherwise than it is, and a line break would end the comment.
    @Test func commentsShowWhatAReaderCannotSee() {
        let document = SpecDocument(
            comment: ["inferred from users\u{202E}nosj.har"],
            shapes: [
                NamedShape(
                    name: "User", shape: Self.shape(.object(ObjectShape(fields: [Self.field("id", .int)]))),
                    fieldComments: ["id": "the\u{200B}id\nnext"])
            ],
            endpoints: [EndpointDraft(name: "get", comment: ["GET /users\u{2028}now"], path: "/users", status: ["200"])]
        )
        let text = SpecYAMLWriter().render(document)
        #expect(text.contains("# inferred from users\\u{202E}nosj.har\n"), "\(text)")
        #expect(text.contains("# the\\u{200B}id next\n"), "\(text)")
        #expect(text.contains("# GET /users now\n"), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .format }, "\(text)")
    }

    @Test func theSameDocumentGivesTheSameBytes() {
        #expect(SpecYAMLWriter().render(Self.sample) == SpecYAMLWriter().render(Self.sample))
    }

    @Test func theSpecLoaderReadsBackTheSameShapes() throws {
        let document = Self.sample
        let text = SpecYAMLWriter().render(document)
        let suite = try SpecLoader().load(sources: [(path: "Specs/billing.yaml", text: text)])
        let named = InlineObjectNaming.naming(document)
        #expect(Set(suite.shapes.keys) == Set(named.shapes.map(\.name)))
        for shape in named.shapes {
            #expect(
                suite.shapes[shape.name].map(ShapeComparison.located) == ShapeComparison.located(shape.shape),
                "\(shape.name)")
        }
        #expect(suite.endpoints.map(\.name) == ["list-customers", "create-customer"])
        for (endpoint, draft) in zip(suite.endpoints, named.endpoints) {
            #expect(
                endpoint.expect.body.map(ShapeComparison.located) == draft.expectedBody.map(ShapeComparison.located))
            #expect(endpoint.request.method == draft.method)
            #expect(endpoint.request.path == draft.path)
            #expect(
                endpoint.request.query.map { "\($0.name)=\($0.value)" } == draft.query.map { "\($0.name)=\($0.value)" })
        }
        let create = suite.endpoints[1]
        #expect(
            create.request.headers.map { "\($0.name)=\($0.value)" } == [
                "Authorization=Bearer ${API_TOKEN}", "Idempotency-Key=${IDEMPOTENCY_KEY}", "X-Note=a: b # c",
            ])
        #expect(create.request.body == Self.sample.endpoints[1].body)
        #expect(create.expect.status.codes == [201])
        #expect(create.expect.status.classes == [2])
        #expect(create.expect.extraKeys == .forbid)
        #expect(create.decoding.keys == .anyCase)
        #expect(create.decoding.dates == .formatted("yyyy-MM-dd HH:mm:ss"))
        #expect(create.model == "Customer")
    }

    @Test(arguments: [
        "plain", "yes", "No", "null", "~", "123", "-1.5e3", "0x1F", "12:30", " padded", "trailing ", "a: b", "a #b",
        "#hash", "- dash", "[x]", "{x}", "it's", "say \"hi\"", "tab\there", "line\nbreak", "ends:", "", "ünïcödé",
        "*star", "&anchor", "!tag", "%", "@at", "`tick`", "a,b", "?", "<<",
    ])
    func textReadsBackAsTheSameString(text: String) throws {
        let document = SpecDocument(
            shapes: [NamedShape(name: "Thing", shape: Self.object([Self.field(text.isEmpty ? "x" : text, .string)]))],
            endpoints: [
                EndpointDraft(
                    name: "get", path: "/things", query: [SpecEntry("q", text)], status: ["200"],
                    expectedBody: Self.shape(
                        .enumeration([text.isEmpty ? "x" : text.replacingOccurrences(of: "\n", with: " ")])))
            ])
        let rendered = SpecYAMLWriter().render(document)
        let suite = try SpecLoader().load(sources: [(path: "Specs/things.yaml", text: rendered)])
        guard case .object(let object)? = suite.shapes["Thing"]?.kind else {
            Issue.record("Thing is not an object in:\n\(rendered)")
            return
        }
        #expect(object.fields.map(\.name) == [text.isEmpty ? "x" : text], "\(rendered)")
        #expect(suite.endpoints.first?.request.query.first?.value.description == text, "\(rendered)")
        #expect(
            suite.endpoints.first?.expect.body.map(ShapeComparison.located)
                == document.endpoints[0].expectedBody.map(ShapeComparison.located), "\(rendered)")
    }

    /// Keys that end in `?` or `!` themselves (a JSON key literally named `name?`), and a key named `$extraKeys`, get
    /// an explicit mark after them, so the spec grammar reads the key whole, with the presence it had.
    @Test func keysEndingInAMarkReadBackWholeWithTheirPresence() throws {
        let fields = [
            Self.field("name?", .string), Self.field("nick?", .optional(Self.shape(.string))),
            Self.field("done!", .bool), Self.field("note!", .optional(Self.shape(.string))),
            Self.field("?", .int), Self.field("!!", .string), Self.field("seen?", .string, .mayBeAbsent),
            Self.field("gone!", .optional(Self.shape(.string)), .required), Self.field("plain", .string),
            // Not the object's policy, though it is spelled as it: a key of a JSON object.
            Self.field("$extraKeys", .int),
            // The empty key, absent in some objects: written `"?"`, which read back as the key `?` until a mark alone
            // was taken as one.
            Self.field("", .int, .mayBeAbsent),
        ]
        let document = SpecDocument(
            shapes: [NamedShape(name: "Thing", shape: Self.object(fields))],
            endpoints: [
                EndpointDraft(name: "get", path: "/things", status: ["200"], expectedBody: Self.shape(.named("Thing")))
            ])
        let rendered = SpecYAMLWriter().render(document)
        #expect(rendered.contains("    name?!: String\n"), "\(rendered)")
        #expect(rendered.contains("    nick??: String?\n"), "\(rendered)")
        #expect(rendered.contains("    plain: String\n"), "\(rendered)")
        #expect(rendered.contains("    $extraKeys!: Int\n"), "\(rendered)")
        let suite = try SpecLoader().load(sources: [(path: "Specs/things.yaml", text: rendered)])
        guard case .object(let object)? = suite.shapes["Thing"]?.kind else {
            Issue.record("Thing is not an object in:\n\(rendered)")
            return
        }
        #expect(object.fields.map(\.name) == fields.map(\.name), "\(rendered)")
        for (read, written) in zip(object.fields, fields) {
            #expect(read.mayBeAbsent == written.mayBeAbsent, "\(written.name) in\n\(rendered)")
            #expect(read.mayBeNull == written.mayBeNull, "\(written.name) in\n\(rendered)")
            #expect(ShapeComparison.located(read.shape) == ShapeComparison.located(written.shape), "\(written.name)")
        }
        // Rendered again from what was read, the same bytes.
        let reread = SpecDocument(
            shapes: [NamedShape(name: "Thing", shape: Self.object(object.fields))], endpoints: document.endpoints)
        #expect(SpecYAMLWriter().render(reread) == rendered)
    }
}

/// Shapes compared without where they are written.
enum ShapeComparison {
    static let nowhere = SourceLocation(file: "", line: 1, column: 1)

    static func located(_ shape: Shape) -> Shape {
        var shape = shape
        shape.location = nowhere
        switch shape.kind {
        case .optional(let inner): shape.kind = .optional(located(inner))
        case .array(let inner): shape.kind = .array(located(inner))
        case .dictionary(let inner): shape.kind = .dictionary(located(inner))
        case .union(let members): shape.kind = .union(members.map(located))
        case .object(var object):
            for index in object.fields.indices {
                object.fields[index].location = nowhere
                object.fields[index].shape = located(object.fields[index].shape)
            }
            shape.kind = .object(object)
        default: break
        }
        return shape
    }
}
