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
    /// The places of the other occurrences, in body order, up to ``maximumListedPaths`` in all: a bug ticket
    /// shows every place, not only the first.
    public var morePaths: [JSONPath] = []
    /// The waiver that covers this finding, if any.
    public var waiver: Waiver?
    /// What the run history says about it (new, since when, in how many runs); nil when the run kept no history.
    package var history: FindingHistory?

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

    /// How many places a finding lists at most; ``occurrences`` still counts them all.
    public static let maximumListedPaths = 1_000

    /// Every listed place: ``path`` and ``morePaths``.
    public var paths: [JSONPath] { (path.map { [$0] } ?? []) + morePaths }

    /// The order reports list findings in: live before waived, then the most severe first, then by place (findings
    /// about the whole response, which have no path, first), keeping the order found among equals.
    package static func reportOrder(_ findings: [Finding]) -> [Finding] {
        findings.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.isWaived != y.isWaived { return !x.isWaived }
            if x.severity != y.severity { return x.severity > y.severity }
            switch (x.path, y.path) {
            case (nil, .some): return true
            case (.some, nil): return false
            case (let p?, let q?) where p != q: return p < q
            default: return a.offset < b.offset
            }
        }.map(\.element)
    }
}
