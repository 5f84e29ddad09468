/// What a run history adds to a report: the drift resolved since the previous run of the same environment, and
/// the recent trend. Each finding's own mark is its ``Finding/history``.
package struct ReportHistory: Sendable, Hashable {
    /// The environment label (`--env`); empty when none was given.
    package var environment: String
    /// When the previous run of this environment started (ISO 8601 UTC); nil for the first run.
    package var previousRun: String?
    /// Findings of the previous run, on endpoints this run verified, that this run no longer has.
    package var resolved: [Finding]
    /// The last runs of this environment, oldest first, this one last.
    package var trend: [TrendPoint]

    /// Creates the history part of a report.
    package init(environment: String, previousRun: String?, resolved: [Finding], trend: [TrendPoint]) {
        self.environment = environment
        self.previousRun = previousRun
        self.resolved = resolved
        self.trend = trend
    }
}

/// One run's counts, as a trend chart draws them.
package struct TrendPoint: Sendable, Hashable {
    /// When the run started (ISO 8601 UTC).
    package var startedAt: String
    /// Findings by severity, waived ones left out.
    package var breaking: Int, warning: Int, info: Int
    /// Endpoints verified, and those that failed.
    package var endpoints: Int, failedEndpoints: Int

    /// Creates a point.
    package init(startedAt: String, breaking: Int, warning: Int, info: Int, endpoints: Int, failedEndpoints: Int) {
        self.startedAt = startedAt
        self.breaking = breaking
        self.warning = warning
        self.info = info
        self.endpoints = endpoints
        self.failedEndpoints = failedEndpoints
    }
}
