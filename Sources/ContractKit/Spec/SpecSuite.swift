/// Every spec file of a suite, loaded together: named shapes are shared across files.
public struct SpecSuite: Sendable {
    /// The endpoints of all files, in file then declaration order.
    public var endpoints: [Endpoint]
    /// Named shapes from every file's `shapes:`.
    public var shapes: [String: Shape]
    /// The spec files read, in order.
    public var files: [String]

    /// Creates a suite.
    public init(endpoints: [Endpoint], shapes: [String: Shape], files: [String]) {
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
                Glob.matches(pattern, endpoint.id) || (!pattern.contains("/") && (Glob.matches(pattern, endpoint.name) || Glob.matches(pattern, endpoint.group)))
            }
        }
    }
}

/// Shell-style wildcard matching for endpoint filters and waiver paths.
enum Glob {
    /// True when `text` matches `pattern` as a whole; `*` matches any run, `?` one character.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var p = 0, t = 0
        var star = -1, mark = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if star >= 0 {
                p = star + 1
                mark += 1
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
