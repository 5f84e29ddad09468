import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// The sample suite, copied to a temporary folder so each test can drift a recording of its own.
struct SampleSuiteCopy {
    let root: String
    var specs: String { root + "/Specs" }
    var recordings: String { root + "/Recordings" }

    init() { root = TestSuites.copyOfSampleSuite() }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Rewrites the body of one recording through `change`.
    func driftBody(_ endpoint: String, _ change: (inout JSONValue) -> Void) throws {
        try DriftedSuite.editBody(recordings, endpoint, change)
    }

    func verify(_ filter: [String] = [], today: Date = Date()) async throws -> VerificationReport {
        let suite = try SpecLoader().load(directory: specs)
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: recordings, today: today))
        return await verifier.verify(suite.endpoints(matching: filter))
    }
}

extension JSONValue {
    /// The value at a dotted path of keys and indices (`notices.0.title`), changed in place.
    mutating func update(_ path: String, _ change: (inout JSONValue) -> Void) {
        var components = path.split(separator: ".").map(String.init)
        guard !components.isEmpty else { return change(&self) }
        let head = components.removeFirst()
        let rest = components.joined(separator: ".")
        switch self {
        case .object(var object):
            var child = object[head] ?? .null
            child.update(rest, change)
            object[head] = child
            self = .object(object)
        case .array(var items):
            let index = Int(head)!
            items[index].update(rest, change)
            self = .array(items)
        default:
            break
        }
    }

    /// Renames a key of the object at `path`, keeping its position.
    mutating func renameKey(at path: String, _ old: String, to new: String) {
        update(path) { value in
            guard case .object(var object) = value, let index = object.entries.firstIndex(where: { $0.key == old })
            else { return }
            object.entries[index].key = new
            value = .object(object)
        }
    }
}

func lines(_ result: EndpointResult) -> [String] {
    result.findings.map {
        "\($0.kind) \($0.isWaived ? "waived" : $0.severity.rawValue) \($0.path?.description ?? "-")"
            + ($0.occurrences > 1 ? " x\($0.occurrences)" : "")
    }
}

