import ContractTestSupport
import Foundation
import Testing

/// The built `contract` binary, run in a copy of the sample suite.
@Suite struct VerifyCommandTests {
    @Test func sampleSuitePassesWithExitZero() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try CommandRunner.run([], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("PASS users/list-users\n"))
        #expect(run.stdout.hasSuffix("7 endpoints: 7 passed, 0 failed · 0 breaking, 0 warnings, 0 info, 1 waived\n"))
        #expect(!run.stdout.contains("\u{1B}["), "no colour when NO_COLOR is set or stdout is not a terminal")
    }

    @Test func driftExitsOneAndJSONReportIsWritten() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Recordings/directory/list-users.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"id\": 2,", with: "\"id\": \"2\",").write(
            toFile: path, atomically: true, encoding: .utf8)

        let run = try CommandRunner.run(
            ["verify", "--format", "json", "--output", "out/report.json", "--filter", "directory/*"], in: root)
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAIL directory/list-users"))
        #expect(run.stdout.contains("type-mismatch  at $[1].id"))
        let report = try String(contentsOfFile: root + "/out/report.json", encoding: .utf8)
        #expect(report.contains(#""kind": "type-mismatch""#))
        #expect(report.contains(#""path": "$[1].id""#))
    }

    @Test func failOnLowersTheBar() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Recordings/notices/list-notices.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"generated_at\"", with: "\"generated_at\": 1, \"build\"").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(try CommandRunner.run(["--filter", "notices"], in: root).status == 0)
        let strict = try CommandRunner.run(["--filter", "notices", "--fail-on", "info"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("extra-key  at $.build"))
    }

    @Test func aTypoInASpecExitsTwoWithPlaceAndSuggestion() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Specs/users.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "- keyedToArray:", with: "- keyedToArry:").write(
            toFile: path, atomically: true, encoding: .utf8)
        let run = try CommandRunner.run([], in: root)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                Specs/users.yaml:21:9: error: unknown transform 'keyedToArry'; did you mean 'keyedToArray'?
                21 |       - keyedToArry: { key: objectId, into: objects }
                   |         ^
                  hint: supported transforms: keyedToArray, unwrap, wrap, renameKeys, lossy, defaults
                contract: 1 error in the specs; nothing was verified

                """)
    }

    @Test func truncatedRecordingIsAFindingAndTheOthersStillRun() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/Recordings/users/get-user.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try String(text.prefix(text.count / 2)).write(toFile: path, atomically: true, encoding: .utf8)
        let run = try CommandRunner.run([], in: root)
        #expect(run.status == 1)
        #expect(run.stdout.contains("FAIL users/get-user"))
        #expect(run.stdout.contains("recording-invalid"))
        #expect(run.stdout.contains("Recordings/users/get-user.json:"))
        #expect(run.stdout.contains("7 endpoints: 6 passed, 1 failed"))
    }

    @Test func usageErrorsExitSixtyFour() throws {
        let run = try CommandRunner.run(["verify", "--fail-on", "severe"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("--fail-on"))
        #expect(try CommandRunner.run(["verify", "--no-such-flag"]).status == 64)
    }

    @Test func unknownFilterExitsTwoAndListsEndpoints() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try CommandRunner.run(["--filter", "users/list-user"], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no endpoint matches --filter users/list-user. Did you mean 'users/list-users'?"))
    }

    /// A filter that matches nothing in a large suite lists twenty ids, how many more there are, and a glob for each
    /// spec file, which selects that file's endpoints when passed back.
    @Test func unknownFilterInALargeSuiteListsTwentyIdsAndEachSpecsGlob() throws {
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/Recordings", withIntermediateDirectories: true)
        for (file, count) in [("orders", 15), ("users", 10)] {
            let endpoints = (0..<count).map { "  e\($0): { request: GET /\(file)/\($0), expect: { body: Any } }" }
            try ("endpoints:\n" + endpoints.joined(separator: "\n") + "\n").write(
                toFile: "\(root)/Specs/\(file).yaml", atomically: true, encoding: .utf8)
        }
        let run = try CommandRunner.run(["--filter", "nothing/*"], in: root)
        #expect(run.status == 2)
        let ids = (0..<15).map { "orders/e\($0)" } + (0..<5).map { "users/e\($0)" }
        #expect(
            run.stderr.contains(
                "Endpoints: \(ids.joined(separator: ", ")), and 5 more; each spec's: orders/*, users/*\n"),
            "\(run.stderr)")

        let users = try CommandRunner.run(["--filter", "users/*"], in: root)
        #expect(!users.stderr.contains("no endpoint matches"), "\(users.stderr)")
        #expect(users.stdout.contains("users/e9"), "\(users.stdout)")
        #expect(!users.stdout.contains("orders/e"), "\(users.stdout)")
    }

    @Test func missingSpecsFolderExitsTwo() throws {
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try CommandRunner.run([], in: root)
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: the specs folder 'Specs' does not exist"))
    }

    @Test func missingRecordingsFolderExitsTwo() throws {
        // A mistyped --recordings gave every endpoint a recording-missing finding, "record it", and exit 1.
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try CommandRunner.run(["verify", "--recordings", "Recording"], in: root)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(
            run.stderr == """
                error: the recordings folder 'Recording' does not exist; did you mean 'Recordings'?
                  hint: run from the folder that holds Recordings/, pass --recordings PATH, or record with `contract record`
                contract: nothing was verified

                """)
    }

    @Test func lintReportsSpecErrorsAndUnsetVariables() throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let clean = try CommandRunner.run(["lint"], in: root, environment: ["STAGING_TOKEN": "x"])
        #expect(clean.status == 0)
        #expect(clean.stdout == "5 spec files, 7 endpoints, 7 named shapes, 7 models checked: no errors\n")
        #expect(clean.stderr.contains("Specs/bets.yaml:5:28: warning: environment variable 'BETS_API_KEY' is not set"))

        let path = root + "/Specs/notices.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "severity: enum", with: "severity: enumm").write(
            toFile: path, atomically: true, encoding: .utf8)
        let broken = try CommandRunner.run(["lint"], in: root)
        #expect(broken.status == 1)
        #expect(
            broken.stderr.contains("Specs/notices.yaml:7:15: error: unknown type 'enumm(...)'; did you mean 'enum'?"))
    }
}

/// Colour on a terminal, and only there: `script` gives the binary a real pseudo-terminal.
@Suite struct ColourTests {
    static let scriptAvailable = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    func runOnTerminal(noColor: Bool) throws -> CommandRunner.Output {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let binary = CommandRunner.productsDirectory.appendingPathComponent("contract").path
        let command = (noColor ? "NO_COLOR=1 " : "env -u NO_COLOR TERM=xterm ") + binary + " verify"
        return try CommandRunner.run(["-qec", command, "/dev/null"], in: root, executable: "/usr/bin/script")
    }

    @Test(.enabled(if: scriptAvailable, "needs /usr/bin/script for a pseudo-terminal"))
    func colourOnATerminalUnlessNoColor() throws {
        let coloured = try runOnTerminal(noColor: false)
        #expect(coloured.status == 0)
        #expect(coloured.stdout.contains("\u{1B}[32mPASS\u{1B}[0m users/list-users"))
        let plain = try runOnTerminal(noColor: true)
        #expect(plain.status == 0)
        #expect(plain.stdout.contains("PASS users/list-users"))
        #expect(!plain.stdout.contains("\u{1B}["))
    }
}
