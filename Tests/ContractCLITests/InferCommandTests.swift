import ContractKit
import ContractTestSupport
import DemoServer
import Foundation
import Testing

/// `contract infer` through the built binary: a spec and recordings from a HAR, a folder of raw responses and a live
/// request, which `contract lint` accepts and `contract verify` passes; a drifted recording then fails.
@Suite struct InferCommandTests {
    static func copy(_ fixture: String, into folder: String) throws -> String {
        let target = folder + "/" + (fixture as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: Fixtures.url(fixture).path, toPath: target)
        return target
    }

    @Test func aHARBecomesASpecThatLintsAndVerifiesAndCatchesDrift() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.copy("Infer/httpbin/httpbin.har", into: folder)
        let infer = try CommandRunner.run(["infer", "httpbin.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(
            infer.stdout
                == "inferred 17 endpoints and 18 named shapes from 36 samples into Specs/httpbin.yaml; recordings in Recordings/httpbin: 17 written, 0 unchanged; 5 endpoints without a JSON body left out; 1 error response (404) skipped\n",
            "\(infer.stdout)")
        let spec = try String(contentsOfFile: folder + "/Specs/httpbin.yaml", encoding: .utf8)
        #expect(spec == (try String(contentsOf: Fixtures.url("Golden/infer/httpbin.yaml"), encoding: .utf8)))

        let lint = try CommandRunner.run(["lint"], in: folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")
        let verify = try CommandRunner.run(["verify", "--fail-on", "warning"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(
            verify.stdout.contains("17 endpoints: 17 passed, 0 failed · 0 breaking, 0 warnings"), "\(verify.stdout)")

        // The same input gives the same bytes; a spec that says something else is not overwritten without --force.
        let again = try CommandRunner.run(["infer", "httpbin.har"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 written, 17 unchanged"))
        try "shapes: {}\n".write(toFile: folder + "/Specs/httpbin.yaml", atomically: true, encoding: .utf8)
        let refused = try CommandRunner.run(["infer", "httpbin.har"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("pass --force to replace it"), "\(refused.stderr)")
        #expect(try CommandRunner.run(["infer", "httpbin.har", "--force"], in: folder).status == 0)

        let path = folder + "/Recordings/httpbin/get-uuid.json"
        let recording = try String(contentsOfFile: path, encoding: .utf8)
        let drifted = recording.replacing(#/"uuid": "[0-9a-f-]+"/#, with: #""uuid": 42"#)
        #expect(drifted != recording)
        try drifted.write(toFile: path, atomically: true, encoding: .utf8)
        let caught = try CommandRunner.run(["verify"], in: folder)
        #expect(caught.status == 1)
        #expect(caught.stdout.contains("FAIL httpbin/get-uuid  1 breaking"), "\(caught.stdout)")
        #expect(caught.stdout.contains("breaking type-mismatch  at $.uuid"), "\(caught.stdout)")
    }

    @Test func aFolderOfRawResponsesBecomesASpecThatVerifies() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.copy("Infer/github", into: folder)
        let infer = try CommandRunner.run(["infer", "github", "--name", "gh", "--output", "Contracts"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(
            infer.stdout.contains("into Contracts/gh.yaml; recordings in Recordings/gh: 7 written"), "\(infer.stdout)")
        let lint = try CommandRunner.run(["lint", "--specs", "Contracts"], in: folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        let verify = try CommandRunner.run(["verify", "--specs", "Contracts", "--fail-on", "warning"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func oneLiveRequestIsRecordedAndInferred() throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            .json(
                #"{"id": 42, "path": "\#(request.path)", "seen": "\#(request.header("Authorization") ?? "")", "created_at": "2026-11-20T10:00:00Z"}"#
            )
        }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let infer = try CommandRunner.run(
            ["infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--name", "live"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/live.yaml", encoding: .utf8)
        #expect(spec.contains("request: GET /users/{id}"), "\(spec)")
        #expect(spec.contains("created_at: Date(iso8601)"), "\(spec)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Recordings/live/get-user.json"))
        let verify = try CommandRunner.run(["verify"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func usageMistakesAndUnreadableInputsSaySo() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let nothing = try CommandRunner.run(["infer"], in: folder)
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("give recordings, HAR files"), "\(nothing.stderr)")
        let noServer = try CommandRunner.run(["infer", "--request", "GET /x"], in: folder)
        #expect(noServer.status == 64)
        try "{ not json".write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        try #"{"ok": true}"#.write(toFile: folder + "/ok.json", atomically: true, encoding: .utf8)
        let partly = try CommandRunner.run(["infer", "broken.json", "ok.json", "missing.har"], in: folder)
        #expect(partly.status == 0, "one bad input does not stop the others: \(partly.stderr)")
        #expect(partly.stderr.contains("broken.json:1:"), "\(partly.stderr)")
        #expect(partly.stderr.contains("'missing.har' does not exist"), "\(partly.stderr)")
        #expect(partly.stdout.contains("inferred 1 endpoint"), "\(partly.stdout)")
        let none = try CommandRunner.run(["infer", "broken.json"], in: folder)
        #expect(none.status == 2)
    }

    @Test func aFolderIsWalkedAsTheSpecsFolderIs() throws {
        // A link out of the folder is named and not read (its text would be a sample, written into the spec and a
        // recording); a link to a folder is named, as its files are left out; hidden files are passed over.
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manager = FileManager.default
        for path in ["samples/.cache", "elsewhere/more"] {
            try manager.createDirectory(atPath: folder + "/" + path, withIntermediateDirectories: true)
        }
        try #"{"id": 1}"#.write(toFile: folder + "/samples/user.json", atomically: true, encoding: .utf8)
        try #"{"stale": true}"#.write(toFile: folder + "/samples/.cache/old.json", atomically: true, encoding: .utf8)
        try #"{"token": "SECRETVALUE"}"#.write(
            toFile: folder + "/elsewhere/token.json", atomically: true, encoding: .utf8)
        try manager.createSymbolicLink(
            atPath: folder + "/samples/token.json", withDestinationPath: "../elsewhere/token.json")
        try manager.createSymbolicLink(atPath: folder + "/samples/more", withDestinationPath: "../elsewhere/more")
        try #"{"more": 1}"#.write(toFile: folder + "/elsewhere/more/m.json", atomically: true, encoding: .utf8)
        // Hidden folders are not walked at all: a virtualenv's link to a folder says nothing.
        try manager.createSymbolicLink(
            atPath: folder + "/samples/.cache/lib64", withDestinationPath: "../../elsewhere/more")
        let infer = try CommandRunner.run(["infer", "samples", "--name", "s"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(infer.stderr.contains("'samples/token.json' is a link to a file outside 'samples'"), "\(infer.stderr)")
        #expect(infer.stderr.contains("'samples/more' is a link to a folder, which is not walked into"))
        #expect(!infer.stderr.contains(".cache"), "\(infer.stderr)")
        #expect(infer.stdout.contains("inferred 1 endpoint"), "\(infer.stdout)")
        let spec = try String(contentsOfFile: folder + "/Specs/s.yaml", encoding: .utf8)
        #expect(!spec.contains("token") && !spec.contains("stale"), "\(spec)")
        #expect(
            try RecordCommandTests.writtenBytes(under: folder + "/Recordings").allSatisfy {
                !String(decoding: $0.bytes, as: UTF8.self).contains("SECRETVALUE")
            })
    }

    /// One HAR entry as JSON: a request and a JSON (or other) response.
    static func entry(
        _ method: String, _ url: String, requestHeaders: [(String, String)] = [], postData: String? = nil,
        status: Int = 200, responseHeaders: [(String, String)] = [], body: String = "{}"
    ) -> String {
        func quoted(_ text: String) -> String { JSONWriter.quote(text) }
        func list(_ headers: [(String, String)]) -> String {
            "[" + headers.map { "{\"name\": \(quoted($0.0)), \"value\": \(quoted($0.1))}" }.joined(separator: ", ")
                + "]"
        }
        let post =
            postData.map { ", \"postData\": {\"mimeType\": \"application/json\", \"text\": \(quoted($0))}" } ?? ""
        return """
            {"startedDateTime": "2026-11-23T10:00:00Z", "time": 12,
             "request": {"method": \(quoted(method)), "url": \(quoted(url)), "headers": \(list(requestHeaders))\(post)},
             "response": {"status": \(status), "headers": \(list(responseHeaders + [("Content-Type", "application/json")])),
               "content": {"mimeType": "application/json", "text": \(quoted(body))}}}
            """
    }

    /// Infers `entries` as one HAR and fails for every spelling of every secret found in any byte written or printed.
    static func expectNoSecretWritten(_ entries: [String], secrets: [String]) throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let har = "{\"log\": {\"entries\": [\n" + entries.joined(separator: ",\n") + "\n]}}"
        try har.write(toFile: folder + "/flow.har", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "flow.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        try FileManager.default.removeItem(atPath: folder + "/flow.har")
        var outputs = try RecordCommandTests.writtenBytes(under: folder)
        #expect(outputs.count >= entries.count, "\(outputs.map(\.path))")
        outputs.append(("stdout", Data(infer.stdout.utf8)))
        outputs.append(("stderr", Data(infer.stderr.utf8)))
        for secret in secrets {
            for spelling in RecordCommandTests.spellings(of: secret) {
                for (name, bytes) in outputs where bytes.range(of: Data(spelling.utf8)) != nil {
                    Issue.record("'\(spelling)' (a spelling of a secret) appears in \(name)")
                }
            }
        }
    }

    @Test func aLoginFlowsTokensAreRedactedInEveryRecording() throws {
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.LOGINTOKENSIG123"
        let refresh = "rt_REFRESHTOKEN_987654"
        let renewed = "at_RENEWEDTOKEN_555111"
        try Self.expectNoSecretWritten(
            [
                Self.entry(
                    "POST", "https://api.example.com/oauth/token", postData: #"{"grant_type": "password"}"#,
                    body: #"{"access_token": "\#(token)", "refresh_token": "\#(refresh)", "expires_in": 3600}"#),
                Self.entry(
                    "GET", "https://api.example.com/me", requestHeaders: [("Authorization", "Bearer " + token)],
                    body: #"{"name": "Ada", "session": {"token": "\#(token)"}}"#),
                Self.entry(
                    "POST", "https://api.example.com/oauth/refresh", postData: #"{"refresh": "\#(refresh)"}"#,
                    body: #"{"access_token": "\#(renewed)", "note": "was \#(refresh)"}"#),
                Self.entry("GET", "https://api.example.com/echo", body: #"{"seen": "\#(renewed)"}"#),
            ], secrets: [token, refresh, renewed])
    }

    @Test func userInfoFragmentLocationAndResponseSecretsAreRedactedEverywhere() throws {
        try Self.expectNoSecretWritten(
            [
                Self.entry(
                    "GET", "https://u:SEKRITVAL_PW@api.example.com/basic",
                    body: #"{"pw": "SEKRITVAL_PW", "pair": "u:SEKRITVAL_PW"}"#),
                Self.entry(
                    "GET", "https://api.example.com/cb#access_token=FRAGTOKEN123&token_type=bearer",
                    body: #"{"ok": true}"#),
                Self.entry(
                    "GET", "https://api.example.com/x", status: 200,
                    responseHeaders: [("Location", "https://api.example.com/next?access_token=LOCTOKEN123")],
                    body: #"{"ok": true}"#),
                Self.entry(
                    "GET", "https://api.example.com/user",
                    body: #"{"name": "Ada", "token": "SEKRIT_BODYTOKEN", "password": "SEKRIT_PW99"}"#),
                Self.entry(
                    "GET", "https://api.example.com/later",
                    body: #"{"a": "FRAGTOKEN123", "b": "LOCTOKEN123", "c": "SEKRIT_BODYTOKEN", "d": "SEKRIT_PW99"}"#),
            ], secrets: ["SEKRITVAL_PW", "FRAGTOKEN123", "LOCTOKEN123", "SEKRIT_BODYTOKEN", "SEKRIT_PW99"])
    }

    @Test func shapeNamesDeclaredByTheSuitesOtherSpecsAreNotTaken() throws {
        let folder = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try CommandRunner.run(["lint"], in: folder).status == 0)
        let har =
            "{\"log\": {\"entries\": ["
            + Self.entry("GET", "https://api.example.com/users/7", body: #"{"id": 7, "login": "ada", "site": true}"#)
            + "]}}"
        try har.write(toFile: folder + "/more.har", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "more.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/more.yaml", encoding: .utf8)
        #expect(!spec.contains("\n  User:"), "\(spec)")
        let lint = try CommandRunner.run(["lint"], in: folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        // Inferring the same file again replaces it: its own names are not in the way.
        #expect(try CommandRunner.run(["infer", "more.har"], in: folder).stdout.contains("1 unchanged"))
    }

    @Test func aVariableReferenceInACapturedRequestIsSentAsTextNotFilledFromTheEnvironment() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let har =
            "{\"log\": {\"entries\": ["
            + Self.entry(
                "POST", "https://api.example.com/notes/${LEAKME}?tag=%24%7BLEAKME%7D",
                postData: #"{"note": "${LEAKME}", "list": ["$${LEAKME}", 1], "deep": {"n": "a ${LEAKME}"}}"#,
                body: #"{"id": 7}"#)
            + "]}}"
        try har.write(toFile: folder + "/notes.har", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "notes.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let suite = try SpecLoader().load(directory: folder + "/Specs")
        let endpoint = try #require(suite.endpoints.first)
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: ["LEAKME": "leaked-value"])
            .prepare(endpoint)
        #expect(!prepared.url.absoluteString.contains("leaked-value"), "\(prepared.url)")
        #expect(prepared.url.path(percentEncoded: false) == "/notes/${LEAKME}", "\(prepared.url)")
        #expect(
            try JSONParser().parse([UInt8](prepared.body ?? Data()))
                == JSONParser().parse(
                    Array(#"{"note": "${LEAKME}", "list": ["$${LEAKME}", 1], "deep": {"n": "a ${LEAKME}"}}"#.utf8)))
    }

    @Test func aNumberBeyondTheRangeOfADoubleIsNotedAsWhatTheSampleWillFail() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"over": 1e400, "fine": 2.5}"#.write(toFile: folder + "/reading.json", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "reading.json"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/reading.yaml", encoding: .utf8)
        #expect(spec.contains("over: Double\n") && spec.contains("fine: Double\n"), "\(spec)")
        #expect(
            spec.contains(
                "# `$.over` held 1e400, beyond the range of a Double, which JSONDecoder cannot read as a number: the draft says\n"
            ), "\(spec)")
        // The note says what verifying the sample does: the only value that fails its own draft.
        let verify = try CommandRunner.run(["verify"], in: folder)
        #expect(verify.status == 1)
        #expect(
            verify.stdout.contains("breaking type-mismatch") && verify.stdout.contains("at $.over"), "\(verify.stdout)")
        #expect(!verify.stdout.contains("at $.fine"), "\(verify.stdout)")
    }

    @Test func aFileWhereTheRecordingsGoStopsInferBeforeTheSpecIsWritten() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"id": 1}"#.write(toFile: folder + "/thing.json", atomically: true, encoding: .utf8)
        try "not a folder".write(toFile: folder + "/Recs", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "thing.json", "--recordings", "Recs"], in: folder)
        #expect(infer.status == 2)
        #expect(
            infer.stderr.contains(
                "error: 'Recs' is a file, where infer writes a folder of recordings; nothing was written"),
            "\(infer.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Specs"))
        // A folder where a recording goes, likewise.
        try FileManager.default.removeItem(atPath: folder + "/Recs")
        try FileManager.default.createDirectory(
            atPath: folder + "/Recs/thing/thing.json", withIntermediateDirectories: true)
        let again = try CommandRunner.run(["infer", "thing.json", "--recordings", "Recs"], in: folder)
        #expect(again.status == 2)
        #expect(
            again.stderr.contains("'Recs/thing/thing.json' is a folder, where infer writes a recording"),
            "\(again.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Specs"))
    }

    @Test func namesComeFromCollectionsAndKeysNeverFromIdsOrEmails() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let order = #"{"id": "ord_9f8e7d", "total": 3, "U42": {"name": "Ada", "qty": 1}}"#
        let entries = [
            Self.entry("GET", "https://api.example.com/orders/ord_9f8e7d?x=1", body: order),
            Self.entry("GET", "https://api.example.com/orders/ord_1a2b3c", body: order),
            Self.entry("GET", "https://api.example.com/users/u42.json", body: #"{"id": "u42", "login": "ada"}"#),
            Self.entry("GET", "https://api.example.com/api/v1/statuses", body: #"[{"text": "hi", "likes": 2}]"#),
            Self.entry(
                "GET", "https://api.example.com/api/v1/lookup/alice@example.com", body: #"{"found": true, "n": 1}"#),
        ]
        let har = "{\"log\": {\"entries\": [" + entries.joined(separator: ",\n") + "]}}"
        try har.write(toFile: folder + "/ids.har", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "ids.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/ids.yaml", encoding: .utf8)
        // Ids stay sample values (`params`) and data keys; no shape or endpoint is named after one.
        for name in [
            "Ord9f", "Ord1a", "\n  U42:", "AliceExample", "Statuse", "-ord-", "alice-", "-u-42",
        ] {
            #expect(!spec.contains(name), "'\(name)' in \(spec)")
        }
        for expected in ["GET /orders/{id}", "GET /users/{id}.json", "  Order:", "  User:", "  Status:"] {
            #expect(spec.contains(expected), "'\(expected)' missing from \(spec)")
        }
        #expect(try CommandRunner.run(["lint"], in: folder).status == 0)
    }

    @Test func recordingsSharingAShortNameButNotAPathStayApart() throws {
        let folder = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let infer = try CommandRunner.run(["infer", "Recordings", "--name", "inf", "--output", "Drafts"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Drafts/inf.yaml", encoding: .utf8)
        #expect(spec.contains("request: GET /users.json\n"), "\(spec)")
        #expect(spec.contains("request: GET /users\n"), "\(spec)")
        #expect(!spec.contains("body: Any\n"), "\(spec)")
    }

    /// GitHub's own user, organization and repository objects (octokit/fixtures, in Tests/Fixtures/Infer/github)
    /// served under the paths GitHub serves them at, as a browser capture holds them: the logins below `/users`
    /// are one endpoint `GET /users/{name}`, `/users/me` keeps its path but is a `User`, and the organization and
    /// repository seen once keep theirs.
    @Test func usersByLoginAreOneEndpointAndTheSignedInUserIsAUser() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func fixture(_ name: String) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(contentsOf: Fixtures.url("Infer/github/" + name)))
        }
        func text(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        let issues = try #require(try fixture("issues-1.json") as? [[String: Any]])
        let search = try #require(try fixture("search-issues.json") as? [String: Any])
        let userA = try #require(issues[0]["user"])
        let userB = try #require((search["items"] as? [[String: Any]])?.first?["user"])
        let base = "https://api.github.com"
        let entries = [
            Self.entry("GET", base + "/users/me", body: try text(userA)),
            Self.entry("GET", base + "/users/octokit-fixture-user-a", body: try text(userA)),
            Self.entry("GET", base + "/users/octokit-fixture-user-b", body: try text(userB)),
            Self.entry("GET", base + "/orgs/octokit-fixture-org", body: try text(try fixture("organization.json"))),
            Self.entry(
                "GET", base + "/repos/octokit-fixture-org/hello-world", body: try text(try fixture("repository.json"))),
            Self.entry(
                "GET", base + "/users/octokit-fixture-user-c", status: 404,
                body: #"{"message": "Not Found", "documentation_url": "https://docs.github.com/rest"}"#),
        ]
        let har = "{\"log\": {\"entries\": [" + entries.joined(separator: ",\n") + "]}}"
        try har.write(toFile: folder + "/github.har", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(["infer", "github.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(infer.stdout.contains("; 1 error response (404) skipped"), "\(infer.stdout)")
        let spec = try String(contentsOfFile: folder + "/Specs/github.yaml", encoding: .utf8)
        for expected in [
            "  # 1 sample with status 404 left out", "    request: GET /users/{name}\n",
            "    params: { name: octokit-fixture-user-a }\n", "    request: GET /users/me\n",
            "    request: GET /orgs/octokit-fixture-org\n",
            "    request: GET /repos/octokit-fixture-org/hello-world\n",
        ] {
            #expect(spec.contains(expected), "'\(expected)' missing from \(spec)")
        }
        #expect(spec.components(separatedBy: "      body: User\n").count == 3, "\(spec)")
        #expect(!spec.contains("  Me:"), "\(spec)")
        #expect(try CommandRunner.run(["lint"], in: folder).status == 0)
        let verify = try CommandRunner.run(["verify", "--fail-on", "warning"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout.contains("4 endpoints: 4 passed"), "\(verify.stdout)")
    }

    @Test func aLiveRequestIsNotSentWhenTheSpecCouldNotBeWritten() throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"id": 42}"#) }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try "shapes: {}\n".write(toFile: folder + "/Specs/live.yaml", atomically: true, encoding: .utf8)
        let arguments = ["infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--name", "live"]
        let refused = try CommandRunner.run(arguments, in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("'Specs/live.yaml' exists; nothing was sent"), "\(refused.stderr)")
        #expect(refused.stderr.contains("pass --force"), "\(refused.stderr)")
        #expect(server.hits("/users/42") == 0)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Recordings"))
        let forced = try CommandRunner.run(arguments + ["--force"], in: folder)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(server.hits("/users/42") == 1)
    }

    @Test func headersAreSentWithTheirVariablesAndWrittenAsReferences() throws {
        let secret = "s3cr3t-HEADER-token-778899"
        let server = try ScriptedServer(routes: [:]) { request, _ in
            let seen = request.header("Authorization") == "Bearer \(secret)"
            return .json(#"{"id": 42, "authorized": \#(seen), "tenant": "\#(request.header("X-Tenant") ?? "")"}"#)
        }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let infer = try CommandRunner.run(
            [
                "infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--name", "live",
                "--header", "Authorization: Bearer ${API_TOKEN}", "--header", "X-Tenant: acme",
            ], in: folder, environment: ["API_TOKEN": secret])
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/live.yaml", encoding: .utf8)
        #expect(spec.contains(#"    headers: { Authorization: "Bearer ${API_TOKEN}", X-Tenant: acme }"#), "\(spec)")
        let recording = try String(contentsOfFile: folder + "/Recordings/live/get-user.json", encoding: .utf8)
        #expect(recording.contains(#""authorized": true"#), "\(recording)")
        #expect(recording.contains(#""tenant": "acme""#), "\(recording)")
        var outputs = try RecordCommandTests.writtenBytes(under: folder)
        outputs.append(("stdout", Data(infer.stdout.utf8)))
        outputs.append(("stderr", Data(infer.stderr.utf8)))
        for spelling in RecordCommandTests.spellings(of: secret) {
            for (name, bytes) in outputs where bytes.range(of: Data(spelling.utf8)) != nil {
                Issue.record("'\(spelling)' (a spelling of the token) appears in \(name)")
            }
        }

        let literal = try CommandRunner.run(
            [
                "infer", "--base-url", server.baseURL, "--request", "GET /x", "--header",
                "Authorization: Bearer \(secret)",
            ], in: folder)
        #expect(literal.status == 64)
        #expect(literal.stderr.contains("holds a credential written out"), "\(literal.stderr)")
        #expect(!literal.stderr.contains(secret), "\(literal.stderr)")
        #expect(server.hits("/x") == 0)
        let malformed = try CommandRunner.run(
            ["infer", "--base-url", server.baseURL, "--request", "GET /x", "--header", "no colon"], in: folder)
        #expect(malformed.status == 64)
        #expect(malformed.stderr.contains("write it as 'Name: value'"), "\(malformed.stderr)")
        try #"{"ok": true}"#.write(toFile: folder + "/ok.json", atomically: true, encoding: .utf8)
        let notLive = try CommandRunner.run(["infer", "ok.json", "--header", "X-Tenant: acme"], in: folder)
        #expect(notLive.status == 64)
        #expect(notLive.stderr.contains("--header is sent with a live request"), "\(notLive.stderr)")
    }

    /// `infer --request` against a staging server with a private CA: refused until `--ca-file` names the CA, as
    /// `record` is; `--fsync` is taken; both without a live request are usage errors.
    @Test(.enabled(if: NginxServer.executable != nil, "needs nginx (apt-get install nginx-light)"))
    func aLiveRequestTrustsAPrivateCAWhenToldTo() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let authority = try PrivateCA(in: folder)
        let server = try NginxServer(
            files: ["users/42": #"{"id": 42, "name": "Ada"}"#], tls: (authority.certificate, authority.key))
        defer { server.stop() }

        let untrusted = try CommandRunner.run(
            ["infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--name", "live"], in: folder)
        #expect(untrusted.status == 2, "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("TLS with 127.0.0.1:"), "\(untrusted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Specs/live.yaml"))

        let trusted = try CommandRunner.run(
            [
                "infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--name", "live", "--ca-file",
                authority.caFile, "--fsync",
            ], in: folder)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/live.yaml", encoding: .utf8)
        #expect(spec.contains("request: GET /users/{id}"), "\(spec)")
        let recording = try String(contentsOfFile: folder + "/Recordings/live/get-user.json", encoding: .utf8)
        #expect(recording.contains(#""name": "Ada""#), "\(recording)")

        try #"{"ok": true}"#.write(toFile: folder + "/ok.json", atomically: true, encoding: .utf8)
        for option in [["--ca-file", authority.caFile], ["--fsync"]] {
            let notLive = try CommandRunner.run(["infer", "ok.json"] + option, in: folder)
            #expect(notLive.status == 64, "\(option)")
            #expect(notLive.stderr.contains("\(option[0]) is for a live request"), "\(notLive.stderr)")
        }
        let missing = try CommandRunner.run(
            ["infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--ca-file", "nowhere.pem"],
            in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--ca-file nowhere.pem: no readable file there"), "\(missing.stderr)")
    }

    @Test func aRawFilesRequestLineIsAGuessUnlessTheUserNamesIt() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"id": 1, "login": "ada"}"#.write(toFile: folder + "/user-1.json", atomically: true, encoding: .utf8)
        try #"{"id": 2, "login": "grace", "bio": "hi"}"#.write(
            toFile: folder + "/user-2.json", atomically: true, encoding: .utf8)
        let guessed = try CommandRunner.run(["infer", "user-1.json", "user-2.json", "--name", "users"], in: folder)
        #expect(guessed.status == 0, "\(guessed.stderr)")
        #expect(
            guessed.stderr.contains(
                "note: the request line of 1 endpoint (GET /user) is guessed from raw JSON file names: correct it in Specs/users.yaml"
            ), "\(guessed.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/users.yaml", encoding: .utf8)
        #expect(
            spec.contains(
                "  # The request line is a guess from the file name (user-1.json): correct it, or infer again with"
            ), "\(spec)")
        #expect(spec.contains("    request: GET /user\n"), "\(spec)")

        let named = try CommandRunner.run(
            ["infer", "user-1.json", "user-2.json", "--name", "named", "--request", "GET /users/1"], in: folder)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(!named.stderr.contains("guess"), "\(named.stderr)")
        let respec = try String(contentsOfFile: folder + "/Specs/named.yaml", encoding: .utf8)
        #expect(respec.contains("  get-user:\n"), "\(respec)")
        #expect(respec.contains("    request: GET /users/{id}\n"), "\(respec)")
        #expect(respec.contains("bio?: String"), "\(respec)")
        #expect(!respec.contains("guess"), "\(respec)")
        #expect(try CommandRunner.run(["verify"], in: folder).status == 0)

        let har = "{\"log\": {\"entries\": [" + Self.entry("GET", "https://api.example.com/a") + "]}}"
        try har.write(toFile: folder + "/a.har", atomically: true, encoding: .utf8)
        let noFiles = try CommandRunner.run(["infer", "a.har", "--request", "GET /a"], in: folder)
        #expect(noFiles.status == 64)
        #expect(noFiles.stderr.contains("no raw JSON file was read"), "\(noFiles.stderr)")
    }

    /// An expression nests at most 64 levels, a body 200: arrays nested deeper than an expression holds are written
    /// as YAML lists (`- - - Int`), and the spec infer writes verifies its own recordings.
    @Test func arraysNestedDeeperThanAnExpressionHoldsAreWrittenAsLists() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for depth in [63, 64, 199] {
            let body = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
            try body.write(toFile: folder + "/d\(depth).json", atomically: true, encoding: .utf8)
            let infer = try CommandRunner.run(["infer", "d\(depth).json"], in: folder)
            #expect(infer.status == 0, "\(depth): \(infer.stderr)")
            let spec = try String(contentsOfFile: folder + "/Specs/d\(depth).yaml", encoding: .utf8)
            #expect(
                spec.contains("\"" + String(repeating: "[", count: 63) + "Int") == (depth == 63),
                "\(depth): \(spec)")
            #expect(spec.contains(String(repeating: "- ", count: depth) + "Int") == (depth > 63), "\(depth): \(spec)")
        }
        let verify = try CommandRunner.run(["verify"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("3 endpoints: 3 passed"), "\(verify.stdout)")
    }

    @Test func aBodyNestedTooDeepIsAProblemWithItsPlaceNotACrash() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hostile = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        try hostile.write(toFile: folder + "/hostile.json", atomically: true, encoding: .utf8)
        let deep = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
        try deep.write(toFile: folder + "/deep.json", atomically: true, encoding: .utf8)
        let recording =
            #"{"format": "contract-recording/1", "endpoint": "x/deep", "request": {"method": "GET", "url": "/deep"}, "response": {"status": 200, "headers": {}, "body": \#(deep)}}"#
        try recording.write(toFile: folder + "/recorded.json", atomically: true, encoding: .utf8)
        try #"{"ok": true}"#.write(toFile: folder + "/ok.json", atomically: true, encoding: .utf8)
        let infer = try CommandRunner.run(
            ["infer", "hostile.json", "deep.json", "recorded.json", "ok.json", "--name", "n"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(infer.stderr.contains("hostile.json:1:"), "\(infer.stderr)")
        #expect(infer.stderr.contains("nesting deeper than"), "\(infer.stderr)")
        #expect(
            infer.stderr.contains(
                "deep.json: the response body nests deeper than 200 levels, more than a spec can hold"),
            "\(infer.stderr)")
        #expect(
            infer.stderr.contains(
                "recorded.json: the response body nests deeper than 200 levels, more than a spec can hold"),
            "\(infer.stderr)")
        #expect(infer.stdout.contains("inferred 1 endpoint"), "\(infer.stdout)")
    }
}
