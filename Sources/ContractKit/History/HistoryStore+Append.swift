import Foundation

extension HistoryStore {
    /// Appends `report` as a run (or, with a run key already in the history, as more of that run: the shards of one
    /// run), in one transaction, and returns the report with each finding marked new or seen before and the
    /// history's part filled in: what was resolved since the previous run of the same environment, and the trend.
    ///
    /// `beforeCommit` runs inside the transaction, after everything is written; tests use it to stop a process there.
    package func append(
        _ report: VerificationReport, run: HistoryRun, beforeCommit: () -> Void = {}
    ) throws(ContractError) -> VerificationReport {
        try transaction { () throws(ContractError) -> VerificationReport in
            var writer = try RunWriter(database: database, run: run)
            let runID = try writer.runRow(for: report)
            let previous = try database.prepare("SELECT max(id), started_at FROM runs WHERE env = ?1 AND id < ?2")
            try previous.bind([.text(run.environment), .integer(runID)])
            var previousRun: (id: Int64, startedAt: String)?
            if try previous.step(), !previous.isNull(0) { previousRun = (previous.int64(0), previous.text(1) ?? "") }

            // "New" compares each endpoint with the last run of this environment that verified it, so shards
            // and --filter runs that skip an endpoint do not make its old drift new again.
            let lastVerifying = try database.prepare(
                """
                SELECT r.id FROM runs r WHERE r.env = ?1 AND r.id < ?3
                    AND EXISTS (SELECT 1 FROM run_endpoints re WHERE re.run_id = r.id AND re.endpoint_id = ?2)
                ORDER BY r.id DESC LIMIT 1
                """)
            let driftsOfEndpoint = try database.prepare(
                """
                SELECT f.drift_id, f.severity, f.waived FROM findings f JOIN drifts d ON d.id = f.drift_id
                WHERE f.run_id = ?1 AND d.endpoint_id = ?2
                """)
            let alreadyInRun = try database.prepare(
                "SELECT 1 FROM run_endpoints WHERE run_id = ?1 AND endpoint_id = ?2")

            var annotated = report
            // The drifts gone since the last run that verified each endpoint, by that run: resolved, whichever run
            // came just before (a --filter run or another shard may have left the endpoint out).
            var gone: [Int64: Set<Int64>] = [:]
            for index in annotated.results.indices {
                let result = annotated.results[index]
                let endpointID = try writer.endpointID(result.id)
                try alreadyInRun.bind([.integer(runID), .integer(endpointID)])
                if try alreadyInRun.step() {
                    throw ContractError(
                        .invalidHistory,
                        "run id '\(run.runKey ?? "")' of environment '\(run.environment)' already has '\(result.id)': "
                            + "this shard was recorded before (a re-run of the job?)",
                        hint: "nothing was added; give each attempt its own id, e.g. "
                            + "--run-id \"$GITHUB_RUN_ID-$GITHUB_RUN_ATTEMPT\"")
                }
                // How the last run to verify this endpoint had each of its drifts: severity, and waived or not.
                var earlier: [Int64: (severity: Severity?, waived: Bool)] = [:]
                var earlierRun: Int64?
                try lastVerifying.bind([.text(run.environment), .integer(endpointID), .integer(runID)])
                if try lastVerifying.step() {
                    earlierRun = lastVerifying.int64(0)
                    try driftsOfEndpoint.bind([.integer(lastVerifying.int64(0)), .integer(endpointID)])
                    while try driftsOfEndpoint.step() {
                        earlier[driftsOfEndpoint.int64(0)] = (
                            Severity(rawValue: driftsOfEndpoint.text(1) ?? ""), driftsOfEndpoint.int(2) != 0
                        )
                    }
                }
                try writer.insertEndpointStatus(endpointID, failed: result.fails(at: report.failOn))
                var driftIDs: [Int64] = []
                for finding in result.findings {
                    let known = try writer.driftID(finding.fingerprint)
                    let driftID = try writer.record(
                        finding, driftID: known, endpointID: endpointID,
                        startsStreak: known.flatMap { earlier[$0] } == nil)
                    driftIDs.append(driftID)
                }
                if let earlierRun {
                    let left = earlier.filter { !$0.value.waived }.keys.filter { !driftIDs.contains($0) }
                    if !left.isEmpty { gone[earlierRun, default: []].formUnion(left) }
                }
                for (offset, driftID) in driftIDs.enumerated() {
                    let stats = try writer.stats(driftID)
                    let finding = annotated.results[index].findings[offset]
                    var mark = FindingHistory(
                        isNew: earlier[driftID] == nil, firstSeen: stats.firstSeen, runsSeen: stats.runsSeen)
                    if let before = earlier[driftID] {
                        if let severity = before.severity, severity != finding.severity {
                            mark.severityBefore = severity
                        }
                        mark.waivedBefore = before.waived && !finding.isWaived
                    }
                    annotated.results[index].findings[offset].history = mark
                }
            }

            var resolved: [Finding] = []
            if !gone.isEmpty {
                let statement = try database.prepare(
                    """
                    SELECT d.id, e.name, d.kind, f.severity, f.path, d.expected, d.actual, d.message, d.hint, d.spec,
                           f.occurrences, s.first_seen, s.runs_seen
                    FROM findings f JOIN drifts d ON d.id = f.drift_id JOIN endpoints e ON e.id = d.endpoint_id
                    LEFT JOIN drift_stats s ON s.env = ?2 AND s.drift_id = d.id
                    WHERE f.run_id = ?1 AND f.waived = 0
                    """)
                for (earlierRun, drifts) in gone.sorted(by: { $0.key < $1.key }) {
                    try statement.bind([.integer(earlierRun), .text(run.environment)])
                    while try statement.step() {
                        guard drifts.contains(statement.int64(0)) else { continue }
                        var finding = HistoryStore.finding(statement, from: 1)
                        finding.history = FindingHistory(
                            isNew: false, firstSeen: statement.text(11) ?? "", runsSeen: statement.int(12))
                        resolved.append(finding)
                    }
                }
                resolved.sort {
                    ($0.endpoint, $0.kind.rawValue, $0.path?.description ?? "", $0.expected)
                        < ($1.endpoint, $1.kind.rawValue, $1.path?.description ?? "", $1.expected)
                }
            }
            annotated.history = ReportHistory(
                environment: run.environment, previousRun: previousRun?.startedAt, resolved: resolved,
                trend: try trend(environment: run.environment, upTo: runID, limit: HistoryStore.trendLength))
            beforeCommit()
            return annotated
        }
    }

