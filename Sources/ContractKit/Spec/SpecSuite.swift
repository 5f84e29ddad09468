/// Every spec file of a suite, loaded together: named shapes are shared across files.
public struct SpecSuite: Sendable {
    /// The endpoints of all files, in file then declaration order.
    public var endpoints: [Endpoint]
    /// Named shapes from every file's `shapes:`.
    package var shapes: [String: Shape]
    /// The spec files read, in order.
    public var files: [String]
    /// The history file the specs' `defaults: { history: ... }` name, if any.
    package var history: HistorySetting?

    /// Creates a suite.
    package init(endpoints: [Endpoint], shapes: [String: Shape], files: [String]) {
        self.endpoints = endpoints
        self.shapes = shapes
        self.files = files
    }

    /// The endpoints whose id matches any of the patterns (`*` any run of characters, `?` one);
    /// a pattern without `/` also matches the endpoint's name alone. No patterns: all endpoints.
    public func endpoints(matching patterns: [String]) -> [Endpoint] {
        guard !patterns.isEmpty else { return endpoints }
        return endpoints.filter { endpoint in
            patterns.contains { pattern in
                Glob.matches(pattern, endpoint.id)
                    || (!pattern.contains("/")
                        && (Glob.matches(pattern, endpoint.name) || Glob.matches(pattern, endpoint.group)))
            }
        }
    }
}
