import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct SpecLoaderTests {
    func errors(_ yaml: String, path: String = "Specs/x.yaml") -> [String] {
        do {
            _ = try TestSuites.suite((path, yaml))
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func firstLines(_ yaml: String) -> [String] {
        errors(yaml).map { String($0.split(separator: "\n")[0]) }
    }

    /// `infer` writes a shape with a key per member of the body it saw; one of 100,000 keys loads (looked up by
    /// name, not searched for each key: 25 minutes), and a field declared twice at the end (`k5?` after `k5`) is
    /// still found.
    @Test(.timeLimit(.minutes(1))) func aShapeOfManyKeysLoadsAndAKeyDeclaredTwiceIsFound() throws {
        let keys = (0..<100_000).map { "    k\($0): Int\n" }.joined()
        let suite = try TestSuites.suite(("Specs/wide.yaml", "shapes:\n  Wide:\n" + keys))
        guard case .object(let object) = suite.shapes["Wide"]?.kind else {
            Issue.record("Wide is not an object shape")
            return
        }
        #expect(object.fields.count == 100_000)
        #expect(object.fields.last?.name == "k99999")
        #expect(
            firstLines("shapes:\n  Wide:\n" + keys + "    k5?: String\n") == [
                "Specs/x.yaml:100003:5: error: field 'k5' is declared twice in shape 'Wide'"
            ])
    }

    @Test func loadsTheWholeFormat() throws {
        let suite = try TestSuites.suite(
            (
                "Specs/users.yaml",
                """
                shapes:
                  User:
                    name: String
                    email: String?
                defaults:
                  decoding: { keys: anyCase, dates: flexible }
                  headers: { Authorization: "Bearer ${TOKEN}", Accept: application/json }
                  extraKeys: forbid
                endpoints:
                  list-users:
                    request: GET /users.json
                    query: { limit: 10 }
                    headers: { accept: "*/*" }
                    expect:
                      status: [200, 2xx]
                      contentType: application/json
                      body: [String: User]
                    transforms:
                      - keyedToArray: { key: objectId, into: objects }
                      - renameKeys: { fn: firstName, "b[].i": betId }
                      - lossy: objects
                      - defaults: { "objects[].email": null }
                    model: ObjectsResponse
                    waivers:
                      - { kind: extra-key, path: "$.*.nick", until: 2030-01-31, reason: "APP-1" }
                  create-user:
                    request: POST /users/{id}
                    params: { id: u42 }
                    body: { name: Ada, age: 36, admin: true, note: "36" }
                    decoding: { dates: millisecondsSince1970 }
                    expect: { status: 201, body: User, extraKeys: allow }
                """
            ))
        #expect(suite.endpoints.map(\.id) == ["users/list-users", "users/create-user"])
        let list = suite.endpoints[0]
        #expect(list.request.method == "GET")
        #expect(list.request.headers.map(\.name) == ["Authorization", "accept"])
        #expect(list.request.headers[0].value.variables == ["TOKEN"])
        #expect(list.request.query.map { "\($0.name)=\($0.value)" } == ["limit=10"])
        #expect(list.expect.status.codes == [200] && list.expect.status.classes == [2])
        #expect(list.expect.body?.description == "[String: User]")
        #expect(list.expect.extraKeys == .forbid)
        #expect(list.decoding == DecodingOptions(keys: .anyCase, dates: .flexible))
        #expect(list.transforms.map(\.name) == ["keyedToArray", "renameKeys", "lossy", "defaults"])
        #expect(list.model == "ObjectsResponse")
        #expect(list.waivers.map(\.until) == ["2030-01-31"])
        #expect(list.location == SourceLocation(file: "Specs/users.yaml", line: 10, column: 3))

        let create = suite.endpoints[1]
        #expect(create.request.method == "POST")
        #expect(create.request.body == TestSuites.json(#"{"name": "Ada", "age": 36, "admin": true, "note": "36"}"#))
        #expect(create.decoding == DecodingOptions(keys: .anyCase, dates: .millisecondsSince1970))
        #expect(create.expect.status.codes == [201])
        #expect(create.expect.extraKeys == .allow)
    }

    @Test func unquotedFlowFormsMeanTheSameAsQuoted() throws {
        let suite = try TestSuites.suite(
            (
                "a.yaml",
                """
                shapes: { U: { n: Int } }
                endpoints:
                  a: { request: GET /a, expect: { body: [U] } }
                  b: { request: GET /b, expect: { body: "[U]" } }
                  c: { request: GET /c, expect: { body: [String: U] } }
                  d: { request: GET /d, expect: { body: "[String: U]" } }
                  e: { request: GET /e, expect: { body: [[String: [U]]] } }
                """
            ))
        #expect(
            suite.endpoints.map { $0.expect.body!.description } == [
                "[U]", "[U]", "[String: U]", "[String: U]", "[[String: [U]]]",
            ])
    }

    @Test func typoInAKeyNamesTheKeyAndSuggests() {
        let messages = errors(
            """
            endpoints:
              list:
                reqest: GET /users
            """)
        #expect(
            messages == [
                """
                Specs/x.yaml:2:3: error: endpoint 'list' has no 'request'
                2 |   list:
                  |   ^
                  hint: add a request line such as 'request: GET /users.json'
                """,
                """
                Specs/x.yaml:3:5: error: unknown key 'reqest' in endpoint 'list'; did you mean 'request'?
                3 |     reqest: GET /users
                  |     ^
                  hint: supported keys: request, params, query, headers, body, expect, transforms, model, decoding, waivers, redact, description
                """,
            ])
    }

    /// A file saved with a byte order mark and Windows or old Mac line breaks is quoted at the line and column libyaml
    /// counts: the caret under the key, the line without its `\r`.
    @Test func anErrorInAFileWithCRLFOrALoneCRIsQuotedAtItsLine() {
        for lineBreak in ["\r\n", "\r"] {
            let text = "\u{FEFF}endpoints:" + lineBreak + "  list:" + lineBreak + "    reqest: GET /users" + lineBreak
            let unknown = errors(text).first { $0.contains("unknown key") }
            #expect(
                unknown?.split(separator: "\n").prefix(3).joined(separator: "\n") == """
                    Specs/x.yaml:3:5: error: unknown key 'reqest' in endpoint 'list'; did you mean 'request'?
                    3 |     reqest: GET /users
                      |     ^
                    """, "\(lineBreak.debugDescription)")
        }
    }

    @Test func anErrorAfterALineSeparatorPastedInAYAMLCommentIsQuotedAtItsLine() {
        // libyaml counts U+2028 (and U+2029, U+0085) as a line break: the quoted line is the one it names.
        for lineBreak in ["\u{2028}", "\u{2029}", "\u{85}"] {
            let text = "# owner: team" + lineBreak + "# (pasted)\nendpoints:\n  list:\n    reqest: GET /users\n"
            let unknown = errors(text).first { $0.contains("unknown key") }
            #expect(
                unknown?.split(separator: "\n").prefix(3).joined(separator: "\n") == """
                    Specs/x.yaml:5:5: error: unknown key 'reqest' in endpoint 'list'; did you mean 'request'?
                    5 |     reqest: GET /users
                      |     ^
                    """, "\(lineBreak.debugDescription)")
        }
    }

    @Test func misspelledTypeTransformAndStrategyAreErrorsWithSuggestions() {
        let lines = firstLines(
            """
            shapes:
              User: { name: Strng, when: Date }
            endpoints:
              a:
                request: GET /a
                decoding: { keys: anycase, dates: iso8610 }
                expect: { body: [Usr] }
                transforms:
                  - keyedToArry: { key: id }
                waivers:
                  - { kind: extra-keys, until: 2030-01-01, reason: x }
            """)
        #expect(
            lines == [
                "Specs/x.yaml:2:17: error: unknown type 'Strng'; did you mean 'String'?",
                "Specs/x.yaml:6:23: error: unknown key strategy 'anycase'; did you mean 'anyCase'?",
                "Specs/x.yaml:6:39: error: unknown date strategy 'iso8610'; did you mean 'iso8601'?",
                "Specs/x.yaml:7:22: error: unknown type 'Usr'; did you mean 'User'?",
                "Specs/x.yaml:9:9: error: unknown transform 'keyedToArry'; did you mean 'keyedToArray'?",
                "Specs/x.yaml:11:17: error: unknown drift kind 'extra-keys'; did you mean 'extra-key'?",
            ])
    }

    @Test func aWaiverCannotAcceptTheFindingsAboutWaivers() {
        // Accepting waiver-expired would let an expired waiver pass the run, which Reports.md says fails it.
        let lines = firstLines(
            """
            endpoints:
              a:
                request: GET /a
                waivers:
                  - { kind: waiver-expired, until: 2099-12-31, reason: x }
                  - { kind: waiver-unused, until: 2099-12-31, reason: x }
            """)
        #expect(
            lines == [
                "Specs/x.yaml:5:17: error: a waiver cannot accept 'waiver-expired': that finding is about the waivers themselves",
                "Specs/x.yaml:6:17: error: a waiver cannot accept 'waiver-unused': that finding is about the waivers themselves",
            ])
    }

    @Test func anUnknownTypeListsEveryBuiltInType() throws {
        let error = try #require(errors("endpoints: { e: { request: GET /e, expect: { body: Int8 } } }").first)
        let hint = try #require(error.split(separator: "\n").last { $0.hasPrefix("  hint: ") })
        #expect(
            hint == "  hint: built-in types: String, Int, Double, Bool, Date, URL, UUID, Any "
                + "(Int64 and Int32 are checked as Int, Float and Decimal as Double); no shapes are declared under 'shapes:'"
        )
        let words = Set(hint.split { !$0.isLetter && !$0.isNumber }.map(String.init))
        for name in ShapeExpressionParser.builtins.keys {
            #expect(words.contains(name), "the hint leaves out \(name), which specs may use")
        }
    }

    @Test func namedShapesAreSharedAcrossFilesAndMustBeUnique() throws {
        let suite = try TestSuites.suite(
            (
                "Specs/a.yaml",
                "shapes: { Money: { amount: Double, currency: String } }\nendpoints: { one: { request: GET /1, expect: { body: Order } } }"
            ),
            (
                "Specs/b.yaml",
                "shapes: { Order: { total: Money } }\nendpoints: { two: { request: GET /2, expect: { body: Money } } }"
            ))
        #expect(suite.endpoints.map(\.id) == ["a/one", "b/two"])

        do {
            _ = try TestSuites.suite(
                ("Specs/a.yaml", "shapes: { Money: String }\nendpoints: { one: { request: GET /1 } }"),
                ("Specs/b.yaml", "shapes: { Money: Int }\nendpoints: { two: { request: GET /2 } }"))
            Issue.record("duplicate shape names must be refused")
        } catch {
            #expect(
                error.errors.map { $0.description.split(separator: "\n")[0] } == [
                    "Specs/b.yaml:1:11: error: shape 'Money' is already defined at Specs/a.yaml:1:11"
                ])
        }
    }

    @Test func endpointsOfSeveralFilesKeepTheirOrderAndARepeatedIdIsRefused() throws {
        let suite = try TestSuites.suite(
            ("Specs/a.yaml", "endpoints: { one: { request: GET /1 }, two: { request: GET /2 } }"),
            ("Specs/b.yaml", "endpoints: { three: { request: GET /3 } }"),
            ("Specs/c.yaml", "endpoints: { four: { request: GET /4 }, five: { request: GET /5 } }"))
        #expect(suite.endpoints.map(\.id) == ["a/one", "a/two", "b/three", "c/four", "c/five"])
        #expect(suite.endpoints.map(\.request.path) == ["/1", "/2", "/3", "/4", "/5"])

        // Two files of one name in different folders give their endpoints the same ids.
        do {
            _ = try TestSuites.suite(
                ("Specs/v1/users.yaml", "endpoints: { list: { request: GET /1 }, get: { request: GET /2 } }"),
                ("Specs/v2/users.yaml", "endpoints:\n  get: { request: GET /3 }\n"))
            Issue.record("a repeated endpoint id must be refused")
        } catch {
            #expect(
                error.errors.map { $0.description.split(separator: "\n")[0] } == [
                    "Specs/v2/users.yaml:2:3: error: endpoint 'users/get' is already defined at Specs/v1/users.yaml:1:41"
                ])
        }
    }

    @Test func aliasCyclesAndBuiltinRedefinitionsAreRefused() {
        #expect(
            firstLines("shapes: { A: B, B: A?, String: Int }\nendpoints: { e: { request: GET /e } }") == [
                "Specs/x.yaml:1:14: error: shape 'A' is defined only in terms of itself",
                "Specs/x.yaml:1:20: error: shape 'B' is defined only in terms of itself",
                "Specs/x.yaml:1:24: error: 'String' is a built-in type and cannot be redefined",
            ])
    }

    @Test func shapeNamesNoTypeCanReferenceAreRefusedWithANameThatCan() {
        // They loaded, and every reference to them was an error elsewhere: `body: User-Info` reads as `User`.
        let messages = errors(
            """
            shapes:
              User-Info: { name: String }
              "user info?": { name: String }
              API.User_2: { name: String }
              "--": String
            endpoints:
              e: { request: GET /e, expect: { body: "[API.User_2]" } }
            """)
        #expect(
            messages == [
                """
                Specs/x.yaml:2:3: error: shape 'User-Info' cannot be named in a type: a type name holds no '-'
                2 |   User-Info: { name: String }
                  |   ^
                  hint: rename it 'UserInfo': shape names, like Swift type names, are made of letters, digits, '_' and '.'
                """,
                """
                Specs/x.yaml:3:4: error: shape 'user info?' cannot be named in a type: a type name holds no ' ' or '?'
                3 |   "user info?": { name: String }
                  |    ^
                  hint: rename it 'UserInfo': shape names, like Swift type names, are made of letters, digits, '_' and '.'
                """,
                """
                Specs/x.yaml:5:4: error: shape '--' cannot be named in a type: a type name holds no '-'
                5 |   "--": String
                  |    ^
                  hint: rename it: shape names, like Swift type names, are made of letters, digits, '_' and '.'
                """,
            ])
    }

    /// A name is accepted under `shapes:` exactly when a shape expression reads it back as that name.
    @Test(arguments: [
        "User", "API.User", "user_info", "Ünïcødé", "Profile2", "User-Info", "user info", "User?", "[User]", "User!",
        "a/b", "Money(EUR)", "--", "", "2FA",
    ])
    func aShapeNameIsDeclarableExactlyWhenReferenceable(_ name: String) throws {
        let referenceable: Bool
        if case .named(let read)? =
            (try? ShapeExpressionParser.parse(name, at: SourceLocation(file: "", line: 1, column: 1)))?.kind
        {
            referenceable = read == name
        } else {
            referenceable = false
        }
        let declared = errors("shapes:\n  \"\(name)\": String\nendpoints: { e: { request: GET /e } }").isEmpty
        #expect(declared == referenceable, "'\(name)': declarable \(declared), referenceable \(referenceable)")
    }

    @Test func requestLineParamsAndStatusAreValidated() {
        #expect(
            firstLines(
                """
                endpoints:
                  a: { request: GTE /a }
                  b: { request: GET users }
                  c: { request: "GET /u/{id}" }
                  d: { request: GET /d, params: { id: 1 } }
                  e: { request: GET /e, expect: { status: 2xy } }
                  f: { request: GET /f, expect: { status: [2xx, 600, 0x10, [201]] } }
                  g: { request: GET /g, expect: { status: 99999999999999999999 } }
                """) == [
                    "Specs/x.yaml:2:17: error: unknown HTTP method 'GTE'; did you mean 'GET'?",
                    "Specs/x.yaml:3:17: error: the path 'users' must start with '/'",
                    "Specs/x.yaml:4:18: error: the path has '{id}' but 'params' gives it no value",
                    "Specs/x.yaml:5:39: error: 'params' gives 'id' but the path has no '{id}'",
                    "Specs/x.yaml:6:43: error: '2xy' is not a status code",
                    // Each bad element of a list, not only the first.
                    "Specs/x.yaml:7:49: error: '600' is not a status code: status codes run from 100 to 599",
                    "Specs/x.yaml:7:54: error: '0x10' is not a status code",
                    "Specs/x.yaml:7:60: error: each status in the list must be a single value, found a list",
                    "Specs/x.yaml:8:43: error: '99999999999999999999' is not a status code: status codes run from 100 to 599",
                ])
    }

    /// A method alone, or a method and a path apart by a tab or a no-break space, is said as what it is: it was
    /// taken for a bare path without its '/', with the hint to write '/GET' or '/GET\t/a'. A no-break space with no
    /// method before it is said to be deleted, not to part a method from a path.
    @Test func aRequestLineWithoutItsPathOrWithOtherSpaceSaysSo() {
        #expect(
            errors(
                """
                endpoints:
                  a: { request: GET }
                  b: { request: delete }
                  c: { request: "GET\t/c" }
                  d: { request: "GET\\u00A0/d" }
                  e: { request: "/e\\u00A0f" }
                  f: { request: "GET\\u3000/f g" }
                  g: { request: "users\\u00A0" }
                  h: { request: "\\u00A0GET /h" }
                """
            ).map { $0.split(separator: "\n").enumerated().filter { $0.offset != 1 && $0.offset != 2 }.map(\.element) }
                == [
                    [
                        "Specs/x.yaml:2:17: error: the request line 'GET' has a method and no path",
                        "  hint: write the path after the method, such as 'GET /users.json'",
                    ],
                    [
                        "Specs/x.yaml:3:17: error: the request line 'delete' has a method and no path",
                        "  hint: write the path after the method, such as 'DELETE /users.json'",
                    ],
                    [
                        "Specs/x.yaml:4:18: error: the request line \"GET\\u{9}/c\" holds U+0009, which is not a space",
                        "  hint: separate the method and the path with spaces, such as 'GET /users.json'",
                    ],
                    [
                        "Specs/x.yaml:5:18: error: the request line \"GET\u{A0}/d\" holds U+00A0, which is not a space",
                        "  hint: separate the method and the path with spaces, such as 'GET /users.json'",
                    ],
                    // A path with a space in it, after a method apart by an ideographic space: not an unknown method.
                    [
                        "Specs/x.yaml:7:18: error: the request line \"GET\u{3000}/f g\" holds U+3000, which is not a space",
                        "  hint: separate the method and the path with spaces, such as 'GET /users.json'",
                    ],
                    // A bare path without its '/', or a method after the character: no method and path to part.
                    [
                        "Specs/x.yaml:8:18: error: the request line \"users\u{A0}\" holds U+00A0, which is not a space",
                        "  hint: delete it (it often comes with text copied from a web page or a document); a request line is a path starting with '/', or a method and a path, such as 'GET /users.json'",
                    ],
                    [
                        "Specs/x.yaml:9:18: error: the request line \"\u{A0}GET /h\" holds U+00A0, which is not a space",
                        "  hint: delete it (it often comes with text copied from a web page or a document); a request line is a path starting with '/', or a method and a path, such as 'GET /users.json'",
                    ],
                ])
    }

    /// An endpoint's name is its recording's file name with '.json': past 250 bytes, no file system takes it, and
    /// `record` failed with "File name too long" after the request. Up to 250 bytes, ASCII or not, it loads.
    @Test func anEndpointNameTooLongForARecordingFileIsAnError() {
        let longest = String(repeating: "n", count: 250)
        let accented = String(repeating: "\u{E9}", count: 125)
        #expect(errors("endpoints:\n  \(longest):\n    request: GET /a\n  \(accented):\n    request: GET /b\n").isEmpty)
        #expect(
            firstLines("endpoints:\n  \(longest)n:\n    request: GET /a\n  \(accented)e:\n    request: GET /b\n") == [
                "Specs/x.yaml:2:3: error: endpoint name '\(longest.prefix(40))…' is 251 bytes long; its recording file '<name>.json' can have at most 255",
                "Specs/x.yaml:4:3: error: endpoint name '\(accented.prefix(40))…' is 251 bytes long; its recording file '<name>.json' can have at most 255",
            ])
    }

    @Test func waiversNeedKindUntilAndReason() {
        #expect(
            firstLines(
                """
                endpoints:
                  a:
                    request: GET /a
                    waivers:
                      - { kind: extra-key }
                      - { kind: extra-key, until: next week, reason: x }
                      - { kind: extra-key, until: 2099-02-31, reason: x }
                      - { kind: extra-key, until: 2027-02-29, reason: x }
                      - { kind: extra-key, until: 2028-02-29, reason: x }
                      - { kind: extra-key, until: 2099-+1-01, reason: x }
                """) == [
                    "Specs/x.yaml:5:9: error: a waiver needs 'until': the last day it holds (yyyy-MM-dd), so it cannot be forgotten",
                    "Specs/x.yaml:5:9: error: a waiver needs 'reason': why the drift is accepted, shown in every report",
                    "Specs/x.yaml:6:35: error: 'next week' is not a date (or not a day the calendar has); write the last day the waiver holds as yyyy-MM-dd",
                    "Specs/x.yaml:7:35: error: '2099-02-31' is not a date (or not a day the calendar has); write the last day the waiver holds as yyyy-MM-dd",
                    "Specs/x.yaml:8:35: error: '2027-02-29' is not a date (or not a day the calendar has); write the last day the waiver holds as yyyy-MM-dd",
                    "Specs/x.yaml:10:35: error: '2099-+1-01' is not a date (or not a day the calendar has); write the last day the waiver holds as yyyy-MM-dd",
                ])
    }

    @Test func environmentTemplates() throws {
        let template = try Template(parsing: "Bearer ${TOKEN}-$${LITERAL}", at: nil)
        #expect(template.variables == ["TOKEN"])
        let resolved = try template.resolve(in: ["TOKEN": "s3cret"])
        #expect(resolved.text == "Bearer s3cret-${LITERAL}")
        #expect(resolved.secrets == ["s3cret"])
        #expect(template.description == "Bearer ${TOKEN}-$${LITERAL}")
        #expect {
            try template.resolve(in: [:])
        } throws: { error in
            (error as! ContractError).message == "environment variable 'TOKEN' is not set"
        }
        #expect(throws: ContractError.self) { try Template(parsing: "${UNCLOSED", at: nil) }
        #expect(throws: ContractError.self) { try Template(parsing: "${1BAD}", at: nil) }
    }

    @Test func filtersMatchIdsNamesAndGlobs() throws {
        let suite = try TestSuites.suite(
            ("Specs/users.yaml", "endpoints: { list: { request: GET /a }, get: { request: GET /b } }"),
            ("Specs/notices.yaml", "endpoints: { list: { request: GET /c } }"))
        #expect(suite.endpoints(matching: ["users/*"]).map(\.id) == ["users/list", "users/get"])
        #expect(suite.endpoints(matching: ["list"]).map(\.id) == ["users/list", "notices/list"])
        #expect(suite.endpoints(matching: ["*/g?t", "notices"]).map(\.id) == ["users/get", "notices/list"])
        #expect(suite.endpoints(matching: []).count == 3)
    }

    @Test func emptyFileAndMissingEndpointsAreExplained() {
        #expect(firstLines("# nothing yet\n") == ["Specs/x.yaml:1:1: error: the spec file is empty"])
        #expect(
            firstLines("defaults: { decoding: { keys: anyCase } }\n") == [
                "Specs/x.yaml:1:1: error: the spec declares no 'endpoints:'"
            ])
        #expect(
            firstLines("shapes: { A: Int }\ndefaults: { decoding: { keys: anyCase } }\n") == [
                "Specs/x.yaml:1:1: error: the spec declares no 'endpoints:'"
            ])
    }

    @Test func endpointNamesThatAreNotFileNamesAreRefused() {
        // `../../x` made `contract record` write ../../x.json outside the recordings folder; `a/b` made an id with two slashes.
        #expect(
            firstLines("endpoints:\n  \"../../x\":\n    request: GET /a\n") == [
                "Specs/x.yaml:2:3: error: endpoint name '../../x' cannot name a recording file"
            ])
        #expect(
            firstLines("endpoints:\n  a/b:\n    request: GET /a\n") == [
                "Specs/x.yaml:2:3: error: endpoint name 'a/b' cannot name a recording file"
            ])
        #expect(errors("endpoints:\n  get-user.v2_beta:\n    request: GET /a\n").isEmpty)
    }

    @Test func aFileOfSharedShapesAloneServesTheOtherFiles() throws {
        // "shapes: visible to every spec file", but a file of shapes alone was refused for lacking 'endpoints:'.
        let suite = try TestSuites.suite(
            ("Specs/shapes.yaml", "shapes:\n  Money:\n    amount: Double\n    currency: String\n"),
            (
                "Specs/orders.yaml",
                "endpoints:\n  get-order:\n    request: GET /order\n    expect: { body: { total: Money } }\n"
            ))
        #expect(suite.endpoints.map(\.id) == ["orders/get-order"])
        #expect(suite.shapes.keys.sorted() == ["Money"])
    }
}
