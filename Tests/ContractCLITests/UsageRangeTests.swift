import ContractTestSupport
import Foundation
import Testing

/// Option values a script gets wrong (an unset variable passed on, a number far out of range) are usage errors:
/// exit 64 with the flag named, before anything is read or written.
@Suite struct UsageRangeTests {
    @Test(arguments: [
        ["verify", "--report-dir", ""], ["verify", "--output", " "], ["verify", "--specs", ""],
        ["verify", "--recordings", ""], ["report", "merge", "a.json", "--report-dir", ""],
        ["record", "--base-url", "http://127.0.0.1:9", "--recordings", ""],
        ["check", "--base-url", "http://127.0.0.1:9", "--into", ""], ["generate", "models", "--output", ""],
        ["history", "--output", ""], ["import", "openapi", "api.yaml", "--output", ""],
        ["infer", "a.json", "--output", ""],
        ["record", "--base-url", "http://127.0.0.1:9", "--ca-file", ""],
        // Positional paths, as a script passes them from variables.
        ["diff", "", "b.json"], ["diff", "a.json", " "], ["infer", ""], ["import", "openapi", ""],
        ["report", "merge", ""],
    ])
    func anEmptyPathIsAUsageError(_ arguments: [String]) throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ContractProcess.run(arguments, in: folder)
        #expect(run.status == 64)
        #expect(run.standardError.contains("a path cannot be empty (is the variable passed to it unset?)"))
        // Nothing was written: not the reports into the folder (or the root), not a recording.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test(arguments: [
        (["--concurrency", "9223372036854775807"], "--concurrency must be from 1 to 1000"),
        (["--concurrency", "0"], "--concurrency must be from 1 to 1000"),
        (["--retries", "9223372036854775807"], "--retries must be from 0 to 100"),
        (["--retries=-1"], "--retries must be from 0 to 100"),
    ])
    func aNumberOutOfRangeIsAUsageError(_ options: [String], _ message: String) throws {
        for command in ["record", "check"] {
            let run = try ContractProcess.run(
                [command, "--base-url", "http://127.0.0.1:9"] + options, in: NSTemporaryDirectory())
            #expect(run.status == 64, "\(command) \(options)")
            #expect(run.standardError.contains(message), "\(command) \(options): \(run.standardError)")
        }
    }

    @Test func aReportOverTheHistoryOrOverAnotherFormatsFileIsAUsageError() throws {
        let suite = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: suite) }
        #expect(try ContractProcess.run(["verify", "--history", "h.sqlite"], in: suite).status == 0)
        let history = try #require(FileManager.default.contents(atPath: suite + "/h.sqlite"))
        let overHistory = try ContractProcess.run(
            ["verify", "--history", "h.sqlite", "--format", "json", "--output", "./h.sqlite"], in: suite)
        #expect(overHistory.status == 64)
        #expect(
            overHistory.standardError
                == "Error: --output would write the report over the history file h.sqlite; give the report another path\n"
        )
        #expect(FileManager.default.contents(atPath: suite + "/h.sqlite") == history)
        let overJUnit = try ContractProcess.run(
            ["verify", "--format", "html", "--output", "reports/report.xml", "--report-dir", "reports"], in: suite)
        #expect(overJUnit.status == 64)
        #expect(overJUnit.standardError.contains("is the file --report-dir writes the junit report to"))
        #expect(!FileManager.default.fileExists(atPath: suite + "/reports"))
        // report merge and history say the same of the history file; the file is left as it was.
        #expect(try ContractProcess.run(["verify", "--format", "json", "--output", "r.json"], in: suite).status == 0)
        let historyNow = try #require(FileManager.default.contents(atPath: suite + "/h.sqlite"))
        for arguments in [
            ["report", "merge", "r.json", "--history", "h.sqlite", "--output", "h.sqlite"],
            ["history", "--history", "h.sqlite", "--format", "json", "--output", "h.sqlite"],
        ] {
            let run = try ContractProcess.run(arguments, in: suite)
            #expect(run.status == 64, "\(arguments)")
            #expect(
                run.standardError.hasPrefix("Error: --output would write the "), "\(arguments): \(run.standardError)")
            #expect(FileManager.default.contents(atPath: suite + "/h.sqlite") == historyNow)
        }
        // Nor over or into what the run reads: a spec, a recording, the report a merge reads.
        let spec = try #require(FileManager.default.contents(atPath: suite + "/Specs/users.yaml"))
        let recording = try #require(FileManager.default.contents(atPath: suite + "/Recordings/users/get-user.json"))
        for (arguments, message) in [
            (
                ["verify", "--format", "markdown", "--output", "Specs/users.yaml"],
                "--output Specs/users.yaml would write the report into the specs Specs, which this run reads; give --output a path outside it"
            ),
            (
                ["verify", "--format", "json", "--output", "Recordings/../Recordings/users/get-user.json"],
                "--output Recordings/../Recordings/users/get-user.json would write the report into the recordings Recordings"
            ),
            (
                ["verify", "--report-dir", "Recordings/reports"],
                "--report-dir Recordings/reports would write reports into the recordings Recordings"
            ),
            (
                ["check", "--base-url", "http://127.0.0.1:9", "--into", "live", "--output", "live/users/x.json"],
                "--output live/users/x.json would write the report into the recordings live"
            ),
            (
                ["report", "merge", "r.json", "--format", "html", "--output", "./r.json"],
                "--output ./r.json would write the report over the report r.json, which this run reads; give --output another path"
            ),
        ] {
            let run = try ContractProcess.run(arguments, in: suite)
            #expect(run.status == 64, "\(arguments)")
            #expect(run.standardError.hasPrefix("Error: " + message), "\(arguments): \(run.standardError)")
        }
        #expect(FileManager.default.contents(atPath: suite + "/Specs/users.yaml") == spec)
        #expect(FileManager.default.contents(atPath: suite + "/Recordings/users/get-user.json") == recording)
        #expect(!FileManager.default.fileExists(atPath: suite + "/Recordings/reports"))
        #expect(!FileManager.default.fileExists(atPath: suite + "/live"))
        #expect(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: suite + "/r.json")))
                is [String: Any])
        // The same format twice is the same file, written twice: allowed.
        let same = try ContractProcess.run(
            ["verify", "--format", "junit", "--output", "reports/report.xml", "--report-dir", "reports"], in: suite)
        #expect(same.status == 0)
    }
}
