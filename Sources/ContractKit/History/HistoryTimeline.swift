/// The timeline a history holds for a suite, an endpoint or one drift: its runs, and each drift's first and last
/// sighting, how many runs had it, and whether it flaps.
package struct HistoryTimeline: Sendable, Hashable {
    /// What the timeline is about.
    package enum Scope: Sendable, Hashable {
        case suite
        case endpoint(String)
        case fingerprint(String)
    }

    /// One run, with the scope's own status in it when the scope is an endpoint or a drift.
    package struct Run: Sendable, Hashable {
        package var id: Int64
        package var startedAt: String
        package var environment: String
        package var runKey: String?
        package var gitCommit: String?, gitBranch: String?
        package var toolVersion: String
        package var durationMs: Int
        package var endpoints: Int, failed: Int, breaking: Int, warning: Int, info: Int, waived: Int
        /// For an endpoint: `passed` or `failed`; for a drift: `present` or `absent`; nil for the suite.
        package var status: String?
        /// For an endpoint: its own findings in this run (the counts above are the whole run's, and what the suite's
        /// timeline shows; an endpoint's shows these).
        package var endpointFindings: EndpointFindings?
        /// For a drift: how this run had it; nil when it was absent, or the scope is not a drift.
        package var sighting: Sighting?
    }

    /// One endpoint's findings in one run.
    package struct EndpointFindings: Sendable, Hashable {
        /// Findings by severity, waived ones left out, and the waived ones.
        package var breaking = 0, warning = 0, info = 0, waived = 0
        /// The fingerprints of its drifts in the run, sorted.
        package var fingerprints: [String] = []
    }

    /// How one run had one drift.
    package struct Sighting: Sendable, Hashable {
        package var severity: String
        /// The first place it was found, indices kept.
        package var path: String?
        package var occurrences: Int
        package var waived: Bool
    }

    /// One drift over the runs of the timeline.
    package struct Drift: Sendable, Hashable {
        package var fingerprint: String
        package var endpoint: String
        package var kind: String
        /// The path as last seen, and with indices folded.
        package var path: String?, foldedPath: String?
        package var expected: String
        package var severity: String
        package var firstSeen: String, lastSeen: String
        /// Runs that had it.
        package var runs: Int
        /// Separate stretches of consecutive runs that had it (runs that did not verify its endpoint skipped),
        /// counted in each environment; over several environments, the most in one.
        package var streaks: Int
        /// True when the last run (of an environment, over several) that verified its endpoint had it.
        package var present: Bool
        /// True when a waiver covered it the last time it was seen.
        package var waived: Bool = false

        /// It went away and came back at least once: two streaks or more.
        package var isFlapping: Bool { streaks >= 2 }
    }

    package var scope: Scope
    /// The environment the timeline is limited to; nil for every environment.
    package var environment: String?
    /// The first day included (`2026-11-01`), when limited.
    package var since: String?
    /// The runs, oldest first.
    package var runs: [Run]
    /// The drifts seen in those runs: present ones first, then by endpoint, kind and path.
    package var drifts: [Drift]

    /// The trend of the runs, for the chart: the whole run's counts for the suite; for an endpoint, its own
    /// findings and whether it failed; for a drift, its occurrences at its severity (none when waived) and whether
    /// the run had it.
    package var trend: [TrendPoint] {
        runs.map { run in
            switch scope {
            case .suite:
                return TrendPoint(
                    startedAt: run.startedAt, breaking: run.breaking, warning: run.warning, info: run.info,
                    endpoints: run.endpoints, failedEndpoints: run.failed)
            case .endpoint:
                let own = run.endpointFindings ?? EndpointFindings()
                return TrendPoint(
                    startedAt: run.startedAt, breaking: own.breaking, warning: own.warning, info: own.info,
                    endpoints: 1, failedEndpoints: run.status == "failed" ? 1 : 0)
            case .fingerprint:
                var point = TrendPoint(
                    startedAt: run.startedAt, breaking: 0, warning: 0, info: 0, endpoints: 1,
                    failedEndpoints: run.sighting == nil ? 0 : 1)
                if let sighting = run.sighting, !sighting.waived {
                    switch sighting.severity {
                    case "breaking": point.breaking = sighting.occurrences
                    case "warning": point.warning = sighting.occurrences
                    default: point.info = sighting.occurrences
                    }
                }
                return point
            }
        }
    }
}

