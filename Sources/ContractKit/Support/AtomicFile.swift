import Foundation
import Synchronization

/// Writes a file whole or not at all, through a temporary file beside it that the next write cleans up.
///
/// Foundation's `.atomic` option names its temporary file at random (`.dat.nosync…` on Linux), so one left behind
/// by a killed process stays for good. Here the temporary file is `.<name>.contract-tmp-<pid>` (with `-<n>` after
/// the pid when a batch writes it, ``AtomicFileBatch``): the first write into a folder in a process removes the ones
/// there whose process is gone, or whose process id now belongs to a process that started after the file was written.
enum AtomicFile {
    /// This process's id, for temporary names: asked once (`getpid` is a system call, once per file otherwise).
    private static let processID = String(getpid())

    static let marker = ".contract-tmp-"

    /// The folders already swept in this process, each with the names that were in it then and the names this process
    /// has written there since: a run that records a thousand files into one folder lists it once, not a thousand
    /// times, and a name not among them is new unless another process has made it since (``mayExist(_:)``).
    private static let known = Mutex<[String: Set<String>]>([:])

    /// Writes `data` to `path`: to a temporary file in the same folder, flushed, then renamed over `path`.
    static func write(_ data: Data, to path: String) throws {
        try data.withUnsafeBytes { try write([$0], to: path, suffix: "", flushed: true) }
    }

    /// Writes `pieces`, one after another, to a temporary file beside `path` (named with `suffix`, see
    /// ``writeTemporary(_:for:suffix:flushed:keepingOpen:)``), `flushed` to disk or not, then renames it over `path`;
    /// a temporary file that cannot take its place is removed.
    static func write(_ pieces: [UnsafeRawBufferPointer], to path: String, suffix: String, flushed: Bool) throws {
        let temporary = try writeTemporary(pieces, for: path, suffix: suffix, flushed: flushed, keepingOpen: false).path
        try renameIntoPlace(temporary, over: path)
    }

