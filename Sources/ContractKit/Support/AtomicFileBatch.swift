import Foundation
import Synchronization

/// Writes many files, each whole or not at all, without making the writer wait for the disk.
///
/// ``write(_:to:)`` writes a temporary file beside the path (as ``AtomicFile`` does) and returns; threads of the
/// batch's own then flush each temporary file to disk and rename it over its path, and ``finish()`` waits for them
/// and flushes each folder written to, so that the renames are on disk too. A crash leaves every path with its old
/// file or its new one, never half of one, as ``AtomicFile/write(_:to:)`` does.
///
/// The flushes run side by side on up to ``maximumThreads`` threads, which sleep in `fsync` without using the CPU:
/// on a disk where each `fsync` waits for the drive's cache to be flushed, a thousand of them one after another
/// take seconds, while the kernel merges those that wait together into a few. Files written to one path are renamed
/// in the order they were written.
final class AtomicFileBatch: Sendable {
    /// A temporary file waiting to take its path's place.
    private struct Pending {
        var temporary: String
        var path: String
    }

    private struct State {
        /// Written and not yet being flushed, in the order written.
        var pending: [Pending] = []
        /// The paths whose file is being flushed and renamed now: another file for one of them waits its turn.
        var inFlight: Set<String> = []
        /// Threads running.
        var threads = 0
        /// The folders files were renamed into.
        var folders: Set<String> = []
        /// What went wrong, by path.
        var failures: [String: String] = [:]
        /// Callers of ``finish()`` waiting for the threads to be done.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// How many temporary files have been named.
        var named = 0
    }

    /// The most flushes at once.
    static let maximumThreads = 16

    private let state = Mutex(State())

    /// An empty batch.
    init() {}

    /// Writes `bytes` to a temporary file beside `path`, which takes `path`'s place once it is on disk.
    ///
    /// - Throws: the error of creating or writing the temporary file (a missing permission, a full disk). An error
    ///   flushing or renaming it comes later, from ``finish()``.
    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let number = state.withLock { state in
            state.named += 1
            return state.named
        }
        let temporary = try AtomicFile.writeTemporary(bytes, for: path, suffix: "-\(number)", flushed: false)
        let startThread = state.withLock { state in
            state.pending.append(Pending(temporary: temporary, path: path))
            guard state.threads < Self.maximumThreads, state.threads < state.pending.count + state.inFlight.count
            else { return false }
            state.threads += 1
            return true
        }
        if startThread { Thread.detachNewThread { [self] in flushUntilDone() } }
    }

    /// Writes `bytes` as the `write(_:to:)` that takes a buffer does.
    func write(_ bytes: [UInt8], to path: String) throws {
        try bytes.withUnsafeBytes { try write($0, to: path) }
    }

    /// Waits until every file written has taken its path's place (or failed to), and the folders' entries are on
    /// disk; the paths that could not be written, each with why.
    func finish() async -> [String: String] {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                guard state.threads > 0 else { return true }
                state.waiting.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
        let (folders, failures) = state.withLock { state in
            defer {
                state.folders = []
                state.failures = [:]
            }
            return (state.folders, state.failures)
        }
        for folder in folders {
            let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            _ = fsync(descriptor)
            close(descriptor)
        }
        return failures
    }

    /// One thread's work: flush and rename pending files until there are none it may take.
    private func flushUntilDone() {
        while true {
            let next: Pending? = state.withLock { state in
                // The first file whose path has no other file in flight: two files for one path go in order.
                guard let index = state.pending.firstIndex(where: { !state.inFlight.contains($0.path) }) else {
                    state.threads -= 1
                    return nil
                }
                let item = state.pending.remove(at: index)
                state.inFlight.insert(item.path)
                return item
            }
            guard let next else { break }
            let failure = Self.flushAndRename(next)
            state.withLock { state in
                state.inFlight.remove(next.path)
                // The last file written to a path says how it stands.
                state.failures[next.path] = failure
                if failure == nil { state.folders.insert(AtomicFile.folder(of: next.path)) }
            }
        }
        let waiting = state.withLock { state in
            guard state.threads == 0 else { return [CheckedContinuation<Void, Never>]() }
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Flushes the temporary file to disk and renames it over its path; nil, or what went wrong.
    private static func flushAndRename(_ item: Pending) -> String? {
        var failure: Int32 = 0
        let descriptor = open(item.temporary, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 || fsync(descriptor) != 0 { failure = errno }
        if descriptor >= 0 { close(descriptor) }
        if failure == 0, rename(item.temporary, item.path) != 0 { failure = errno }
        guard failure != 0 else { return nil }
        unlink(item.temporary)
        return String(cString: strerror(failure))
    }
}
