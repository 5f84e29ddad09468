/// Shell-style wildcard matching for endpoint filters and waiver paths.
package enum Glob {
    /// True when `pattern` can match a JSON path as findings and diffs print it: those start with `$`, the body's
    /// root, so the pattern must start with `$` or a wildcard (`users[*].id` and `.id` match nothing).
    package static func mayMatchJSONPath(_ pattern: String) -> Bool {
        pattern.first.map { "$*?".contains($0) } ?? false
    }

    /// The steps of a path written without its root, as they follow `$`: `users[*].id` gives `.users[*].id`, and
    /// `.id` and `[0]` stay as they are.
    package static func stepsFromRoot(_ pattern: String) -> String {
        pattern.hasPrefix(".") || pattern.hasPrefix("[") ? pattern : "." + pattern
    }

    /// True when `text` matches `pattern` as a whole; `*` matches any run, `?` one character (a Unicode scalar).
    ///
    /// Walks both strings' scalars in place (no array of either is made: a diff's findings filter calls this for every
    /// place and every glob).
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = pattern.unicodeScalars
        let text = text.unicodeScalars
        var p = pattern.startIndex
        var t = text.startIndex
        // The `*` last passed, and where in the text its run ends so far.
        var star: String.UnicodeScalarView.Index?
        var mark = text.startIndex
        while t < text.endIndex {
            // A `*` is a wildcard even where the text has a `*` (a key named `*`, or a generic path's `[*]`):
            // taken as that character, a failure after it would have no `*` to go back to.
            if p < pattern.endIndex, pattern[p] == "*" {
                star = p
                mark = t
                p = pattern.index(after: p)
            } else if p < pattern.endIndex, pattern[p] == "?" || pattern[p] == text[t] {
                p = pattern.index(after: p)
                t = text.index(after: t)
            } else if let star {
                p = pattern.index(after: star)
                mark = text.index(after: mark)
                t = mark
            } else {
                return false
            }
        }
        while p < pattern.endIndex, pattern[p] == "*" { p = pattern.index(after: p) }
        return p == pattern.endIndex
    }
}
