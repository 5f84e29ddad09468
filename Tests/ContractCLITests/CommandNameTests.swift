import ContractTestSupport
import Foundation
import Testing

@testable import ContractCLI

/// A team's own runner (`ContractCLI.main(models:)` in an executable of theirs) calls itself by its own name in
/// help, usage and the command lines its hints quote: the built `contract`, run under another name.
@Suite struct CommandNameTests {
    /// Links the built `contract` into a temporary folder as `name` and returns the folder.
    private func runner(named name: String) throws -> String {
        let folder = TestSuites.temporaryDirectory()
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/" + name,
            withDestinationPath: CommandRunner.productsDirectory.appendingPathComponent("contract").path)
        return folder
    }

    @Test func helpAndUsageNameTheExecutable() throws {
        let folder = try runner(named: "app-contract")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let help = try CommandRunner.run(["--help"], executable: folder + "/app-contract")
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: app-contract <subcommand>"), "\(help.stdout)")
        #expect(help.stdout.contains("See 'app-contract help <subcommand>' for detailed help."), "\(help.stdout)")

        let verifyHelp = try CommandRunner.run(["verify", "--help"], executable: folder + "/app-contract")
        #expect(verifyHelp.stdout.contains("USAGE: app-contract verify "), "\(verifyHelp.stdout)")

        let usage = try CommandRunner.run(["verify", "--no-such-flag"], executable: folder + "/app-contract")
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("Usage: app-contract verify "), "\(usage.stderr)")
        #expect(usage.stderr.contains("See 'app-contract verify --help' for more information."), "\(usage.stderr)")
    }

    @Test func messagesAndHintsNameTheExecutable() throws {
        let folder = try runner(named: "app-contract")
        let root = TestSuites.copyOfSampleSuite()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: root)
        }
        let run = try CommandRunner.run(
            ["verify", "--recordings", "Recording"], in: root, executable: folder + "/app-contract")
        #expect(run.status == 2)
        #expect(
            run.stderr == """
                error: the recordings folder 'Recording' does not exist; did you mean 'Recordings'?
                  hint: run from the folder that holds Recordings/, pass --recordings PATH, or record with `app-contract record`
                app-contract: nothing was verified

                """)

        let lint = try CommandRunner.run(["lint"], in: root, executable: folder + "/app-contract")
        #expect(
            lint.stderr.contains(
                "warning: environment variable 'BETS_API_KEY' is not set; `app-contract record` will need it"),
            "\(lint.stderr)")

        // Hints written by the library, not the command line, follow the runner's name too.
        try FileManager.default.removeItem(atPath: root + "/Recordings/users/get-user.json")
        let missing = try CommandRunner.run(
            ["verify", "--filter", "users/get-user"], in: root, executable: folder + "/app-contract")
        #expect(missing.status == 1)
        #expect(
            missing.stdout.contains("record it with `app-contract record --filter users/get-user`"), "\(missing.stdout)"
        )
        #expect(!missing.stdout.contains("`contract "), "\(missing.stdout)")
    }
}

/// The name taken from the process's first argument.
@Suite struct CommandNameRuleTests {
    @Test(arguments: [
        ("/work/app/.build/debug/app-contract", "app-contract"), ("app-contract", "app-contract"),
        ("./contracts", "contracts"),
        ("", "contract"), ("/", "contract"),
    ])
    func basenameOrContract(_ argumentZero: String, _ name: String) {
        #expect(CommandName.name(startedAs: argumentZero) == name)
    }

    @Test func noArgumentZeroIsContract() {
        #expect(CommandName.name(startedAs: nil) == "contract")
    }
}
