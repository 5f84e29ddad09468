import ContractTestSupport
import Testing

@testable import ContractKit

/// Checks a body against the body shape of a one-endpoint spec written in YAML.
func check(
    _ body: String, shapes: String = "", bodyShape: String, keys: KeyStrategy = .useDefaultKeys,
    dates: DateFormat = .iso8601, extraKeys: ExtraKeysPolicy = .allow
) throws -> [Finding] {
    let yaml = """
        \(shapes.isEmpty ? "" : "shapes:\n" + shapes.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        endpoints:
          e:
            request: GET /e
            expect:
              body: \(bodyShape)
        """
    let suite = try TestSuites.suite(("t.yaml", yaml))
    let checker = ShapeChecker(shapes: suite.shapes, options: .init(dates: dates, keys: keys, extraKeys: extraKeys))
    return checker.check(TestSuites.json(body), against: suite.endpoints[0].expect.body!)
}

/// `kind severity path` lines, for compact exact assertions.
func summary(_ findings: [Finding]) -> [String] {
    findings.map {
        "\($0.kind) \($0.severity) \($0.path?.description ?? "-")" + ($0.occurrences > 1 ? " x\($0.occurrences)" : "")
    }
}

let userShape = """
    User:
      id: Int
      first_name: String
      email: String?
      createdAt: Date
      role: enum(admin, tester)
    """