    /// Writes `data` to a path a user named for an output (a report): a regular file, or a new one, whole or not at
    /// all, as ``write(_:to:)`` does; through a link, the file the link leads to, the link kept. Anything else found
    /// there (a device such as `/dev/null`, a pipe such as `>(gzip > r.gz)`, a socket) is opened and written, never
    /// replaced: renamed over, `/dev/null` would become a file holding the report. So is a link under `/dev` or `/proc`
    /// (`/dev/stdout` redirected to a file), appended to, as the shell's redirection writes there too.
    ///
    /// - Throws: a `POSIXError`: `EISDIR` for a folder; `ENXIO` for a pipe no process reads.
    static func writeOutput(_ data: Data, to path: String) throws {
        var target = stat()
        if stat(path, &target) != 0 {
            // A link to a file not there yet is written through, as the shell's `>` does: the file it names is made,
            // and the link kept. (A loop fails with ELOOP, and is replaced like any path that is not a file.)
            var entry = stat()
            if errno == ENOENT, lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFLNK {
                // Made through the link by the kernel, which keeps its rules (a missing folder, a link another user
                // left in a shared folder), then written as a link to a file.
                let made = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
                guard made >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
                close(made)
                guard stat(path, &target) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            } else {
                return try write(data, to: path)
            }
        }
        // This process's own standard output or error (`/dev/stdout`, `../../dev/stdout`, redirected to a file or not):
        // written through its descriptor, so that what the process writes there after does not overwrite it.
        for standard in [STDOUT_FILENO, STDERR_FILENO] {
            var open = stat()
            if fstat(standard, &open) == 0, open.st_dev == target.st_dev, open.st_ino == target.st_ino {
                // A stream closed when the process started holds /dev/null in its place: the report would be lost.
                if FilePaths.wasClosedAtStart(standard) { throw POSIXError(.EBADF) }
                let failure = data.withUnsafeBytes { FilePaths.writeAll([$0], to: standard) }
                if failure != 0 { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
                return
            }
        }
        var entry = stat()
        let isLink = lstat(path, &entry) == 0 && entry.st_mode & S_IFMT == S_IFLNK
        let isSystemLink = isLink && (path.hasPrefix("/dev/") || path.hasPrefix("/proc/"))
        switch target.st_mode & S_IFMT {
        case S_IFDIR:
            throw POSIXError(.EISDIR)
        case S_IFREG where !isSystemLink:
            guard isLink, let resolved = FilePaths.resolved(path) else { return try write(data, to: path) }
            try write(data, to: resolved)
        default:
            // Not blocking on a pipe no process reads (ENXIO), then writing as a blocking descriptor.
            let descriptor = open(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
            guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            _ = fcntl(descriptor, F_SETFL, O_WRONLY | O_APPEND)
            var failure = data.withUnsafeBytes { FilePaths.writeAll([$0], to: descriptor) }
            if close(descriptor) != 0, failure == 0 { failure = errno }
            if failure != 0 { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
        }
    }

    /// Renames the file at `temporary` over `path`; one that cannot take its place is removed.
    private static func renameIntoPlace(_ temporary: String, over path: String) throws {
        if rename(temporary, path) != 0 {
            let failure = errno
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    /// The last component of `path`: the file's own name.
    static func name(of path: String) -> String {
        // By bytes, as the system splits a path: a `/` is a separator whatever follows it, and a walk of Characters
        // backwards was a few thousand instructions a recording.
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return String(Substring(utf8[utf8.index(after: slash)...]))
    }

    /// The folder `path` is in: `/` for a file at the root, `.` for a bare name.
    static func folder(of path: String) -> String {
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
        return slash == utf8.startIndex ? "/" : String(Substring(utf8[..<slash]))
    }

    /// Creates `folder` and its parents; a folder another thread or process made at the same moment is no error.
    ///
    /// - Throws: a `POSIXError`, as the other steps of a write do, so that a message gives the system's words for it
    ///   whichever step failed: `ENOTDIR` when a file stands where the folder or one of its parents should be
    ///   (Foundation says "A file with the same name already exists" of the file being written, or gives only its
    ///   error number).
    static func createFolder(_ folder: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue {
                return
            }
            var ancestor = folder
            while true {
                if FileManager.default.fileExists(atPath: ancestor, isDirectory: &isDirectory) {
                    if !isDirectory.boolValue { throw POSIXError(.ENOTDIR) }
                    break
                }
                let parent = self.folder(of: ancestor)
                guard parent != ancestor, !ancestor.isEmpty else { break }
                ancestor = parent
            }
            // Foundation wraps the system's error (as a POSIXError on Linux, an NSError on Darwin).
            let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey]
            if let posix = underlying as? POSIXError { throw posix }
            if let underlying = underlying as? NSError, underlying.domain == NSPOSIXErrorDomain,
                let code = POSIXErrorCode(rawValue: Int32(underlying.code))
            {
                throw POSIXError(code)
            }
            throw error
        }
    }

    /// Writes `bytes` to a new temporary file beside `path` (`.<name>.contract-tmp-<pid><suffix>`), `flushed` to disk
    /// or not yet; its path. The folder is created if need be, and swept of files abandoned by other processes the
    /// first time.
    static func writeTemporary(_ bytes: UnsafeRawBufferPointer, for path: String, suffix: String, flushed: Bool)
        throws -> String
    {
        let written = try writeTemporary([bytes], for: path, suffix: suffix, flushed: flushed, keepingOpen: false)
        return written.path
    }

    /// Writes `pieces`, one after another, as the `writeTemporary` that takes one buffer writes it; the temporary
    /// file's path, and its descriptor when `keepingOpen` (the caller closes it), or -1.
    static func writeTemporary(
        _ pieces: [UnsafeRawBufferPointer], for path: String, suffix: String, flushed: Bool, keepingOpen: Bool
    ) throws -> (path: String, descriptor: Int32) {
        let folder = folder(of: path)
        let name = name(of: path)
        if sweep(folder, adding: name) {
            try createFolder(folder)
        }
        let temporary = (folder == "/" ? "" : folder) + "/" + temporaryName(for: name, suffix: suffix)
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            // The folder was removed since this process first wrote to it, or another thread is creating it at this
            // moment (it swept the folder first): one of the two creations may find the other's folder there.
            try createFolder(folder)
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure = FilePaths.writeAll(pieces, to: descriptor)
        if failure == 0, flushed, !flush(descriptor) { failure = errno }
        if failure != 0 || !keepingOpen {
            if close(descriptor) != 0, failure == 0 { failure = errno }
        }
        if failure != 0 {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        return (temporary, keepingOpen ? descriptor : -1)
    }

    /// The most bytes a file name may have on the file systems in use (ext4, APFS, XFS, NTFS: `NAME_MAX`).
    static let maximumNameBytes = 255

    /// `.<name>.contract-tmp-<pid><suffix>`; for a name too long to take the dot and the marker within
    /// ``maximumNameBytes`` (a 230-byte endpoint name, whose own file name fits), the name's start and a hash of the
    /// whole name instead of the name, so that every name that can be written has a temporary file that can.
    static func temporaryName(for name: String, suffix: String) -> String {
        let tail = marker + processID + suffix
        let whole = "." + name + tail
        guard whole.utf8.count > maximumNameBytes else { return whole }
        // FNV-1a of the name: two long names with one start still get two temporary files.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let hashText = "~" + String(hash, radix: 16)
        let budget = maximumNameBytes - 1 - hashText.utf8.count - tail.utf8.count
        var start = ""
        var bytes = 0
        for scalar in name.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= budget else { break }
            start.unicodeScalars.append(scalar)
        }
        return "." + start + hashText + tail
    }

    /// Flushes the file or folder open at `descriptor` to the disk itself; false, with `errno` set, when it could not.
    ///
    /// On Darwin `fsync` hands the data to the drive, whose cache a power cut can still lose: `F_FULLFSYNC` asks the
    /// drive to write it through, and `fsync` remains for file systems that refuse that.
    static func flush(_ descriptor: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return true }
        #endif
        return fsync(descriptor) == 0
    }

    /// Sweeps `folder` the first time this process writes there (removing the temporary files abandoned by processes
    /// that no longer run, and noting the names it holds), then notes `name` as written; true the first time.
    @discardableResult
    private static func sweep(_ folder: String, adding name: String?) -> Bool {
        withNames(in: folder) { names, first in
            if let name { names.insert(name) }
            return first
        }
    }

    /// Whether a file may be at `path`: false only when its name was not in its folder when this process first looked
    /// there (the folder is listed then, once) and this process has not written it since. Another process may still
    /// have made it meanwhile, which ``writeNew(_:to:suffix:)`` finds out.
    static func mayExist(_ path: String) -> Bool {
        let name = name(of: path)
        return withNames(in: folder(of: path)) { names, _ in names.contains(name) }
    }

    /// Runs `body` on the names known in `folder`, holding the lock; the first time, the folder is swept and listed
    /// first (`first` is then true), so that no thread takes a name for new before the listing is done.
    private static func withNames<Result>(
        in folder: String, _ body: (inout Set<String>, _ first: Bool) -> Result
    ) -> Result {
        known.withLock { known in
            let first = known[folder] == nil
            if first { known[folder] = Set(removeAbandoned(in: folder)) }
            return body(&known[folder, default: []], first)
        }
    }

    /// Whether files can be made without a name and linked into place once whole (Linux's `O_TMPFILE`, linked
    /// by their descriptor or through `/proc/self/fd`); false once the system has refused both.
    static let unnamedFiles = Atomic<Bool>(true)

    /// Writes `pieces` as a new file at `path`, never there half-written: on Linux as a file without a name, given
    /// `path` once whole, which skips the temporary name and the rename (figure 8: each is a change to the folder,
    /// under its lock); elsewhere, or where the file system cannot, through a temporary file linked to `path` (or,
    /// on a file system without links, renamed over it). False, having written nothing there, when a file is already
    /// at `path`: the caller compares with it.
    static func writeNew(_ pieces: [UnsafeRawBufferPointer], to path: String, suffix: String) throws -> Bool {
        #if os(Linux)
        if unnamedFiles.load(ordering: .relaxed) {
            switch try writeUnnamed(pieces, to: path) {
            case .written: return true
            case .exists: return false
            case .unsupported: unnamedFiles.store(false, ordering: .relaxed)
            }
        }
        #endif
        let temporary = try writeTemporary(pieces, for: path, suffix: suffix, flushed: false, keepingOpen: false).path
        // A link, unlike a rename, leaves a file that another process put at `path` since the folder was listed.
        if link(temporary, path) == 0 {
            unlink(temporary)
            return true
        }
        let failure = errno
        if failure == EEXIST {
            unlink(temporary)
            return false
        }
        // A file system without hard links (FAT, some network and FUSE file systems) says so in one of these.
        guard failure == EPERM || failure == EOPNOTSUPP || failure == ENOTSUP || failure == EMLINK else {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        try renameIntoPlace(temporary, over: path)
        return true
    }

    #if os(Linux)
    private enum UnnamedOutcome { case written, exists, unsupported }

    /// `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not export.
    private static let temporaryFileFlag = Int32(0o2000_0000) | O_DIRECTORY

    private static func writeUnnamed(_ pieces: [UnsafeRawBufferPointer], to path: String) throws -> UnnamedOutcome {
        let folder = folder(of: path)
        let name = name(of: path)
        let flags = temporaryFileFlag | O_WRONLY | O_CLOEXEC
        var descriptor = open(folder, flags, 0o644)
        if descriptor < 0, errno == ENOENT {
            try createFolder(folder)
            descriptor = open(folder, flags, 0o644)
        }
        guard descriptor >= 0 else {
            let failure = errno
            // A file system or kernel without unnamed files says so in one of these; anything else (a missing
            // permission, a full disk) is the write's own error.
            if failure == EOPNOTSUPP || failure == EISDIR || failure == EINVAL || failure == ENOTSUP {
                return .unsupported
            }
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        defer { close(descriptor) }
        let failure = FilePaths.writeAll(pieces, to: descriptor)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO) }
        if linkUnnamed(descriptor, to: path) != 0 {
            let failure = errno
            if failure == EEXIST { return .exists }
            // No /proc (a chroot), or a file system that cannot link: the temporary name instead.
            if failure == ENOENT || failure == EPERM || failure == EXDEV || failure == EOPNOTSUPP {
                return .unsupported
            }
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
        sweep(folder, adding: name)
        return .written
    }

    /// Whether an open file can be given a name by its descriptor alone (`linkat` with `AT_EMPTY_PATH`, which Linux
    /// allows the process that opened the file since 6.10, and any process with `CAP_DAC_READ_SEARCH`); false once the
    /// kernel has refused it, and then the file is named through `/proc/self/fd`, a path the kernel has to walk.
    static let linksByDescriptor = Atomic<Bool>(true)

    /// `AT_EMPTY_PATH`, which Glibc's module does not export.
    private static let emptyPathFlag: Int32 = 0x1000

    /// Gives the unnamed file open as `descriptor` the name `path`: 0, or -1 with `errno` set.
    private static func linkUnnamed(_ descriptor: Int32, to path: String) -> Int32 {
        if linksByDescriptor.load(ordering: .relaxed) {
            if linkat(descriptor, "", AT_FDCWD, path, emptyPathFlag) == 0 { return 0 }
            // A kernel that does not allow it says ENOENT (as for a descriptor it cannot link), before 6.10 or for a
            // process that lacks the capability; any other error is the link's own.
            guard errno == ENOENT else { return -1 }
            linksByDescriptor.store(false, ordering: .relaxed)
        }
        return linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW)
    }
    #endif

    /// Removes the temporary files left in `folder` by processes that no longer run; the names in the folder.
    @discardableResult
    static func removeAbandoned(in folder: String) -> [String] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        for entry in entries where entry.hasPrefix(".") {
            guard let range = entry.range(of: marker, options: .backwards),
                let pid = pid_t(entry[range.upperBound...].prefix { $0 != "-" })
            else { continue }
            let path = folder + "/" + entry
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink(path)
            } else if wasWrittenBeforeProcess(pid, started: path) {
                // A process of that id runs, but started after the file was last written: the id was reused (or,
                // in a container, every run is process 1), and the writer is gone.
                unlink(path)
            }
        }
        return entries
    }

