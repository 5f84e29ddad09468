import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Reports built by hand, for the history's tests: each endpoint with the findings given.
enum HistoryReports {
    static func finding(
        _ endpoint: String, _ kind: DriftKind, at path: String?, expected: String = "Int",
        actual: String = "string \"1\"",
        severity: Severity = .breaking, message: String = "it changed"
    ) -> Finding {
        Finding(
            endpoint: endpoint, kind: kind, severity: severity, path: path.flatMap(JSONPath.init(parsing:)),
            expected: expected, actual: actual, message: message, hint: "fix it",
            specLocation: SourceLocation(file: "Specs/\(endpoint.split(separator: "/")[0]).yaml", line: 3, column: 5))
    }

    static func report(_ endpoints: [String: [Finding]], failOn: Severity = .breaking) -> VerificationReport {
        VerificationReport(
            results: endpoints.keys.sorted().enumerated().map { line, id in
                EndpointResult(
                    id: id, specLocation: SourceLocation(file: "Specs/x.yaml", line: line + 1, column: 3),
                    recordingPath: "Recordings/\(id).json", model: nil, findings: endpoints[id]!)
            }, failOn: failOn)
    }

    static func day(_ number: Int) -> Date {
        Date(timeIntervalSince1970: 1_793_491_200 + Double(number - 1) * 86_400 + 3 * 3_600)  // 2026-11-01T03:00:00Z
    }

    static func run(day number: Int, env: String = "staging", key: String? = nil) -> HistoryRun {
        HistoryRun(
            startedAt: day(number), durationMs: 1_200, toolVersion: "2.0.0", gitCommit: "abc123", gitBranch: "main",
            environment: env,
            runKey: key)
    }
}

@Suite struct FingerprintTests {
    @Test func theIndexAndTheMessageDoNotChangeIt() {
        let first = HistoryReports.finding("users/list", .typeMismatch, at: "$.users[3].id", message: "one")
        let moved = HistoryReports.finding(
            "users/list", .typeMismatch, at: "$.users[17].id", actual: "string \"9\"", severity: .warning,
            message: "another wording")
        #expect(first.foldedPath == "$.users[*].id")
        #expect(first.fingerprint == moved.fingerprint)
        #expect(first.fingerprint.count == 16)
    }

    @Test func theEndpointKindPathAndExpectedDo() {
        let base = HistoryReports.finding("users/list", .typeMismatch, at: "$.users[0].id")
        let others = [
            HistoryReports.finding("users/get", .typeMismatch, at: "$.users[0].id"),
            HistoryReports.finding("users/list", .nullValue, at: "$.users[0].id"),
            HistoryReports.finding("users/list", .typeMismatch, at: "$.users[0].name"),
            HistoryReports.finding("users/list", .typeMismatch, at: "$.users[0].id", expected: "String"),
            HistoryReports.finding("users/list", .typeMismatch, at: nil),
        ]
        #expect(Set(others.map(\.fingerprint) + [base.fingerprint]).count == 6)
    }

    @Test func quotedKeysStayQuotedAndAreNotIndices() {
        let finding = HistoryReports.finding("a/b", .missingKey, at: "$.pages[\"-1\"].items[2][0]")
        #expect(finding.foldedPath == "$.pages[\"-1\"].items[*][*]")
    }

    /// Other tools can compute it: FNV-1a 64 over the parts joined by U+001F, as docs/History.md says.
    @Test func itIsTheDocumentedHash() {
        // The same value Python gives: h = 0xcbf29ce484222325; for b in parts: h = ((h ^ b) * 0x100000001b3) % 2**64
        #expect(
            HistoryReports.finding("users/list", .typeMismatch, at: "$.users[5].id").fingerprint == "522e80e80508f3d4")
    }
}

@Suite struct HistoryStoreTests {
    static func temporaryPath() -> String { TestSuites.temporaryDirectory() + "/history.sqlite" }

    @Test func aDriftIsNewThenSeenSinceItsFirstRunThenResolved() throws {
        let path = Self.temporaryPath()
        let drift = HistoryReports.finding("users/list", .typeMismatch, at: "$.users[3].id")
        let store = try HistoryStore(path: path)

        let first = try store.append(
            HistoryReports.report(["users/list": [drift], "users/get": []]), run: HistoryReports.run(day: 1))
        let mark = try #require(first.results[1].findings.first?.history)
        #expect(mark == FindingHistory(isNew: true, firstSeen: "2026-11-01T03:00:00Z", runsSeen: 1))
        #expect(first.history?.previousRun == nil)
        #expect(first.history?.resolved == [])

        var moved = drift
        moved.path = JSONPath(parsing: "$.users[8].id")
        moved.message = "reworded"
        let second = try store.append(
            HistoryReports.report(["users/list": [moved], "users/get": []]), run: HistoryReports.run(day: 2))
        #expect(
            second.results[1].findings[0].history
                == FindingHistory(isNew: false, firstSeen: "2026-11-01T03:00:00Z", runsSeen: 2))
        #expect(second.results[1].findings[0].history?.label == "since 2026-11-01 (2 runs)")
        #expect(second.history?.previousRun == "2026-11-01T03:00:00Z")