@Suite struct VerifierTests {
    @Test func theCommittedSampleSuitePasses() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let report = try await suite.verify()
        #expect(
            report.results.map(\.id) == [
                "accounts/get-account", "accounts/get-locked-account", "bets/my-bets", "directory/list-users",
                "notices/list-notices", "users/list-users", "users/get-user",
            ])
        #expect(!report.hasFailures)
        let summary = report.summary
        #expect(summary.breaking == 0 && summary.warning == 0 && summary.info == 0)
        #expect(summary.waived == 1)
        #expect(lines(report.results[4]) == ["extra-key waived $.notices[1].pinned"])
    }

    /// A verifier prepares each endpoint once; an endpoint changed and verified again is prepared again.
    @Test func anEndpointChangedBetweenRunsIsPreparedAgain() throws {
        let copy = SampleSuiteCopy()
        defer { copy.remove() }
        let suite = try SpecLoader().load(directory: copy.specs)
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: copy.recordings))
        var endpoint = try #require(suite.endpoints.first { $0.id == "bets/my-bets" })
        #expect(verifier.verify(endpoint).findings.isEmpty)
        endpoint.expect.body = Shape(.string, at: endpoint.location)
        endpoint.model = nil
        #expect(lines(verifier.verify(endpoint)) == ["type-mismatch breaking $"])
        endpoint.name = "my-old-bets"
        let renamed = verifier.verify(endpoint)
        #expect(renamed.recordingPath == copy.recordings + "/bets/my-old-bets.json")
        #expect(lines(renamed) == ["recording-missing breaking -"])
    }

    @Test func usersArrayBecameADictionaryKeyedById() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("directory/list-users") { body in body = DriftedSuite.keyedByID(body) }
        let result = try await suite.verify(["directory/list-users"]).results[0]
        #expect(lines(result) == ["object-instead-of-array breaking $"])
        #expect(result.findings[0].hint?.contains("keyedToArray: { key: id }") == true)
        #expect(
            result.findings[0].specLocation
                == SourceLocation(file: suite.specs + "/directory.yaml", line: 33, column: 13))
    }

    @Test func createdAtRenamedFromSnakeCase() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("notices/list-notices") { body in
            for index in 0..<3 { body.renameKey(at: "notices.\(index)", "created_at", to: "createdAt") }
        }
        let result = try await suite.verify(["notices"]).results[0]
        // convertFromSnakeCase maps `created_at` and `createdAt` to the same property: the app copes.
        #expect(
            lines(result) == [
                "key-case-changed warning $.notices[0].createdAt x3", "extra-key waived $.notices[1].pinned",
            ])
        #expect(!result.fails(at: .breaking))
        #expect(result.fails(at: .warning))
    }

    @Test func firebaseDictionaryBecameAnArray() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("users/list-users") { body in
            body = .array(body.objectValue!.entries.map(\.value))
        }
        let result = try await suite.verify(["users/list-users"]).results[0]
        #expect(lines(result) == ["array-instead-of-object breaking $"])
    }

    @Test func minifiedKeysDrift() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("bets/my-bets") { body in
            body.renameKey(at: "", "fn", to: "first_name")
            body.update("b.1.i") { $0 = .string("9002") }
            body.update("b.2.s") { $0 = .string("void") }
        }
        let result = try await suite.verify(["bets"]).results[0]
        #expect(
            lines(result) == [
                "type-mismatch breaking $.b[1].i", "enum-unknown-value breaking $.b[2].s",
                "key-renamed breaking $.first_name",
            ])
    }

    @Test func mixedCaseEnvelopeDrift() async throws {
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
        let result = try await suite.verify(["accounts/get-account"]).results[0]
        #expect(
            lines(result) == [
                "type-mismatch breaking $.Data.AccountId", "key-case-changed warning $.Data.DisplayName",
                "missing-key breaking $.Error",
            ])
    }

    @Test func noticeDatesEnumsAndMissingFields() async throws {
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
            body.update("generated_at") { $0 = .string("2026-11-21T03:00:00Z") }
        }
        let result = try await suite.verify(["notices"]).results[0]
        #expect(
            lines(result) == [
                "date-format-mismatch breaking $.notices[0].created_at",
                "enum-unknown-value breaking $.notices[1].severity",
                "extra-key waived $.notices[1].pinned", "missing-key breaking $.notices[2].title",
                "date-format-mismatch breaking $.generated_at",
            ])
        #expect(result.findings[0].actual == "number 1763632800000 (looks like epoch milliseconds)")
        #expect(
            result.findings[4].message
                == "'generated_at' is written as ISO 8601 without fractional seconds in UTC (Z), not as secondsSince1970"
        )
    }

    @Test func statusContentTypeAndNonJSONBodies() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        var failing = try Recording.read(from: suite.recordings + "/users/get-user.json")
        failing.response.status = 500
        failing.response.body = .text("<html>Internal Server Error</html>")
        try failing.write(to: suite.recordings + "/users/get-user.json")
        var html = try Recording.read(from: suite.recordings + "/notices/list-notices.json")
        html.response.headers = [.init(name: "Content-Type", value: "text/html")]
        html.response.body = .text("<html>Maintenance</html>")
        try html.write(to: suite.recordings + "/notices/list-notices.json")

        let report = try await suite.verify(["users/get-user", "notices"])
        #expect(lines(report.results[0]) == ["content-type-mismatch breaking -", "body-not-json breaking $"])
        #expect(report.results[0].findings[1].actual == "text: \"<html>Maintenance</html>\"")
        #expect(lines(report.results[1]) == ["status-mismatch breaking -"])
        #expect(report.results[1].findings[0].expected == "200" && report.results[1].findings[0].actual == "500")
        #expect(report.results[1].notes.contains("body not checked: the status is not one the spec expects"))
    }

    @Test func recorderAndVerifierAgreeOnWhereARecordingLives() throws {
        // Each spelled the path itself: with `--recordings Recordings//` the verifier looked in (and reports
        // showed) `Recordings//users/get-user.json`.
        let suite = try TestSuites.suite(("Specs/users.yaml", "endpoints: { get-user: { request: GET /u } }"))
        let endpoint = suite.endpoints[0]
        for (folder, path) in [
            ("Recordings", "Recordings/users/get-user.json"), ("Recordings//", "Recordings/users/get-user.json"),
            ("/", "/users/get-user.json"), ("/tmp/r/", "/tmp/r/users/get-user.json"),
            // U+0600 joins with the character after it: only the '/' goes.
            ("r\u{600}/", "r\u{600}/users/get-user.json"),
        ] {
            #expect(
                Verifier(suite: suite, options: .init(recordingsDirectory: folder)).recordingPath(for: endpoint) == path
            )
            #expect(
                Recorder(options: .init(baseURL: "http://127.0.0.1:1", recordingsDirectory: folder)).recordingPath(
                    for: endpoint) == path)
        }
    }

    @Test func truncatedAndMissingRecordingsAreFindingsNotCrashes() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let path = suite.recordings + "/bets/my-bets.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.prefix(200)).write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: suite.recordings + "/users/get-user.json")

        let report = try await suite.verify()
        let bets = report.results.first { $0.id == "bets/my-bets" }!
        #expect(lines(bets) == ["recording-invalid breaking -"])
        #expect(bets.findings[0].actual.hasPrefix("invalid at \(path):"))
        #expect(bets.findings[0].message.contains("the recording is not valid JSON"))
        // A truncated file's fix was only "add the missing '}'".
        #expect(
            bets.findings[0].hint?.hasSuffix(
                "; otherwise record it again (`contract record --filter bets/my-bets`), or restore it from git if it was cut short or edited by mistake"
            ) == true)
        let user = report.results.first { $0.id == "users/get-user" }!
        #expect(lines(user) == ["recording-missing breaking -"])
        #expect(
            user.findings[0].hint == "record it with `contract record --filter users/get-user`, or add the file by hand"
        )
        // The other endpoints are verified as usual.
        #expect(report.summary.passed == 5)
    }

    @Test func anInvalidRecordingSaysWhatOnceAndPointsAtTheField() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let path = suite.recordings + "/users/get-user.json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let body = try #require(text.range(of: #"    "body": "#))
        text.replaceSubrange(body, with: #"    "bodyText": "Ada",\#n    "body": "#)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let line = text[..<text.range(of: #""body": "#)!.lowerBound].split(
            separator: "\n", omittingEmptySubsequences: false
        ).count

        let finding = try #require(try await suite.verify(["users/get-user"]).results[0].findings.first)
        #expect(finding.kind == .recordingInvalid)
        #expect(
            finding.message
                == "the recording cannot be read: 'response' has both 'bodyText' and 'body'; use one of body, bodyText or bodyBase64"
        )
        // The message was repeated in 'actual'; 'actual' now says only where.
        #expect(finding.actual == "invalid at \(path):\(line):13")
    }

    @Test func aResponseWithoutContentTypeIsAMismatchWhenTheSpecNamesOne() async throws {
        // It passed silently: only a Content-Type that differed was reported.
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let path = suite.recordings + "/users/list-users.json"
        var recording = try Recording.read(from: path)
        recording.response.headers.removeAll { $0.name.lowercased() == "content-type" }
        _ = try recording.write(to: path)

        let result = try await suite.verify(["users/list-users"]).results[0]
        #expect(lines(result) == ["content-type-mismatch warning -"])
        #expect(result.findings[0].actual == "no Content-Type header")
        #expect(
            result.findings[0].message == "the response has no Content-Type header, the spec expects 'application/json'"
        )
    }

    @Test func expiredWaiverFailsTheRunAndNoLongerWaives() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        let later = ISO8601.parse("2100-01-01T00:00:00Z")!
        let result = try await suite.verify(["notices"], today: later).results[0]
        #expect(lines(result) == ["extra-key info $.notices[1].pinned", "waiver-expired breaking -"])
        #expect(
            result.findings[1].message
                == "the waiver for extra-key at $.notices[*].pinned expired on 2099-12-31 (reason: pinned notices ship in the next app release (APP-1234))"
        )
    }
}

