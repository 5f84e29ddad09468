import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Files that are not a sound history: each is refused with a message naming it, what is wrong and what to do, and
/// is left byte for byte as it was.
@Suite struct HistoryFileProblemsTests {
    /// A history of three runs at `path`, checkpointed so the whole of it is in the one file.
    static func history(at path: String = HistoryStoreTests.temporaryPath()) throws -> String {
        let store = try HistoryStore(path: path)
        for day in 1...3 {
            _ = try store.append(
                HistoryReports.report(["a/b": [HistoryReports.finding("a/b", .typeMismatch, at: "$[\(day)].id")]]),
                run: HistoryReports.run(day: day))
        }
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return path
    }

    /// Opens `path` for appending and for reading; both must fail with `code` and leave the file as it was.
    static func refusal(_ path: String, code: ContractError.Code) throws -> [ContractError] {
        let before = FileManager.default.contents(atPath: path)
        var errors: [ContractError] = []
        for readOnly in [false, true] {
            let error = try #require(throws: ContractError.self) {
                let store = try HistoryStore(path: path, create: !readOnly, readOnly: readOnly)
                if readOnly {
                    _ = try store.timeline(.suite, environment: nil, since: nil)
                } else {
                    _ = try store.append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 9))
                }
            }
            #expect(error.code == code, "\(error)")
            #expect(error.message.contains("'\(path)'"), "the message names the file: \(error.message)")
            #expect(error.hint?.isEmpty == false, "and says what to do: \(error)")
            errors.append(error)
        }
        #expect(FileManager.default.contents(atPath: path) == before, "left as it is")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") || HistoryStore.sizeOfFile(path + "-wal") == 0)
        return errors
    }

    @Test(arguments: [1, 4096, 100, 99, 16, 10])
    func aTruncatedFileIsDamaged(_ cut: Int) throws {
        let path = try Self.history()
        let bytes = try #require(FileManager.default.contents(atPath: path))
        try bytes.prefix(cut == 1 || cut == 4096 ? bytes.count - cut : cut).write(to: URL(fileURLWithPath: path))
        for error in try Self.refusal(path, code: .invalidHistory) {
            #expect(error.message.hasPrefix("the history '\(path)' is damaged: it is "), "\(error.message)")
            #expect(error.hint?.contains("restore it from a backup or the CI cache") == true)
        }
    }

    @Test func aNegativeSchemaVersionIsDamagedNotACrash() throws {
        let path = try Self.history()
        do {
            let database = try SQLiteDatabase(path: path, create: false)
            try database.execute("PRAGMA user_version = -1")
        }
        for error in try Self.refusal(path, code: .invalidHistory) {
            #expect(error.message == "the history '\(path)' is damaged: its schema version is -1")
        }
    }

    @Test func aFIFOOrAFolderIsRefusedAtOnce() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/fifo.sqlite", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: folder + "/folder.sqlite", withIntermediateDirectories: false)
        for (name, kind) in [("fifo.sqlite", "a FIFO (named pipe)"), ("folder.sqlite", "a folder")] {
            for readOnly in [false, true] {
                let error = #expect(throws: ContractError.self) {
                    _ = try HistoryStore(path: folder + "/" + name, create: !readOnly, readOnly: readOnly)
                }
                #expect(error?.message == "'\(folder)/\(name)' is \(kind), not a history file")
            }
        }
    }

    @Test func aHistoryBehindALinkIsReadAndAppendedToThroughIt() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: false)
        _ = try Self.history(at: folder + "/cache/real.sqlite")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/link.sqlite", withDestinationPath: "cache/real.sqlite")
        let store = try HistoryStore(path: folder + "/link.sqlite")
        _ = try store.append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 4))
        let reader = try HistoryStore(path: folder + "/link.sqlite", create: false, readOnly: true)
        #expect(try reader.timeline(.suite, environment: nil, since: nil).runs.count == 4)
        var entry = stat()
        #expect(lstat(folder + "/link.sqlite", &entry) == 0 && entry.st_mode & S_IFMT == S_IFLNK)
    }

    @Test func randomBytesAreNotAHistory() throws {
        let path = HistoryStoreTests.temporaryPath()
        var generator = SystemRandomNumberGenerator()
        let noise = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
        try noise.write(to: URL(fileURLWithPath: path))
        for error in try Self.refusal(path, code: .invalidHistory) {
            #expect(error.message == "'\(path)' is not a contract history: it is not an SQLite database")
        }
    }

    @Test func randomBytesAfterAnSQLiteHeaderAreDamaged() throws {
        let path = try Self.history()
        var bytes = try #require(FileManager.default.contents(atPath: path))
        var generator = SystemRandomNumberGenerator()
        for index in 100..<bytes.count { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        try bytes.write(to: URL(fileURLWithPath: path))
        for error in try Self.refusal(path, code: .invalidHistory) {
            #expect(error.message.hasPrefix("the history '\(path)' is damaged"), "\(error.message)")
        }
    }

    @Test func anotherApplicationsSQLiteFileIsNotAHistory() throws {
        let path = HistoryStoreTests.temporaryPath()
        do {
            let other = try SQLiteDatabase(path: path, create: true)
            try other.execute("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        }
        for error in try Self.refusal(path, code: .invalidHistory) {
            #expect(
                error.message
                    == "'\(path)' is an SQLite database, but not a contract history (application id 0, 1 tables)")
        }
    }

    @Test func aHistoryWhoseColumnsWereChangedByHandSaysSo() throws {
        let path = try Self.history()
        do {
            let database = try SQLiteDatabase(path: path, create: false)
            try database.execute("ALTER TABLE findings DROP COLUMN streak_start")
        }
        let error = try #require(throws: ContractError.self) {
            _ = try HistoryStore(path: path, create: false, readOnly: true).timeline(
                .suite, environment: nil, since: "2026-11-01T00:00:00Z")
        }
        #expect(error.code == .invalidHistory)
        #expect(
            error.message
                == "the history '\(path)' does not have the tables and columns contract wrote into it (SQLite: no such column: streak_start)"
        )
    }

    @Test func anEmptyFileIsNotYetAHistoryToShowButCanBeStarted() throws {
        let path = HistoryStoreTests.temporaryPath()
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let error = try #require(throws: ContractError.self) {
            try HistoryStore(path: path, create: false, readOnly: true)
        }
        #expect(error.message == "'\(path)' is empty: no run has been added to it yet")
        #expect(FileManager.default.contents(atPath: path) == Data())
        _ = try HistoryStore(path: path).append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 1))
        #expect(try HistoryStore(path: path, create: false).trend(environment: "staging", limit: 5).count == 1)
    }

    @Test func aFileLockedLongerThanTheBusyTimeoutSaysSo() throws {
        let path = try Self.history()
        let holder = try SQLiteDatabase(path: path, create: false)
        try holder.execute("BEGIN IMMEDIATE")
        defer { try? holder.execute("ROLLBACK") }
        let error = try #require(throws: ContractError.self) {
            let store = try HistoryStore(path: path, busyTimeout: .milliseconds(200))
            _ = try store.append(HistoryReports.report(["a/b": []]), run: HistoryReports.run(day: 9))
        }
        #expect(error.code == .io)
        #expect(error.message.hasPrefix("the history file '\(path)' stayed locked by another process (SQLite: "))
        #expect(error.hint == "another run is writing to it; run again when it has finished")
    }

    @Test func aFolderThatDoesNotExistIsNamed() throws {
        let path = TestSuites.temporaryDirectory() + "/no/such/folder/history.sqlite"
        let error = try #require(throws: ContractError.self) { try HistoryStore(path: path) }
        #expect(error.message.hasSuffix("its folder '\((path as NSString).deletingLastPathComponent)' does not exist"))
        #expect(error.hint?.contains("mkdir -p") == true)
    }
}

