/// What a history says about one finding: whether the previous run of the same environment had it, since when it
/// has been seen, and in how many runs.
package struct FindingHistory: Sendable, Hashable {
    /// True when the previous run of the same environment did not have this drift (or there was none).
    package var isNew: Bool
    /// When the drift was first seen, as an ISO 8601 UTC timestamp (`2026-11-21T03:00:00Z`).
    package var firstSeen: String
    /// The runs of this environment that had it, this one included.
    package var runsSeen: Int

    /// Creates a mark.
    package init(isNew: Bool, firstSeen: String, runsSeen: Int) {
        self.isNew = isNew
        self.firstSeen = firstSeen
        self.runsSeen = runsSeen
    }

    /// `new`, `new (back: first seen 2026-11-01, 4 runs)` or `since 2026-11-01 (12 runs)`: what reports print.
    package var label: String {
        let day = String(firstSeen.prefix(10))
        if isNew {
            return runsSeen > 1 ? "new (back: first seen \(day), \(runsSeen) runs)" : "new"
        }
        return "since \(day) (\(runsSeen) run\(runsSeen == 1 ? "" : "s"))"
    }
}