extension HistoryStore {
    /// The timeline of `scope` in the runs of `environment` (every environment when nil) since `since` (a day or a
    /// timestamp; everything when nil).
    ///
    /// Each drift's counts come from SQL aggregates: the statistics every append keeps up to date, or, with
    /// `since`, the findings of the runs since then; no query reads every finding of a long history.
    ///
    /// `usingStatistics: false` reads the findings even when `since` covers every run (tests compare the two).
    package func timeline(
        _ scope: HistoryTimeline.Scope, environment: String?, since: String?, usingStatistics: Bool = true
    ) throws(ContractError) -> HistoryTimeline {
        var conditions = ["1 = 1"]
        var values: [SQLiteValue] = []
        if let environment {
            values.append(.text(environment))
            conditions.append("r.env = ?\(values.count)")
        }
        if let since {
            values.append(.text(since))
            conditions.append("r.started_at >= ?\(values.count)")
        }
        var endpointID: Int64?
        var driftID: Int64?
        switch scope {
        case .suite: break
        case .endpoint(let name):
            let statement = try database.prepare("SELECT id FROM endpoints WHERE name = ?1")
            try statement.bind([.text(name)])
            guard try statement.step() else {
                throw unknown(
                    "endpoint '\(name)'", hint: "pass an endpoint id the history has seen, such as users/list-users")
            }
            endpointID = statement.int64(0)
        case .fingerprint(let fingerprint):
            let statement = try database.prepare("SELECT id, endpoint_id FROM drifts WHERE fingerprint = ?1")
            try statement.bind([.text(fingerprint)])
            guard try statement.step() else {
                throw unknown(
                    "fingerprint '\(fingerprint)'",
                    hint: "pass a fingerprint from `history --format json` or the drifts table")
            }
            driftID = statement.int64(0)
            endpointID = statement.int64(1)
        }
        let filter = conditions.joined(separator: " AND ")
        let runs = try timelineRuns(filter: filter, values: values, endpointID: endpointID, driftID: driftID)
        let drifts = try timelineDrifts(
            filter: filter, values: values, environment: environment, since: since, endpointID: endpointID,
            driftID: driftID, usingStatistics: usingStatistics)
        return HistoryTimeline(scope: scope, environment: environment, since: since, runs: runs, drifts: drifts)
    }

    /// The runs of the timeline: for an endpoint or a drift, those that verified the endpoint, with its status.
    private func timelineRuns(filter: String, values: [SQLiteValue], endpointID: Int64?, driftID: Int64?)
        throws(ContractError) -> [HistoryTimeline.Run]
    {
        var status = "NULL"
        var join = ""
        var sighting = "NULL, NULL, NULL, NULL"
        if let endpointID {
            // CROSS JOIN keeps SQLite to this order: each run, then its status row by primary key; the other way
            // round it scans every status of the file (ten million for 10,000 runs of 1,000 endpoints).
            join = "CROSS JOIN run_endpoints e ON e.run_id = r.id AND e.endpoint_id = \(endpointID)"
            status = "e.status"
        }
        if let driftID {
            join += " LEFT JOIN findings f ON f.run_id = r.id AND f.drift_id = \(driftID)"
            status = "CASE WHEN f.drift_id IS NULL THEN 'absent' ELSE 'present' END"
            sighting = "f.severity, f.path, f.occurrences, f.waived"
        }
        let statement = try database.prepare(
            """
            SELECT r.id, r.started_at, r.env, r.run_key, r.git_commit, r.git_branch, r.tool_version, r.duration_ms,
                   r.endpoints, r.failed, r.breaking, r.warning, r.info, r.waived, \(status), \(sighting)
            FROM runs r \(join) WHERE \(filter) ORDER BY r.started_at, r.id
            """)
        try statement.bind(values)
        var runs: [HistoryTimeline.Run] = []
        while try statement.step() {
            var run = HistoryTimeline.Run(
                id: statement.int64(0), startedAt: statement.text(1) ?? "", environment: statement.text(2) ?? "",
                runKey: statement.text(3), gitCommit: statement.text(4), gitBranch: statement.text(5),
                toolVersion: statement.text(6) ?? "", durationMs: statement.int(7), endpoints: statement.int(8),
                failed: statement.int(9), breaking: statement.int(10), warning: statement.int(11),
                info: statement.int(12), waived: statement.int(13), status: statement.text(14))
            if driftID != nil, !statement.isNull(15) {
                run.sighting = HistoryTimeline.Sighting(
                    severity: statement.text(15) ?? "", path: statement.text(16), occurrences: statement.int(17),
                    waived: statement.int(18) != 0)
            }
            runs.append(run)
        }
        if let endpointID, driftID == nil {
            // The endpoint's own findings, run by run: through its drifts, so only its findings are read.
            var index: [Int64: Int] = [:]
            for (offset, run) in runs.enumerated() {
                index[run.id] = offset
                runs[offset].endpointFindings = HistoryTimeline.EndpointFindings()
            }
            let findings = try database.prepare(
                """
                SELECT f.run_id, f.severity, f.waived, d.fingerprint FROM drifts d JOIN findings f ON f.drift_id = d.id
                WHERE d.endpoint_id = ?1 ORDER BY f.run_id, d.fingerprint
                """)
            try findings.bind([.integer(endpointID)])
            while try findings.step() {
                guard let offset = index[findings.int64(0)] else { continue }
                var own = runs[offset].endpointFindings!
                if findings.int(2) != 0 {
                    own.waived += 1
                } else {
                    switch Severity(rawValue: findings.text(1) ?? "") {
                    case .breaking: own.breaking += 1
                    case .warning: own.warning += 1
                    default: own.info += 1
                    }
                }
                own.fingerprints.append(findings.text(3) ?? "")
                runs[offset].endpointFindings = own
            }
        }
        return runs
    }

