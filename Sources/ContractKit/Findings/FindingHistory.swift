/// What a history says about one finding: whether the previous run of the same environment had it, since when it
/// has been seen, and in how many runs.
package struct FindingHistory: Sendable, Hashable {
    /// True when the previous run of the same environment did not have this drift (or there was none).
    package var isNew: Bool
    /// When the drift was first seen, as an ISO 8601 UTC timestamp (`2026-11-21T03:00:00Z`).
    package var firstSeen: String
    /// The runs of this environment that had it, this one included.
    package var runsSeen: Int
    /// Its severity in the previous run that had it, when that differed from this run's (a warning that became
    /// breaking); nil when it is new or kept its severity.
    package var severityBefore: Severity?
    /// True when a waiver covered it in the previous run and none covers it now (the waiver expired or was removed).
    package var waivedBefore: Bool = false

    /// Creates a mark.
    package init(
        isNew: Bool, firstSeen: String, runsSeen: Int, severityBefore: Severity? = nil, waivedBefore: Bool = false
    ) {
        self.isNew = isNew
        self.firstSeen = firstSeen
        self.runsSeen = runsSeen
        self.severityBefore = severityBefore
        self.waivedBefore = waivedBefore
    }

    /// True when a finding so marked, failing at `failOn` now, did not fail the previous run that had it at the
    /// same `failOn`: it is new or back, a waiver no longer covers it, or its severity rose to `failOn`. What
    /// `--fail-on-new` fails on.
    package func failsAnew(at failOn: Severity) -> Bool {
        isNew || waivedBefore || (severityBefore.map { $0 < failOn } ?? false)
    }

    /// `new`, `new (back: first seen 2026-11-01, 4 runs)` or `since 2026-11-01 (12 runs)`: what reports print.
    package var label: String {
        let day = String(firstSeen.prefix(10))
        if isNew {
            return runsSeen > 1 ? "new (back: first seen \(day), \(runsSeen) runs)" : "new"
        }
        var text = "since \(day) (\(runsSeen) run\(runsSeen == 1 ? "" : "s"))"
        if let severityBefore { text += ", was \(severityBefore.rawValue)" }
        if waivedBefore { text += ", no longer waived" }
        return text
    }
}
