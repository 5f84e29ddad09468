import ArgumentParser
import ContractKit

/// The `contract` command line; teams call ``main()`` from their own executable.
public enum ContractCLI {
    /// Runs the command line with the process arguments and exits with its exit code.
    public static func main() async {
        await RootCommand.main()
    }
}

struct RootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Catch backend drift before your users do.",
        discussion: """
            Checks recorded backend responses against YAML endpoint specs and reports every drift with its JSON
            path, what was expected, what came, how bad it is for this client, and how to fix it.

            Exit codes: 0 no drift at or above --fail-on; 1 drift; 2 the run could not be done (bad spec,
            unreadable files); 64 usage error.
            """,
        subcommands: [
            VerifyCommand.self, LintCommand.self, RecordCommand.self, CheckCommand.self, DiffCommand.self, ReportCommand.self,
        ],
        defaultSubcommand: VerifyCommand.self
    )
}