    /// Each drift of the scope seen in the timeline's runs, environment by environment, then over them all.
    private func timelineDrifts(
        filter: String, values: [SQLiteValue], environment: String?, since: String?, endpointID: Int64?,
        driftID: Int64?, usingStatistics: Bool
    ) throws(ContractError) -> [HistoryTimeline.Drift] {
        struct PerEnvironment {
            var environment: String, runs: Int, streaks: Int, firstSeen: String, lastSeen: String
            var firstRun: Int64, lastRun: Int64
        }
        var scopeFilter = ""
        if let endpointID { scopeFilter += " AND d.endpoint_id = \(endpointID)" }
        if let driftID { scopeFilter += " AND d.id = \(driftID)" }
        // A `since` before the first run kept covers every run: the statistics give the same counts, without
        // reading every finding of the file.
        var coversEveryRun = since == nil
        if let since, usingStatistics {
            let first = try database.prepare("SELECT min(started_at) FROM runs")
            coversEveryRun = try first.step() && first.text(0).map { since <= $0 } ?? true
        }
        let statement: SQLiteStatement
        if coversEveryRun {
            // The statistics each append keeps: one row per drift and environment.
            statement = try database.prepare(
                """
                SELECT s.drift_id, s.env, s.runs_seen, s.streaks, s.first_seen, s.last_seen, s.first_run, s.last_run
                FROM drift_stats s JOIN drifts d ON d.id = s.drift_id
                WHERE \(environment == nil ? "1 = 1" : "s.env = ?1")\(scopeFilter)
                """)
            try statement.bind(environment.map { [.text($0)] } ?? [])
        } else {
            // The findings of the runs since then (runs first, so only their findings are read); the first of
            // them starts a streak whatever came before.
            statement = try database.prepare(
                """
                SELECT f.drift_id, r.env, count(*), sum(f.streak_start), min(r.started_at), max(r.started_at),
                       min(r.id), max(r.id)
                FROM runs r CROSS JOIN findings f ON f.run_id = r.id JOIN drifts d ON d.id = f.drift_id
                WHERE \(filter)\(scopeFilter) GROUP BY f.drift_id, r.env
                """)
            try statement.bind(values)
        }
        var groups: [Int64: [PerEnvironment]] = [:]
        while try statement.step() {
            groups[statement.int64(0), default: []].append(
                PerEnvironment(
                    environment: statement.text(1) ?? "", runs: statement.int(2), streaks: statement.int(3),
                    firstSeen: statement.text(4) ?? "", lastSeen: statement.text(5) ?? "",
                    firstRun: statement.int64(6), lastRun: statement.int64(7)))
        }

        let finding = try database.prepare(
            "SELECT streak_start, waived FROM findings WHERE run_id = ?1 AND drift_id = ?2")
        let lastChecked = try database.prepare(
            """
            SELECT r.id FROM runs r WHERE r.env = ?2
                AND EXISTS (SELECT 1 FROM run_endpoints re WHERE re.run_id = r.id AND re.endpoint_id = ?1)
            ORDER BY r.id DESC LIMIT 1
            """)
        let details = try database.prepare(
            """
            SELECT d.fingerprint, e.name, d.kind, d.path, d.folded_path, d.expected, d.severity, d.endpoint_id
            FROM drifts d JOIN endpoints e ON e.id = d.endpoint_id WHERE d.id = ?1
            """)
        var lastCheckedRuns: [String: Int64] = [:]
        var drifts: [HistoryTimeline.Drift] = []
        for (id, environments) in groups {
            try details.bind([.integer(id)])
            guard try details.step() else { continue }
            let endpoint = details.int64(7)
            var drift = HistoryTimeline.Drift(
                fingerprint: details.text(0) ?? "", endpoint: details.text(1) ?? "", kind: details.text(2) ?? "",
                path: details.text(3), foldedPath: details.text(4), expected: details.text(5) ?? "",
                severity: details.text(6) ?? "", firstSeen: environments[0].firstSeen,
                lastSeen: environments[0].lastSeen, runs: 0, streaks: 0, present: false)
            var latest = ""
            for group in environments {
                var streaks = group.streaks
                if since != nil {
                    try finding.bind([.integer(group.firstRun), .integer(id)])
                    if try finding.step(), finding.int(0) == 0 { streaks += 1 }
                }
                let key = "\(endpoint)\u{1F}\(group.environment)"
                if lastCheckedRuns[key] == nil {
                    try lastChecked.bind([.integer(endpoint), .text(group.environment)])
                    lastCheckedRuns[key] = try lastChecked.step() ? lastChecked.int64(0) : 0
                }
                drift.runs += group.runs
                drift.streaks = max(drift.streaks, streaks)
                drift.present = drift.present || lastCheckedRuns[key] == group.lastRun
                drift.firstSeen = min(drift.firstSeen, group.firstSeen)
                if group.lastSeen >= latest {
                    latest = group.lastSeen
                    drift.lastSeen = group.lastSeen
                    try finding.bind([.integer(group.lastRun), .integer(id)])
                    drift.waived = try finding.step() && finding.int(1) != 0
                }
            }
            drifts.append(drift)
        }
        drifts.sort {
            ($0.present ? 0 : 1, $0.endpoint, $0.kind, $0.foldedPath ?? "", $0.expected, $0.fingerprint)
                < ($1.present ? 0 : 1, $1.endpoint, $1.kind, $1.foldedPath ?? "", $1.expected, $1.fingerprint)
        }
        return drifts
    }

