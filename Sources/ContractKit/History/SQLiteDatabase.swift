internal import CSQLite
import Foundation

/// One open SQLite database file: owns the `sqlite3` handle and closes it when the last reference goes.
///
/// The C API stays in this file and ``SQLiteStatement``; everything above them sees Swift values and
/// ``ContractError``s that name the file.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// The file, for messages.
    let path: String
    /// True when the caller only reads, whether or not the file was opened for writing: a failure then changed
    /// nothing, and its message says so.
    let reader: Bool

    /// Opens (and creates when `create` is set) the database at `path`, waiting up to `busyTimeout` for other
    /// writers before giving up. `readOnly` opens it for reading alone; with `immutable` as well, SQLite neither
    /// locks it nor looks for its WAL (for a file in a folder no one can write to, where no writer can be either).
    ///
    /// - Throws: ``ContractError`` with code `.io` when the file cannot be opened.
    init(
        path: String, create: Bool, readOnly: Bool = false, immutable: Bool = false, reader: Bool = false,
        busyTimeout: Duration = .seconds(60)
    ) throws(ContractError) {
        self.path = path
        self.reader = reader || readOnly
        var opened: OpaquePointer?
        // No SQLITE_OPEN_EXRESCODE: it needs SQLite 3.37, and Ubuntu 20.04 ships 3.31; primary codes say enough.
        var flags = SQLITE_OPEN_FULLMUTEX
        flags |= readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        if create && !readOnly { flags |= SQLITE_OPEN_CREATE }
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + SQLiteDatabase.uriPath(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let opened { sqlite3_close_v2(opened) }
            throw ContractError(
                .io, "cannot open the history file '\(path)': \(message)",
                hint: create
                    ? "check that its folder exists and is writable, or pass another path"
                    : "check that the file is readable; a history is created by --history")
        }
        handle = opened
        let milliseconds =
            busyTimeout.components.seconds * 1000 + busyTimeout.components.attoseconds / 1_000_000_000_000_000
        sqlite3_busy_timeout(handle, Int32(clamping: milliseconds))
    }

    /// `path` written for a `file:` URI: `%`, `?` and `#` (and anything outside ASCII) percent-encoded.
    static func uriPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%?#")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    deinit { sqlite3_close_v2(handle) }

    /// The SQLite library's version, such as `3.40.1`.
    static var libraryVersion: String { String(cString: sqlite3_libversion()) }

    /// Runs statements that return no rows (several, separated by `;`).
    func execute(_ sql: String) throws(ContractError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw failure(code: code, text)
        }
    }

    /// A compiled statement.
    func prepare(_ sql: String) throws(ContractError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code: code, lastMessage) }
        return SQLiteStatement(statement, database: self)
    }

    /// The first column of the first row of `sql`, as an integer; nil when there is no row.
    func integer(_ sql: String) throws(ContractError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.int64(0) : nil
    }

    /// The rowid of the last row inserted on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    /// True when the last call failed because the disk (or the user's quota on it) is full.
    var lastFailureWasDiskFull: Bool { Self.isDiskFull(code: sqlite3_errcode(handle), handle: handle) }

    /// True for a failure with `code` that the disk being full explains. SQLite keeps the system's error number
    /// from the last I/O error and never clears it, so it is asked only of an I/O or can't-open error.
    private static func isDiskFull(code: Int32, handle: OpaquePointer) -> Bool {
        switch code & 0xFF {
        case SQLITE_FULL:
            return true
        case SQLITE_IOERR, SQLITE_CANTOPEN:
            let systemError = sqlite3_system_errno(handle)
            return systemError == ENOSPC || systemError == EDQUOT
        default:
            return false
        }
    }

    /// The error for a failed call: what happened to this file, in SQLite's words too, and what to do about it.
    func failure(code: Int32, _ text: String) -> ContractError {
        let sqlite = "SQLite: \(text)"
        let undone = reader ? "nothing was changed" : "the run's changes were rolled back"
        // A full disk shows as SQLITE_FULL only when SQLite grows a file itself, and as SQLITE_IOERR ("disk I/O
        // error") when a write or its shared memory fails: the system's error number tells.
        if Self.isDiskFull(code: code, handle: handle) {
            return ContractError(
                .io,
                "cannot \(reader ? "read" : "write") the history file '\(path)': the disk is full (\(sqlite))",
                hint: reader
                    ? "nothing was changed; free some space: even to read, SQLite needs room for '\(path)-shm' beside the file"
                    : "nothing was written; free some space (pruning old runs needs room too)")
        }
        switch code & 0xFF {
        case SQLITE_NOTADB:
            return ContractError(
                // The header was checked before SQLite opened the file: past it, this is damage.
                .invalidHistory, "the history '\(path)' is damaged: SQLite cannot read it as a database (\(sqlite))",
                hint:
                    "it was left as it is; restore it from a backup or the CI cache, or start a new history at another path"
            )
        case SQLITE_CORRUPT, SQLITE_FORMAT:
            return ContractError(
                .invalidHistory, "the history '\(path)' is damaged (\(sqlite))",
                hint:
                    "it was left as it is; restore it from a backup or the CI cache, or start a new history at another path"
            )
        case SQLITE_ERROR, SQLITE_SCHEMA, SQLITE_MISMATCH, SQLITE_CONSTRAINT:
            // A statement of this release does not fit the file: tables changed by hand or by another tool.
            return ContractError(
                .invalidHistory,
                "the history '\(path)' does not have the tables and columns contract wrote into it (\(sqlite))",
                hint:
                    "nothing was written; if it was edited by hand or by another tool, restore it from a backup or the CI cache, or start a new history at another path"
            )
        case SQLITE_BUSY, SQLITE_LOCKED:
            return ContractError(
                .io, "the history file '\(path)' stayed locked by another process (\(sqlite))",
                hint: "another run is writing to it; run again when it has finished")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return ContractError(
                .io, "cannot write the history file '\(path)' (\(sqlite))",
                hint:
                    "nothing was written; make the file and its folder writable (SQLite also writes '\(path)-wal' and '\(path)-shm' beside it), or pass another path"
            )
        case SQLITE_CANTOPEN:
            return ContractError(
                .io, "cannot open the history file '\(path)' (\(sqlite))",
                hint:
                    "check that the file and its folder exist and are readable and writable (SQLite also opens '\(path)-wal' and '\(path)-shm' beside it)"
            )
        case SQLITE_IOERR, SQLITE_PROTOCOL, SQLITE_NOLFS:
            return ContractError(
                .io, "reading or writing the history file '\(path)' failed (\(sqlite))",
                hint:
                    "\(undone); check the disk, and keep the file on a local disk (not a network share, where SQLite's locks do not work)"
            )
        case SQLITE_NOMEM:
            return ContractError(
                .io, "ran out of memory reading the history file '\(path)' (\(sqlite))",
                hint: "prune old runs with `contract history --prune 180d`, or run with more memory")
        default:
            return ContractError(
                .io, "the history file '\(path)' gave SQLite error \(code) (\(sqlite))",
                hint:
                    "\(undone); check it with `sqlite3 '\(path)' 'PRAGMA integrity_check'`, or start a new history at another path"
            )
        }
    }
}

/// One compiled statement: binds values, steps through rows, reads columns; finalized when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let database: SQLiteDatabase

    fileprivate init(_ statement: OpaquePointer, database: SQLiteDatabase) {
        self.statement = statement
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// SQLite copies bound text and blobs at once (`SQLITE_TRANSIENT`), so Swift strings need not outlive the call.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds the values to `?1`, `?2`, ... in order, after clearing the previous run.
    func bind(_ values: [SQLiteValue]) throws(ContractError) {
        sqlite3_reset(statement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, Self.transient)
            }
            guard code == SQLITE_OK else { throw database.failure(code: code, database.lastMessage) }
        }
    }

    /// Advances to the next row: true when there is one, false when the statement is done.
    func step() throws(ContractError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.failure(code: code, database.lastMessage)
        }
    }

    /// Binds `values` and runs the statement to its end.
    func run(_ values: [SQLiteValue] = []) throws(ContractError) {
        try bind(values)
        while try step() {}
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        return String(cString: bytes)
    }
}

/// A value bound to a statement.
enum SQLiteValue {
    case null
    case integer(Int64)
    case text(String)

    init(_ text: String?) { self = text.map(SQLiteValue.text) ?? .null }
    init(_ number: Int) { self = .integer(Int64(number)) }
}