    /// A finding read from the columns endpoint, kind, severity, path, expected, actual, message, hint, spec,
    /// occurrences starting at `first`.
    static func finding(_ row: SQLiteStatement, from first: Int32) -> Finding {
        let specText = row.text(first + 8)
        return Finding(
            endpoint: row.text(first) ?? "", kind: DriftKind(rawValue: row.text(first + 1) ?? ""),
            severity: Severity(rawValue: row.text(first + 2) ?? "") ?? .info,
            path: row.text(first + 3).flatMap(JSONPath.init(parsing:)), expected: row.text(first + 4) ?? "",
            actual: row.text(first + 5) ?? "", message: row.text(first + 6) ?? "", hint: row.text(first + 7),
            specLocation: specText.flatMap(SourceLocation.init(exactText:)), occurrences: max(1, row.int(first + 9)))
    }

    /// The last `limit` runs of `environment` up to `runID`, oldest first.
    package func trend(environment: String, upTo runID: Int64 = .max, limit: Int) throws(ContractError) -> [TrendPoint]
    {
        let statement = try database.prepare(
            """
            SELECT started_at, breaking, warning, info, endpoints, failed FROM runs
            WHERE env = ?1 AND id <= ?2 ORDER BY id DESC LIMIT ?3
            """)
        try statement.bind([.text(environment), .integer(runID), .integer(Int64(limit))])
        var points: [TrendPoint] = []
        while try statement.step() {
            points.append(
                TrendPoint(
                    startedAt: statement.text(0) ?? "", breaking: statement.int(1), warning: statement.int(2),
                    info: statement.int(3), endpoints: statement.int(4), failedEndpoints: statement.int(5)))
        }
        return points.reversed()
    }
}

