import Foundation

/// Writes a file whole or not at all, through a temporary file beside it that the next write cleans up.
///
/// Foundation's `.atomic` option names its temporary file at random (`.dat.nosync…` on Linux), so one left behind
/// by a killed process stays for good. Here the temporary file is `.<name>.contract-tmp-<pid>`: a later write of the
/// same file removes the ones whose process is gone.
enum AtomicFile {
    static let marker = ".contract-tmp-"

    /// Writes `data` to `path`: to a temporary file in the same folder, flushed, then renamed over `path`.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        removeAbandoned(of: name, in: folder)
        let temporary = folder + "/." + name + marker + String(getpid())
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let count = Foundation.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += count
            }
        }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
        }
    }

    /// Removes the temporary files of `name` left in `folder` by processes that no longer run.
    static func removeAbandoned(of name: String, in folder: String) {
        let prefix = "." + name + marker
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(prefix) {
            guard let pid = pid_t(entry.dropFirst(prefix.count)) else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + entry) }
        }
    }
}
