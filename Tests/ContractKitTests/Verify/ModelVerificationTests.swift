import ContractTestSupport
import Foundation
import SampleModels
import Testing

@testable import ContractKit

/// The sample suite verified through its models, with the recordings drifted the way backends drift.
@Suite struct SampleSuiteThroughModelsTests {
    func verify(_ suite: SampleSuiteCopy, _ filter: [String] = []) async throws -> VerificationReport {
        let specs = try SpecLoader().load(directory: suite.specs)
        let verifier = Verifier(
            suite: specs, options: .init(recordingsDirectory: suite.recordings), models: ModelRegistry(SampleModels.all)
        )
        return await verifier.verify(specs.endpoints(matching: filter))
    }

    @Test func theCommittedSuitePassesThroughEveryModel() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let report = try await verify(suite)
        #expect(!report.hasFailures)
        #expect(report.summary.breaking == 0 && report.summary.warning == 0 && report.summary.waived == 1)
        #expect(
            report.results.map { $0.notes.last ?? "" } == [
                "decoded through Account (keys: anyCase, dates: iso8601)",
                "decoded through APIErrorResponse (keys: anyCase, dates: iso8601)",
                "decoded through Bettor (keys: useDefaultKeys, dates: iso8601)",
                "decoded through [PlaceholderUser] (keys: useDefaultKeys, dates: iso8601)",
                "decoded through NoticeList (keys: convertFromSnakeCase, dates: flexible)",
                "decoded through ObjectsResponse (keys: useDefaultKeys, dates: iso8601)",
                "decoded through User (keys: useDefaultKeys, dates: iso8601)",
            ])
    }

    @Test func driftTheModelFailsOnIsBreakingAndNamesTheProperty() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("users/list-users") { body in
            body.update("u1.createdAt") { $0 = .number(JSONNumber(literal: "1763805600000")) }
            body.update("u42.role") { $0 = .string("owner") }
            body.update("u2.email") { $0 = .null }
        }
        let result = try await verify(suite, ["users/list-users"]).results[0]
        #expect(
            lines(result) == ["date-format-mismatch breaking $.u1.createdAt", "enum-unknown-value breaking $.u42.role"])
        #expect(
            result.findings[0].message.hasSuffix(
                "; the model fails: User.createdAt: Swift type Date, property is not Optional"))
        #expect(result.findings[0].hint?.contains("`dates: millisecondsSince1970`") == true)
        #expect(result.findings[1].message.contains("User.role: Swift type Role, property is not Optional"))
        #expect(result.findings[1].hint?.hasPrefix("if Role is an enum, add `case owner = \"owner\"`") == true)
    }

    @Test func driftTheModelCopesWithIsAWarning() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("accounts/get-account") { body in
            body.renameKey(at: "Data", "display_name", to: "DisplayName")
            body.update("Data.AccountId") { $0 = .number(JSONNumber(42)) }
            body.update("") { value in
                var object = value.objectValue!
                object["Error"] = nil
                value = .object(object)
            }
        }
        let result = try await verify(suite, ["accounts/get-account"]).results[0]
        #expect(
            lines(result) == [
                "type-mismatch breaking $.Data.AccountId", "key-case-changed warning $.Data.DisplayName",
                "missing-key warning $.Error",
            ])
        #expect(
            result.findings[0].message.hasSuffix(
                "the model fails: Account.accountId: Swift type UUID, property is not Optional"))
        #expect(
            result.findings[0].hint
                == "the backend now sends a number: declare `Account.accountId` as `Int`, or accept both forms in a custom `init(from:)`"
        )
        #expect(result.findings[2].message == "'Error' is missing; Account decodes the body anyway")
        #expect(
            result.findings[2].hint
                == "the app copes; write 'Error?' in the spec if the backend may leave it out, or ask the backend team")
    }

    @Test func aLossyListDropsWhatTheModelCannotDecode() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("notices/list-notices") { body in
            body.update("notices.0.created_at") { $0 = .number(JSONNumber(literal: "1763632800000")) }
            body.update("notices.1.severity") { $0 = .string("critical") }
            body.update("notices.2") { value in
                var object = value.objectValue!
                object["title"] = nil
                value = .object(object)
            }
        }
        let result = try await verify(suite, ["notices"]).results[0]
        #expect(
            lines(result) == [
                "date-format-mismatch warning $.notices[0].created_at",
                "enum-unknown-value warning $.notices[1].severity",
                "extra-key waived $.notices[1].pinned", "missing-key warning $.notices[2].title",
                "elements-dropped warning $.notices[1]",
            ])
        // The flexible date strategy reads epoch milliseconds: the spec is broken, the app copes.
        #expect(result.findings[0].message.hasSuffix("; NoticeList decodes the body anyway"))
        #expect(
            result.findings[1].message.hasSuffix(
                "; the lossy transform drops this element, so the app copes without it"))
        let dropped = result.findings[4]
        #expect(dropped.actual == "2 of 3 elements do not decode")
        #expect(
            dropped.message.hasPrefix(
                "the lossy transform drops 2 of 3 elements of $.notices that NoticeList cannot decode, and the app shows the other 1: "
            ))
        #expect(
            dropped.message.contains(
                "$.notices[2]: Notice.title (String, not Optional) is required, but the key is absent"))
        #expect(dropped.specLocation?.line == 25)
        #expect(!result.fails(at: .breaking))
    }

    @Test func aLossyListThatDropsEveryElementIsBreaking() async throws {
        // demo-api --drift id-type: every notice's id became a string, the app showed an empty list, and the run
        // passed with a warning ("... and the app shows the other 0").
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("notices/list-notices") { body in
            for index in 0..<3 { body.update("notices.\(index).id") { $0 = .string("\(index + 1)") } }
        }
        let result = try await verify(suite, ["notices"]).results[0]
        #expect(
            lines(result) == [
                "type-mismatch warning $.notices[0].id x3", "extra-key waived $.notices[1].pinned",
                "elements-dropped breaking $.notices[0]",
            ])
        let dropped = result.findings[2]
        #expect(dropped.actual == "none of 3 elements decodes")
        #expect(
            dropped.message.hasPrefix(
                "the lossy transform drops all 3 elements of $.notices: NoticeList decodes none of them, so the app shows an empty list: $.notices[0]: Notice.id is Int"
            ))
        #expect(result.fails(at: .breaking))
    }

    @Test func renamedMinifiedKeysAreTracedThroughRenameKeys() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("bets/my-bets") { body in
            body.renameKey(at: "", "fn", to: "first_name")
            body.update("b.1.i") { $0 = .string("9002") }
        }
        let result = try await verify(suite, ["bets"]).results[0]
        #expect(lines(result) == ["type-mismatch breaking $.b[1].i", "key-renamed breaking $.first_name"])
        #expect(
            result.findings[0].message.hasSuffix("the model fails: Bet.betId: Swift type Int, property is not Optional")
        )
        #expect(
            result.findings[1].message.hasSuffix(
                "the model fails: Bettor.firstName: Swift type String, property is not Optional"))
        #expect(
            result.findings[1].hint
                == "the key is now 'first_name': add `first_name: firstName` to the endpoint's renameKeys, or map it in CodingKeys (`case firstName = \"first_name\"` in Bettor)"
        )
    }

    @Test func aTransformThatNoLongerAppliesIsMergedIntoTheShapeFinding() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("users/list-users") { body in body = .array(body.objectValue!.entries.map(\.value)) }
        try suite.driftBody("accounts/get-account") { body in body.renameKey(at: "", "Data", to: "data") }
        let report = try await verify(suite, ["users/list-users", "accounts/get-account"])
        let account = report.results[0]
        let users = report.results[1]
        #expect(lines(users) == ["array-instead-of-object breaking $"])
        #expect(
            users.findings[0].message.hasSuffix(
                "; the app's keyedToArray transform fails on it (keyedToArray expected an object at $, found array with 3 elements)"
            ))
        #expect(
            users.notes.contains(
                "not decoded through ObjectsResponse: the keyedToArray transform failed; the other findings keep the spec's severity"
            ))
        // anyCase would read `data`, but `unwrap: Data` does not: breaking, with the transform's fix.
        #expect(lines(account) == ["key-case-changed breaking $.data"])
        #expect(
            account.findings[0].hint
                == "the envelope's key is now 'data': write `- unwrap: data`, or ask the backend team to keep 'Data'")
    }

    @Test func aNewEnvelopeAroundTheUnwrappedOneIsUnwrappedThroughBoth() async throws {
        // {"data": {"Data": …, "Error": …}}: the hint said "the envelope's key is now 'data': write `- unwrap: data`",
        // which leaves {Data, Error} for Account to decode.
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("accounts/get-account") { body in
            body = .object(JSONObject([.init(key: "data", value: body)]))
        }
        let account = try await verify(suite, ["accounts/get-account"]).results[0]
        #expect(lines(account) == ["unexpected-envelope breaking $"])
        #expect(
            account.findings[0].hint
                == "the body arrived wrapped in a new envelope under 'data': write `- unwrap: data.Data`, or ask the backend team to drop 'data'"
        )
    }

    @Test func aStringIdAcrossTheDirectoryIsOneFindingWithOccurrences() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("directory/list-users") { body in
            for index in 0..<3 { body.update("\(index).id") { $0 = .string("\(index + 1)") } }
        }
        let result = try await verify(suite, ["directory"]).results[0]
        #expect(lines(result) == ["type-mismatch breaking $[0].id x3"])
        #expect(result.findings[0].message.hasSuffix("PlaceholderUser.id: Swift type Int, property is not Optional"))
    }

    @Test func aKeyedDictionaryKeepsTheTransformFixAndGainsTheModelView() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("directory/list-users") { body in
            var keyed = JSONObject()
            for user in body.arrayValue! {
                var object = user.objectValue!
                let id = object["id"]!.numberValue!.literal
                object["id"] = nil
                keyed.entries.append(.init(key: id, value: .object(object)))
            }
            body = .object(keyed)
        }
        let result = try await verify(suite, ["directory"]).results[0]
        #expect(lines(result) == ["object-instead-of-array breaking $"])
        #expect(result.findings[0].message.hasSuffix("; the model fails: the body: Swift type [PlaceholderUser]"))
        #expect(result.findings[0].hint?.hasPrefix("add `- keyedToArray: { key: id }`") == true)
    }

    @Test func aKeyedDictionaryUnderALossyListKeepsTheKeyedToArrayFix() async throws {
        // The demo API's keyed-dictionary drift: the notices, ids kept, keyed by id. `lossy: notices` then fails on
        // the object, and its failure is merged into the shape finding, which must keep the fix that restores the array.
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("notices/list-notices") { body in
            var keyed = JSONObject()
            for notice in body.objectValue!["notices"]!.arrayValue! {
                keyed.entries.append(.init(key: notice.objectValue!["id"]!.numberValue!.literal, value: notice))
            }
            body.update("notices") { $0 = .object(keyed) }
        }
        let result = try await verify(suite, ["notices"]).results[0]
        #expect(
            lines(result) == [
                "object-instead-of-array breaking $.notices", "extra-key waived $.notices[\"2\"].pinned",
            ], "the notices' own ids are not extra keys")
        #expect(
            result.findings[0].message.hasSuffix(
                "; the app's lossy transform fails on it (lossy expected an array at $.notices, found object with keys '1', '2', '3')"
            ))
        #expect(
            result.findings[0].hint
                == "add `- keyedToArray: { key: key, at: notices }` to the endpoint's transforms to turn it into an array, each element getting its key as 'key' (not 'id': the entries already send 'id', and keyedToArray would overwrite it with the entry's key); put it before the lossy transform (\(suite.specs)/notices.yaml:25:9), which needs an array there"
        )
    }

    @Test func aKeyedDictionaryUnderAnEnvelopeIsOneFinding() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("users/list-users") { body in body = .object(JSONObject([.init(key: "data", value: body)]))
        }
        let result = try await verify(suite, ["users/list-users"]).results[0]
        #expect(lines(result) == ["unexpected-envelope breaking $"])
        #expect(
            result.findings[0].message
                == "the dictionary arrived wrapped in an object, under 'data'; the model fails: User.name: Swift type String, property is not Optional (and 2 more failures here)"
        )
        #expect(result.findings[0].hint?.hasPrefix("add `- unwrap: data` to the endpoint's transforms") == true)
    }

    @Test func withoutModelsTheReportSaysItIsShapeOnly() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let report = try await suite.verify(["users/get-user"])
        #expect(
            report.results[0].notes == [
                "shape only: model 'User' was not decoded (no models are registered in this build; register them with ContractCLI.main(models:))"
            ])
    }
}

