import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct RecordingTests {
    let sample = """
        {
          "format": "contract-recording/1",
          "endpoint": "users/list-users",
          "recordedAt": "2026-11-21T03:00:00Z",
          "request": {
            "method": "GET",
            "url": "https://staging.example.com/users.json",
            "headers": {
              "Authorization": "<redacted>"
            }
          },
          "response": {
            "status": 200,
            "headers": {
              "Content-Type": "application/json",
              "Vary": [
                "Accept",
                "Origin"
              ]
            },
            "durationMs": 84,
            "body": {
              "u2": {
                "name": "Ada",
                "score": 1.0,
                "big": 12345678901234567890
              },
              "u1": {}
            }
          }
        }

        """

    /// Forty thousand distinct response headers (a hostile server sends them within libcurl's limit, and the recorder
    /// keeps them) are written in one pass: each looked for among those before by scanning them all, writing them
    /// held the recorder's lane for minutes in a debug build, and this test past its time limit.
    @Test(.timeLimit(.minutes(1))) func manyHeadersAreWrittenInOnePass() throws {
        let names = (0..<40_000).map { "h\($0)" }
        let recording = Recording(
            endpoint: "a/b", request: .init(method: "GET", url: "/"),
            response: .init(
                status: 200,
                headers: names.map { Recording.Header(name: $0, value: "") } + [.init(name: "h0", value: "again")]))
        guard case .object(let root) = recording.jsonValue, case .object(let response)? = root["response"],
            case .object(let headers)? = response["headers"]
        else {
            Issue.record("no response headers in \(recording.jsonValue)")
            return
        }
        #expect(headers.keys == names)
        #expect(headers["h0"] == .array([.string(""), .string("again")]))
    }

    @Test func headersAreLookedUpIgnoringASCIICaseOnly() {
        let response = Recording.Response(
            status: 200,
            headers: [
                .init(name: "X-Café", value: "1"), .init(name: "content-TYPE", value: "application/json"),
                .init(name: "[a]", value: "2"),
            ])
        #expect(response.header("Content-Type") == "application/json")
        #expect(response.header("CONTENT-TYPE") == "application/json")
        #expect(response.header("Content-Typ") == nil)
        #expect(response.header("x-café") == "1")
        #expect(response.header("x-cafÉ") == nil)
        // '[' and '{' differ only in the bit that folds letters; they are not letters.
        #expect(response.header("{a}") == nil)
    }

    @Test func theTapeReadsWhatTheTreeReads() throws {
        #expect(refusal(sample) == nil)
        #expect(
            refusal(
                #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "POST", "url": "/b", "body": {"q": [1, "x"]}}, "response": {"status": 301, "url": "/c", "redirects": [{"status": 301, "url": "/b"}], "bodyText": "moved"}}"#
            ) == nil)
        #expect(
            refusal(
                #"{"format": "contract-recording/1", "endpoint": "a/\u0062", "request": {"method": "GET", "url": "/b", "headers": {"X-\u00e9": "\t"}}, "response": {"status": 200, "durationMs": 1.6, "bodyBase64": "aGk="}}"#
            ) == nil)
        // The response body stays on the tape, as `null` in the recording read around it.
        let document = try JSONParser().parseDocument(Array(sample.utf8), file: "r.json")
        let body = try #require(document.entry(at: ["response", "body"]))
        let recording = try document.withView { view throws(ContractError) in
            try Recording(
                fields: TapeFields(view: view, node: document.root, skipping: body), file: "r.json", locate: nil)
        }
        #expect(recording.response.body == .json(.null))
        #expect(recording.response.header("vary") == "Accept" && recording.request.headers.count == 1)
    }

    /// Files are read with the metadata in place on the tape (`readIndexed`, under `read` too); a recording parsed
    /// by the caller is read from its tree (`init(json:)`). From the same text the two must agree on everything.
    @Test(arguments: [
        // Repeated keys: the last copy counts, in both.
        #"{"format": "x", "format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "status": 201, "body": [1], "body": {"a": 2}}}"#,
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200}, "response": {"status": 404, "bodyText": "gone"}}"#,
        // An escaped key is still the key it spells; escaped values are decoded.
        #"{"format": "contract-recording/1", "endpoint": "a/\u00e9", "request": {"method": "GET", "url": "/\ud83d\ude00"}, "response": {"status": 200, "bod\u0079": {"k\n": "v\t"}}}"#,
        // Headers as arrays, redirects, a fractional duration.
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/", "headers": {"Accept": ["a", "b"]}}, "response": {"status": 200, "url": "/c", "redirects": [{"status": 302, "url": "/"}], "headers": {"Set-Cookie": ["x", "y"], "Vary": "A"}, "durationMs": 12.5, "body": null}}"#,
        // Refusals: where, what, and the same hint from both.
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "redirects": [1]}}"#,
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "headers": {"A": ["x", 2]}}}"#,
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 2e2, "body": 1}}"#,
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "body": 1, "body": 2}}"#,
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "bodyText": 7}}"#,
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": ["GET"], "response": {"status": 200}}"#,
        "[1, 2]", "\"text\"", "null",
    ])
    func bothReadersAgreeOnAFile(text: String) throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/r.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let asTree = Result { () throws(ContractError) in
            try Recording(json: JSONParser().parse(text), file: path, locate: Recording.fieldLocator(inFileAt: path))
        }
        let asTape = Result { () throws(ContractError) in try Recording.readInPlace(from: path) }
        // `read` is the tape's reading with the body's tree put back: the tree reader's recording, or its error.
        switch (Result { () throws(ContractError) in try Recording.read(from: path) }, asTree) {
        case (.success(let read), .success(let tree)):
            #expect(read == tree)
        case (.failure(let read), .failure(let tree)):
            #expect(
                read.code == tree.code && read.message == tree.message && read.location == tree.location
                    && read.hint == tree.hint)
        case (let read, let tree):
            Issue.record("read: \(read); read as a tree: \(tree)")
        }
        switch (asTree, asTape) {
        case (.success(let tree), .success(var tape)):
            // The tape leaves a JSON response body where it is, indexed; built, it is the tree reader's body.
            if case .json? = tree.response.body {
                guard case .indexed(let body)? = tape.response.body else {
                    Issue.record(
                        "a JSON body read on the tape is not indexed: \(String(describing: tape.response.body))")
                    return
                }
                #expect(body.byteCount > 0)
            }
            tape.response.body = tape.response.body?.built
            #expect(tree == tape)
        case (.failure(let tree), .failure(let tape)):
            #expect(tree.code == tape.code && tree.message == tape.message)
            #expect(tree.location == tape.location && tree.hint == tape.hint)
            #expect(tape.location?.file == path)
        default:
            Issue.record("read as a tree: \(asTree); read on the tape: \(asTape)")
        }
    }

    @Test func readsAndWritesTheSameBytes() throws {
        let recording = try Recording(json: TestSuites.json(sample), file: "r.json")
        #expect(recording.endpoint == "users/list-users")
        #expect(recording.response.header("content-type") == "application/json")
        #expect(recording.response.headers.filter { $0.name == "Vary" }.map(\.value) == ["Accept", "Origin"])
        #expect(String(decoding: recording.encoded(), as: UTF8.self) == sample)
    }

    @Test func minimalRecordingsFromElsewhereAreAccepted() throws {
        let recording = try Recording(
            json: TestSuites.json(
                #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 204}}"#
            ),
            file: "r.json")
        #expect(recording.response.body == nil && recording.response.headers.isEmpty && recording.recordedAt == nil)
        let text = try Recording(
            json: TestSuites.json(
                #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 502, "bodyText": "Bad Gateway"}}"#
            ),
            file: "r.json")
        #expect(text.response.body == .text("Bad Gateway"))
    }

    @Test(arguments: [
        (#"[]"#, "a recording is a JSON object, found array with 0 elements"),
        (#"{"endpoint": "a/b"}"#, "missing 'format' (\"contract-recording/1\")"),
        (
            #"{"format": "contract-recording/2"}"#,
            "unsupported format 'contract-recording/2'; this version reads contract-recording/1"
        ),
        (
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": "200"}}"#,
            "missing or invalid 'response.status' (a number from 100 to 599)"
        ),
        (
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "headers": {"A": 1}}}"#,
            "header 'A' in 'response.headers' must be text"
        ),
    ])
    func invalidRecordingsSayWhatIsWrong(json: String, message: String) throws {
        let error = try #require(refusal(json))
        #expect(error.code == .invalidRecording && error.message == message)
    }

    /// Reads `text` as a recording named r.json, locating fields in its bytes, both ways a recording is read: as a
    /// tree (`Recording.read`, for `diff` and re-recording) and in place on its tape (the verifier). The error
    /// they throw, which must be the same, if any.
    private func refusal(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> ContractError? {
        let locate = Recording.fieldLocator(in: Data(text.utf8), file: "r.json")
        let asTree = Result { () throws(ContractError) in
            try Recording(json: TestSuites.json(text), file: "r.json", locate: locate)
        }
        let asTape = Result { () throws(ContractError) -> Recording in
            let document = try JSONParser().parseDocument(Array(text.utf8), file: "r.json")
            return try document.withView { view throws(ContractError) in
                try Recording(
                    fields: TapeFields(view: view, node: document.root, skipping: -1), file: "r.json", locate: locate)
            }
        }
        switch (asTree, asTape) {
        case (.success(let tree), .success(let tape)):
            #expect(tree == tape, sourceLocation: sourceLocation)
            return nil
        case (.failure(let tree), .failure(let tape)):
            #expect(
                [tree.code.rawValue, tree.message, tree.location?.description, tree.hint]
                    == [tape.code.rawValue, tape.message, tape.location?.description, tape.hint],
                sourceLocation: sourceLocation)
            return tape
        default:
            Issue.record("read as a tree: \(asTree); read on the tape: \(asTape)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// A minimal recording whose response has `members` after its status, one per line from line 5.
    private func recording(response members: String) -> String {
        """
        {
          "format": "contract-recording/1", "endpoint": "a/b",
          "request": { "method": "GET", "url": "/b" },
          "response": { "status": 200,
        \(members)
          }
        }
        """
    }

    @Test(arguments: [
        (#"    "bodyBase64": "aGVsbG8*"#, "'*' at character 8 is not a base64 character"),
        (#"    "bodyBase64": "aGVsbG8"#, "its length, 7, is not a multiple of 4 (is '=' padding missing?)"),
        (
            #"    "bodyBase64": "aGV-bG8="#,
            "'-' at character 4 is base64url, not base64; write it with '+' and '/' instead of '-' and '_'"
        ),
        (#"    "bodyBase64": "aGVs\nbG8="#, "a line break or space at character 5; write the base64 text on one line"),
        (#"    "bodyBase64": "aG==bG8="#, "'=' padding at character 3 is not at the end"),
        (#"    "bodyBase64": "\u001b[2J"#, "'\\u{1B}' at character 1 is not a base64 character"),
    ])
    func invalidBase64BodyIsRefusedAtItsField(value: String, problem: String) throws {
        let error = try #require(refusal(recording(response: value + "\"")))
        #expect(error.code == .invalidRecording)
        #expect(error.message == "'response.bodyBase64' is not valid base64: " + problem)
        #expect(error.location == SourceLocation(file: "r.json", line: 5, column: 19))
        #expect(error.hint?.contains("standard base64") == true)
    }

    @Test func validBase64BodyIsRead() throws {
        #expect(refusal(recording(response: #"    "bodyBase64": "aGVsbG8=""#)) == nil)
        let recording = try Recording(
            json: TestSuites.json(recording(response: #"    "bodyBase64": "aGVsbG8=""#)), file: "r.json")
        #expect(recording.response.body == .base64("aGVsbG8="))
    }

    @Test(arguments: [
        (
            #"    "body": {"a": 1},"# + "\n" + #"    "bodyText": "a""#, "'response' has both 'body' and 'bodyText'", 6,
            17
        ),
        (#"    "bodyBase64": "aGk=", "body": [1]"#, "'response' has both 'bodyBase64' and 'body'", 5, 35),
        (
            #"    "bodyText": "a", "bodyBase64": "aGk=", "body": 1"#, "'response' has both 'bodyText' and 'bodyBase64'",
            5, 36
        ),
    ])
    func twoBodyFieldsAreRefusedAtTheSecond(members: String, start: String, line: Int, column: Int) throws {
        let error = try #require(refusal(recording(response: members)))
        #expect(error.message == start + "; use one of body, bodyText or bodyBase64")
        #expect(error.location == SourceLocation(file: "r.json", line: line, column: column))
    }

    @Test(arguments: [
        // A second status was taken silently (the last won), and two bodies were "'body' and 'body'".
        (
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 200, "status": 500}}"#,
            "'response' has 'status' twice"
        ),
        (
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 200, "body": 1, "body": 2}}"#,
            "'response' has 'body' twice"
        ),
        (
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "method": "POST", "url": "/b"}, "response": {"status": 200}}"#,
            "'request' has 'method' twice"
        ),
        (
            #"{"format": "contract-recording/1", "endpoint": "a/b", "endpoint": "a/c", "request": {"method": "GET", "url": "/b"}, "response": {"status": 200}}"#,
            "the recording has 'endpoint' twice"
        ),
    ])
    func aMemberOfTheRecordingNamedTwiceIsRefused(text: String, message: String) throws {
        let error = try #require(refusal(text))
        #expect(error.code == .invalidRecording)
        #expect(error.message == message)
        #expect(error.location?.line == 1 && (error.location?.column ?? 0) > 1)
        #expect(error.hint?.hasPrefix("the recorder writes each member once") == true)
    }

    @Test func aRepeatedKeyInsideTheBodyIsTheBodysOwn() throws {
        // The body is the server's: a key it repeats is read as JSONDecoder reads it, not refused here.
        #expect(refusal(recording(response: #"    "body": {"a": 1, "a": 2}"#)) == nil)
    }

    @Test func twoBodyFieldsInTheRequestAreRefusedToo() throws {
        let text =
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "POST", "url": "/b", "body": {}, "bodyText": "x"}, "response": {"status": 200}}"#
        let error = try #require(refusal(text))
        #expect(error.message == "'request' has both 'body' and 'bodyText'; use one of body, bodyText or bodyBase64")
        #expect(error.location == SourceLocation(file: "r.json", line: 1, column: 122))
    }

    @Test(arguments: [
        // A wrong value is reported where it stands; a missing one at the object that should hold it.
        (
            #"{"format": "contract-recording/2"}"#,
            "unsupported format 'contract-recording/2'; this version reads contract-recording/1", 1, 12
        ),
        ("{\n  \"endpoint\": \"a/b\"\n}", "missing 'format' (\"contract-recording/1\")", 1, 1),
        (
            "{\"format\": \"contract-recording/1\",\n \"endpoint\": 7}",
            "missing 'endpoint' (such as \"users/list-users\")", 2, 14
        ),
        (
            "{\"format\": \"contract-recording/1\", \"endpoint\": \"a/b\",\n  \"request\": {\"url\": \"/\"}}",
            "missing 'request.method'", 2, 14
        ),
        (
            "{\"format\": \"contract-recording/1\", \"endpoint\": \"a/b\", \"request\": {\"method\": \"GET\", \"url\": \"/\"},\n\"response\": {\"status\": \"200\"}}",
            "missing or invalid 'response.status' (a number from 100 to 599)", 2, 24
        ),
    ])
    func fieldErrorsPointAtTheField(json: String, message: String, line: Int, column: Int) throws {
        let error = try #require(refusal(json))
        #expect(error.message == message)
        #expect(error.location == SourceLocation(file: "r.json", line: line, column: column))
    }

    @Test func headerErrorsPointAtTheHeaderAndCountColumnsInCharacters() throws {
        // "é" is two bytes and one column; the byte-order mark is not a column.
        let text = "\u{FEFF}" + recording(response: #"    "headers": {"Café": "é", "A": 1}"#)
        let error = try #require(refusal(text))
        #expect(error.message == "header 'A' in 'response.headers' must be text")
        #expect(error.location == SourceLocation(file: "r.json", line: 5, column: 35))
    }

    @Test func fieldsAreLocatedInTheFileWhenReadFromIt() throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/r.json"
        let text = recording(response: #"    "url": 42"#)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try Recording(json: TestSuites.json(text), file: path, locate: Recording.fieldLocator(inFileAt: path))
        } throws: { error in
            (error as? ContractError)?.location == SourceLocation(file: path, line: 5, column: 12)
        }
        // Without a way to find the field, the error is at the start of the file, as before.
        #expect {
            try Recording(json: TestSuites.json(text), file: path)
        } throws: { error in
            (error as? ContractError)?.location == SourceLocation(file: path, line: 1, column: 1)
        }
    }

    @Test func malformedJSONIsReportedWithItsPlace() throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/r.json"
        try String(sample.prefix(120)).write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try Recording.read(from: path)
        } throws: { error in
            let error = error as! ContractError
            return error.code == .invalidRecording && error.location?.file == path && error.location?.line == 5
                && error.location?.column == 3
                && error.message.hasPrefix("the recording is not valid JSON: ")
        }
    }

    @Test func unchangedReRecordLeavesTheFileAlone() throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/users/list-users.json"
        var recording = try Recording(json: TestSuites.json(sample), file: "r.json")
        #expect(try recording.write(to: path))
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date

        recording.recordedAt = "2026-11-22T03:00:00Z"
        recording.response.durationMs = 120
        #expect(try recording.write(to: path) == false)
        let after = try Recording.read(from: path)
        #expect(after.recordedAt == "2026-11-21T03:00:00Z")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date == before)

        recording.response.status = 201
        #expect(try recording.write(to: path))
        #expect(try Recording.read(from: path).response.status == 201)
        // Only the recording itself is left in the folder: the atomic write's temporary file is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/users") == ["list-users.json"])
    }

    @Test func aBodyOnItsTapeIsWrittenAsTheSameBodyBuilt() throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/r.json"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(sample.utf8).write(to: URL(fileURLWithPath: path))
        let indexed = try Recording.readInPlace(from: path)
        guard case .indexed? = indexed.response.body else {
            Issue.record("the body is read onto its tape")
            return
        }
        #expect(String(decoding: indexed.encoded(), as: UTF8.self) == sample)
        #expect(indexed.encoded() == (try Recording.read(from: path)).encoded())
    }

    @Test func committedSampleRecordingsAreInCanonicalForm() throws {
        let root = Fixtures.repositoryRoot.appendingPathComponent("Recordings").path
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".json")
        }.sorted()
        #expect(files.count == 7)
        for file in files {
            let path = root + "/" + file
            let recording = try Recording.read(from: path)
            let canonical = recording.encoded()
            if ProcessInfo.processInfo.environment["CONTRACT_RECORD_GOLDEN"] == "1" {
                try canonical.write(to: URL(fileURLWithPath: path))
            }
            #expect(
                FileManager.default.contents(atPath: path) == canonical,
                "\(file) is not in canonical form; re-write it with CONTRACT_RECORD_GOLDEN=1 swift test")
        }
    }

    /// `Recording.differsOnlyInVolatileValues` over arrays.
    private func quicklyUnchanged(_ existing: [UInt8], _ written: [UInt8]) -> Bool {
        existing.withUnsafeBytes { old in written.withUnsafeBytes { Recording.differsOnlyInVolatileValues(old, $0) } }
    }

    @Test func aFileThatDiffersOnlyInRecordedAtAndDurationIsSeenUnchangedFromItsBytes() throws {
        var recording = try Recording(json: TestSuites.json(sample), file: "r.json")
        let existing = recording.encodedBytes()
        recording.recordedAt = "2026-11-22T04:05:06Z"
        recording.response.durationMs = 1200
        let written = recording.encodedBytes()
        #expect(written != existing)
        #expect(quicklyUnchanged(existing, written))
        #expect(quicklyUnchanged(written, existing))
        #expect(quicklyUnchanged(written, written))

        var changed = recording
        changed.response.status = 201
        #expect(!quicklyUnchanged(existing, changed.encodedBytes()))
        changed = recording
        changed.request.url += "?page=2"
        #expect(!quicklyUnchanged(existing, changed.encodedBytes()))
        #expect(!quicklyUnchanged(existing + [JSONByte.lineFeed], written))
        #expect(!quicklyUnchanged(Array(existing.dropLast()), written))
        // Without the members in the new text, the file's are not skipped over.
        changed = recording
        changed.recordedAt = nil
        #expect(!quicklyUnchanged(existing, changed.encodedBytes()))
        changed = recording
        changed.response.durationMs = nil
        #expect(!quicklyUnchanged(existing, changed.encodedBytes()))

        // Values the reader refuses or the writer writes otherwise are left to the full comparison.
        let text = String(decoding: existing, as: UTF8.self)
        for (value, replacement) in [
            ("\"durationMs\": 84", "\"durationMs\": 084"), ("\"durationMs\": 84", "\"durationMs\": 8.4"),
            ("\"durationMs\": 84", "\"durationMs\": 1e3"), ("\"durationMs\": 84", "\"durationMs\": -84"),
            ("\"durationMs\": 84", "\"durationMs\": 1000000000000000"),
            ("\"durationMs\": 84", "\"durationMs\": \"84\""),
            ("03:00:00Z\"", "03:00:00\\u005a\""), ("03:00:00Z\"", "03:00:00Z"),
            ("\"recordedAt\": \"2026-11-21T03:00:00Z\"", "\"recordedAt\": null"),
        ] {
            let edited = text.replacingOccurrences(of: value, with: replacement)
            #expect(edited != text)
            #expect(!quicklyUnchanged(Array(edited.utf8), written), "\(replacement)")
        }
        // The largest duration the reader takes, and 0, are skipped over.
        for duration in ["999999999999999", "0"] {
            let edited = text.replacingOccurrences(of: "\"durationMs\": 84", with: "\"durationMs\": \(duration)")
            #expect(quicklyUnchanged(Array(edited.utf8), written))
        }
        // The same recording formatted otherwise is not the same bytes: the full comparison decides.
        let compact = JSONWriter(style: .compact).write(recording.jsonValue)
        #expect(!quicklyUnchanged(Array(compact.utf8), written))
    }

    @Test func membersNamedRecordedAtOrDurationMsInABodyAreComparedAsTheyStand() throws {
        var recording = try Recording(json: TestSuites.json(sample), file: "r.json")
        func body(_ duration: Int, _ recordedAt: String) -> Recording.Body {
            .json(
                .object(
                    JSONObject([
                        "durationMs": .number(JSONNumber(duration)), "recordedAt": .string(recordedAt),
                        "inner": .object(JSONObject(["durationMs": .number(JSONNumber(duration))])),
                    ])))
        }
        recording.response.body = body(5, "a")
        recording.request.body = body(5, "a")
        let existing = recording.encodedBytes()
        for (request, response) in [
            (body(6, "a"), body(5, "a")), (body(5, "a"), body(6, "a")), (body(5, "a"), body(5, "b")),
        ] {
            var changed = recording
            changed.request.body = request
            changed.response.body = response
            #expect(!quicklyUnchanged(existing, changed.encodedBytes()))
        }
        recording.response.durationMs = 7
        #expect(quicklyUnchanged(existing, recording.encodedBytes()))
    }
}