/// The statements one append uses, prepared once.
private struct RunWriter {
    let database: SQLiteDatabase
    let run: HistoryRun
    let startedAt: String
    var runID: Int64 = 0
    private var endpointIDs: [String: Int64] = [:]
    private let findEndpoint: SQLiteStatement
    private let insertEndpoint: SQLiteStatement
    private let insertStatus: SQLiteStatement
    private let findDrift: SQLiteStatement
    private let insertDrift: SQLiteStatement
    private let updateDrift: SQLiteStatement
    private let insertFinding: SQLiteStatement
    private let upsertStats: SQLiteStatement
    private let readStats: SQLiteStatement

    init(database: SQLiteDatabase, run: HistoryRun) throws(ContractError) {
        self.database = database
        self.run = run
        startedAt = ISO8601.utcSeconds(run.startedAt)
        findEndpoint = try database.prepare("SELECT id FROM endpoints WHERE name = ?1")
        insertEndpoint = try database.prepare("INSERT INTO endpoints (name) VALUES (?1)")
        insertStatus = try database.prepare(
            "INSERT OR REPLACE INTO run_endpoints (run_id, endpoint_id, status) VALUES (?1, ?2, ?3)")
        findDrift = try database.prepare("SELECT id FROM drifts WHERE fingerprint = ?1")
        insertDrift = try database.prepare(
            """
            INSERT INTO drifts (fingerprint, endpoint_id, kind, folded_path, expected, severity, path, actual, message,
                                hint, spec)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)
            """)
        updateDrift = try database.prepare(
            "UPDATE drifts SET severity = ?2, path = ?3, actual = ?4, message = ?5, hint = ?6, spec = ?7 WHERE id = ?1")
        insertFinding = try database.prepare(
            """
            INSERT INTO findings (run_id, drift_id, severity, path, occurrences, waived, streak_start)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
            ON CONFLICT (run_id, drift_id) DO UPDATE SET occurrences = occurrences + excluded.occurrences,
                waived = min(waived, excluded.waived)
            """)
        upsertStats = try database.prepare(
            """
            INSERT INTO drift_stats (env, drift_id, first_run, first_seen, last_run, last_seen, runs_seen, streaks)
            VALUES (?1, ?2, ?3, ?4, ?3, ?4, 1, ?5)
            ON CONFLICT (env, drift_id) DO UPDATE SET
                runs_seen = runs_seen + (last_run <> excluded.last_run),
                streaks = streaks + CASE WHEN last_run <> excluded.last_run THEN excluded.streaks ELSE 0 END,
                last_run = excluded.last_run, last_seen = excluded.last_seen
            """)
        readStats = try database.prepare(
            "SELECT first_seen, runs_seen FROM drift_stats WHERE env = ?1 AND drift_id = ?2")
    }