    private func unknown(_ what: String, hint: String) -> ContractError {
        ContractError(.invalidArgument, "the history '\(path)' has no \(what)", hint: hint)
    }

    /// Deletes the runs that started before `cutoff` (an ISO 8601 timestamp), the drifts and endpoints no run
    /// mentions any more, recomputes the drifts' statistics, and compacts the file; returns how many runs went.
    package func prune(before cutoff: String) throws(ContractError) -> Int {
        try prune(before: cutoff, environment: nil).reduce(0) { $0 + $1.runs }
    }

    /// Deletes the runs that started before `cutoff`, of `environment` alone when given (every environment when
    /// nil), and what only they referenced; returns how many runs each environment lost, by environment name.
    package func prune(before cutoff: String, environment: String?) throws(ContractError) -> [(
        environment: String, runs: Int
    )] {
        let scope = "started_at < ?1 AND (?2 IS NULL OR env = ?2)"
        let values: [SQLiteValue] = [.text(cutoff), environment.map { .text($0) } ?? .null]
        let removed = try transaction { () throws(ContractError) -> [(environment: String, runs: Int)] in
            let count = try database.prepare(
                "SELECT env, count(*) FROM runs WHERE \(scope) GROUP BY env ORDER BY env")
            try count.bind(values)
            var removed: [(environment: String, runs: Int)] = []
            while try count.step() { removed.append((count.text(0) ?? "", count.int(1))) }
            guard !removed.isEmpty else { return [] }
            try database.prepare("DELETE FROM findings WHERE run_id IN (SELECT id FROM runs WHERE \(scope))")
                .run(values)
            try database.prepare("DELETE FROM run_endpoints WHERE run_id IN (SELECT id FROM runs WHERE \(scope))")
                .run(values)
            try database.prepare("DELETE FROM runs WHERE \(scope)").run(values)
            try database.execute(
                """
                DELETE FROM drift_stats;
                DELETE FROM drifts WHERE id NOT IN (SELECT drift_id FROM findings);
                DELETE FROM endpoints WHERE id NOT IN (SELECT endpoint_id FROM run_endpoints)
                    AND id NOT IN (SELECT endpoint_id FROM drifts);
                """)
            try HistorySchema.recomputeStatistics(database)
            return removed
        }
        if !removed.isEmpty { try database.execute("VACUUM") }
        return removed
    }
}
