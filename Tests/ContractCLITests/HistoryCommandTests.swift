import ContractTestSupport
import Foundation
import Testing

/// `--history`, `--env`, `--fail-on-new` and `--run-id` on the built binary, and the file under two writers and
/// a killed one.
@Suite struct HistoryCommandTests {
    /// A copy of the sample suite where `directory/list-users` sends one id as a string (breaking).
    static func driftedCopy() throws -> String {
        let root = TestSuites.copyOfSampleSuite()
        try replace("\"id\": 2,", with: "\"id\": \"2\",", in: root + "/Recordings/directory/list-users.json")
        return root
    }

    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aDriftIsNewThenSeenSinceAndFailOnNewPassesOnKnownDrift() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let arguments = ["verify", "--history", "history.sqlite", "--env", "staging"]

        let first = try CommandRunner.run(arguments + ["--fail-on-new"], in: root)
        #expect(first.status == 1, "the first run has everything new: \(first.stderr)")
        #expect(first.stdout.contains("type-mismatch  at $[1].id  new\n"))
        #expect(first.stdout.hasSuffix("history (staging): 1 new, 0 seen before, 0 resolved; the first run\n"))

        let second = try CommandRunner.run(arguments + ["--fail-on-new"], in: root)
        #expect(second.status == 0, "known drift does not fail --fail-on-new: \(second.stdout)")
        #expect(second.stdout.contains("FAIL directory/list-users"))
        #expect(
            second.stdout.range(of: #"at \$\[1\]\.id  since \d{4}-\d\d-\d\d \(2 runs\)"#, options: .regularExpression)
                != nil)
        #expect(
            try CommandRunner.run(arguments, in: root).status == 1, "without --fail-on-new the drift fails as before")

        // A second drift tonight: --fail-on-new fails on it alone.
        try Self.replace("\"id\": 3,", with: "\"id\": null,", in: root + "/Recordings/directory/list-users.json")
        let third = try CommandRunner.run(arguments + ["--fail-on-new", "--format", "json"], in: root)
        #expect(third.status == 1)
        #expect(third.stdout.contains(#""new": true"#) && third.stdout.contains(#""runsSeen": 4"#))

        // Fixed: listed as resolved, and the run passes.
        try Self.replace("\"id\": \"2\",", with: "\"id\": 2,", in: root + "/Recordings/directory/list-users.json")
        try Self.replace("\"id\": null,", with: "\"id\": 3,", in: root + "/Recordings/directory/list-users.json")
        let fixed = try CommandRunner.run(arguments, in: root)
        #expect(fixed.status == 0)
        #expect(
            fixed.stdout.contains(
                "RESOLVED since the previous run\n  resolved null-value at $[2].id (directory/list-users; seen since "))
        #expect(
            fixed.stdout.contains(", 1 run)\n  resolved type-mismatch at $[1].id (directory/list-users; seen since "))

        // Another environment starts its own timeline in the same file.
        let production = try CommandRunner.run(
            ["verify", "--history", "history.sqlite", "--env", "production"], in: root)
        #expect(production.stdout.hasSuffix("history (production): 0 new, 0 seen before, 0 resolved; the first run\n"))
    }

    @Test func historyFlagsNeedAHistory() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for flags in [["--fail-on-new"], ["--env", "staging"], ["--run-id", "7"]] {
            let run = try CommandRunner.run(["verify"] + flags, in: root)
            #expect(run.status == 64)
            #expect(run.stderr.contains("needs a history to compare with: add --history FILE"))
            // Found by run(), it still shows the usage of the command run, not of `contract <subcommand>`.
            #expect(run.stderr.contains("\nUsage: contract verify [--specs <specs>]"), "\(run.stderr)")
        }
        let fromEnvironment = try CommandRunner.run(
            ["verify", "--fail-on-new"], in: root, environment: ["CONTRACT_HISTORY": "kept.sqlite"])
        #expect(fromEnvironment.status == 0)
        #expect(FileManager.default.fileExists(atPath: root + "/kept.sqlite"))
    }

    @Test func absurdAgesAndImpossibleDaysAreUsageErrors() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for flag in ["--since", "--prune"] {
            for age in ["9223372036854775807d", "9223372036854775807w", "36501d", "5215w"] {
                let run = try CommandRunner.run(["history", "--history", "h.sqlite", flag, age], in: root)
                #expect(run.status == 64, "\(flag) \(age): \(run.stderr)")
                #expect(run.stderr.contains("\(flag) '\(age)': an age of at most 36500 days (100 years) is allowed"))
            }
        }
        for day in ["2026-02-31", "2026-13-45", "2026-00-10", "2026-04-31", "2025-02-29"] {
            let run = try CommandRunner.run(["history", "--history", "h.sqlite", "--since", day], in: root)
            #expect(run.status == 64, "\(day): \(run.stderr)")
            #expect(run.stderr.contains("--since '\(day)' is neither a day that exists (2026-11-01) nor an age"))
        }
        #expect(HistoryCommandTests.sinceIsAccepted("2024-02-29") && HistoryCommandTests.sinceIsAccepted("36500d"))
    }

    @Test func aSignedPruneAgeIsRefusedAndNothingIsDeleted() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try CommandRunner.run(["verify", "--history", "h.sqlite"], in: root)
        let before = try Data(contentsOf: URL(fileURLWithPath: root + "/h.sqlite"))
        let run = try CommandRunner.run(["history", "--history", "h.sqlite", "--prune", "-5d"], in: root)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains("--prune '-5d': write the age without a sign; --prune 5d deletes the runs"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: root + "/h.sqlite")) == before)
    }

    static func sinceIsAccepted(_ value: String) -> Bool {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        guard (try? CommandRunner.run(["verify", "--history", "h.sqlite"], in: root)) != nil,
            let run = try? CommandRunner.run(["history", "--history", "h.sqlite", "--since", value], in: root)
        else { return false }
        return run.status == 0
    }

    @Test func pruneWithAnEnvironmentPrunesThatEnvironmentAlone() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for environment in ["a", "b", "b"] {
            #expect(
                try CommandRunner.run(["verify", "--history", "h.sqlite", "--env", environment], in: root).status == 0)
        }
        Thread.sleep(forTimeInterval: 1.1)  // the cutoff has a resolution of one second
        let pruned = try CommandRunner.run(
            ["history", "--history", "h.sqlite", "--env", "a", "--prune", "0d"], in: root)
        #expect(pruned.status == 0, "\(pruned.stderr)")
        #expect(pruned.stderr.contains("pruned 1 run of a that started before "))
        #expect(pruned.stderr.contains("the other environments were left as they are"))
        #expect(!pruned.stderr.contains(" of b "))
        let other = try CommandRunner.run(
            ["history", "--history", "h.sqlite", "--env", "b", "--format", "csv"], in: root)
        #expect(other.stdout.split(separator: "\n").count == 3, "b keeps its two runs: \(other.stdout)")

        Thread.sleep(forTimeInterval: 1.1)
        let everything = try CommandRunner.run(["history", "--history", "h.sqlite", "--prune", "0d"], in: root)
        #expect(everything.stderr.contains("pruned 2 runs of b that started before "))
    }

    @Test func anEmptyHistoryPathIsAUsageError() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for arguments in [
            ["verify", "--history", "", "--fail-on-new"],
            ["check", "--base-url", "http://127.0.0.1:9", "--history", " "], ["history", "--history", ""],
            ["report", "merge", "--history", "", "a.json"],
        ] {
            let run = try CommandRunner.run(arguments, in: root)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("--history needs a file path, not an empty value"), "\(arguments)")
        }
    }

    @Test func failOnNewComparesWithTheLastRunThatVerifiedTheEndpoint() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var statuses: [[Int32]] = []
        for _ in 1...2 {
            var night: [Int32] = []
            for shard in ["1/2", "2/2"] {
                let run = try CommandRunner.run(
                    ["verify", "--shard", shard, "--history", "h.sqlite", "--env", "nightly", "--fail-on-new"], in: root
                )
                night.append(run.status)
            }
            statuses.append(night)
        }
        #expect(statuses[0].sorted() == [0, 1], "the first night the drift is new in its shard: \(statuses)")
        #expect(statuses[1] == [0, 0], "the second night it is not, though the previous run was the other shard")
        let filtered = try CommandRunner.run(
            [
                "verify", "--filter", "directory/list-users", "--history", "h.sqlite", "--env", "nightly",
                "--fail-on-new",
            ],
            in: root)
        #expect(filtered.status == 0, "\(filtered.stdout)")
    }

    @Test func reRunningAShardWithTheSameRunIDIsRefused() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let shard = ["verify", "--shard", "1/2", "--history", "h.sqlite", "--run-id", "41"]
        #expect(try CommandRunner.run(shard, in: root).status <= 1)
        let again = try CommandRunner.run(shard, in: root)
        #expect(again.status == 2, "\(again.stderr)")
        #expect(again.stderr.contains("this shard was recorded before (a re-run of the job?)"))
        #expect(again.stderr.contains("$GITHUB_RUN_ID-$GITHUB_RUN_ATTEMPT"))
        let other = try CommandRunner.run(
            ["verify", "--shard", "2/2", "--history", "h.sqlite", "--run-id", "41"], in: root)
        #expect(other.status <= 1, "\(other.stderr)")
        let timeline = try CommandRunner.run(["history", "--history", "h.sqlite", "--format", "csv"], in: root)
        let rows = timeline.stdout.split(separator: "\n")
        #expect(rows.count == 2 && rows.last?.contains(",7,1,1,") == true, "7 endpoints, not more: \(timeline.stdout)")
    }

    @Test func aFileThatIsNotAHistoryExitsTwoAndIsLeftAsItIs() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let notes = Data("these are my notes, not a database\n".utf8)
        try notes.write(to: URL(fileURLWithPath: root + "/notes.txt"))
        let run = try CommandRunner.run(["verify", "--history", "notes.txt"], in: root)
        #expect(run.status == 2)
        #expect(run.stdout.contains("FAIL directory/list-users"), "the report is still printed")
        #expect(run.stderr.contains("error: 'notes.txt' is not a contract history: it is not an SQLite database"))
        #expect(run.stderr.contains("the run was not added to the history"))
        #expect(FileManager.default.contents(atPath: root + "/notes.txt") == notes)
    }

    @Test func shardsWithOneRunIDAreOneRun() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for shard in ["1/2", "2/2"] {
            let run = try CommandRunner.run(
                [
                    "verify", "--shard", shard, "--history", "h.sqlite", "--run-id", "build-41", "--format", "json",
                    "--output", "shard-\(shard.prefix(1)).json",
                ], in: root)
            #expect(run.status <= 1, "\(run.stderr)")
        }
        let merged = try CommandRunner.run(["report", "merge", "shard-1.json", "shard-2.json"], in: root)
        #expect(merged.status == 1)
        #expect(merged.stdout.contains("type-mismatch  at $[1].id  new\n"))
        #expect(merged.stdout.hasSuffix("history: 1 new, 0 seen before, 0 resolved; the first run\n"))
        let timeline = try CommandRunner.run(["history", "--history", "h.sqlite", "--format", "csv"], in: root)
        #expect(timeline.status == 0, "\(timeline.stderr)")
        let rows = timeline.stdout.split(separator: "\n")
        #expect(rows.count == 2, "one header and one run: \(timeline.stdout)")
        #expect(rows.last?.contains(",7,1,1,") == true, "7 endpoints, 1 failed, 1 breaking: \(timeline.stdout)")
    }

    @Test func reportMergeAppendsTheMergedShardsAsOneRun() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for shard in ["1/3", "2/3", "3/3"] {
            let run = try CommandRunner.run(
                ["verify", "--shard", shard, "--format", "json", "--output", "shard-\(shard.prefix(1)).json"], in: root)
            #expect(run.status <= 1, "\(run.stderr)")
        }
        let merge = ["report", "merge", "shard-1.json", "shard-2.json", "shard-3.json", "--history", "m.sqlite"]
        let first = try CommandRunner.run(merge + ["--fail-on-new"], in: root)
        #expect(first.status == 1)
        #expect(first.stdout.hasSuffix("history: 1 new, 0 seen before, 0 resolved; the first run\n"))
        let second = try CommandRunner.run(merge + ["--fail-on-new"], in: root)
        #expect(second.status == 0, "\(second.stdout)")
        let timeline = try CommandRunner.run(["history", "--history", "m.sqlite", "--format", "csv"], in: root)
        #expect(timeline.stdout.split(separator: "\n").count == 3, "two runs of 7 endpoints: \(timeline.stdout)")
        #expect(timeline.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains(",7,1,1,") })
    }

    /// Starts `contract` holding its history transaction open, and returns once it says so.
    static func startHolding(_ arguments: [String], in root: String, seconds: Int) throws -> (Process, String) {
        let process = Process()
        process.executableURL = CommandRunner.productsDirectory.appendingPathComponent("contract")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: root)
        let log = root + "/holding-\(UUID().uuidString).log"
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
        process.standardOutput = FileHandle.nullDevice
        process.environment = [
            "NO_COLOR": "1", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin",
            "CONTRACT_HISTORY_TEST_HOLD": String(seconds),
        ]
        try process.run()
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: log, encoding: .utf8), text.contains("holding the transaction") {
                return (process, log)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        process.terminate()
        throw CancellationError()
    }

    @Test func twoWritersAtOnceBothSucceed() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let arguments = ["verify", "--history", "shared.sqlite", "--env", "ci"]
        #expect(try CommandRunner.run(arguments, in: root).status == 1)  // creates the file
        let (holder, _) = try Self.startHolding(arguments, in: root, seconds: 2)
        // The second writer starts while the first holds the write lock, waits for it, then writes its own run.
        let second = try CommandRunner.run(arguments, in: root)
        holder.waitUntilExit()
        #expect(holder.terminationStatus == 1)
        #expect(second.status == 1, "\(second.stderr)")
        #expect(second.stdout.contains("since "))
        let timeline = try CommandRunner.run(["history", "--history", "shared.sqlite", "--format", "csv"], in: root)
        #expect(timeline.stdout.split(separator: "\n").count == 4, "three runs: \(timeline.stdout)")
    }

    @Test func aRunKilledWhileWritingLeavesThePreviousRunsReadable() throws {
        let root = try Self.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let arguments = ["verify", "--history", "nightly.sqlite"]
        #expect(try CommandRunner.run(arguments, in: root).status == 1)
        #expect(try CommandRunner.run(arguments, in: root).status == 1)
        let (killed, _) = try Self.startHolding(arguments, in: root, seconds: 60)
        kill(killed.processIdentifier, SIGKILL)
        killed.waitUntilExit()
        #expect(killed.terminationReason == .uncaughtSignal)

        let timeline = try CommandRunner.run(["history", "--history", "nightly.sqlite", "--format", "csv"], in: root)
        #expect(timeline.status == 0, "\(timeline.stderr)")
        #expect(timeline.stdout.split(separator: "\n").count == 3, "the two runs before, and not the killed one")
        let next = try CommandRunner.run(arguments, in: root)
        #expect(next.stdout.contains("(3 runs)"), "the next run appends after the two, as if the killed one never was")
    }
}
