import Foundation
import Synchronization

/// Writes a file whole or not at all, through a temporary file beside it that the next write cleans up.
///
/// Foundation's `.atomic` option names its temporary file at random (`.dat.nosync…` on Linux), so one left behind
/// by a killed process stays for good. Here the temporary file is `.<name>.contract-tmp-<pid>`: the first write into
/// a folder in a process removes the ones there whose process is gone.
enum AtomicFile {
    static let marker = ".contract-tmp-"

    /// The folders already swept in this process: a run that records a thousand files into one folder lists it
    /// once, not a thousand times.
    private static let swept = Mutex<Set<String>>([])

    /// Writes `data` to `path`: to a temporary file in the same folder, flushed, then renamed over `path`.
    static func write(_ data: Data, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let name = url.lastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        if swept.withLock({ $0.insert(folder).inserted }) { removeAbandoned(in: folder) }
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

    /// Removes the temporary files left in `folder` by processes that no longer run.
    static func removeAbandoned(in folder: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for entry in entries where entry.hasPrefix(".") {
            guard let range = entry.range(of: marker, options: .backwards),
                let pid = pid_t(entry[range.upperBound...])
            else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(folder + "/" + entry) }
        }
    }
}