    /// Seconds a file must be older than the process with its id to be taken as left by another: far more than the
    /// second /proc gives the start to, so that a file server's clock running behind ours (NFS, a VM's shared folder)
    /// or a clock set at boot does not make a live writer's file look abandoned.
    private static let startSlack = 600.0

    /// True when the file at `path` was last written before the process `pid` started (with ``startSlack`` to
    /// spare); false when it was not, or the system does not say (not Linux, no /proc).
    static func wasWrittenBeforeProcess(_ pid: pid_t, started path: String) -> Bool {
        #if os(Linux)
        var file = stat()
        guard let started = processStart(pid), lstat(path, &file) == 0 else { return false }
        return Double(file.st_mtim.tv_sec) + startSlack < started
        #else
        return false
        #endif
    }

    /// When the process `pid` started, in seconds since 1970; nil where the system does not say (not Linux, no
    /// /proc, the process gone).
    static func processStart(_ pid: pid_t) -> Double? {
        #if os(Linux)
        guard let bootTime,
            let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        // After the command's name in parentheses (which may hold spaces): the state, field 3, to the start time in
        // clock ticks since boot, field 22.
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return bootTime + ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// When the system booted, in seconds since 1970 (`btime` in /proc/stat).
    private static let bootTime: Double? = {
        guard let text = try? String(contentsOfFile: "/proc/stat", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }()
    #endif
}
