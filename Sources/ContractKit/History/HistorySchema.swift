/// The history file's schema and its migrations, by version (`PRAGMA user_version`).
///
/// docs/History.md documents the tables for other tools. A migration only ever adds: version N's file is read by
/// every later version, and a version that finds a newer file refuses to write to it rather than guess.
enum HistorySchema {
    /// `PRAGMA application_id`: 0x636E7472, "cntr" in ASCII, so a history is told apart from any other SQLite file.
    static let applicationID: Int64 = 0x636E_7472

    /// One step of the schema: SQL that adds tables, columns or indexes, and the rows it fills in for the runs
    /// already there.
    struct Migration: Sendable {
        var sql: String
        var backfill: (@Sendable (SQLiteDatabase) throws(ContractError) -> Void)?
    }

    /// The migrations, in order: the file's `user_version` is how many have been applied.
    static let migrations: [Migration] = [
        Migration(sql: version1),
        Migration(sql: version2, backfill: backfillStreaks),
    ]

    /// Version 1: runs, endpoints, drifts, findings and each drift's statistics per environment.
    static let version1 = """
        CREATE TABLE runs (
            id           INTEGER PRIMARY KEY,
            run_key      TEXT,
            env          TEXT NOT NULL,
            started_at   TEXT NOT NULL,
            duration_ms  INTEGER NOT NULL,
            tool_version TEXT NOT NULL,
            git_commit   TEXT,
            git_branch   TEXT,
            fail_on      TEXT NOT NULL,
            endpoints    INTEGER NOT NULL,
            failed       INTEGER NOT NULL,
            breaking     INTEGER NOT NULL,
            warning      INTEGER NOT NULL,
            info         INTEGER NOT NULL,
            waived       INTEGER NOT NULL,
            UNIQUE (env, run_key)
        );
        CREATE INDEX runs_by_env ON runs (env, id);
        CREATE TABLE endpoints (
            id   INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        );
        CREATE TABLE run_endpoints (
            run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            endpoint_id INTEGER NOT NULL REFERENCES endpoints (id),
            status      TEXT NOT NULL,
            PRIMARY KEY (run_id, endpoint_id)
        ) WITHOUT ROWID;
        CREATE TABLE drifts (
            id          INTEGER PRIMARY KEY,
            fingerprint TEXT NOT NULL UNIQUE,
            endpoint_id INTEGER NOT NULL REFERENCES endpoints (id),
            kind        TEXT NOT NULL,
            folded_path TEXT,
            expected    TEXT NOT NULL,
            severity    TEXT NOT NULL,
            path        TEXT,
            actual      TEXT NOT NULL,
            message     TEXT NOT NULL,
            hint        TEXT,
            spec        TEXT
        );
        CREATE INDEX drifts_by_endpoint ON drifts (endpoint_id);
        CREATE TABLE findings (
            run_id      INTEGER NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
            drift_id    INTEGER NOT NULL REFERENCES drifts (id),
            severity    TEXT NOT NULL,
            path        TEXT,
            occurrences INTEGER NOT NULL,
            waived      INTEGER NOT NULL,
            PRIMARY KEY (run_id, drift_id)
        ) WITHOUT ROWID;
        CREATE INDEX findings_by_drift ON findings (drift_id, run_id);
        CREATE TABLE drift_stats (
            env        TEXT NOT NULL,
            drift_id   INTEGER NOT NULL REFERENCES drifts (id),
            first_run  INTEGER NOT NULL,
            first_seen TEXT NOT NULL,
            last_run   INTEGER NOT NULL,
            last_seen  TEXT NOT NULL,
            runs_seen  INTEGER NOT NULL,
            PRIMARY KEY (env, drift_id)
        ) WITHOUT ROWID;
        """

