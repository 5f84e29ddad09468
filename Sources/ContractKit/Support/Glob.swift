/// Shell-style wildcard matching for endpoint filters and waiver paths.
enum Glob {
    /// True when `text` matches `pattern` as a whole; `*` matches any run, `?` one character.
    static func matches(_ pattern: String, _ text: String) -> Bool {
        let pattern = Array(pattern.unicodeScalars)
        let text = Array(text.unicodeScalars)
        var p = 0
        var t = 0
        var star = -1
        var mark = 0
        while t < text.count {
            // A `*` is a wildcard even where the text has a `*` (a key named `*`, or a generic path's `[*]`):
            // taken as that character, a failure after it would have no `*` to go back to.
            if p < pattern.count, pattern[p] == "*" {
                star = p
                mark = t
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
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