@Suite struct VerifierReportedBodyTests {
    @Test func largeBodiesAreLeftOutOfTheReport() async throws {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try suite.driftBody("bets/my-bets") { $0.update("b.0.i") { $0 = .string("x") } }
        let loaded = try SpecLoader().load(directory: suite.specs)
        let endpoint = loaded.endpoints.first { $0.id == "bets/my-bets" }!

        var options = Verifier.Options(recordingsDirectory: suite.recordings)
        let kept = Verifier(suite: loaded, options: options).verify(endpoint)
        #expect(kept.recording?.recording.response.body != nil)

        options.maxReportedBodyBytes = 100
        let left = Verifier(suite: loaded, options: options).verify(endpoint)
        #expect(lines(left) == ["type-mismatch breaking $.b[0].i"])
        #expect(left.recording != nil && left.recording?.recording.response.body == nil)
        // The size is the body's, as it stands in the file: more than the limit, less than the whole file.
        let fileSize =
            try FileManager.default.attributesOfItem(atPath: suite.recordings + "/bets/my-bets.json")[.size] as! Int
        let note = try #require(left.notes.first { $0.hasPrefix("the body (") })
        let size = try #require(Int(note.dropFirst("the body (".count).prefix { $0.isNumber }))
        #expect(size > 100 && size < fileSize, "\(size) of \(fileSize)")
        #expect(
            note
                == "the body (\(size) bytes) is left out of the report's excerpts; see \(suite.recordings)/bets/my-bets.json"
        )
    }
}
