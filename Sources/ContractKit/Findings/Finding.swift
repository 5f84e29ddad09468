/// One drift found in one endpoint: where, what was expected, what came, how bad, and how to fix it.
public struct Finding: Sendable, Hashable {
    /// The endpoint's id, e.g. `users/list-users`.
    public var endpoint: String
    /// The drift kind.
    public var kind: DriftKind
    /// How bad it is for this client.
    public var severity: Severity
    /// Where in the raw body; nil for findings about the response as a whole (status, content type).
    public var path: JSONPath?
    /// What the spec expects, in spec syntax.
    public var expected: String
    /// What arrived.
    public var actual: String
    /// One sentence saying what happened.
    public var message: String
    /// A concrete fix.
    public var hint: String?
    /// The spec line the expectation comes from.
    public var specLocation: SourceLocation?
    /// How many places in the body show the same drift (array elements); `path` names the first.
    public var occurrences: Int
    /// The waiver that covers this finding, if any.
    public var waiver: Waiver?

    /// Creates a finding.
    public init(
        endpoint: String = "", kind: DriftKind, severity: Severity, path: JSONPath?, expected: String, actual: String,
        message: String, hint: String? = nil, specLocation: SourceLocation? = nil, occurrences: Int = 1
    ) {
        self.endpoint = endpoint
        self.kind = kind
        self.severity = severity
        self.path = path
        self.expected = expected
        self.actual = actual
        self.message = message
        self.hint = hint
        self.specLocation = specLocation
        self.occurrences = occurrences
    }

    /// True when a waiver covers it.
    public var isWaived: Bool { waiver != nil }
}
