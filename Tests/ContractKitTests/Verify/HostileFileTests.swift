import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Specs, recordings and reports written to break the tool (a corrupted checkout, a hostile pull request): each is a
/// clear error or finding, and the run goes on.
@Suite(.timeLimit(.minutes(1)))
struct HostileFileTests {
    /// Loads `files` (name, text) as a specs folder; the errors' text, or nil when it loads.
    static func loadErrors(_ files: [(String, String)]) -> String? {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (name, text) in files {
            _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8))
        }
        do {
            _ = try SpecLoader().load(directory: folder)
            return nil
        } catch {
            return error.description
        }
    }

    static let recordingHead =
        #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "#

    // MARK: - Specs

    @Test(arguments: ["....yaml", "...yaml", "..yml", "a\u{1B}[31mred.yaml", "x\u{202E}y.yaml"])
    func aSpecFileNameThatCannotNameAFolderIsRefused(_ name: String) throws {
        let errors = try #require(Self.loadErrors([(name, "endpoints: { ping: { request: GET /ping } }")]))
        #expect(errors.contains("cannot name a recordings folder"), "\(errors)")
        #expect(!errors.contains("\u{1B}") && !errors.contains("\u{202E}"), "printed raw: \(errors)")
    }

    @Test(arguments: ["a\u{1B}[31mred", "x\u{202E}y", "nul\u{0}here"])
    func anEndpointNameWithAControlCharacterIsRefused(_ name: String) throws {
        let yaml =
            "endpoints:\n  \"\(name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x202E ? String(format: "\\u%04X", $0.value) : String($0) }.joined())\": { request: GET /ping }\n"
        let errors = try #require(Self.loadErrors([("users.yaml", yaml)]))
        #expect(errors.contains("cannot name a recording file"), "\(errors)")
        #expect(!errors.contains("\u{1B}") && !errors.contains("\u{202E}") && !errors.contains("\u{0}"))
    }

    @Test(arguments: [
        String(repeating: "[", count: 5_000) + "String" + String(repeating: "]", count: 5_000),
        "String" + String(repeating: "?", count: 10_000),
        String(repeating: "[String: ", count: 3_000) + "Int" + String(repeating: "]", count: 3_000),
    ])
    func deepTypeTextInAQuotedStringIsAnErrorNotAStackOverflow(_ type: String) throws {
        let yaml = "shapes:\n  A: '\(type)'\nendpoints:\n  ping: { request: GET /ping, expect: { body: A } }\n"
        let errors = try #require(Self.loadErrors([("users.yaml", yaml)]))
        #expect(errors.contains("nests deeper than 64 levels"), "\(errors.prefix(300))")
        #expect(errors.utf8.count < 5_000, "the error quotes the whole text: \(errors.utf8.count) bytes")
    }

    @Test func aDeeplyNestedModelNameIsAnErrorNotAStackOverflow() {
        let registry = ModelRegistry([Int.self])
        #expect(throws: ContractError.self) {
            try registry.resolve(String(repeating: "[", count: 5_000) + "Int" + String(repeating: "]", count: 5_000))
        }
        #expect(throws: ContractError.self) { try registry.resolve("Int" + String(repeating: "?", count: 10_000)) }
        #expect((try? registry.resolve("[[Int]]?")) != nil)
    }

    @Test func aLargeEnumLoadsAndARepeatedCaseIsFound() throws {
        let cases = (0..<100_000).map { "c\($0)" }
        #expect(Self.loadErrors([("users.yaml", "shapes:\n  E: 'enum(\(cases.joined(separator: ", ")))'\n")]) == nil)
        let repeated = try #require(
            Self.loadErrors([("users.yaml", "shapes:\n  E: 'enum(\((cases + ["c5"]).joined(separator: ", ")))'\n")]))
        #expect(repeated.contains("enum case 'c5' is listed twice"))
    }

    @Test func aliasesOfLongTextStopAtATextLimit() throws {
        let long = String(repeating: "a", count: 1 << 20)
        var yaml = "shapes:\n  Base: &long '\(long)'\n"
        for index in 0..<80 { yaml += "  C\(index): *long\n" }
        let errors = try #require(Self.loadErrors([("users.yaml", yaml)]))
        #expect(errors.contains("grows past 64 MB once aliases are expanded"), "\(errors.prefix(300))")
        #expect(errors.utf8.count < 10_000, "\(errors.utf8.count) bytes of errors")
    }

    @Test func aHugeKeyIsQuotedInPartInAnError() throws {
        let key = String(repeating: "k", count: 1 << 20)
        let errors = try #require(
            Self.loadErrors([("users.yaml", "endpoints:\n  ping: { request: GET /ping, \(key): 1 }\n")]))
        #expect(errors.contains("…"), "\(errors.prefix(300))")
        #expect(errors.utf8.count < 10_000, "\(errors.utf8.count) bytes of errors")
    }

    // MARK: - Recordings

    @Test(arguments: ["1e300", "1e19", "9.3e18", "-9.3e18", "-1"])
    func anAbsurdDurationIsAnInvalidRecordingNotACrash(_ duration: String) throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/r.json"
        try (Self.recordingHead + #""response": {"status": 200, "durationMs": \#(duration), "body": {}}}"#)
            .write(toFile: path, atomically: true, encoding: .utf8)
        for inPlace in [false, true] {
            do {
                _ = try inPlace ? Recording.readInPlace(from: path) : Recording.read(from: path)
                Issue.record("read a durationMs of \(duration)")
            } catch {
                #expect(error.message.contains("'response.durationMs' must be a number of milliseconds"), "\(error)")
            }
        }
    }

    @Test func aFIFOAtARecordingPathIsAFindingNotAHang() throws {
        let suite = try TestSuites.suite(("Specs/users.yaml", "endpoints: { get-user: { request: GET /u } }"))
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/users", withIntermediateDirectories: true)
        #expect(mkfifo(folder + "/users/get-user.json", 0o644) == 0)
        let result = Verifier(suite: suite, options: .init(recordingsDirectory: folder)).verify(suite.endpoints[0])
        let finding = try #require(result.findings.first)
        #expect(finding.kind == .recordingInvalid)
        #expect(finding.message.contains("is a FIFO (named pipe), not a regular file"), "\(finding.message)")
    }

    @Test func aLinkOutOfTheRecordingsFolderIsRefusedWithoutQuotingItsTarget() throws {
        let suite = try TestSuites.suite(
            ("Specs/users.yaml", "endpoints: { get-user: { request: GET /u }, other: { request: GET /o } }"))
        let outside = TestSuites.temporaryDirectory()
        let folder = TestSuites.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: outside)
        }
        try "root:x:0:0:root:/root:/bin/bash\n".write(toFile: outside + "/passwd", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/users", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/users/get-user.json", withDestinationPath: outside + "/passwd")
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: folder))
        let refused = verifier.verify(suite.endpoints[0])
        let finding = try #require(refused.findings.first)
        #expect(finding.kind == .recordingInvalid)
        #expect(finding.message.contains("is a link to a file outside the recordings folder"), "\(finding.message)")
        #expect(!"\(refused)".contains("root:x"))

        // A link that stays inside the folder is read.
        try (Self.recordingHead.replacingOccurrences(of: "a/b", with: "users/other") + #""response": {"status": 200}}"#)
            .write(toFile: folder + "/users/real.json", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/users/other.json", withDestinationPath: "real.json")
        #expect(verifier.verify(suite.endpoints[1]).findings.isEmpty)
    }

    @Test func aRecordingThatCannotBeReachedSaysWhyAndIsNotCalledMissing() throws {
        // Each was "recording-missing" with "record it" as the fix, which would not have mended it.
        let suite = try TestSuites.suite(
            ("Specs/a.yaml", "endpoints: { loop: { request: GET /l }, dangling: { request: GET /d } }"),
            ("Specs/b.yaml", "endpoints: { e: { request: GET /e } }"),
            ("Specs/c.yaml", "endpoints: { gone: { request: GET /g } }"))
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/a/loop.json", withDestinationPath: "loop.json")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/a/dangling.json", withDestinationPath: "nowhere.json")
        try "not a folder".write(toFile: folder + "/b", atomically: true, encoding: .utf8)
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: folder))
        let said = suite.endpoints.map { endpoint in
            let finding = verifier.verify(endpoint).findings.first
            return "\(endpoint.id) \(finding?.kind.rawValue ?? "-"): \(finding?.message ?? "") | \(finding?.hint ?? "")"
        }
        #expect(
            said == [
                "a/loop recording-invalid: the recording cannot be read: cannot read '\(folder)/a/loop.json': it is a "
                    + "link that leads round in a loop | replace the link with the recording itself",
                "a/dangling recording-invalid: the recording cannot be read: cannot read '\(folder)/a/dangling.json': it "
                    + "is a link to a file that does not exist | remove the link, or replace it with the recording itself",
                "b/e recording-invalid: the recording cannot be read: cannot read '\(folder)/b/e.json': '\(folder)/b' is "
                    + "a file, not a folder | a spec's recordings are files in a folder named after the spec: move that "
                    + "file aside",
                "c/gone recording-missing: there is no recording for this endpoint | record it with `contract record "
                    + "--filter c/gone`, or add the file by hand",
            ], "\(said)")
    }

    @Test func aPathWithNoFileIsNotCalledALink() throws {
        // What `contract diff` says of a mistyped path.
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: ContractError.self) { try Recording.read(from: folder + "/nope.json") }
        #expect(error?.message == "cannot read '\(folder)/nope.json': there is no such file")
        #expect(error?.hint == "check the path, and that the file is there")
    }

    @Test func anIdWithControlCharactersIsPrintedEscaped() {
        let result = EndpointResult(
            id: "x/a\u{1B}[31mred\u{202E}", specLocation: SourceLocation(file: "Specs/x.yaml", line: 1, column: 1),
            recordingPath: "Recordings/x/a.json", model: nil, findings: [])
        let text = TextReportRenderer().render(VerificationReport(results: [result], failOn: .breaking))
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"), "\(text)")
        #expect(text.contains("x/a\\u{1B}[31mred\\u{202E}"), "\(text)")
    }

    // MARK: - Reports

    @Test func aReportQuotingTheDeepestBodyARecordingMayHoldReadsBack() throws {
        let depth = JSONParser.defaultMaxDepth - 2
        let body = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/users", withIntermediateDirectories: true)
        try
            (Self.recordingHead.replacingOccurrences(of: "a/b", with: "users/deep")
            + #""response": {"status": 200, "body": \#(body)}}"#)
            .write(toFile: folder + "/users/deep.json", atomically: true, encoding: .utf8)
        let suite = try TestSuites.suite(
            ("Specs/users.yaml", "endpoints: { deep: { request: GET /d, expect: { body: String } } }"))
        let result = Verifier(suite: suite, options: .init(recordingsDirectory: folder)).verify(suite.endpoints[0])
        #expect(result.recording?.recording.response.body != nil, "the body is quoted in the report")
        let report = JSONReportRenderer().render(VerificationReport(results: [result], failOn: .breaking))
        let path = folder + "/report.json"
        try report.write(toFile: path, atomically: true, encoding: .utf8)
        let read = try JSONReportReader().read(from: path)
        #expect(read.results.first?.id == "users/deep")
    }
}
