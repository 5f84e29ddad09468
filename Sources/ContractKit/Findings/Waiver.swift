/// A finding the team has accepted until a date.
public struct Waiver: Sendable, Hashable {
    /// The drift kind waived.
    public var kind: DriftKind
    /// The JSON path pattern waived (`*` matches any key or index); nil waives the kind anywhere in the endpoint.
    public var path: String?
    /// The last day the waiver holds (inclusive), as `yyyy-MM-dd`.
    public var until: String
    /// Why it is waived; shown in reports.
    public var reason: String
    /// Where it is declared.
    public var location: SourceLocation

    /// Creates a waiver.
    public init(kind: DriftKind, path: String?, until: String, reason: String, location: SourceLocation) {
        self.kind = kind
        self.path = path
        self.until = until
        self.reason = reason
        self.location = location
    }
}
