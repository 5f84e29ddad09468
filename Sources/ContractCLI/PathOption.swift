import ArgumentParser

/// Paths given as options.
enum PathOption {
    /// Refuses an empty path (`--report-dir "$DIR"` with `DIR` unset), as a usage error: the system reads an empty
    /// path as the current folder, and where the tool builds paths from it (`<dir>/report.json`) as the root of
    /// the file system.
    static func nonEmpty(_ text: String) throws -> String {
        guard !text.allSatisfy(\.isWhitespace) else {
            throw ValidationError("a path cannot be empty (is the variable passed to it unset?)")
        }
        return text
    }
}
