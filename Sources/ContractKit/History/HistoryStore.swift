import Foundation

/// The nightly drift history: an SQLite file that every run with `--history` appends to, and that says of each
/// finding whether it is new, since when it has been seen, and what was resolved.
///
/// One run is written in one transaction: a run killed half way leaves the file as it was before it. The file is
/// in WAL mode, and a writer waits for another one (busy timeout) instead of failing. A file that is not a
/// history, or is damaged, is refused and left untouched.
package final class HistoryStore {
    let database: SQLiteDatabase
    /// The file, for messages.
    package var path: String { database.path }

    /// How many past runs a report's trend shows.
    package static let trendLength = 30

    /// Opens the history at `path`, creating it (with its folder's permission) when `create` is set and it does
    /// not exist, and bringing an older schema up to date.
    ///
    /// - Throws: ``ContractError`` with code `.invalidHistory` for a file that is not a history, is damaged or was
    ///   written by a newer release; `.io` when it cannot be opened.
    package init(path: String, create: Bool = true, busyTimeout: Duration = .seconds(60)) throws(ContractError) {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !create {
            throw ContractError(
                .io, "there is no history at '\(path)'",
                hint: "pass the file written by `verify --history \(path)` or `check --history \(path)`")
        }
        if exists { try HistoryStore.requireSQLiteHeader(path) }
        database = try SQLiteDatabase(path: path, create: create, busyTimeout: busyTimeout)
        let applicationID = try database.integer("PRAGMA application_id") ?? 0
        let version = try database.integer("PRAGMA user_version") ?? 0
        if applicationID != HistorySchema.applicationID {
            let tables = try database.integer("SELECT count(*) FROM sqlite_master") ?? 0
            guard applicationID == 0, version == 0, tables == 0 else {
                throw ContractError(
                    .invalidHistory,
                    "'\(path)' is an SQLite database, but not a contract history (application id \(applicationID), \(tables) tables)",
                    hint: "it was left as it is; pass the path of a history file, or a new path to start one")
            }
        }
        if version > HistorySchema.currentVersion {
            throw ContractError(
                .invalidHistory,
                "'\(path)' is a history of schema version \(version), written by a newer release; this one (\(ContractVersion.current)) reads up to version \(HistorySchema.currentVersion)",
                hint: "update contract, or start a new history file")
        }
        try HistoryStore.requireTables(of: database, path: path, version: version)
        try database.execute("PRAGMA foreign_keys = ON")
        if create {
            try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            if version < HistorySchema.currentVersion { try migrate() }
        } else if version < HistorySchema.currentVersion {
            throw ContractError(
                .invalidHistory, "'\(path)' is a history of schema version \(version), older than this release's",
                hint: "append a run to it with --history to bring it up to date")
        }
    }

    /// The tables every history has: checked before anything is written, so a damaged file is refused as it is.
    static let requiredTables = ["runs", "endpoints", "run_endpoints", "drifts", "findings", "drift_stats"]

    /// A history of version 1 or later must have all ``requiredTables``; one of version 0 (not migrated yet) none.
    private static func requireTables(
        of database: SQLiteDatabase, path: String, version: Int64
    ) throws(ContractError) {
        let statement = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        var tables: Set<String> = []
        while try statement.step() { tables.insert(statement.text(0) ?? "") }
        let problem: String
        if version == 0 {
            let stray = tables.intersection(requiredTables).sorted()
            guard !stray.isEmpty else { return }
            problem =
                "schema version 0, yet table\(stray.count == 1 ? "" : "s") \(stray.joined(separator: ", ")) already there"
        } else {
            let missing = requiredTables.filter { !tables.contains($0) }
            guard !missing.isEmpty else { return }
            problem = "table\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) missing"
        }
        throw ContractError(
            .invalidHistory, "'\(path)' is a damaged contract history (\(problem))",
            hint: "it was left as it is; restore it from the CI cache or artifact it came from, or start a new file")
    }

    /// A non-empty file must start as SQLite files do: anything else is refused before SQLite opens it.
    private static func requireSQLiteHeader(_ path: String) throws(ContractError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ContractError(.io, "cannot read the history file '\(path)'", hint: "check that it is readable")
        }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: 16)) ?? Data()
        if head.isEmpty { return }
        guard head == Data("SQLite format 3\u{0}".utf8) else {
            throw ContractError(
                .invalidHistory, "'\(path)' is not a contract history: it is not an SQLite database",
                hint: "it was left as it is; pass the path of a history file, or a new path to start one")
        }
    }

    /// Applies the missing migrations in one transaction; another process doing the same waits, then finds
    /// nothing left to do.
    private func migrate() throws(ContractError) {
        try transaction { () throws(ContractError) in
            let version = try database.integer("PRAGMA user_version") ?? 0
            guard version < HistorySchema.currentVersion else { return }
            for migration in HistorySchema.migrations.dropFirst(Int(version)) { try database.execute(migration) }
            try database.execute("PRAGMA application_id = \(HistorySchema.applicationID)")
            try database.execute("PRAGMA user_version = \(HistorySchema.currentVersion)")
        }
    }

    /// Runs `body` in a write transaction, taken at once (`BEGIN IMMEDIATE`) so that two writers queue on the
    /// busy timeout instead of failing when one upgrades its lock; rolled back when `body` throws.
    func transaction<T>(_ body: () throws(ContractError) -> T) throws(ContractError) -> T {
        try database.execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try database.execute("COMMIT")
            return value
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }
}

