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
        /// Separate stretches of consecutive runs that had it (runs that did not verify its endpoint skipped).
        package var streaks: Int
        /// True when the last run of the timeline that verified its endpoint had it.
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

    /// The trend of the runs, for the chart.
    package var trend: [TrendPoint] {
        runs.map {
            TrendPoint(
                startedAt: $0.startedAt, breaking: $0.breaking, warning: $0.warning, info: $0.info,
                endpoints: $0.endpoints, failedEndpoints: $0.failed)
        }
    }
}

extension HistoryStore {
    /// The timeline of `scope` in the runs of `environment` (every environment when nil) since `since` (a day or a
    /// timestamp; everything when nil).
    package func timeline(_ scope: HistoryTimeline.Scope, environment: String?, since: String?)
        throws(ContractError) -> HistoryTimeline
    {
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

        // The runs, with the endpoint's status when the scope has one.
        var runs: [HistoryTimeline.Run] = []
        var runIndex: [Int64: Int] = [:]
        let statusColumn = endpointID == nil ? "NULL" : "e.status"
        var join = ""
        if let endpointID {
            join = "JOIN run_endpoints e ON e.run_id = r.id AND e.endpoint_id = \(endpointID)"
        }
        let runStatement = try database.prepare(
            """
            SELECT r.id, r.started_at, r.env, r.run_key, r.git_commit, r.git_branch, r.tool_version, r.duration_ms,
                   r.endpoints, r.failed, r.breaking, r.warning, r.info, r.waived, \(statusColumn)
            FROM runs r \(join) WHERE \(filter) ORDER BY r.started_at, r.id
            """)
        try runStatement.bind(values)
        while try runStatement.step() {
            runIndex[runStatement.int64(0)] = runs.count
            runs.append(
                HistoryTimeline.Run(
                    id: runStatement.int64(0), startedAt: runStatement.text(1) ?? "",
                    environment: runStatement.text(2) ?? "",
                    runKey: runStatement.text(3), gitCommit: runStatement.text(4), gitBranch: runStatement.text(5),
                    toolVersion: runStatement.text(6) ?? "", durationMs: runStatement.int(7),
                    endpoints: runStatement.int(8),
                    failed: runStatement.int(9), breaking: runStatement.int(10), warning: runStatement.int(11),
                    info: runStatement.int(12), waived: runStatement.int(13), status: runStatement.text(14)))
        }

        // Each drift's sightings.
        var sightings: [Int64: [Int]] = [:]
        var lastWaived: [Int64: (index: Int, waived: Bool)] = [:]
        let found = try database.prepare(
            """
            SELECT f.drift_id, f.run_id, f.waived FROM findings f JOIN runs r ON r.id = f.run_id
            \(endpointID == nil ? "" : "JOIN drifts d ON d.id = f.drift_id")
            WHERE \(filter)\(endpointID.map { " AND d.endpoint_id = \($0)" } ?? "")\(driftID.map { " AND f.drift_id = \($0)" } ?? "")
            """)
        try found.bind(values)
        while try found.step() {
            guard let index = runIndex[found.int64(1)] else { continue }
            let drift = found.int64(0)
            sightings[drift, default: []].append(index)
            if index >= lastWaived[drift]?.index ?? -1 { lastWaived[drift] = (index, found.int(2) != 0) }
        }

        let details = try database.prepare(
            """
            SELECT d.fingerprint, e.name, d.kind, d.path, d.folded_path, d.expected, d.severity, d.endpoint_id
            FROM drifts d JOIN endpoints e ON e.id = d.endpoint_id WHERE d.id = ?1
            """)
        var endpointOf: [Int64: Int64] = [:]
        let endpointStatement = try database.prepare("SELECT endpoint_id FROM drifts WHERE id = ?1")
        for id in sightings.keys {
            try endpointStatement.bind([.integer(id)])
            if try endpointStatement.step() { endpointOf[id] = endpointStatement.int64(0) }
        }

        // Which runs verified each endpoint that has a drift, to tell "gone" from "not checked"; only those
        // endpoints, so a suite of a thousand endpoints over ten thousand runs does not hold ten million entries.
        var verified: [Int64: Set<Int>] = [:]
        let drifted = Set(endpointOf.values).sorted()
        if !drifted.isEmpty {
            let coverage = try database.prepare(
                """
                SELECT e.endpoint_id, e.run_id FROM run_endpoints e JOIN runs r ON r.id = e.run_id
                WHERE \(filter) AND e.endpoint_id IN (\(drifted.map(String.init).joined(separator: ",")))
                """)
            try coverage.bind(values)
            while try coverage.step() {
                if let index = runIndex[coverage.int64(1)] { verified[coverage.int64(0), default: []].insert(index) }
            }
        }

        var drifts: [HistoryTimeline.Drift] = []
        for (id, indices) in sightings {
            try details.bind([.integer(id)])
            guard try details.step() else { continue }
            let seen = Set(indices)
            let checked = (verified[details.int64(7)] ?? seen).union(seen).sorted()
            var streaks = 0
            var previous = false
            for index in checked {
                let present = seen.contains(index)
                if present && !previous { streaks += 1 }
                previous = present
            }
            let ordered = indices.sorted()
            drifts.append(
                HistoryTimeline.Drift(
                    fingerprint: details.text(0) ?? "", endpoint: details.text(1) ?? "", kind: details.text(2) ?? "",
                    path: details.text(3), foldedPath: details.text(4), expected: details.text(5) ?? "",
                    severity: details.text(6) ?? "", firstSeen: runs[ordered.first!].startedAt,
                    lastSeen: runs[ordered.last!].startedAt, runs: seen.count, streaks: streaks,
                    present: checked.last.map(seen.contains) ?? false, waived: lastWaived[id]?.waived ?? false))
        }
        drifts.sort {
            ($0.present ? 0 : 1, $0.endpoint, $0.kind, $0.foldedPath ?? "", $0.expected)
                < ($1.present ? 0 : 1, $1.endpoint, $1.kind, $1.foldedPath ?? "", $1.expected)
        }
        if driftID != nil {
            if verified[endpointID!] == nil {
                // The drift was not seen in these runs: which of them verified its endpoint still says "absent".
                let coverage = try database.prepare(
                    "SELECT e.run_id FROM run_endpoints e JOIN runs r ON r.id = e.run_id WHERE \(filter) AND e.endpoint_id = \(endpointID!)"
                )
                try coverage.bind(values)
                while try coverage.step() {
                    if let index = runIndex[coverage.int64(0)] { verified[endpointID!, default: []].insert(index) }
                }
            }
            for index in runs.indices {
                guard verified[endpointID!]?.contains(index) ?? false else { continue }
                runs[index].status = sightings[driftID!]?.contains(index) == true ? "present" : "absent"
            }
            runs = runs.filter { $0.status != nil }
        }
        return HistoryTimeline(scope: scope, environment: environment, since: since, runs: runs, drifts: drifts)
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
                INSERT INTO drift_stats (env, drift_id, first_run, first_seen, last_run, last_seen, runs_seen)
                    SELECT r.env, f.drift_id, min(r.id), min(r.started_at), max(r.id), max(r.started_at),
                           count(DISTINCT r.id)
                    FROM findings f JOIN runs r ON r.id = f.run_id GROUP BY r.env, f.drift_id;
                """)
            return removed
        }
        if !removed.isEmpty { try database.execute("VACUUM") }
        return removed
    }
}
