/// The history file's schema and its migrations, by version (`PRAGMA user_version`).
///
/// docs/History.md documents the tables for other tools. A migration only ever adds: version N's file is read by
/// every later version, and a version that finds a newer file refuses to write to it rather than guess.
enum HistorySchema {
    /// `PRAGMA application_id`: 0x636E7472, "cntr" in ASCII, so a history is told apart from any other SQLite file.
    static let applicationID: Int64 = 0x636E_7472

    /// The migrations, in order: the file's `user_version` is how many have been applied.
    static let migrations: [String] = [
        """
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
    ]

    /// The version this build writes.
    static var currentVersion: Int64 { Int64(migrations.count) }
}