extension HistoryStore {
    /// Copies run `runID` `count` times into earlier runs of its environment, one every `interval` seconds before
    /// it, in one transaction, and recomputes the drifts' statistics: a long history in seconds, for the benchmark
    /// and tests of a large file. The copies keep the run's endpoints and findings.
    package func copyRunBackwards(_ runID: Int64, count: Int, interval: Int) throws(ContractError) {
        // Made data, written again if lost: no need to wait for the disk.
        try database.execute("PRAGMA synchronous = OFF")
        defer { try? database.execute("PRAGMA synchronous = NORMAL") }
        try transaction { () throws(ContractError) in
            try database.prepare(
                """
                WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?2)
                INSERT INTO runs (run_key, env, started_at, duration_ms, tool_version, git_commit, git_branch, fail_on,
                                  endpoints, failed, breaking, warning, info, waived)
                SELECT NULL, env, strftime('%Y-%m-%dT%H:%M:%SZ', started_at, '-' || (k * ?3) || ' seconds'),
                       duration_ms, tool_version, git_commit, git_branch, fail_on, endpoints, failed, breaking, warning,
                       info, waived
                FROM runs, n WHERE id = ?1 ORDER BY k DESC
                """
            ).run([.integer(runID), SQLiteValue(count), SQLiteValue(interval)])
            try database.prepare(
                """
                INSERT INTO run_endpoints (run_id, endpoint_id, status)
                SELECT r.id, e.endpoint_id, e.status FROM runs r JOIN run_endpoints e ON e.run_id = ?1 WHERE r.id > ?1
                """
            ).run([.integer(runID)])
            try database.prepare(
                """
                INSERT INTO findings (run_id, drift_id, severity, path, occurrences, waived)
                SELECT r.id, f.drift_id, f.severity, f.path, f.occurrences, f.waived
                FROM runs r JOIN findings f ON f.run_id = ?1 WHERE r.id > ?1
                """
            ).run([.integer(runID)])
            try database.execute(
                """
                DELETE FROM drift_stats;
                INSERT INTO drift_stats (env, drift_id, first_run, first_seen, last_run, last_seen, runs_seen)
                    SELECT r.env, f.drift_id, min(r.id), min(r.started_at), max(r.id), max(r.started_at),
                           count(DISTINCT r.id)
                    FROM findings f JOIN runs r ON r.id = f.run_id GROUP BY r.env, f.drift_id;
                """)
        }
    }

    /// The id of the newest run, if any.
    package func lastRunID() throws(ContractError) -> Int64? {
        try database.integer("SELECT max(id) FROM runs")
    }
}
