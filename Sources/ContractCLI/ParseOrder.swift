import ArgumentParser

/// The order in which a command line's mistakes are told: an argument the command does not take before what its
/// options, so parsed, fail to say.
///
/// ArgumentParser validates a command (its `validate()`) before it looks for arguments nothing used, so a mistyped
/// option was hidden behind the error its absence caused: `contract history --histroy runs.db` said "pass the history
/// file with --history FILE", and `contract record --concurency 4` asked for a base URL. When parsing fails, the
/// command line is parsed again with every `validate()` passed over; an unknown option that parse finds (with
/// ArgumentParser's "did you mean") is the error told.
enum ParseOrder {
    /// False while the command line is parsed again to look for arguments nothing takes; every command's and option
    /// group's `validate()` returns at once then.
    @TaskLocal static var validates = true

    /// The error to tell for a command line that failed to parse with `failure`: an option the command does not
    /// take, when there is one, else `failure`.
    static func firstError(in arguments: [String], failedWith failure: any Error) -> any Error {
        // A positional the command line lacks fails the parse before unknown options are looked for
        // (`diff --bogus a` said `<new>` was missing), so the parse is tried again with up to three stand-ins for
        // the positionals; only an unknown option it then finds is told.
        for standIns in 0...3 {
            switch unknownOption(in: arguments + Array(repeating: "contract-stand-in", count: standIns)) {
            case .found(let unknown): return unknown
            case .missingPositional: continue
            case .none: return failure
            }
        }
        return failure
    }

    private enum Reparse {
        case found(any Error)
        case missingPositional
        case none
    }

    private static func unknownOption(in arguments: [String]) -> Reparse {
        do {
            _ = try $validates.withValue(false) { try RootCommand.parseAsRoot(arguments) }
            return .none
        } catch {
            let message = RootCommand.message(for: error)
            if message.hasPrefix("Unknown option") { return .found(error) }
            // A value left over is mostly what an option that took the next option as its value left behind
            // (`--since --env x`): the validation error names that option and is told.
            return message.hasPrefix("Missing expected argument") ? .missingPositional : .none
        }
    }
}