    /// Inserts the run's row, or for a run key already there (another shard of the run) adds to it; returns its id.
    mutating func runRow(for report: VerificationReport) throws(ContractError) -> Int64 {
        let summary = report.summary
        if let key = run.runKey {
            let existing = try database.prepare("SELECT id FROM runs WHERE env = ?1 AND run_key = ?2")
            try existing.bind([.text(run.environment), .text(key)])
            if try existing.step() {
                runID = existing.int64(0)
                try database.prepare(
                    """
                    UPDATE runs SET endpoints = endpoints + ?2, failed = failed + ?3, breaking = breaking + ?4,
                        warning = warning + ?5, info = info + ?6, waived = waived + ?7,
                        duration_ms = max(duration_ms, ?8), started_at = min(started_at, ?9)
                    WHERE id = ?1
                    """
                ).run([
                    .integer(runID), SQLiteValue(summary.endpoints), SQLiteValue(summary.failed),
                    SQLiteValue(summary.breaking), SQLiteValue(summary.warning), SQLiteValue(summary.info),
                    SQLiteValue(summary.waived), SQLiteValue(run.durationMs), .text(startedAt),
                ])
                return runID
            }
        }
        try database.prepare(
            """
            INSERT INTO runs (run_key, env, started_at, duration_ms, tool_version, git_commit, git_branch, fail_on,
                              endpoints, failed, breaking, warning, info, waived)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)
            """
        ).run([
            SQLiteValue(run.runKey), .text(run.environment), .text(startedAt), SQLiteValue(run.durationMs),
            .text(run.toolVersion), SQLiteValue(run.gitCommit), SQLiteValue(run.gitBranch),
            .text(report.failOn.rawValue),
            SQLiteValue(summary.endpoints), SQLiteValue(summary.failed), SQLiteValue(summary.breaking),
            SQLiteValue(summary.warning), SQLiteValue(summary.info), SQLiteValue(summary.waived),
        ])
        runID = database.lastInsertedRowID
        return runID
    }

    mutating func endpointID(_ name: String) throws(ContractError) -> Int64 {
        if let known = endpointIDs[name] { return known }
        try findEndpoint.bind([.text(name)])
        let id: Int64
        if try findEndpoint.step() {
            id = findEndpoint.int64(0)
        } else {
            try insertEndpoint.run([.text(name)])
            id = database.lastInsertedRowID
        }
        endpointIDs[name] = id
        return id
    }

    func insertEndpointStatus(_ endpointID: Int64, failed: Bool) throws(ContractError) {
        try insertStatus.run([.integer(runID), .integer(endpointID), .text(failed ? "failed" : "passed")])
    }

    /// The id of the drift with `fingerprint`, or nil when the history has never seen it.
    func driftID(_ fingerprint: String) throws(ContractError) -> Int64? {
        try findDrift.bind([.text(fingerprint)])
        return try findDrift.step() ? findDrift.int64(0) : nil
    }

    /// Writes one finding: its drift (created when `driftID` is nil, else its latest details updated), the run's
    /// row, and the statistics; returns the drift's id.
    @discardableResult
    func record(_ finding: Finding, driftID known: Int64?, endpointID: Int64, startsStreak: Bool)
        throws(ContractError) -> Int64
    {
        let details: [SQLiteValue] = [
            .text(finding.severity.rawValue), SQLiteValue(finding.path?.description), .text(finding.actual),
            .text(finding.message), SQLiteValue(finding.hint), SQLiteValue(finding.specLocation?.exactText),
        ]
        let driftID: Int64
        if let known {
            driftID = known
            try updateDrift.run([.integer(driftID)] + details)
        } else {
            try insertDrift.run(
                [
                    .text(finding.fingerprint), .integer(endpointID), .text(finding.kind.rawValue),
                    SQLiteValue(finding.foldedPath), .text(finding.expected),
                ] + details)
            driftID = database.lastInsertedRowID
        }
        let start = Int64(startsStreak ? 1 : 0)
        try insertFinding.run([
            .integer(runID), .integer(driftID), .text(finding.severity.rawValue),
            SQLiteValue(finding.path?.description),
            SQLiteValue(finding.occurrences), .integer(finding.isWaived ? 1 : 0), .integer(start),
        ])
        try upsertStats.run([
            .text(run.environment), .integer(driftID), .integer(runID), .text(startedAt), .integer(start),
        ])
        return driftID
    }

    func stats(_ driftID: Int64) throws(ContractError) -> (firstSeen: String, runsSeen: Int) {
        try readStats.bind([.text(run.environment), .integer(driftID)])
        guard try readStats.step() else { return (startedAt, 1) }
        return (readStats.text(0) ?? startedAt, readStats.int(1))
    }
}