/// Models of the tests' own specs.
enum ShopModels {
    struct Order: Decodable {
        var id: Int
        var customer: String
        var total: Double
        var placedAt: Date
        var status: Status
        var note: String?
    }

    enum Status: String, Decodable, CaseIterable {
        case open, paid
    }

    struct OrderList: Decodable {
        var orders: [Order]
    }

    struct KeyedOrder: Decodable {
        var orderId: Int
        var total: Double
    }

    struct KeyedOrders: Decodable {
        var objects: [KeyedOrder]
    }

    struct Customer: Decodable {
        var customerID: Int
        var displayName: String
    }
}

@Suite struct ModelVerificationTests {
    func verify(_ spec: String, _ body: String, models: [any Decodable.Type]) async throws -> EndpointResult {
        let suite = try OneEndpointSuite(spec: spec, bodies: ["orders": body])
        defer { suite.remove() }
        return try await suite.verify(models: models).results[0]
    }

    @Test func fiveIndependentModelFailuresAreFiveFindings() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /orders
                expect: { body: Any }
                model: OrderList
            """
        let body = #"""
            {"orders": [{"id": "1", "customer": "Ada", "total": 3, "placedAt": "2026-11-21T03:00:00Z", "status": "open"},
                        {"id": 2, "total": null, "placedAt": "yesterday", "status": "refunded"}]}
            """#
        let result = try await verify(spec, body, models: [ShopModels.OrderList.self])
        #expect(
            lines(result) == [
                "decode-failed breaking $.orders[0].id", "decode-failed breaking $.orders[1].customer",
                "decode-failed breaking $.orders[1].total",
                "decode-failed breaking $.orders[1].placedAt", "decode-failed breaking $.orders[1].status",
            ])
        #expect(
            result.findings.map(\.message) == [
                "Order.id is Int, but the value is string \"1\"",
                "Order.customer (String, not Optional) is required, but the key is absent",
                "Order.total is Double, not Optional, but the value is null",
                "Order.placedAt (Date) cannot be read from string \"yesterday\": Expected date string to be ISO8601-formatted.",
                "Order.status (Status) cannot be read from string \"refunded\": Cannot initialize Status from invalid String value refunded",
            ])
        #expect(result.findings[1].hint?.hasPrefix("make `Order.customer` Optional (`var customer: String?`)") == true)
        #expect(result.findings[1].hint?.contains("`- defaults: { \"orders[].customer\": … }`") == true)
        #expect(
            result.findings[2].hint
                == "declare `Order.total` as `Double?`, or replace null with `- defaults: { \"orders[].total\": … }` after the other transforms"
        )
        #expect(
            result.findings.allSatisfy {
                $0.specLocation == SourceLocation(file: result.specLocation.file, line: 5, column: 12)
            })
    }

    @Test func aKeyTheSpecCallsRequiredButTheModelReadsAsOptionalIsAWarning() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /orders
                expect:
                  body:
                    orders:
                      - id: Int
                        customer: String
                        total: Double
                        placedAt: Date
                        status: enum(open, paid)
                        note: String
                        $extraKeys: forbid
                model: OrderList
            """
        let body =
            #"{"orders": [{"id": 1, "customer": "Ada", "total": 3, "placedAt": "2026-11-21T03:00:00Z", "status": "open", "coupon": 5}]}"#
        let result = try await verify(spec, body, models: [ShopModels.OrderList.self])
        #expect(lines(result) == ["missing-key warning $.orders[0].note", "extra-key warning $.orders[0].coupon"])
        try #require(result.findings.count == 2)
        #expect(result.findings[0].message == "'note' is missing; OrderList decodes the body anyway")
        #expect(
            result.findings[1].hint
                == "the app ignores it; add `coupon: Int` to the object in the spec, or relax the object's extraKeys policy"
        )
    }

    @Test func aModelFailureTheSpecDoesNotExplainIsDecodeFailed() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /orders
                expect:
                  body:
                    orders:
                      - id: Int
                        total: Double
                model: OrderList
            """
        let body = #"{"orders": [{"id": 1, "total": 3}]}"#
        let result = try await verify(spec, body, models: [ShopModels.OrderList.self])
        #expect(
            lines(result) == [
                "decode-failed breaking $.orders[0].customer", "decode-failed breaking $.orders[0].placedAt",
                "decode-failed breaking $.orders[0].status",
            ])
        #expect(result.findings[0].expected == "String (Order.customer)")
        #expect(result.findings[0].actual == "absent")
    }

    @Test func aFailureInAKeyThatKeyedToArrayInsertedPointsAtTheEntry() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /orders.json
                expect: { body: "[String: Any]" }
                transforms:
                  - keyedToArray: { key: orderId, into: objects }
                model: KeyedOrders
            """
        let body = #"{"o1": {"total": 1}, "o2": {"total": "2"}}"#
        let result = try await verify(spec, body, models: [ShopModels.KeyedOrders.self])
        // The keys are strings, and `orderId` is Int: every entry fails the same way, one finding.
        #expect(lines(result) == ["decode-failed breaking $.o1 x2", "decode-failed breaking $.o2.total"])
        #expect(
            result.findings[0].message
                == "KeyedOrder.orderId is Int, but the value is string \"o1\" (the value is the key of $.o1, which keyedToArray puts in the element)"
        )
        // Not "the backend now sends a string": keyedToArray always writes keys as strings.
        #expect(
            result.findings[0].hint
                == "keyedToArray writes each entry's key into 'orderId' as a string, but `KeyedOrder.orderId` is Int: declare it `String`, or give keyedToArray a key the model does not read (the entries' own 'orderId' is then read as sent)"
        )
    }

    @Test func aFailureInAValueWrapAddedSaysItHasNoRawPlace() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /orders
                expect: { body: "[Any]" }
                transforms:
                  - wrap: items
                model: OrderList
            """
        let result = try await verify(spec, "[]", models: [ShopModels.OrderList.self])
        #expect(lines(result) == ["decode-failed breaking $"])
        #expect(
            result.findings[0].message
                == "OrderList.orders ([Order], not Optional) is required, but the key is absent (at $.orders after the transforms, a value wrap added, so it has no place in the raw body; $ is the nearest)"
        )
    }

    @Test func aPropertyAnyCaseCannotMatchSaysWhy() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /customer
                expect: { body: { customer_id: Int, display_name: String } }
                decoding: { keys: anyCase }
                model: Customer
            """
        let result = try await verify(
            spec, #"{"customer_id": 7, "display_name": "Ada"}"#, models: [ShopModels.Customer.self])
        #expect(lines(result) == ["decode-failed breaking $.customer_id"])
        #expect(
            result.findings[0].hint
                == "`keys: anyCase` reads every JSON key as lower camel case ('customerId'), so `Customer.customerID` is never matched: rename the property `customerId`, or map it in CodingKeys (`case customerID = \"customerId\"`)"
        )
    }

    @Test func anUnregisteredModelIsShapeOnlyWithAReason() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /orders
                expect: { body: Any }
                model: OrderLst
            """
        let result = try await verify(spec, "{}", models: [ShopModels.OrderList.self])
        #expect(result.notes == ["shape only: unknown model 'OrderLst'; did you mean 'OrderList'?"])
    }
}

@Suite struct DecodeHintsTests {
    func dateFailure(_ found: JSONValue) -> DecodeFailure {
        DecodeFailure(
            kind: .dataCorrupted, codingPath: path("at"), path: path("at"), expectedType: "Date", ownerType: "Stamp",
            property: "at",
            isOptional: false, found: found, detail: "")
    }

    @Test(arguments: [
        (
            JSONValue.number(JSONNumber(literal: "1763805600000")),
            "the value looks like epoch milliseconds: decode with `dates: millisecondsSince1970`, or `dates: flexible` (JSONDecoder.DateDecodingStrategy.flexible reads every common form)"
        ),
        (
            .string("Sat, 21 Nov 2026 03:00:00 GMT"),
            "the value looks like an RFC 2822 / HTTP date (\"Sat, 21 Nov 2026 03:00:00 GMT\"): decode with `dates: \"EEE, dd MMM yyyy HH:mm:ss zzz\"` (JSONDecoder.DateDecodingStrategy.flexible(formats: [\"EEE, dd MMM yyyy HH:mm:ss zzz\"]) reads it too)"
        ),
        (
            .string("22/11/2026"),
            "the value looks like a date with slashes (dd/MM/yyyy or MM/dd/yyyy): decode with `dates: \"dd/MM/yyyy\"` (JSONDecoder.DateDecodingStrategy.flexible(formats: [\"dd/MM/yyyy\"]) reads it too)"
        ),
        (
            .string("05/06/2026"),
            "the value looks like a date with slashes (dd/MM/yyyy or MM/dd/yyyy): decode with `dates: \"dd/MM/yyyy\"` (or \"MM/dd/yyyy\"; both read it, so ask the backend team which), or JSONDecoder.DateDecodingStrategy.flexible(formats: [\"dd/MM/yyyy\"])"
        ),
        (
            .string("2026-11-20 10:00:00"),
            "the value looks like an ISO 8601 date and time without a time zone: decode with `dates: \"yyyy-MM-dd HH:mm:ss\"`, or `dates: flexible` (JSONDecoder.DateDecodingStrategy.flexible reads every common form)"
        ),
        (
            .string("soon"),
            "the value looks like text that is not a recognised date: ask the backend team, or decode with a format that reads it (JSONDecoder.DateDecodingStrategy.flexible(formats: [...]))"
        ),
    ])
    func dateHintsOnlyProposeStrategiesThatReadTheValue(_ found: JSONValue, _ hint: String) {
        #expect(DecodeHints.hint(for: dateFailure(found), rawPath: path("at"), body: .null) == hint)
    }

    @Test(arguments: [
        ("UUID", "not-a-uuid", #"the value "not-a-uuid" is not a UUID"#),
        ("URL", "", #"the value "" is not a URL"#),
        ("Decimal", "1,5", #"the value "1,5" is not a decimal"#),
    ])
    func aFoundationTypeGetsItsOwnProblemNotEnumAdvice(_ type: String, _ text: String, _ start: String) {
        let failure = DecodeFailure(
            kind: .dataCorrupted, codingPath: path("id"), path: path("id"), expectedType: type, ownerType: "Thing",
            property: "id", isOptional: false, found: .string(text), detail: "")
        let hint = DecodeHints.hint(for: failure, rawPath: path("id"), body: .null)
        #expect(!hint.contains("enum"), "\(hint)")
        #expect(hint.hasPrefix(start.replacingOccurrences(of: "the value ", with: "")), "\(hint)")
        #expect(
            hint.hasSuffix("declare `Thing.id` as `String` and convert where it is used, or ask the backend team"),
            "\(hint)")
    }

    @Test func aTypeThatMayBeAnEnumKeepsTheEnumAdvice() {
        let failure = DecodeFailure(
            kind: .dataCorrupted, codingPath: path("s"), path: path("s"), expectedType: "State", ownerType: "Bet",
            property: "s", isOptional: false, found: .string("void"), detail: "")
        #expect(
            DecodeHints.hint(for: failure, rawPath: path("s"), body: .null).hasPrefix(
                "if State is an enum, add `case void"))
    }

    @Test func aKeyThatChangedItsSpellingGetsACodingKeysCase() {
        let failure = DecodeFailure(
            kind: .keyNotFound, codingPath: path("userId"), path: path("userId"), expectedType: "Int",
            ownerType: "User", property: "userId",
            isOptional: false, found: nil, detail: "")
        let body = TestSuites.json(#"{"userID": 1}"#)
        #expect(
            DecodeHints.hint(for: failure, rawPath: path("userId"), body: body)
                == "the key is now spelled 'userID': map it in CodingKeys (`case userId = \"userID\"`), or decode with `keys: anyCase` (JSONDecoder.KeyDecodingStrategy.anyCase)"
        )
    }
}
