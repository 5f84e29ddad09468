import ContractTestSupport
import Foundation
import Testing

/// `verify --report-dir`, `verify --shard`, `report merge` and `--format`, run through the built binary in a drifted
/// copy of the sample suite.
@Suite struct ReportCommandsTests {
    let root: String

    init() throws { root = try DriftedSuite.make() }

    func contract(_ arguments: String...) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: root)
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }

    @Test func reportDirWritesEveryFormatAndTheExitCodeSaysDrift() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try contract("verify", "--report-dir", "out")
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAIL bets/my-bets  3 breaking"))
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/out").sorted()
        #expect(files == ["report.html", "report.json", "report.md", "report.txt", "report.xml"])
        #expect(try read("out/report.txt") == run.stdout)
        #expect(try read("out/report.json").contains("\"format\": \"contract-report/1\""))
        #expect(try read("out/report.xml").contains("<testsuite name=\"Specs/bets.yaml\" tests=\"1\" failures=\"3\""))
        #expect(try read("out/report.md").hasPrefix("# Contract report\n\n**5 of 7 endpoints failed**"))
        #expect(try read("out/report.html").hasPrefix("<!DOCTYPE html>"))
        for file in files {
            let text = try read("out/" + file)
            for secret in DriftedSuite.secrets { #expect(!text.contains(secret), "\(file) shows \(secret)") }
        }
        if let xmllint = ExternalTool.path(of: "xmllint") {
            let check = try ExternalTool.run(
                xmllint, ["--noout", "--schema", Fixtures.url("JUnit/junit.xsd").path, root + "/out/report.xml"])
            #expect(check.status == 0, "\(check.output)")
        }
    }

    /// One report file that cannot be written costs only itself: the JUnit file a CI job uploads, the other files and
    /// the report on standard output are still written, and the error says what stands in the way.
    @Test func aReportFileThatCannotBeWrittenDoesNotStopTheOthers() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/out/report.html", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/out/report.md", withIntermediateDirectories: true)
        let run = try contract("verify", "--report-dir", "out")
        #expect(run.status == 2)
        #expect(run.stdout.contains("FAIL bets/my-bets  3 breaking"))
        #expect(try read("out/report.txt") == run.stdout)
        #expect(try read("out/report.xml").contains("<testsuite name=\"Specs/bets.yaml\" tests=\"1\" failures=\"3\""))
        #expect(try read("out/report.json").contains("\"format\": \"contract-report/1\""))
        let isADirectory = String(cString: strerror(EISDIR))
        for name in ["report.md", "report.html"] {
            #expect(
                run.stderr.contains("error: cannot write the report 'out/\(name)': \(isADirectory)"), "\(run.stderr)")
        }
        #expect(
            run.stderr.components(separatedBy: "hint: a folder stands where the file should be: move it aside").count
                == 3, "\(run.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: root + "/out").filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporary files left behind: \(left)")
    }

    @Test func shardsMergeIntoTheReportOfTheWholeRun() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try contract("verify", "--report-dir", "whole").status == 1)
        var shardFiles: [String] = []
        var counts: [Int] = []
        var statuses: [Int32] = []
        for index in 1...3 {
            let run = try contract(
                "verify", "--shard", "\(index)/3", "--format", "json", "--output", "shard-\(index).json")
            statuses.append(run.status)
            counts.append(
                run.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }.count
            )
            shardFiles.append("shard-\(index).json")
        }
        #expect(counts == [3, 2, 2])
        // Shard 2 holds the two endpoints that pass; the merged report still fails.
        #expect(statuses == [1, 0, 1])
        #expect(
            try read("shard-2.json").contains(
                "\"shard\": {\n    \"index\": 2,\n    \"count\": 3,\n    \"suiteEndpoints\": 7\n  }"))
        let merge = try CommandRunner.run(
            ["report", "merge"] + shardFiles.reversed() + ["--report-dir", "merged", "--format", "markdown"], in: root)
        #expect(merge.status == 1)
        #expect(merge.stdout == (try read("whole/report.md")))
        for file in ["report.txt", "report.json", "report.xml", "report.md", "report.html"] {
            #expect(try read("merged/" + file) == (try read("whole/" + file)), "\(file) differs")
        }
    }

    @Test func mergeRefusesAMissingShardAndVerifyRefusesABadOne() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try contract("verify", "--shard", "1/2", "--format", "json", "--output", "one.json")
        let merge = try contract("report", "merge", "one.json")
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("error: cannot merge the reports: shard 2/2 is missing"))
        #expect(merge.stderr.contains("hint: pass the report of every shard"))
        let unreadable = try contract("report", "merge", "nowhere.json")
        #expect(unreadable.status == 2 && unreadable.stderr.contains("cannot read 'nowhere.json'"))
        let bad = try contract("verify", "--shard", "4/3")
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--shard: shard 4/3 does not exist"))
        #expect(try contract("report", "merge").status == 64)
    }

    @Test func githubAnnotationsPointAtSpecLines() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try contract("verify", "--format", "github", "--filter", "bets/*")
        #expect(run.status == 1)
        #expect(
            run.stdout.hasPrefix(
                "::error file=Specs/bets.yaml,line=11,col=16,title=bets/my-bets%3A type-mismatch at $.b[1].i::"))
        #expect(run.stdout.hasSuffix("contract: 1 endpoint: 0 passed, 1 failed · 3 breaking, 0 warnings, 0 info\n"))
    }

    @Test func aSingleReportCanBeRenderedInAnotherFormat() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try contract("verify", "--filter", "bets", "--format", "json", "--output", "bets.json")
        let run = try contract("report", "merge", "bets.json", "--format", "junit")
        #expect(run.status == 1)
        #expect(run.stdout.contains("<testcase name=\"bets/my-bets\" classname=\"contract.bets\" time=\"0\">"))
    }
}
