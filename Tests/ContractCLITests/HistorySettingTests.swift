import ContractTestSupport
import Foundation
import Testing

/// `history:` in the specs' defaults, `--since` as people write it, CSV for each scope, and files contract may not
/// write: on the built binary.
@Suite struct HistorySettingTests {
    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A history file where the run reads specs or recordings is refused before anything is written: an SQLite file
    /// at `Specs/history.yaml` was read by the next run as a spec that is not UTF-8, with a hint (convert it with
    /// iconv) that would destroy it. Lint says where the setting is. A name the run does not read is left alone.
    @Test func aHistoryFileWhereTheRunReadsIsRefused() throws {
        let root = try HistoryCommandTests.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.write("defaults:\n  history: history.yaml\n", to: root + "/Specs/settings.yaml")
        let lint = try CommandRunner.run(["lint"], in: root)
        #expect(lint.status == 1)
        #expect(
            lint.stderr.hasPrefix(
                "Specs/settings.yaml:2:12: error: the history file Specs/history.yaml is inside the specs Specs, which this run reads"
            ), "\(lint.stderr)")
        let verify = try CommandRunner.run(["verify"], in: root)
        #expect(verify.status == 64 && verify.stderr.contains("keep the history outside it"), "\(verify.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/Specs/history.yaml"))
        for path in ["Specs/h.yml", "Recordings/h.json"] {
            let given = try CommandRunner.run(["verify", "--history", path], in: root)
            #expect(given.status == 64, "\(path): \(given.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/" + path))
        }
        try FileManager.default.removeItem(atPath: root + "/Specs/settings.yaml")
        #expect(try CommandRunner.run(["verify", "--history", "Specs/h.sqlite"], in: root).status == 1)
    }

    @Test func theSpecsDefaultsNameTheHistoryRelativeToTheirFile() throws {
        let root = try HistoryCommandTests.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.contract", withIntermediateDirectories: false)
        // A file of settings alone, next to the others.
        try Self.write("defaults:\n  history: ../.contract/history.sqlite\n", to: root + "/Specs/settings.yaml")
        let lint = try CommandRunner.run(["lint"], in: root)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")

        let first = try CommandRunner.run(["verify", "--env", "staging", "--fail-on-new"], in: root)
        #expect(first.status == 1, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("history (staging): 1 new, 0 seen before, 0 resolved; the first run\n"))
        #expect(FileManager.default.fileExists(atPath: root + "/.contract/history.sqlite"))
        #expect(try CommandRunner.run(["verify", "--env", "staging", "--fail-on-new"], in: root).status == 0)

        // `contract history` finds it the same way, and reads the specs of --specs.
        let timeline = try CommandRunner.run(["history", "--format", "csv"], in: root)
        #expect(timeline.status == 0, "\(timeline.stderr)")
        #expect(timeline.stdout.split(separator: "\n").count == 3)
        let elsewhere = try CommandRunner.run(["history", "--specs", root + "/Specs", "--format", "csv"], in: "/")
        #expect(elsewhere.stdout == timeline.stdout, "\(elsewhere.stderr)")

        // --history (and CONTRACT_HISTORY) win over the setting.
        #expect(try CommandRunner.run(["verify", "--history", "other.sqlite"], in: root).status == 1)
        #expect(FileManager.default.fileExists(atPath: root + "/other.sqlite"))
        let fromVariable = try CommandRunner.run(
            ["verify"], in: root, environment: ["CONTRACT_HISTORY": "variable.sqlite"])
        #expect(fromVariable.stdout.contains("history: 1 new"), "\(fromVariable.stdout)")
        #expect(FileManager.default.fileExists(atPath: root + "/variable.sqlite"))
        let kept = try CommandRunner.run(["history", "--format", "csv"], in: root)
        #expect(kept.stdout.split(separator: "\n").count == 3, "the setting's file has its two runs alone")

        // report merge appends to it too.
        #expect(try CommandRunner.run(["verify", "--format", "json", "--output", "r.json"], in: root).status == 1)
        let merged = try CommandRunner.run(
            ["report", "merge", "r.json", "--env", "staging", "--fail-on-new"], in: root)
        #expect(merged.status == 0, "known drift: \(merged.stdout)\(merged.stderr)")
        // Two runs, the one that wrote r.json (the setting applies to it too), and the merged one.
        #expect(
            try CommandRunner.run(["history", "--format", "csv"], in: root).stdout.split(separator: "\n").count == 5)

        // With an error in the specs, the merge goes on, and says the history they name was left out.
        try Self.write("endpoints: [\n", to: root + "/Specs/broken.yaml")
        let without = try CommandRunner.run(["report", "merge", "r.json"], in: root)
        #expect(without.status == 1, "\(without.stderr)")
        #expect(
            without.stderr.contains(
                "warning: 1 error in the specs ('Specs'), read for their 'history:' setting: the report is not added "
                    + "to a history they may name; run `contract lint --specs Specs` to see it, or pass --history FILE"),
            "\(without.stderr)")
        #expect(
            try CommandRunner.run(["history", "--format", "csv", "--history", ".contract/history.sqlite"], in: root)
                .stdout.split(separator: "\n").count == 5)
    }

    @Test func withoutAFileFromAnywhereHistoryIsAUsageError() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in [root, root + "/Specs"] {  // with specs that set nothing, and with no specs at all
            let run = try CommandRunner.run(["history"], in: folder)
            #expect(run.status == 64, "\(run.stderr)")
            #expect(
                run.stderr.contains(
                    "pass the history file with --history FILE (or set CONTRACT_HISTORY, or 'history:' in the defaults of the specs in --specs)"
                ))
        }
    }

    @Test func lintRefusesABadHistorySettingWithItsPlace() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let cases: [(value: String, column: Int, message: String)] = [
            ("[a, b]", 12, "'history' must be a file path, found a list"),
            ("", 11, "'history' must be a file path, found nothing (null)"),
            ("\"  \"", 13, "the history path '  ' is empty"),
            ("\"${HISTORY}\"", 13, "the history path '${HISTORY}' holds '${'"),
            ("~/history.sqlite", 12, "the history path '~/history.sqlite' starts with '~'"),
            ("../.contract/", 12, "the history path '../.contract/' names a folder, not a file"),
        ]
        for (value, column, message) in cases {
            try Self.write("defaults:\n  history: \(value)\n", to: root + "/Specs/settings.yaml")
            let lint = try CommandRunner.run(["lint"], in: root)
            #expect(lint.status == 1, "\(value): \(lint.stdout)\(lint.stderr)")
            let output = lint.stdout + lint.stderr
            #expect(output.contains("settings.yaml:2:\(column): error: \(message)"), "\(value): \(output)")
            #expect(output.contains("hint: write a file path relative to this spec file"), "\(value)")
        }
        // Two files that disagree: the second is refused, naming the first.
        try Self.write("defaults:\n  history: a.sqlite\n", to: root + "/Specs/settings.yaml")
        let bets = try String(contentsOfFile: root + "/Specs/bets.yaml", encoding: .utf8)
        try Self.write("defaults:\n  history: b.sqlite\n" + bets, to: root + "/Specs/bets.yaml")
        let lint = try CommandRunner.run(["lint"], in: root)
        #expect(lint.status == 1)
        #expect(
            (lint.stdout + lint.stderr).contains(
                "settings.yaml:2:12: error: the history file is already set to 'Specs/b.sqlite' at Specs/bets.yaml:2:12; here it is 'Specs/a.sqlite'"
            ), "\(lint.stdout)\(lint.stderr)")
    }

    @Test func sinceTakesAgesWithOrWithoutAMinusAndDays() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try CommandRunner.run(["verify", "--history", "h.sqlite"], in: root).status == 0)
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        for since in [
            ["--since", "5d"], ["--since", "-5d"], ["--since=-5d"], ["--since", "1w"], ["--since", "2026-01-01"],
        ] {
            let run = try CommandRunner.run(["history", "--history", "h.sqlite", "--format", "csv"] + since, in: root)
            #expect(run.status == 0, "\(since): \(run.stderr)")
            #expect(run.stdout.split(separator: "\n").count == 2, "\(since) keeps today's run: \(run.stdout)")
        }
        let later = try CommandRunner.run(["history", "--history", "h.sqlite", "--since", "2999-01-01"], in: root)
        #expect(later.stdout.contains("Runs (0)"), "\(later.stdout)")
        #expect(!today.isEmpty)
        let missing = try CommandRunner.run(["history", "--history", "h.sqlite", "--since", "--env", "x"], in: root)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--since '--env' is neither a day"), "\(missing.stderr)")
        #expect(missing.stderr.contains("it needs a value before the next option"))
        let twice = try CommandRunner.run(["history", "--history", "h.sqlite", "--since", "--5d"], in: root)
        #expect(twice.status == 64, "\(twice.stderr)")
    }

    @Test func csvOfAnEndpointOrADriftHasItsOwnColumnsAndNoFormulas() throws {
        let root = try HistoryCommandTests.driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for env in ["=HYPERLINK(\"x\")", "\tstaging", "-1+1", "@SUM(A1)", "+1", "\rcr"] {
            #expect(try CommandRunner.run(["verify", "--history", "h.sqlite", "--env=\(env)"], in: root).status == 1)
        }
        let suite = try CommandRunner.run(["history", "--history", "h.sqlite", "--format", "csv"], in: root)
        let envs = suite.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map {
            $0.split(separator: ",", maxSplits: 2).dropFirst().first.map(String.init) ?? ""
        }
        #expect(
            Set(envs.filter { !$0.isEmpty })
                == [
                    "\"'=HYPERLINK(\"\"x\"\")\"", "\"'\tstaging\"", "\"'-1+1\"", "\"'@SUM(A1)\"", "\"'+1\"",
                    "\"'\rcr\"",
                ],
            "\(suite.stdout)")

        let json = try CommandRunner.run(["history", "--history", "h.sqlite", "--format", "json"], in: root)
        let fingerprint = try #require(
            json.stdout.firstMatch(of: /"fingerprint"\s*:\s*"([0-9a-f]{16})"/)?.1, "\(json.stdout)")
        let endpoint = try CommandRunner.run(
            ["history", "--history", "h.sqlite", "--endpoint", "directory/list-users", "--format", "csv"], in: root)
        let endpointRows = endpoint.stdout.split(separator: "\n")
        #expect(
            endpointRows.first
                == "startedAt,env,runId,commit,branch,toolVersion,durationMs,status,breaking,warning,info,waived,fingerprints"
        )
        #expect(endpointRows.count == 7)
        #expect(
            endpointRows.dropFirst().allSatisfy { $0.hasSuffix(",failed,1,0,0,0,\(fingerprint)") }, "\(endpoint.stdout)"
        )
        let drift = try CommandRunner.run(
            ["history", "--history", "h.sqlite", "--fingerprint", String(fingerprint), "--format", "csv"], in: root)
        let driftRows = drift.stdout.split(separator: "\n")
        #expect(
            driftRows.first
                == "startedAt,env,runId,commit,branch,toolVersion,durationMs,status,severity,path,occurrences,waived")
        #expect(
            driftRows.dropFirst().allSatisfy { $0.hasSuffix(",present,breaking,$[1].id,1,false") }, "\(drift.stdout)")
    }

    /// Runs `contract` as the user `nobody` when the tests run as root (root may write any file), else as is.
    static func runUnprivileged(_ arguments: [String], in root: String) throws -> CommandRunner.Output {
        guard getuid() == 0 else { return try CommandRunner.run(arguments, in: root) }
        let contract = CommandRunner.productsDirectory.appendingPathComponent("contract").path
        return try CommandRunner.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", contract] + arguments, in: root,
            executable: "/usr/bin/setpriv")
    }

    @Test(.enabled(if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aReadOnlyHistoryIsReadButNotWritten() throws {
        let root = try HistoryCommandTests.driftedCopy()
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/kept")
            try? FileManager.default.removeItem(atPath: root)
        }
        try FileManager.default.createDirectory(atPath: root + "/kept", withIntermediateDirectories: false)
        #expect(try CommandRunner.run(["verify", "--history", "kept/h.sqlite"], in: root).status == 1)
        for path in [root, root + "/Specs", root + "/Recordings"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: root + "/kept/h.sqlite")
        let before = FileManager.default.contents(atPath: root + "/kept/h.sqlite")

        // A read-only file in a writable folder, then in a folder no one may write to.
        for folderMode in [0o777, 0o555] {
            try FileManager.default.setAttributes([.posixPermissions: folderMode], ofItemAtPath: root + "/kept")
            let append = try Self.runUnprivileged(["verify", "--history", "kept/h.sqlite"], in: root)
            #expect(append.status == 2, "\(append.stderr)")
            #expect(append.stdout.contains("FAIL directory/list-users"), "the report is still printed")
            #expect(
                append.stderr.contains("error: cannot write the history file 'kept/h.sqlite': the file is read-only"),
                "\(append.stderr)")
            #expect(append.stderr.contains("chmod u+w 'kept/h.sqlite'"))
            let show = try Self.runUnprivileged(["history", "--history", "kept/h.sqlite", "--format", "csv"], in: root)
            #expect(show.status == 0, "reading needs no write access: \(show.stderr)")
            #expect(show.stdout.split(separator: "\n").count == 2)
            let prune = try Self.runUnprivileged(["history", "--history", "kept/h.sqlite", "--prune", "1d"], in: root)
            #expect(prune.status == 2)
            #expect(prune.stderr.contains("the file is read-only"), "\(prune.stderr)")
            #expect(FileManager.default.contents(atPath: root + "/kept/h.sqlite") == before)
        }
        // A new file in a folder that may not be written.
        let new = try Self.runUnprivileged(["verify", "--history", "kept/new.sqlite"], in: root)
        #expect(new.status == 2)
        #expect(
            new.stderr.contains("cannot create the history file 'kept/new.sqlite': its folder 'kept' is not writable"),
            "\(new.stderr)")
    }
}