    /// Version 2, for a fast timeline: each finding says whether it starts a streak (the last run of its
    /// environment to verify its endpoint did not have it), and each drift's statistics count its streaks.
    static let version2 = """
        ALTER TABLE findings ADD COLUMN streak_start INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE drift_stats ADD COLUMN streaks INTEGER NOT NULL DEFAULT 0;
        """

    /// Marks the streak starts of the findings a version 1 file holds, and counts each drift's streaks.
    ///
    /// In Swift, over three ordered reads (the runs, the statuses of endpoints that have drifted, the findings by
    /// drift) instead of a correlated query per finding: a file of 10,000 runs holds a million findings.
    @Sendable static func backfillStreaks(_ database: SQLiteDatabase) throws(ContractError) {
        var environmentOf: [Int64: String] = [:]
        let runs = try database.prepare("SELECT id, env FROM runs")
        while try runs.step() { environmentOf[runs.int64(0)] = runs.text(1) ?? "" }
        // The runs that verified each endpoint with a drift, by environment, oldest first.
        var checked: [Int64: [String: [Int64]]] = [:]
        let coverage = try database.prepare(
            """
            SELECT run_id, endpoint_id FROM run_endpoints
            WHERE endpoint_id IN (SELECT DISTINCT endpoint_id FROM drifts) ORDER BY run_id
            """)
        while try coverage.step() {
            let run = coverage.int64(0)
            checked[coverage.int64(1), default: [:]][environmentOf[run] ?? "", default: []].append(run)
        }
        let mark = try database.prepare("UPDATE findings SET streak_start = 1 WHERE run_id = ?1 AND drift_id = ?2")
        func markStarts(of drift: Int64, endpoint: Int64, in sightings: Set<Int64>) throws(ContractError) {
            for runsOfEnvironment in (checked[endpoint] ?? [:]).values {
                var previous = false
                for run in runsOfEnvironment {
                    let present = sightings.contains(run)
                    if present && !previous { try mark.run([.integer(run), .integer(drift)]) }
                    previous = present
                }
            }
        }
        let findings = try database.prepare(
            """
            SELECT f.drift_id, d.endpoint_id, f.run_id FROM findings f JOIN drifts d ON d.id = f.drift_id
            ORDER BY f.drift_id, f.run_id
            """)
        var current: (drift: Int64, endpoint: Int64)?
        var sightings: Set<Int64> = []
        while try findings.step() {
            let drift = findings.int64(0)
            if let done = current, done.drift != drift {
                try markStarts(of: done.drift, endpoint: done.endpoint, in: sightings)
                sightings.removeAll(keepingCapacity: true)
            }
            current = (drift, findings.int64(1))
            sightings.insert(findings.int64(2))
        }
        if let done = current { try markStarts(of: done.drift, endpoint: done.endpoint, in: sightings) }
        try recomputeStatistics(database)
    }

    /// Rebuilds `drift_stats` from the findings, after runs were deleted or copied: a drift's first kept finding
    /// in an environment starts a streak, whatever came before it.
    static func recomputeStatistics(_ database: SQLiteDatabase) throws(ContractError) {
        try database.execute(
            """
            DELETE FROM drift_stats;
            INSERT INTO drift_stats (env, drift_id, first_run, first_seen, last_run, last_seen, runs_seen, streaks)
                SELECT r.env, f.drift_id, min(r.id), min(r.started_at), max(r.id), max(r.started_at), count(*),
                       sum(f.streak_start)
                FROM findings f JOIN runs r ON r.id = f.run_id GROUP BY f.drift_id, r.env;
            UPDATE drift_stats SET streaks = streaks + 1 WHERE (
                SELECT streak_start FROM findings WHERE run_id = drift_stats.first_run AND drift_id = drift_stats.drift_id
            ) = 0;
            UPDATE findings SET streak_start = 1
                WHERE streak_start = 0 AND (run_id, drift_id) IN (SELECT first_run, drift_id FROM drift_stats);
            """)
    }

    /// The version this build writes.
    static var currentVersion: Int64 { Int64(migrations.count) }
}
