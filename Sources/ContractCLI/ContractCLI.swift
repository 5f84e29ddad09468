import ArgumentParser
import ContractKit
import Foundation
import Synchronization

/// The `contract` command line; teams call ``main(models:)`` from their own executable.
public enum ContractCLI {
    /// Runs the command line with the process arguments and exits with its exit code, decoding through `models`:
    /// a spec's `model: User` finds `User`, `[User]` an array of them, `[String: User]` a dictionary.
    ///
    /// ```swift
    /// // Sources/contracts/main.swift in the app team's package
    /// import ContractCLI
    /// import MyAPIModels
    /// await ContractCLI.main(models: [User.self, ObjectsResponse.self])
    /// ```
    public static func main(models: [any Decodable.Type]) async {
        await RegisteredModels.$models.withValue(RegisteredModels.Models(models)) {
            await RunnerName.$current.withValue(CommandName.current) {
                await SettingNames.$current.withValue(.commandLine) {
                    if let mistyped = RootCommand.mistypedSubcommand(in: Array(CommandLine.arguments.dropFirst())) {
                        Console.error(mistyped)
                        Foundation.exit(ExitCode.validationFailure.rawValue)
                    }
                    let arguments = Array(CommandLine.arguments.dropFirst())
                    // Parsed directly when it can be (no walk of the command tree); else by ArgumentParser, whose
                    // errors (help, usage) it says and exits with.
                    let parsed: any ParsableCommand
                    if let direct = RootCommand.parsedDirectly(arguments) {
                        parsed = direct
                    } else {
                        do {
                            parsed = try RootCommand.parseAsRoot(arguments)
                        } catch {
                            RootCommand.exit(withError: ParseOrder.firstError(in: arguments, failedWith: error))
                        }
                    }
                    do {
                        // Every command runs through here, so that a stream that could not be written and a usage
                        // error found late end each run the same way.
                        if var command = parsed as? any AsyncParsableCommand {
                            try await command.run()
                        } else {
                            var command = parsed
                            try command.run()
                        }
                    } catch {
                        // A report that could not be written to standard output is a run that could not be done.
                        Console.exitIfAStreamFailed()
                        if let usage = error as? LateUsageError {
                            Console.error("Error: \(usage.message)")
                            Foundation.exit(ExitCode.validationFailure.rawValue)
                        }
                        // A usage error found by run(), with the usage of the command that was run (ArgumentParser
                        // would print the root's, `contract <subcommand>`).
                        if let usage = error as? ValidationError {
                            Console.error(
                                "Error: \(usage.message)\nUsage: \(RootCommand.usageString(for: type(of: parsed)))")
                            Foundation.exit(ExitCode.validationFailure.rawValue)
                        }
                        RootCommand.exit(withError: error)
                    }
                    Console.exitIfAStreamFailed()
                }
            }
        }
    }

    /// Runs the command line with no models registered: verification is by shape only.
    public static func main() async {
        await main(models: [])
    }
}

/// The models the running executable registered, for the commands ArgumentParser creates.
enum RegisteredModels {
    @TaskLocal static var models = Models([])

    /// The registry of the models the executable passed.
    static var registry: ModelRegistry { models.registry }

    /// The models, made into a registry the first time a command asks: `record`, `diff`, `import` and `history` never
    /// do, and naming every type (the Swift runtime's reflection) is about 1 ms of each run's start-up.
    final class Models: @unchecked Sendable {
        // Unchecked: `types` is a constant of metatypes, immutable once made (as ContractKit's ModelType says), and
        // `built` is behind its lock; Swift does not yet know that `any Decodable.Type` is safe to share.
        private let types: [any Decodable.Type]
        private let built = Mutex<ModelRegistry?>(nil)

        init(_ types: [any Decodable.Type]) { self.types = types }

        var registry: ModelRegistry {
            built.withLock { built in
                if let built { return built }
                let registry = ModelRegistry(types)
                built = registry
                return registry
            }
        }
    }
}

struct RootCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CommandName.current,
        abstract: "Catch backend drift before your users do.",
        discussion: """
            Checks recorded backend responses against YAML endpoint specs and reports every drift with its JSON \
            path, what was expected, what came, how bad it is for this client, and how to fix it.

            Exit codes: 0 no drift at or above --fail-on; 1 drift; 2 the run could not be done (bad spec, \
            unreadable files); 64 usage error.
            """,
        version: ContractVersion.current,
        subcommands: [
            VerifyCommand.self, LintCommand.self, RecordCommand.self, CheckCommand.self, DiffCommand.self,
            ReportCommand.self, ImportCommand.self, InferCommand.self, GenerateCommand.self, HistoryCommand.self,
        ],
        defaultSubcommand: VerifyCommand.self
    )
}

extension SettingNames {
    /// The flags that set each setting, for hints written in ContractKit.
    static let commandLine = SettingNames([
        .specs: "--specs",
        .baseURL: "the base URL (--base-url or CONTRACT_BASE_URL)",
        .timeout: "--timeout",
        .retries: "--retries",
        .concurrency: "--concurrency",
        .maxBodyBytes: "--max-body-bytes",
        .caFile: "--ca-file",
        .diffValues: "--values",
    ])
}

extension RootCommand {
    /// The subcommand `arguments` name first, parsed as a command of its own, or nil to leave them to ``main()``.
    ///
    /// ArgumentParser, given the whole command, parses it twice for a completion-script request, and builds the
    /// options of the default subcommand (`verify`), more than once, and of the one named (each a new instance and a
    /// `Mirror` of it) to see whether one takes arguments passed through, before it parses the one named: about a
    /// millisecond of each run's start-up. A run that names a subcommand without subcommands of its own and asks for
    /// no help, version or completion script is parsed (and validated) as that subcommand alone; anything that does
    /// not parse so goes the whole way, so every error, help text and usage line is ArgumentParser's own, naming the
    /// whole command.
    static func parsedDirectly(_ arguments: [String]) -> (any AsyncParsableCommand)? {
        guard let name = arguments.first,
            let type = configuration.subcommands.first(where: { $0.configuration.commandName == name }),
            type.configuration.subcommands.isEmpty,
            let command = type as? any AsyncParsableCommand.Type
        else { return nil }
        let rest = Array(arguments.dropFirst())
        let asksForText = rest.contains {
            $0 == "-h" || $0 == "--help" || $0 == "-help" || $0 == "--version" || $0.hasPrefix("--generate-completion")
                || $0.hasPrefix("--experimental")
        }
        guard !asksForText else { return nil }
        return try? command.parse(rest)
    }

    /// `error: unknown command 'verfy'; did you mean 'verify'?` when the first argument is a word close to a
    /// subcommand's name. Without this, `verify` (the default subcommand) would take the word as its own argument
    /// and say only that it was unexpected.
    static func mistypedSubcommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first), let closest = Suggestions.closest(to: first, in: names) else { return nil }
        return "Error: unknown command '\(first.escapingNonPrintables())'; did you mean '\(closest)'?\n"
            + "  Commands: \(names.dropLast().joined(separator: ", ")). See '\(CommandName.current) --help'."
    }
}
