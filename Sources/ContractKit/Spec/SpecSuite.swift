/// Every spec file of a suite, loaded together: named shapes are shared across files.
public struct SpecSuite: Sendable {
    /// The endpoints of all files, in file then declaration order.
    public var endpoints: [Endpoint]
    /// Named shapes from every file's `shapes:`.
    package var shapes: [String: Shape]
    /// The spec files read, in order.
    public var files: [String]
    /// The files written by `contract import openapi` (their first line says so): their patterns are OpenAPI's,
    /// searches from the start, so lint's notice about the older whole-string meaning does not apply to them.
    package var importedFiles: Set<String>
    /// The history file the specs' `defaults: { history: ... }` name, if any.
    package var history: HistorySetting?

    /// The first line of every file `contract import openapi` writes.
    package static let importedHeaderPrefix = "# Imported by `contract import openapi`"

    /// Creates a suite.
    package init(endpoints: [Endpoint], shapes: [String: Shape], files: [String], importedFiles: Set<String> = []) {
        self.endpoints = endpoints
        self.shapes = shapes
        self.files = files
        self.importedFiles = importedFiles
    }

    /// The endpoints whose id matches any of the patterns (`*` any run of characters, `?` one);
    /// a pattern without `/` also matches the endpoint's name alone. No patterns: all endpoints.
    public func endpoints(matching patterns: [String]) -> [Endpoint] {
        guard !patterns.isEmpty else { return endpoints }
        // Whether each pattern names a whole id, asked once rather than per endpoint (Foundation's `contains` took
        // more time than the matching, over a thousand endpoints).
        let patterns = patterns.map { (text: $0, isWholeID: $0.utf8.contains(UInt8(ascii: "/"))) }
        return endpoints.filter { endpoint in
            patterns.contains { pattern in
                Glob.matches(pattern.text, endpoint.id)
                    || (!pattern.isWholeID
                        && (Glob.matches(pattern.text, endpoint.name) || Glob.matches(pattern.text, endpoint.group)))
            }
        }
    }
}