/// A file of schema version 1 is brought up to date by a writer (never by a reader), and says what it said before.
@Suite struct HistoryMigrationTests {
    @Test func aVersionOneFileGainsTheStreaksOfItsRuns() throws {
        let path = HistoryStoreTests.temporaryPath()
        let drift = HistoryReports.finding("a/b", .typeMismatch, at: "$[1].id")
        var timelines: [HistoryTimeline] = []
        do {
            let store = try HistoryStore(path: path)
            // Present, gone, back in staging; present throughout in production.
            for (day, present) in [(1, true), (2, false), (3, true), (4, true)] {
                _ = try store.append(
                    HistoryReports.report(["a/b": present ? [drift] : []]), run: HistoryReports.run(day: day))
                _ = try store.append(
                    HistoryReports.report(["a/b": [drift]]), run: HistoryReports.run(day: day, env: "production"))
            }
            for environment in ["staging", "production", nil] {
                timelines.append(try store.timeline(.suite, environment: environment, since: nil))
                timelines.append(try store.timeline(.suite, environment: environment, since: "2026-11-02T00:00:00Z"))
            }
            // Back to version 1, as an earlier release left it.
            try store.database.execute(
                """
                ALTER TABLE findings DROP COLUMN streak_start;
                ALTER TABLE drift_stats DROP COLUMN streaks;
                PRAGMA user_version = 1;
                """)
        }
        // A reader (`contract history`) leaves it as it is, so an older release sharing the file still reads it.
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let refused = try #require(throws: ContractError.self) {
            try HistoryStore(path: path, create: false, readOnly: true)
        }
        #expect(refused.message.contains("schema version 1") && refused.message.contains("left as it is"))
        #expect(refused.hint?.contains("contract verify --history") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        // A writer brings it up to date.
        let store = try HistoryStore(path: path, create: false)
        #expect(try store.database.integer("PRAGMA user_version") == HistorySchema.currentVersion)
        var again: [HistoryTimeline] = []
        for environment in ["staging", "production", nil] {
            again.append(try store.timeline(.suite, environment: environment, since: nil))
            again.append(try store.timeline(.suite, environment: environment, since: "2026-11-02T00:00:00Z"))
        }
        #expect(again == timelines)
        #expect(timelines.map { $0.drifts.map(\.streaks) } == [[2], [1], [1], [1], [2], [1]])
        #expect(timelines[0].drifts[0].isFlapping && !timelines[2].drifts[0].isFlapping)
        #expect(timelines[4].drifts[0].runs == 7, "three staging runs and four production runs")
    }
}

