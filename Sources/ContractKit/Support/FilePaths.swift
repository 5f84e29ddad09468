import CStandardStreams
import Foundation

/// Paths as the system resolves them, and whole writes to a descriptor: the few system calls the folder walk, the
/// history, report outputs, atomic writes and the console share.
package enum FilePaths {
    /// True when the standard stream `descriptor` (0-2) was closed when the process started (`contract verify
    /// >&-`): it holds `/dev/null` in its place (`CStandardStreams`), so that no file opened later takes its number, and
    /// what is written to it would be lost.
    package static func wasClosedAtStart(_ descriptor: Int32) -> Bool {
        contract_streams_closed_at_start() & (1 << descriptor) != 0
    }

    /// The path `path` resolves to, every link followed and `.` and `..` taken out; nil when it leads nowhere.
    package static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// True when the resolved path `path` is `root` or under it (both resolved).
    package static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? root : root + "/")
    }

    /// Writes `pieces`, one after another, whole to `descriptor`, with as few calls as the kernel allows (`writev`,
    /// resumed after a short write or an interruption); 0, or the `errno` of the write that failed.
    package static func writeAll(_ pieces: [UnsafeRawBufferPointer], to descriptor: Int32) -> Int32 {
        var vectors = pieces.filter { !$0.isEmpty }.map {
            iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count)
        }
        var first = 0
        while first < vectors.count {
            let count = vectors.withUnsafeBufferPointer {
                writev(descriptor, $0.baseAddress! + first, Int32(min($0.count - first, 1024)))
            }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // Skip what was written: whole pieces, then part of the next.
            var left = count
            while first < vectors.count, left >= vectors[first].iov_len {
                left -= vectors[first].iov_len
                first += 1
            }
            if left > 0 {
                vectors[first].iov_base = vectors[first].iov_base.map { $0 + left }
                vectors[first].iov_len -= left
            }
        }
        return 0
    }
}