@Suite struct ShapeCheckerTests {
    /// Keys of 1 to 17 bytes, each against a field named the same but for its last byte or one byte longer, deep
    /// enough in the text that keys are compared a word at a time, and at its very end where they cannot be.
    @Test(arguments: [1, 7, 8, 9, 15, 16, 17])
    func keysMatchFieldNamesExactlyWhateverTheirLength(length: Int) throws {
        let name = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 + $0 % 26))) })
        let near = String(name.dropLast()) + "Z"
        let padding = String(repeating: " ", count: 40)
        for (key, fits) in [(name, true), (near, false), (name + "q", false)] {
            for body in [#"{"\#(key)": 1, "pad": "\#(padding)"}"#, #"{"pad": "\#(padding)", "\#(key)": 1}"#] {
                let findings = try check(body, bodyShape: "{ \(name): Int, pad: String }")
                #expect(findings.isEmpty == fits, "\(key) in \(body)")
            }
        }
    }

    /// A suite of many endpoints expecting `[User]` keeps `User`'s planned fields once, and each endpoint's findings
    /// still point at its own spec line.
    @Test func endpointsShareNamedObjectsButKeepTheirOwnLocations() throws {
        let suite = try TestSuites.suite(
            (
                "t.yaml",
                """
                shapes:
                  User: { id: Int }
                endpoints:
                  a: { request: GET /a, expect: { body: [User] } }
                  b: { request: GET /b, expect: { body: [User] } }
                """
            ))
        let checker = ShapeChecker(shapes: suite.shapes)
        let (a, b) = (suite.endpoints[0].expect.body!, suite.endpoints[1].expect.body!)
        let (planA, planB) = (checker.plan(for: a), checker.plan(for: b))
        #expect(planA !== planB)
        #expect(planA.objects.count == 1 && planA.objects[0] === planB.objects[0])
        for (shape, line) in [(a, 4), (b, 5)] {
            let notAnArray = checker.check(TestSuites.json(#"{"id": 1}"#), against: shape)
            #expect(notAnArray.map(\.specLocation?.line) == [line])
            let wrongID = checker.check(TestSuites.json(#"[{"id": "1"}]"#), against: shape)
            #expect(wrongID.map(\.specLocation) == [SourceLocation(file: "t.yaml", line: 2, column: 15)])
        }
    }

    /// Objects are shared only where they are the same object at the same place in their plans: `User` reached at
    /// another node, and inline objects alike but for their lines, each keep their own.
    @Test func objectsAreSharedOnlyWhereTheyAreTheSame() throws {
        let suite = try TestSuites.suite(
            (
                "t.yaml",
                """
                shapes:
                  User: { id: Int }
                endpoints:
                  a: { request: GET /a, expect: { body: [User] } }
                  b: { request: GET /b, expect: { body: { users: [User] } } }
                  c: { request: GET /c, expect: { body: { n: Int } } }
                  d: { request: GET /d, expect: { body: { n: Int } } }
                """
            ))
        let checker = ShapeChecker(shapes: suite.shapes)
        let plans = suite.endpoints.map { checker.plan(for: $0.expect.body!) }
        let user = { (plan: ShapePlan) in plan.objects.first { $0.fieldNames == ["id"] }! }
        #expect(user(plans[0]) !== user(plans[1]), "User's field is node 3 under b's envelope, 2 under a's array")
        #expect(plans[2].objects[0] !== plans[3].objects[0])
        let wrongID = checker.check(
            TestSuites.json(#"{"users": [{"id": "1"}]}"#), against: suite.endpoints[1].expect.body!)
        #expect(wrongID.map(\.specLocation?.line) == [2])
        for (endpoint, line) in [(2, 6), (3, 7)] {
            let wrongN = checker.check(TestSuites.json(#"{"n": "1"}"#), against: suite.endpoints[endpoint].expect.body!)
            #expect(wrongN.map(\.specLocation?.line) == [line])
        }
    }

    @Test func conformingBodyHasNoFindings() throws {
        let findings = try check(
            #"{"id": 1, "first_name": "Ada", "email": null, "createdAt": "2026-01-01T00:00:00Z", "role": "admin"}"#,
            shapes: userShape, bodyShape: "User")
        #expect(findings.isEmpty)
    }

    @Test func keyCaseChangeIsOneFindingNamingTheVariant() throws {
        let findings = try check(
            #"{"id": 1, "firstName": "Ada", "createdAt": "2026-01-01T00:00:00Z", "role": "admin"}"#,
            shapes: userShape, bodyShape: "User")
        #expect(summary(findings) == ["key-case-changed breaking $.firstName"])
        #expect(findings[0].expected == "'first_name'")
        #expect(findings[0].actual == "'firstName'")
        #expect(findings[0].hint?.contains("case firstName = \"firstName\"") == true)
        #expect(findings[0].specLocation == SourceLocation(file: "t.yaml", line: 4, column: 5))
    }

    @Test(arguments: [
        ("userID", "userId"), ("User-Id", "userId"), ("USER_ID", "userId"), ("user_id", "userId"), ("userId", "UserID"),
    ])
    func keyVariantsAreRecognised(sent: String, expected: String) throws {
        let findings = try check("{\"\(sent)\": 7}", bodyShape: "{ \(expected): Int }")
        #expect(summary(findings) == ["key-case-changed breaking $.\(sent)"])
    }

    @Test func keyVariantIsOnlyAWarningWhenTheAppDecodesAnyCase() throws {
        let findings = try check(#"{"UserId": 7}"#, bodyShape: "{ userId: Int }", keys: .anyCase)
        #expect(summary(findings) == ["key-case-changed warning $.UserId"])
        let snake = try check(#"{"user_id": 7}"#, bodyShape: "{ userId: Int }", keys: .convertFromSnakeCase)
        #expect(summary(snake) == ["key-case-changed warning $.user_id"])
    }

    @Test func driftInsideARenamedKeyIsStillReported() throws {
        let findings = try check(#"{"firstName": 5}"#, bodyShape: "{ first_name: String }")
        #expect(summary(findings) == ["key-case-changed breaking $.firstName", "type-mismatch breaking $.firstName"])
    }

    @Test func everyDriftIsReportedNotTheFirst() throws {
        let findings = try check(
            #"{"id": "1", "first_name": null, "createdAt": 1767225600000, "role": "owner", "nickname": "A"}"#,
            shapes: userShape, bodyShape: "User")
        #expect(
            summary(findings) == [
                "type-mismatch breaking $.id", "null-value breaking $.first_name",
                "date-format-mismatch breaking $.createdAt",
                "enum-unknown-value breaking $.role", "extra-key info $.nickname",
            ])
        #expect(findings[0].actual == "string \"1\"")
        #expect(findings[0].hint?.contains("now sends the number as a string") == true)
        #expect(findings[2].actual == "number 1767225600000 (looks like epoch milliseconds)")
        #expect(findings[2].hint?.contains("`dates: millisecondsSince1970`") == true)
        #expect(findings[3].hint?.contains("case owner = \"owner\"") == true)
    }

    @Test func keyedCollectionIsObjectInsteadOfArrayWithKeyedToArrayHint() throws {
        let shapes = "Item:\n  objectId: String\n  name: String"
        let findings = try check(
            #"{"a1": {"name": "x"}, "a2": {"name": "y"}, "a3": {"name": 3}}"#, shapes: shapes, bodyShape: "[Item]")
        #expect(summary(findings) == ["object-instead-of-array breaking $", "type-mismatch breaking $.a3.name"])
        #expect(findings[0].actual == "object with 3 entries keyed by id")
        #expect(findings[0].hint?.contains("keyedToArray: { key: objectId }") == true)
    }

    @Test func aKeyedCollectionWhoseEntriesKeepTheirIdGetsAKeyOfItsOwn() throws {
        // keyedToArray replaces an element's own value for its key: `key: id` would overwrite the ids with strings.
        let findings = try check(
            #"{"a1": {"id": 1, "name": "x"}, "a2": {"id": 2, "name": "y"}}"#, bodyShape: "[{ id: Int, name: String }]")
        #expect(
            summary(findings) == ["object-instead-of-array breaking $"], "the entries' own 'id' is not an extra key")
        #expect(
            findings[0].hint
                == "add `- keyedToArray: { key: key }` to the endpoint's transforms to turn it into an array, each element getting its key as 'key' (not 'id': the entries already send 'id', and keyedToArray would overwrite it with the entry's key)"
        )
    }

    @Test func theKeyOfItsOwnIsOneNoEntrySends() throws {
        let findings = try check(
            #"{"a1": {"id": 1, "key": "k"}, "a2": {"id": 2, "_key": "k"}}"#,
            bodyShape: "[{ id: Int, key: String?, _key: String? }]")
        #expect(summary(findings) == ["object-instead-of-array breaking $"])
        #expect(findings[0].hint?.hasPrefix("add `- keyedToArray: { key: _key2 }`") == true)
    }

    @Test func onlyAFieldEveryEntryLacksIsRelaxed() throws {
        // 'nickname' is absent from every entry but optional and not id-like: the keys do not fill it.
        let findings = try check(
            #"{"a1": {"name": "x"}, "a2": {"id": "a2"}}"#,
            bodyShape: "[{ id: String, name: String, nickname: String? }]")
        #expect(
            summary(findings) == [
                "object-instead-of-array breaking $", "missing-key breaking $.a1.id", "missing-key breaking $.a2.name",
            ])
        #expect(findings[0].hint?.hasPrefix("add `- keyedToArray: { key: key }`") == true)
        #expect(findings[0].hint?.contains("(not 'id': the entries already send 'id'") == true)
    }

    @Test func aKeyFieldThatIsNotAStringIsSaidToBecomeOne() throws {
        let findings = try check(#"{"1": {"name": "x"}}"#, bodyShape: "[{ id: Int, name: String }]")
        #expect(summary(findings) == ["object-instead-of-array breaking $"])
        #expect(
            findings[0].hint
                == "add `- keyedToArray: { key: id }` to the endpoint's transforms to turn it into an array, each element getting its key as 'id'; keyedToArray writes keys as strings, so 'id' must be a String in the spec and the model"
        )
    }

    @Test func aNestedKeyedCollectionIsNamedWithAt() throws {
        let item = "Item:\n  objectId: String\n  name: String"
        let nested = try check(
            #"{"data": {"users": {"u1": {"name": "x"}}}}"#, shapes: item, bodyShape: "{ data: { users: [Item] } }")
        #expect(summary(nested) == ["object-instead-of-array breaking $.data.users"])
        #expect(nested[0].hint?.hasPrefix("add `- keyedToArray: { key: objectId, at: data.users }`") == true)
        let inArray = try check(
            #"{"groups": [{"members": {"m1": {"name": "x"}}}]}"#, shapes: item,
            bodyShape: "{ groups: [{ members: [Item] }] }")
        #expect(summary(inArray) == ["object-instead-of-array breaking $.groups[0].members"])
        #expect(inArray[0].hint?.hasPrefix("add `- keyedToArray: { key: objectId, at: \"groups[].members\" }`") == true)
    }

    @Test func aKeyedCollectionInsideAnotherIsNamedAfterTheOuterOneIsAnArray() throws {
        let findings = try check(
            #"{"u1": {"friends": {"f1": {"name": "x"}}}}"#,
            bodyShape: "[{ objectId: String, friends: [{ friendId: String, name: String }] }]")
        #expect(
            summary(findings) == [
                "object-instead-of-array breaking $", "object-instead-of-array breaking $.u1.friends",
            ])
        #expect(findings[0].hint?.hasPrefix("add `- keyedToArray: { key: objectId }`") == true)
        #expect(findings[1].hint?.hasPrefix("add `- keyedToArray: { key: friendId, at: \"[].friends\" }`") == true)
    }

    @Test func aKeyedCollectionNoTransformPathCanNameSaysSo() throws {
        let shapes = "Item:\n  objectId: String\n  name: String\nGroup:\n  items: [Item]"
        let findings = try check(
            #"{"x": {"items": {"i1": {"name": "a"}}}}"#, shapes: shapes, bodyShape: "\"[String: Group]\"")
        #expect(summary(findings) == ["object-instead-of-array breaking $.x.items"])
        #expect(findings[0].hint?.hasPrefix("keyedToArray's `at:` cannot name this place") == true)
    }

    @Test(arguments: [
        (#"{"a1": {"id": 1, "name": "x"}, "a2": {"id": 2, "name": "y"}}"#, "[{ id: Int, name: String }]"),
        (#"{"a1": {"id": 1, "key": "k"}, "a2": {"id": 2, "_key": "k"}}"#, "[{ id: Int, key: String?, _key: String? }]"),
        (#"{"a1": {"name": "x"}, "a2": {"name": "y"}}"#, "[{ objectId: String, name: String }]"),
        (#"{"data": {"users": {"u1": {"name": "x"}}}}"#, "{ data: { users: [{ objectId: String, name: String }] } }"),
        (
            #"{"groups": [{"members": {"m1": {"name": "x"}}}, {"members": {}}]}"#,
            "{ groups: [{ members: [{ objectId: String, name: String }] }] }"
        ),
        (
            #"{"u1": {"friends": {"f1": {"name": "x"}}}}"#,
            "[{ objectId: String, friends: [{ friendId: String, name: String }] }]"
        ),
    ])
    func theProposedKeyedToArrayTurnsTheBodyIntoWhatTheSpecSays(_ body: String, _ shape: String) throws {
        let findings = try check(body, bodyShape: shape)
        // The hints' transforms, as written (YAML quoting included), in the order proposed.
        let transforms = findings.compactMap { $0.hint?.firstMatch(of: /`(- keyedToArray: \{[^`]*\})`/)?.1 }
        #expect(transforms.count == findings.count, "\(findings.map(\.hint))")
        let yaml = """
            endpoints:
              e:
                request: GET /e
                expect:
                  body: \(shape)
                transforms:
            \(transforms.map { "      " + $0 }.joined(separator: "\n"))
            """
        let endpoint = try TestSuites.suite(("t.yaml", yaml)).endpoints[0]
        var value = TestSuites.json(body)
        for transform in endpoint.transforms { value = try transform.makeTransform().apply(to: value) }
        let after = ShapeChecker().check(value, against: endpoint.expect.body!)
        #expect(after.allSatisfy { $0.kind == .extraKey && $0.severity == .info }, "\(summary(after))")
    }

    @Test func plainObjectInsteadOfArrayHasNoKeyedHint() throws {
        let findings = try check(#"{"count": 2}"#, bodyShape: "[Int]")
        #expect(summary(findings) == ["object-instead-of-array breaking $"])
        #expect(findings[0].hint?.contains("keyedToArray") == false)
    }

    @Test func arrayUnderAnEnvelopeProposesUnwrap() throws {
        let findings = try check(#"{"data": [1, 2, "x"], "total": 3}"#, bodyShape: "[Int]")
        #expect(summary(findings) == ["unexpected-envelope breaking $", "type-mismatch breaking $.data[2]"])
        #expect(findings[0].hint?.contains("- unwrap: data") == true)
    }

    @Test func dictionaryUnderAnEnvelopeProposesUnwrap() throws {
        let entry = "Entry:\n  name: String\n  score: Int"
        let findings = try check(
            #"{"data": {"a": {"name": "x", "score": 1}, "b": {"name": "y", "score": 2}}, "meta": {"page": 1}}"#,
            shapes: entry, bodyShape: "\"[String: Entry]\"")
        #expect(summary(findings) == ["unexpected-envelope breaking $"])
        #expect(findings[0].actual == "object with the dictionary under 'data'")
        #expect(findings[0].message == "the dictionary arrived wrapped in an object, under 'data' (beside 'meta')")
        #expect(
            findings[0].hint
                == "add `- unwrap: data` to the endpoint's transforms, or decode a wrapper struct with a 'data' property"
        )
        let alone = try check(
            #"{"data": {"a": {"name": "x", "score": 1}}}"#, shapes: entry, bodyShape: "\"[String: Entry]\"")
        #expect(summary(alone) == ["unexpected-envelope breaking $"])
    }

    @Test func aDictionaryWithAnOddEntryIsNoEnvelope() throws {
        let entry = "Entry:\n  name: String\n  score: Int"
        // One entry fits: the object is the dictionary, and the other entry drifted.
        let odd = try check(
            #"{"a": {"name": "x", "score": 1}, "b": {"c": {"name": "y", "score": 2}}}"#, shapes: entry,
            bodyShape: "\"[String: Entry]\"")
        #expect(!summary(odd).contains("unexpected-envelope breaking $"))
        #expect(summary(odd).allSatisfy { $0.contains("$.b") })
        // Two objects whose values fit: no single envelope.
        let two = try check(
            #"{"x": {"a": {"name": "x", "score": 1}}, "y": {"b": {"name": "y", "score": 2}}}"#, shapes: entry,
            bodyShape: "\"[String: Entry]\"")
        #expect(!summary(two).contains("unexpected-envelope breaking $"))
        // An empty object under the one key says nothing about the entries.
        let empty = try check(#"{"data": {}}"#, shapes: entry, bodyShape: "\"[String: Entry]\"")
        #expect(summary(empty) == ["missing-key breaking $.data.name", "missing-key breaking $.data.score"])
        // More than three keys is a dictionary.
        let wide = try check(
            #"{"data": {"a": {"name": "x", "score": 1}}, "p": 1, "q": 2, "r": 3}"#, shapes: entry,
            bodyShape: "\"[String: Entry]\"")
        #expect(!summary(wide).contains("unexpected-envelope breaking $"))
    }

    @Test func anEnvelopeInsideTheBodyIsNotForUnwrap() throws {
        // `unwrap` replaces the whole body: it cannot take away `data` under `items`.
        let array = try check(#"{"items": {"data": [1, 2]}}"#, bodyShape: "{ items: [Int] }")
        #expect(summary(array) == ["unexpected-envelope breaking $.items"])
        #expect(
            array[0].hint
                == "decode a wrapper struct with a 'data' property here (`unwrap` replaces the whole body, so it cannot take away an envelope inside it), or ask the backend team to drop 'data'"
        )
        let object = try check(
            #"{"user": {"data": {"id": 1, "name": "a"}}}"#, bodyShape: "{ user: { id: Int, name: String } }")
        #expect(summary(object) == ["unexpected-envelope breaking $.user"])
        #expect(object[0].hint?.hasPrefix("decode a wrapper struct with a 'data' property here") == true)
    }

    @Test func objectUnderAnEnvelopeProposesUnwrap() throws {
        let findings = try check(
            #"{"data": {"id": 1, "first_name": "Ada", "createdAt": "2026-01-01T00:00:00Z", "role": "admin"}, "meta": {}}"#,
            shapes: userShape, bodyShape: "User")
        #expect(summary(findings) == ["unexpected-envelope breaking $", "extra-key info $.meta"])
        #expect(findings[0].message == "the expected fields arrived one level down, under 'data'")
    }

    @Test func envelopeWhoseKeyIsASpellingOfAFieldIsStillAnEnvelope() throws {
        let findings = try check(
            #"{"data": {"Data": {"a": 1}, "Error": null}}"#, bodyShape: "{ Data: { a: Int }, Error!: Int? }",
            keys: .anyCase)
        #expect(summary(findings) == ["unexpected-envelope breaking $"])
        let respelt = try check(
            #"{"data": {"a": 1}, "Error": null}"#, bodyShape: "{ Data: { a: Int }, Error!: Int? }", keys: .anyCase)
        #expect(summary(respelt) == ["key-case-changed warning $.data"])
    }

    @Test func arrayInsteadOfObject() throws {
        let findings = try check(#"[{"a": 1}]"#, bodyShape: "{ a: Int }")
        #expect(summary(findings) == ["array-instead-of-object breaking $"])
        let dictionary = try check(#"[1, 2]"#, bodyShape: "\"[String: Int]\"")
        #expect(summary(dictionary) == ["array-instead-of-object breaking $"])
    }

    @Test func presenceRules() throws {
        let shape = "{ a: Int?, b?: Int, c!: Int?, d: Int }"
        #expect(try check(#"{"c": null, "d": 1}"#, bodyShape: shape).isEmpty)
        #expect(
            try summary(check(#"{"a": null, "b": null, "c": 1, "d": 1}"#, bodyShape: shape)) == [
                "null-value breaking $.b"
            ])
        #expect(try summary(check(#"{"d": 1}"#, bodyShape: shape)) == ["missing-key breaking $.c"])
    }

    @Test func renamedKeyIsALabelledHeuristic() throws {
        let findings = try check(
            #"{"created": "2026-01-01T00:00:00Z", "id": 1}"#, bodyShape: "{ id: Int, createdAt: Date }")
        #expect(summary(findings) == ["key-renamed breaking $.created"])
        #expect(findings[0].message.hasPrefix("heuristic: 'createdAt' is absent and 'created'"))
        let unrelated = try check(#"{"id": 1, "zzz": true, "qqq": false}"#, bodyShape: "{ id: Int, createdAt: Date }")
        #expect(
            summary(unrelated) == ["missing-key breaking $.createdAt", "extra-key info $.zzz", "extra-key info $.qqq"])
    }

    @Test func extraKeysPolicies() throws {
        #expect(
            try summary(check(#"{"a": 1, "b": 2}"#, bodyShape: "{ a: Int }", extraKeys: .forbid)) == [
                "extra-key breaking $.b"
            ])
        #expect(try check(#"{"a": 1, "b": 2}"#, bodyShape: "{ a: Int }", extraKeys: .ignore).isEmpty)
        #expect(
            try summary(check(#"{"a": 1, "b": 2}"#, bodyShape: "{ a: Int, $extraKeys: forbid }")) == [
                "extra-key breaking $.b"
            ])
    }

    @Test func repeatedDriftAcrossElementsIsGrouped() throws {
        let findings = try check(
            #"[{"id": "1"}, {"id": "2"}, {"id": 3}, {"id": "4"}]"#, bodyShape: "[{ id: Int }]")
        #expect(summary(findings) == ["type-mismatch breaking $[0].id x3"])
    }

    @Test func datesByStrategy() throws {
        let iso = "[\"2026-11-21T03:00:00Z\", \"2026-11-21T03:00:00.123+01:00\", \"2026-11-21 03:00:00Z\"]"
        #expect(try check(iso, bodyShape: "[Date]").isEmpty)
        #expect(try check("[1763694000]", bodyShape: "[Date]", dates: .secondsSince1970).isEmpty)
        #expect(try check("[1763694000000]", bodyShape: "[Date]", dates: .millisecondsSince1970).isEmpty)
        #expect(try check(#"["2026-11-21"]"#, bodyShape: #"[Date("yyyy-MM-dd")]"#).isEmpty)
        #expect(
            try check(#"["2026-11-21", 1763694000, "2026-11-21T03:00:00Z"]"#, bodyShape: "[Date]", dates: .flexible)
                .isEmpty)

        let sniffed = try check(
            #"["2026-11-21", 1763694000, "Sat, 21 Nov 2026 03:00:00 GMT", "21/11/2026", "soon"]"#, bodyShape: "[Date]")
        #expect(
            sniffed.map(\.actual) == [
                "string \"2026-11-21\" (looks like an ISO 8601 date without time (yyyy-MM-dd))",
                "number 1763694000 (looks like epoch seconds)",
                "string \"Sat, 21 Nov 2026 03:00:00 GMT\" (looks like an RFC 2822 / HTTP date (\"Sat, 21 Nov 2026 03:00:00 GMT\"))",
                "string \"21/11/2026\" (looks like a date with slashes (dd/MM/yyyy or MM/dd/yyyy))",
                "string \"soon\" (looks like text that is not a recognised date)",
            ])
        let seconds = try check("[1763694000]", bodyShape: "[Date]", dates: .millisecondsSince1970)
        #expect(seconds.first?.message == "element 0 is written as epoch seconds, not as millisecondsSince1970")
    }

    @Test func scalarsPatternsUrlsAndUuids() throws {
        let findings = try check(
            #"{"n": 1.5, "big": 12345678901234567890, "ok": 2.0, "code": "AB-1", "site": "", "uid": "nope", "flag": 1}"#,
            bodyShape:
                "{ n: Int, big: Int, ok: Int, code: \"String(/[A-Z]{2}-[0-9]{2}/)\", site: URL, uid: UUID, flag: Bool }"
        )
        #expect(
            summary(findings) == [
                "type-mismatch breaking $.n", "type-mismatch breaking $.big", "pattern-mismatch breaking $.code",
                "type-mismatch breaking $.site", "type-mismatch breaking $.uid", "type-mismatch breaking $.flag",
            ])
    }

    @Test func recursiveNamedShapes() throws {
        let shapes = "Node:\n  name: String\n  children: [Node]"
        let findings = try check(
            #"{"name": "a", "children": [{"name": "b", "children": [{"name": 1, "children": []}]}]}"#,
            shapes: shapes, bodyShape: "Node")
        #expect(summary(findings) == ["type-mismatch breaking $.children[0].children[0].name"])
    }
}

/// An object with very many keys the spec does not name is reported in bounded space.
@Suite struct ExtraKeysCapTests {
    @Test func keysPastTheCapAreOneFindingWithTheirCount() throws {
        let members = (0..<1_000).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
        let findings = try check(#"{"name": "a", \#(members)}"#, shapes: "U: { name: String }", bodyShape: "U")
        #expect(findings.count == ShapeWalk.extraKeysReportedEach + 1)
        #expect(
            findings.prefix(ShapeWalk.extraKeysReportedEach).allSatisfy {
                $0.kind == .extraKey && $0.path?.description.hasPrefix("$.k") == true
            })
        let last = try #require(findings.last)
        #expect(last.kind == .extraKey && last.severity == .info && last.path == .root)
        #expect(last.actual == "950 more keys not in the spec")

        let forbidden = try check(
            #"{"name": "a", \#(members)}"#, shapes: "U: { name: String }", bodyShape: "U", extraKeys: .forbid)
        #expect(forbidden.last?.severity == .breaking)
    }

    /// The cap holds at a place across objects too: elements that each bring a key of their own (a server's million
    /// elements made a million findings, 1.7 GB of reports) list the first 50 keys, then one finding counts the rest;
    /// a key met again is counted into its finding.
    @Test func keysOfTheirOwnInManyElementsAreCappedAtThePlace() throws {
        let elements = (0..<200).map { #"{"name": "a", "k\#($0)": 1, "shared": 2}"# }.joined(separator: ", ")
        let findings = try check("[\(elements)]", shapes: "U: { name: String }", bodyShape: "[U]")
        let each = ShapeWalk.extraKeysReportedEach
        #expect(findings.count == each + 1)
        #expect(findings.first.map { "\($0.path!) x\($0.occurrences)" } == "$[0].k0 x1")
        #expect(findings.contains { $0.path?.description == "$[0].shared" && $0.occurrences == 200 })
        let more = try #require(findings.last)
        #expect(more.actual == "1 more key not in the spec" && more.path?.description == "$[49]")
        #expect(more.occurrences == 200 - (each - 1))
    }

    /// An object with more keys than are left to list at its place counts every one it does not list: 30 listed by
    /// the first object, then one of 60 lists 20 and counts 40 (it said 10, and 30 keys were nowhere).
    @Test func keysNotListedAreCountedWhenThePlaceIsPartlyFull() throws {
        let first = (0..<30).map { #""a\#($0)": 1"# }.joined(separator: ", ")
        let second = (0..<60).map { #""b\#($0)": 1"# }.joined(separator: ", ")
        let findings = try check("[{\(first)}, {\(second)}]", shapes: "U: { name: String? }", bodyShape: "[U]")
        #expect(findings.count == 51)
        #expect(findings.last?.actual == "40 more keys not in the spec")
        #expect(
            findings.last?.message.hasPrefix("the object has 60 keys that are not in the spec; 20 are listed") == true)
    }

    /// The keys a union member lists that is not chosen are not counted against the one that is.
    @Test func aUnionMemberNotChosenLeavesTheCapAsItWas() throws {
        let optional = (0..<50).map { "k\($0)?: Int" }.joined(separator: ", ")
        let members = (0..<50).map { #""k\#($0)": 1"# }.joined(separator: ", ")
        let findings = try check(
            #"{"b": 1, \#(members), "z": 1}"#, shapes: "A: { a: Int }\nB: { b: Int, \(optional) }", bodyShape: "A | B")
        #expect(findings.map(\.path?.description) == ["$.z"], "\(findings.map(\.message))")
    }

    /// Merging a drift into its group as it is met gives what grouping all of them after gives: the same findings,
    /// counts and listed places, with a union and a small dictionary (whose check reads back what it added) among
    /// them.
    @Test func mergingRepeatsAsTheyComeGroupsAsGroupingAfter() throws {
        let yaml = """
            shapes:
              Code: { code: Int }
              Item: { id: Int, tags: "[String: Int]", kind: "Int | Code", at: Date? }
            endpoints:
              e:
                request: GET /e
                expect: { body: "[Item]" }
            """
        let suite = try TestSuites.suite(("t.yaml", yaml))
        let checker = ShapeChecker(shapes: suite.shapes, options: .init())
        let elements = (0..<1_500).map { index in
            let id = index % 3 == 0 ? #""\#(index)""# : "\(index)"
            let tags = index % 5 == 0 ? #"{"data": {"a": "x"}}"# : #"{"a": \#(index)}"#
            let kind = index % 7 == 0 ? #"{"code": "c"}"# : index % 2 == 0 ? "1" : #""one""#
            let at = index % 11 == 0 ? "12" : #""2026-01-01T00:00:00Z""#
            return #"{"id": \#(id), "tags": \#(tags), "kind": \#(kind), "at": \#(at), "x\#(index % 80)": 1}"#
        }
        let document = try JSONDocument(TestSuites.json("[\(elements.joined(separator: ", "))]"))
        let plan = checker.plan(for: suite.endpoints[0].expect.body!)
        let merged = ShapeFinding.grouped(checker.checkEach(document, following: plan, mergingRepeats: true))
        let after = ShapeFinding.grouped(checker.checkEach(document, following: plan, mergingRepeats: false))
        #expect(merged.count > 5)
        #expect(merged == after)
        // One group, two severities: a key repeated with the same value (info) or another (warning).
        let repeated = (0..<12).map { #"{"id": \#($0), "tags": {}, "kind": 1, "d": 1, "d": \#($0 % 2 + 1)}"# }
        let twice = try JSONDocument(TestSuites.json("[\(repeated.joined(separator: ", "))]"))
        #expect(
            ShapeFinding.grouped(checker.checkEach(twice, following: plan, mergingRepeats: true))
                == ShapeFinding.grouped(checker.checkEach(twice, following: plan, mergingRepeats: false)))
        #expect(merged.contains { $0.occurrences == 500 && $0.morePaths.count == 499 })
    }

    @Test func atTheCapEveryKeyIsNamed() throws {
        let members = (0..<ShapeWalk.extraKeysReportedEach).map { "\"k\($0)\": 1" }.joined(separator: ", ")
        let findings = try check("{\(members)}", shapes: "U: { name: String? }", bodyShape: "U")
        #expect(findings.count == ShapeWalk.extraKeysReportedEach)
        #expect(!findings.contains { $0.actual.contains("more keys") })
    }
}
