/// An error that stops an operation: a malformed spec, an unreadable file, a missing environment variable.
///
/// Drift is never an error; it is a ``Finding``. Errors carry where (`file:line:col`), what, and how to fix it.
public struct ContractError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable, extensible code that tools can match on.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The YAML text is not well-formed.
        public static let yamlSyntax = Code(rawValue: "yaml-syntax")
        /// The JSON text is not well-formed.
        public static let jsonSyntax = Code(rawValue: "json-syntax")
        /// A spec is well-formed YAML but does not follow the spec format.
        public static let invalidSpec = Code(rawValue: "invalid-spec")
        /// A shape expression cannot be parsed or names an unknown shape.
        public static let invalidShape = Code(rawValue: "invalid-shape")
        /// An `${ENV}` reference names a variable that is not set.
        public static let missingEnvironmentVariable = Code(rawValue: "missing-environment-variable")
        /// A file could not be read or written.
        public static let io = Code(rawValue: "io")
        /// A recording file is not in the recording format.
        public static let invalidRecording = Code(rawValue: "invalid-recording")
        /// A spec names a model that is not registered.
        public static let unknownModel = Code(rawValue: "unknown-model")
        /// A command-line value is malformed, such as a shard that is not `K/N`.
        public static let invalidArgument = Code(rawValue: "invalid-argument")
        /// A file is not a `contract-report/1` report.
        public static let invalidReport = Code(rawValue: "invalid-report")
        /// Reports cannot be merged: they overlap, or come from different runs.
        public static let reportConflict = Code(rawValue: "report-conflict")
        /// A history file is not a `contract` history, is damaged, or was written by a newer version.
        public static let invalidHistory = Code(rawValue: "invalid-history")
    }

    /// The kind of error.
    public var code: Code
    /// What is wrong, in one sentence.
    public var message: String
    /// Where it is wrong, when it is about a place in a file.
    public var location: SourceLocation?
    /// The offending source line with a caret, when the source is at hand.
    public var snippet: String?
    /// How to fix it.
    public var hint: String?

    /// Creates an error.
    public init(
        _ code: Code, _ message: String, at location: SourceLocation? = nil,
        snippet: String? = nil, hint: String? = nil
    ) {
        self.code = code
        self.message = ContractError.bounded(message)
        self.location = location
        self.snippet = snippet
        self.hint = hint.map(ContractError.bounded)
    }

    /// The most characters a message or hint keeps: one that quotes a hostile input (a 50 MB key, a long value
    /// repeated by aliases) is cut, so that errors stay readable and small.
    static let maximumTextLength = 2_000

    /// `text`, cut to ``maximumTextLength`` characters with a note of how much was left out.
    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumTextLength else { return text }
        let kept = text.prefix(maximumTextLength)
        return kept + "… (\(text.count - kept.count) more characters)"
    }

    /// The same error with its snippet taken from `source` when it has none yet.
    package func quoting(_ source: SourceText?) -> ContractError {
        guard snippet == nil, let source, let location, location.file == source.path else { return self }
        var copy = self
        copy.snippet = source.snippet(at: location)
        return copy
    }

    /// `file:line:col: error: message`, then the snippet and the hint on their own lines.
    public var description: String {
        var text = location.map { "\($0): error: \(message)" } ?? "error: \(message)"
        if let snippet { text += "\n" + snippet }
        if let hint { text += "\n  hint: " + hint }
        return text
    }
}

/// Several errors found in one pass, so the user can fix them all at once.
public struct ContractErrors: Error, Sendable, CustomStringConvertible {
    /// The errors, in file and line order.
    public var errors: [ContractError]

    /// Wraps errors found together.
    public init(_ errors: [ContractError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
