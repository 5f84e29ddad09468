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
    /// not exist, and bringing an older schema up to date when the file can be written.
    ///
    /// `readOnly` is for readers (`contract history`): a file they cannot write (a read-only copy, a folder they
    /// cannot write to) is opened for reading, and a file of an older schema is refused, never brought up to date.
    ///
    /// - Throws: ``ContractError`` with code `.invalidHistory` for a file that is not a history, is damaged or was
    ///   written by a newer release; `.io` when it cannot be opened or written.
    package init(path: String, create: Bool = true, readOnly: Bool = false, busyTimeout: Duration = .seconds(60))
        throws(ContractError)
    {
        // A history kept behind a link (a CI cache's folder): the file it leads to is checked and opened, its size
        // read, and its '-wal' looked for beside it, where SQLite keeps it.
        let path = HistoryStore.followingLinks(path)
        let files = FileManager.default
        let exists = files.fileExists(atPath: path)
        if !exists && !create {
            throw ContractError(
                .io, "there is no history at '\(path)'",
                hint: "pass the file written by `verify --history \(path)` or `check --history \(path)`")
        }
        if exists { try HistoryStore.requireIntactFile(path) }
        let folder = HistoryStore.folder(of: path)
        let writable = exists ? files.isWritableFile(atPath: path) : true
        let folderWritable = files.isWritableFile(atPath: folder)
        var openReadOnly = false
        if !(writable && folderWritable) {
            if !exists {
                var isDirectory: ObjCBool = false
                let there = files.fileExists(atPath: folder, isDirectory: &isDirectory)
                throw ContractError(
                    .io,
                    there && isDirectory.boolValue
                        ? "cannot create the history file '\(path)': its folder '\(folder)' is not writable"
                        : "cannot create the history file '\(path)': its folder '\(folder)' does not exist",
                    hint: there && isDirectory.boolValue
                        ? "make the folder writable, or pass a path in a folder you can write to"
                        : "create the folder first (mkdir -p '\(folder)'), or pass another path")
            }
            guard readOnly else {
                throw ContractError(
                    .io,
                    writable
                        ? "cannot write the history file '\(path)': its folder '\(folder)' is not writable, and SQLite writes '\((path as NSString).lastPathComponent)-wal' and '-shm' beside it"
                        : "cannot write the history file '\(path)': the file is read-only",
                    hint:
                        "nothing was written; make \(writable ? "the folder" : "the file") writable (chmod u+w '\(writable ? folder : path)'), or pass another path"
                )
            }
            openReadOnly = true
        }
        // Without a writable folder SQLite cannot make the '-shm' file a reader of a WAL file needs; no one can
        // write there either, so unless a WAL was left behind the file is read as it stands.
        let immutable = openReadOnly && !folderWritable && HistoryStore.sizeOfFile(path + "-wal") == 0
        var opened = try SQLiteDatabase(
            path: path, create: create, readOnly: openReadOnly, immutable: immutable, reader: readOnly,
            busyTimeout: busyTimeout)
        let applicationID: Int64
        do {
            applicationID = try opened.integer("PRAGMA application_id") ?? 0
        } catch {
            // A reader on a full disk: SQLite could not make the '-shm' file a reader of a WAL file needs. With no
            // WAL left behind, every committed run is in the file itself, which is then read as it stands.
            guard readOnly, exists, !immutable, opened.lastFailureWasDiskFull,
                HistoryStore.sizeOfFile(path + "-wal") == 0
            else { throw error }
            opened = try SQLiteDatabase(
                path: path, create: false, readOnly: true, immutable: true, busyTimeout: busyTimeout)
            applicationID = try opened.integer("PRAGMA application_id") ?? 0
        }
        database = opened
        let version = try database.integer("PRAGMA user_version") ?? 0
        guard version >= 0 else {
            throw ContractError(
                .invalidHistory, "the history '\(path)' is damaged: its schema version is \(version)",
                hint:
                    "it was left as it is; restore it from a backup or the CI cache, or start a new history at another path"
            )
        }
        if applicationID != HistorySchema.applicationID {
            let tables = try database.integer("SELECT count(*) FROM sqlite_master") ?? 0
            guard applicationID == 0, version == 0, tables == 0 else {
                throw ContractError(
                    .invalidHistory,
                    "'\(path)' is an SQLite database, but not a contract history (application id \(applicationID), \(tables) tables)",
                    hint: "it was left as it is; pass the path of a history file, or a new path to start one")
            }
            if !create {
                throw ContractError(
                    .invalidHistory, "'\(path)' is empty: no run has been added to it yet",
                    hint: "append a run with `contract verify --history \(path)` (or check), then show it")
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
        if readOnly && version < HistorySchema.currentVersion {
            // A reader never rewrites the file: an older release that shares it (a CI cache) would refuse it after.
            throw ContractError(
                .invalidHistory,
                openReadOnly
                    ? "'\(path)' is a history of schema version \(version), and this release reads version \(HistorySchema.currentVersion): it would bring the file up to date, but cannot write it"
                    : "'\(path)' is a history of schema version \(version), and this release reads version \(HistorySchema.currentVersion); showing it only reads, so the file was left as it is",
                hint: openReadOnly
                    ? "make the file and its folder writable, or copy it to a folder you can write to and pass the copy"
                    : "the next `contract verify --history \(path)` brings it up to date (an older release then no longer reads it); or show a copy"
            )
        }
        if !openReadOnly {
            if create { try database.execute("PRAGMA journal_mode = WAL") }
            try database.execute("PRAGMA synchronous = NORMAL")
            if version < HistorySchema.currentVersion { try migrate() }
        }
    }

    /// The folder `path` is in (`.` for a bare file name).
    static func folder(of path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? "." : folder
    }

    /// The size of the file at `path` (through a link, of the file it leads to) in bytes; 0 when there is none.
    static func sizeOfFile(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// `path`, or the file it leads to when it is a link.
    static func followingLinks(_ path: String) -> String {
        var entry = stat()
        guard lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFLNK else { return path }
        return FilePaths.resolved(path) ?? path
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

    /// A non-empty file must start as SQLite files do, and (with no WAL beside it to hold newer pages) be as long
    /// as its header says: anything else is refused before SQLite opens it, so that nothing writes to it.
    private static func requireIntactFile(_ path: String) throws(ContractError) {
        // A FIFO would block the open until someone writes to it, and SQLite cannot open a folder or a device.
        if let kind = FileKind.nonRegular(at: path) {
            throw ContractError(
                .io, "'\(path)' is \(kind), not a history file",
                hint: "pass the path of a history file, or a new path to start one")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ContractError(
                .io, "cannot read the history file '\(path)': permission denied, or it is not a regular file",
                hint: "make it readable (chmod u+r '\(path)'), or pass another path")
        }
        defer { try? handle.close() }
        // A WAL beside the file (now, or by the time the size is read) holds pages that another process may be
        // checkpointing into it while this reads: the header and the size are then not compared.
        let walBefore = sizeOfFile(path + "-wal")
        let head = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        if head.isEmpty { return }
        let magic = Array("SQLite format 3\u{0}".utf8)
        guard head.starts(with: magic) || (head.count < magic.count && magic.starts(with: head)) else {
            throw ContractError(
                .invalidHistory, "'\(path)' is not a contract history: it is not an SQLite database",
                hint: "it was left as it is; pass the path of a history file, or a new path to start one")
        }
        let damaged = { (problem: String) in
            ContractError(
                .invalidHistory, "the history '\(path)' is damaged: \(problem)",
                hint:
                    "it was left as it is; restore it from a backup or the CI cache, or start a new history at another path"
            )
        }
        guard head.count == 100 else {
            throw damaged(
                "it is \(head.count) bytes long, shorter than the 100-byte header of an SQLite file (cut short?)")
        }
        func integer(at offset: Int, bytes: Int) -> Int {
            head[offset..<offset + bytes].reduce(0) { $0 << 8 | Int($1) }
        }
        let pageSize = integer(at: 16, bytes: 2) == 1 ? 65_536 : integer(at: 16, bytes: 2)
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            throw damaged("its header gives a page size of \(pageSize) bytes")
        }
        guard walBefore == 0 else { return }
        let size = sizeOfFile(path)
        guard sizeOfFile(path + "-wal") == 0 else { return }
        // The page count in the header is valid when the change counter beside it matches (SQLite 3.7.0 and later).
        let pages = integer(at: 28, bytes: 4)
        if integer(at: 92, bytes: 4) == integer(at: 24, bytes: 4), pages > 0, size != pages * pageSize {
            throw damaged(
                "it is \(size) bytes long, and its header says \(pages) pages of \(pageSize) bytes (\(pages * pageSize) bytes): cut short or added to"
            )
        }
        if size % pageSize != 0 {
            throw damaged("it is \(size) bytes long, not a whole number of its \(pageSize)-byte pages (cut short?)")
        }
    }

    /// Applies the missing migrations in one transaction; another process doing the same waits, then finds
    /// nothing left to do.
    private func migrate() throws(ContractError) {
        try transaction { () throws(ContractError) in
            let version = try database.integer("PRAGMA user_version") ?? 0
            guard version < HistorySchema.currentVersion else { return }
            for migration in HistorySchema.migrations.dropFirst(Int(version)) {
                try database.execute(migration.sql)
                try migration.backfill?(database)
            }
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
                INSERT INTO findings (run_id, drift_id, severity, path, occurrences, waived, streak_start)
                SELECT r.id, f.drift_id, f.severity, f.path, f.occurrences, f.waived, 0
                FROM runs r JOIN findings f ON f.run_id = ?1 WHERE r.id > ?1
                """
            ).run([.integer(runID)])
            try HistorySchema.recomputeStatistics(database)
        }
    }

    /// The id of the newest run, if any.
    package func lastRunID() throws(ContractError) -> Int64? {
        try database.integer("SELECT max(id) FROM runs")
    }
}
