import ArgumentParser

/// The order in which a command line's mistakes are told: an argument the command does not take before what its
/// options, so parsed, fail to say.
///
/// ArgumentParser validates a command (its `validate()`) before it looks for arguments nothing used, so a mistyped
/// option was hidden behind the error its absence caused: `contract history --histroy runs.db` said "pass the history
/// file with --history FILE", and `contract record --concurency 4` asked for a base URL. When parsing fails, the
/// command line is parsed again with every `validate()` passed over; an error that parse finds (an unknown option,
/// with ArgumentParser's "did you mean", or a value too many) is the one told.
enum ParseOrder {
    /// False while the command line is parsed again to look for arguments nothing takes; every command's and option
    /// group's `validate()` returns at once then.
    @TaskLocal static var validates = true

    /// The error to tell for a command line that failed to parse with `error`: the error of an argument nothing
    /// takes, when there is one, else `error`.
    static func firstError(in arguments: [String], failedWith error: any Error) -> any Error {
        do {
            _ = try $validates.withValue(false) { try RootCommand.parseAsRoot(arguments) }
            return error
        } catch let unused {
            return unused
        }
    }
}
