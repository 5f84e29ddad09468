import Foundation

/// The name the running executable goes by, for help, usage, message prefixes and the command lines hints quote:
/// a team's own runner (`app-contract`, calling ``ContractCLI/main(models:)``) is not called `contract`.
///
/// The command line hands it to ContractKit as ``RunnerName/current``, so that hints written there (a recording
/// to re-record, a report to pass to `report merge`) quote it too.
enum CommandName {
    /// The basename the process was started by, or `contract` when it has none.
    static let current = name(startedAs: CommandLine.arguments.first)

    /// The last path component of `argumentZero`, or `contract` when it is missing or empty.
    static func name(startedAs argumentZero: String?) -> String {
        guard let argumentZero, let last = argumentZero.split(separator: "/").last, !last.isEmpty else {
            return "contract"
        }
        return String(last)
    }
}