/// `--fail-on-new` fails on what did not fail the previous run: a new or returning drift, a drift whose waiver has
/// lapsed, and one whose severity rose to `--fail-on`.
@Suite struct FailOnNewTests {
    static func waived(_ finding: Finding) -> Finding {
        var finding = finding
        finding.waiver = Waiver(
            kind: finding.kind, path: nil, until: "2026-11-02", reason: "known",
            location: SourceLocation(file: "Specs/a.yaml", line: 9, column: 9))
        return finding
    }

    @Test func aLapsedWaiverOrARisenSeverityCountsAsNew() throws {
        let store = try HistoryStore(path: HistoryStoreTests.temporaryPath())
        let drift = HistoryReports.finding("a/b", .typeMismatch, at: "$[1].id")
        let rising = HistoryReports.finding("a/b", .extraKey, at: "$[1].nickname", severity: .warning)
        let nights: [(findings: [Finding], failsAnew: Bool, labels: [String])] = [
            ([Self.waived(drift), rising], false, ["new", "new"]),
            ([Self.waived(drift), rising], false, ["since 2026-11-01 (2 runs)", "since 2026-11-01 (2 runs)"]),
            // The waiver expired: the drift is known, but it fails tonight and did not last night.
            ([drift, rising], true, ["since 2026-11-01 (3 runs), no longer waived", "since 2026-11-01 (3 runs)"]),
            ([drift, rising], false, ["since 2026-11-01 (4 runs)", "since 2026-11-01 (4 runs)"]),
            // The spec made the extra key breaking.
            (
                [drift, HistoryReports.finding("a/b", .extraKey, at: "$[1].nickname")], true,
                ["since 2026-11-01 (5 runs)", "since 2026-11-01 (5 runs), was warning"]
            ),
            (
                [drift, HistoryReports.finding("a/b", .extraKey, at: "$[1].nickname")], false,
                ["since 2026-11-01 (6 runs)", "since 2026-11-01 (6 runs)"]
            ),
            // Falling back to a warning does not fail.
            ([drift, rising], false, ["since 2026-11-01 (7 runs)", "since 2026-11-01 (7 runs), was breaking"]),
        ]
        // New (night 1), no longer waived (night 3), risen to breaking (night 5).
        let boldMarks = [
            [true, true], [false, false], [true, false], [false, false], [false, true], [false, false], [false, false],
        ]
        for (offset, night) in nights.enumerated() {
            let marked = try store.append(
                HistoryReports.report(["a/b": night.findings]), run: HistoryReports.run(day: offset + 1))
            let findings = marked.results[0].findings
            #expect(marked.hasNewFailures == night.failsAnew, "night \(offset + 1)")
            #expect(findings.map { $0.history?.label ?? "" } == night.labels, "night \(offset + 1)")
            // The JSON report carries it, so `report merge --fail-on-new` judges the same.
            let json = try JSONParser().parse(JSONReportRenderer().render(marked))
            let read = try JSONReportReader().report(from: json, file: "night.json")
            #expect(read.hasNewFailures == night.failsAnew, "night \(offset + 1), read back from JSON")
            // The mark of what fails anew is set apart as a new one's is: bold in Markdown, `hist new` in HTML.
            let markdown = MarkdownReportRenderer().render(marked)
            let html = HTMLReportRenderer().render(marked)
            let standingOut = boldMarks[offset]
            for (finding, bold) in zip(findings, standingOut) {
                let label = finding.history!.label
                #expect(markdown.contains("**\(label)**") == bold, "night \(offset + 1): \(label)")
            }
            #expect(
                html.components(separatedBy: "class=\"hist new\"").count - 1 == standingOut.filter { $0 }.count,
                "night \(offset + 1)")
        }
        // Counted in the history line of every report format.
        let report = try store.append(
            HistoryReports.report(["a/b": [drift, HistoryReports.finding("a/b", .extraKey, at: "$[1].nickname")]]),
            run: HistoryReports.run(day: 8))
        #expect(report.hasNewFailures)
        #expect(
            report.history!.line(for: report)
                == "history (staging): 0 new, 2 seen before (1 failing now that did not before: risen or no longer waived), 0 resolved since the previous run (2026-11-07T03:00:00Z)"
        )
    }
}
