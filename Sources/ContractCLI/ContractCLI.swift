import ArgumentParser
import ContractKit

/// The `contract` command line; teams call ``main(models:)`` from their own executable to register their models.
public enum ContractCLI {
    /// Runs the command line with the process arguments.
    public static func main() async {
        await RootCommand.main()
    }
}

struct RootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Catch backend drift before your users do."
    )
}