        let third = try store.append(
            HistoryReports.report(["users/list": [], "users/get": []]), run: HistoryReports.run(day: 3))
        let resolved = try #require(third.history?.resolved)
        #expect(resolved.count == 1)
        #expect(resolved.first?.fingerprint == drift.fingerprint)
        #expect(resolved.first?.path?.description == "$.users[8].id", "the latest details of the drift")
        #expect(third.history?.trend.map(\.breaking) == [1, 1, 0])

        // It comes back: new again, and its first sighting is kept.
        let fourth = try store.append(
            HistoryReports.report(["users/list": [drift], "users/get": []]), run: HistoryReports.run(day: 4))
        #expect(fourth.results[1].findings[0].history?.label == "new (back: first seen 2026-11-01, 3 runs)")
    }

    @Test func environmentsKeepTheirOwnHistory() throws {
        let store = try HistoryStore(path: Self.temporaryPath())
        let drift = HistoryReports.finding("users/list", .typeMismatch, at: "$.id")
        let report = HistoryReports.report(["users/list": [drift]])
        _ = try store.append(report, run: HistoryReports.run(day: 1, env: "staging"))
        let production = try store.append(report, run: HistoryReports.run(day: 2, env: "production"))
        #expect(production.results[0].findings[0].history?.isNew == true)
        #expect(production.results[0].findings[0].history?.runsSeen == 1)
        let staging = try store.append(report, run: HistoryReports.run(day: 3, env: "staging"))
        #expect(staging.results[0].findings[0].history?.label == "since 2026-11-01 (2 runs)")
    }

    @Test func aDriftOfAnEndpointThisRunDidNotVerifyIsNotResolved() throws {
        let store = try HistoryStore(path: Self.temporaryPath())
        let drift = HistoryReports.finding("users/list", .typeMismatch, at: "$.id")
        _ = try store.append(
            HistoryReports.report(["users/list": [drift], "users/get": []]), run: HistoryReports.run(day: 1))
        let filtered = try store.append(HistoryReports.report(["users/get": []]), run: HistoryReports.run(day: 2))
        #expect(filtered.history?.resolved == [])
    }

    @Test func aDriftIsResolvedWhenARunBetweenLeftItsEndpointOut() throws {
        // Day 2 is a --filter run (or another shard without --run-id): day 3 finds the drift of day 1 gone, and says
        // so, though the run just before it never had it. A waived drift that goes is not listed.
        let store = try HistoryStore(path: Self.temporaryPath())
        let drift = HistoryReports.finding("users/list", .typeMismatch, at: "$.id")
        var waived = HistoryReports.finding("users/list", .extraKey, at: "$.note")
        waived.waiver = Waiver(
            kind: .extraKey, path: "$.note", until: "2099-12-31", reason: "APP-1",
            location: SourceLocation(file: "Specs/users.yaml", line: 1, column: 1))
        _ = try store.append(
            HistoryReports.report(["users/list": [drift, waived], "users/get": []]), run: HistoryReports.run(day: 1))
        _ = try store.append(HistoryReports.report(["users/get": []]), run: HistoryReports.run(day: 2))
        let third = try store.append(
            HistoryReports.report(["users/list": [], "users/get": []]), run: HistoryReports.run(day: 3))
        #expect(third.history?.resolved.map(\.fingerprint) == [drift.fingerprint])
        #expect(third.history?.previousRun == "2026-11-02T03:00:00Z")
        // Resolved once: the next run has nothing more to say.
        let fourth = try store.append(
            HistoryReports.report(["users/list": [], "users/get": []]), run: HistoryReports.run(day: 4))
        #expect(fourth.history?.resolved == [])
    }

    @Test func theFileIsReadBackByANewConnection() throws {
        let path = Self.temporaryPath()
        do {
            let store = try HistoryStore(path: path)
            _ = try store.append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 1))
        }
        let reopened = try HistoryStore(path: path, create: false)
        #expect(try reopened.trend(environment: "staging", limit: 10).count == 1)
        #expect(try reopened.database.integer("PRAGMA user_version") == HistorySchema.currentVersion)
        #expect(try reopened.database.integer("PRAGMA application_id") == HistorySchema.applicationID)
        #expect(try reopened.database.prepare("PRAGMA journal_mode").step())
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAsItIs() throws {
        let path = Self.temporaryPath()
        let text = Data("run,when\n1,yesterday\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: ContractError.self) { try HistoryStore(path: path) }
        #expect(error.code == .invalidHistory)
        #expect(error.message.contains("not an SQLite database"))
        #expect(FileManager.default.contents(atPath: path) == text)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftAsItIs() throws {
        let path = Self.temporaryPath()
        do {
            let other = try SQLiteDatabase(path: path, create: true)
            try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        }
        let before = FileManager.default.contents(atPath: path)
        let error = try #require(throws: ContractError.self) { try HistoryStore(path: path) }
        #expect(error.code == .invalidHistory)
        #expect(error.message.contains("not a contract history"))
        #expect(FileManager.default.contents(atPath: path) == before)
    }

    @Test func aHistoryWithMissingOrStrayTablesIsRefusedAsItIs() throws {
        let missing = Self.temporaryPath()
        do {
            let database = try SQLiteDatabase(path: missing, create: true)
            try database.execute(
                "PRAGMA application_id = \(HistorySchema.applicationID); PRAGMA user_version = 1; CREATE TABLE runs (id INTEGER)"
            )
        }
        let stray = Self.temporaryPath()
        do {
            let database = try SQLiteDatabase(path: stray, create: true)
            try database.execute(
                "PRAGMA application_id = \(HistorySchema.applicationID); CREATE TABLE runs (id INTEGER)")
        }
        for (path, problem) in [
            (missing, "(tables endpoints, run_endpoints, drifts, findings, drift_stats missing)"),
            (stray, "(schema version 0, yet table runs already there)"),
        ] {
            let before = FileManager.default.contents(atPath: path)
            let error = try #require(throws: ContractError.self) { try HistoryStore(path: path) }
            #expect(error.code == .invalidHistory)
            #expect(error.message == "'\(path)' is a damaged contract history \(problem)")
            #expect(error.hint?.contains("restore it from the CI cache or artifact") == true)
            #expect(FileManager.default.contents(atPath: path) == before, "left as it is")
        }
    }

    @Test func aDamagedHistoryGivesAClearError() throws {
        let path = Self.temporaryPath()
        do {
            let store = try HistoryStore(path: path)
            _ = try store.append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 1))
            try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        // Keep the first page (the header and the schema), overwrite the pages after it with noise.
        var bytes = try #require(FileManager.default.contents(atPath: path))
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }
        try bytes.write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: ContractError.self) {
            let store = try HistoryStore(path: path)
            _ = try store.append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 2))
        }
        #expect(error.code == .invalidHistory)
        #expect(error.message == "the history '\(path)' is damaged (SQLite: database disk image is malformed)")
        #expect(FileManager.default.contents(atPath: path) == bytes, "left as it is")
    }

    @Test func aHistoryFromANewerReleaseIsNotWritten() throws {
        let path = Self.temporaryPath()
        do {
            let store = try HistoryStore(path: path)
            try store.database.execute("PRAGMA user_version = \(HistorySchema.currentVersion + 1)")
        }
        let error = try #require(throws: ContractError.self) { try HistoryStore(path: path) }
        #expect(error.code == .invalidHistory)
        #expect(error.message.contains("newer release"))
    }

    @Test func aMissingHistoryIsNotCreatedWhenOnlyRead() {
        let path = Self.temporaryPath()
        #expect(throws: ContractError.self) { try HistoryStore(path: path, create: false) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}

@Suite struct SpecsRevisionTests {
    @Test func continuousIntegrationVariablesComeFirst() {
        let github = SpecsRevision.current(
            specsFolder: "/nonexistent", environment: ["GITHUB_SHA": "0123abc", "GITHUB_REF_NAME": "main"])
        #expect(github.commit == "0123abc" && github.branch == "main")
        let pullRequest = SpecsRevision.current(
            specsFolder: "/nonexistent",
            environment: ["GITHUB_SHA": "0123abc", "GITHUB_HEAD_REF": "fix-ids", "GITHUB_REF_NAME": "7/merge"])
        #expect(pullRequest.branch == "fix-ids")
        let gitlab = SpecsRevision.current(
            specsFolder: "/nonexistent", environment: ["CI_COMMIT_SHA": "feed", "CI_COMMIT_REF_NAME": "nightly"])
        #expect(gitlab.commit == "feed" && gitlab.branch == "nightly")
    }

    @Test func otherwiseGitIsAskedInTheSpecsFolder() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = SpecsRevision.current(specsFolder: folder, environment: [:])
        #expect(outside.commit == nil && outside.branch == nil, "not a repository: nothing, and no error")
        func git(_ arguments: String...) throws -> Int32 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments =
                ["git", "-C", folder, "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        guard (try? git("init", "-q", "-b", "specs-main")) == 0 else { return }  // no git here: nothing to check
        try Data("endpoints: {}\n".utf8).write(to: URL(fileURLWithPath: folder + "/a.yaml"))
        #expect(try git("add", "a.yaml") == 0)
        #expect(try git("commit", "-q", "-m", "specs") == 0)
        let revision = SpecsRevision.current(specsFolder: folder + "/a.yaml", environment: [:])
        #expect(revision.commit?.count == 40)
        #expect(revision.branch == "specs-main")
    }
}
