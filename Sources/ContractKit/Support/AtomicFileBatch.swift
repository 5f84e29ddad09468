import Foundation
import Synchronization

/// Writes many files, each whole or not at all, without making the writer wait for the disk.
///
/// ``write(_:to:)`` writes a temporary file beside the path (as ``AtomicFile`` does). A batch that is not
/// ``flushing`` renames it over its path there and then: a process killed at any moment leaves every path with its
/// old file or its new one, never half of one, and the kernel writes the files to disk in its own time, as it does
/// for `curl -o` or `git checkout`. A ``flushing`` batch also survives a power cut or a kernel crash: threads of the
/// batch's own flush each temporary file to disk before renaming it over its path, and ``finish()`` waits for them
/// and flushes each folder written to, so that the renames are on disk too.
///
/// The flushes run side by side on up to ``maximumThreads`` threads, which sleep in `fsync` without using the CPU:
/// on a disk where each `fsync` waits for the drive's cache to be flushed, a thousand of them one after another
/// take seconds, while the kernel merges those that wait together into a few. A thread with nothing to do waits a
/// moment for the next file before it ends, so a run that writes a file every few milliseconds does not start a
/// thread for each. Files written to one path are renamed in the order they were written. When no thread can be
/// started, the writer flushes its own file.
final class AtomicFileBatch: Sendable {
    /// A temporary file waiting to take its path's place.
    private struct Pending {
        var temporary: String
        var path: String
        /// The temporary file, still open from writing it (one path look-up fewer), or -1 to open it again.
        var descriptor: Int32
    }

    private struct State {
        /// Written and not yet being flushed, in the order written.
        var pending: [Pending] = []
        /// The paths whose file is being flushed and renamed now: another file for one of them waits its turn.
        var inFlight: Set<String> = []
        /// Threads running.
        var threads = 0
        /// Threads waiting for work.
        var idle = 0
        /// The folders files were renamed into.
        var folders: Set<String> = []
        /// What went wrong, by path.
        var failures: [String: String] = [:]
        /// Callers of ``finish()`` waiting for the files to be in place.
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// How many pending files are held open.
        var open = 0

        var isDone: Bool { pending.isEmpty && inFlight.isEmpty }

        /// Takes the first file whose path has no other file in flight: two files for one path go in order.
        mutating func takeNext() -> Pending? {
            guard let index = pending.firstIndex(where: { !inFlight.contains($0.path) }) else { return nil }
            let item = pending.remove(at: index)
            inFlight.insert(item.path)
            if item.descriptor >= 0 { open -= 1 }
            return item
        }

        /// Records how flushing `item` went; the callers of ``finish()`` to answer when it was the last.
        mutating func finished(_ item: Pending, failure: String?) -> [CheckedContinuation<Void, Never>] {
            inFlight.remove(item.path)
            // The last file written to a path says how it stands.
            failures[item.path] = failure
            if failure == nil { folders.insert(AtomicFile.folder(of: item.path)) }
            guard isDone else { return [] }
            defer { waiting = [] }
            return waiting
        }
    }

    /// The most flushes at once.
    static let maximumThreads = 16

    /// The most files waiting to be flushed that are held open: beyond it, a file is closed once written and opened
    /// again to be flushed, so that a slow disk cannot use up the process's descriptors.
    static let maximumOpen = 64

    /// How many temporary files batches have named in this process: two batches writing one path at once (a recorder
    /// records one endpoint with a batch of its own) never share a temporary file.
    private static let named = Atomic<Int>(0)

    /// How long a thread with nothing to flush waits for more before it ends.
    private static let idleWait = DispatchTimeInterval.milliseconds(100)

    /// Whether each file is on disk before it takes its path's place, and the folders' entries once the batch
    /// finishes (`fsync`): the price is 13-20% more CPU for a run of small files (figure 8), most of it the kernel
    /// sending each file to the disk on the writer's time rather than its own.
    let flushing: Bool

    private let state = Mutex(State())
    /// Signalled once for each file written while a thread is idle.
    private let work = DispatchSemaphore(value: 0)
    /// Starts a thread running its argument; false when none could be started.
    private let startThread: @Sendable (@escaping @Sendable () -> Void) -> Bool

    /// An empty batch, ``flushing`` or not.
    convenience init(flushing: Bool) {
        self.init(flushing: flushing, startThread: AtomicFileBatch.detachThread)
    }

    /// An empty flushing batch starting its threads with `startThread`, which says false when it could not.
    convenience init(startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Bool) {
        self.init(flushing: true, startThread: startThread)
    }

    private init(flushing: Bool, startThread: @escaping @Sendable (@escaping @Sendable () -> Void) -> Bool) {
        self.flushing = flushing
        self.startThread = startThread
    }

    /// Writes `bytes` to a temporary file beside `path`, which takes `path`'s place at once, or once it is on disk
    /// when the batch is ``flushing``.
    ///
    /// - Throws: the error of creating, writing or (not flushing) renaming the temporary file (a missing permission, a
    ///   full disk). An error flushing or renaming it in a flushing batch comes later, from ``finish()``.
    func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        try write([bytes], to: path)
    }

    /// Writes `pieces`, one after another, as the `write(_:to:)` that takes one buffer writes it.
    func write(_ pieces: [UnsafeRawBufferPointer], to path: String) throws {
        guard flushing else { return try writeAndRename(pieces, to: path) }
        let number = Self.named.add(1, ordering: .relaxed).newValue
        let keepingOpen = state.withLock { state in
            let keepingOpen = state.open < Self.maximumOpen
            if keepingOpen { state.open += 1 }
            return keepingOpen
        }
        let temporary: (path: String, descriptor: Int32)
        do {
            temporary = try AtomicFile.writeTemporary(
                pieces, for: path, suffix: "-\(number)", flushed: false, keepingOpen: keepingOpen)
        } catch {
            if keepingOpen { state.withLock { $0.open -= 1 } }
            throw error
        }
        enum Next { case wake, start, none }
        let next = state.withLock { state -> Next in
            state.pending.append(
                Pending(temporary: temporary.path, path: path, descriptor: keepingOpen ? temporary.descriptor : -1))
            if state.idle > 0 {
                state.idle -= 1
                return .wake
            }
            guard state.threads < Self.maximumThreads, state.threads < state.pending.count + state.inFlight.count
            else { return .none }
            state.threads += 1
            return .start
        }
        switch next {
        case .wake: work.signal()
        case .start:
            if !startThread({ [self] in flushUntilDone() }) {
                state.withLock { $0.threads -= 1 }
                // No thread to hand the file to (a limit on threads or memory): flush it here, so that finish()
                // does not wait for a thread that never came.
                flushUntilDone(waiting: false)
            }
        case .none: break
        }
    }

    /// Writes `pieces` as a new file at `path`, as ``write(_:to:)-([UnsafeRawBufferPointer],_)`` does; not flushing,
    /// without a temporary name where the system allows (``AtomicFile/writeNew(_:to:suffix:)``). False, having written
    /// nothing, when a file turned out to be at `path` already. A batch that flushes writes it as that method does,
    /// renamed over `path` once flushed, and returns true.
    func writeNew(_ pieces: [UnsafeRawBufferPointer], to path: String) throws -> Bool {
        guard !flushing else {
            try write(pieces, to: path)
            return true
        }
        let number = Self.named.add(1, ordering: .relaxed).newValue
        return try AtomicFile.writeNew(pieces, to: path, suffix: "-\(number)")
    }

    /// Writes the temporary file and renames it over `path` at once, unflushed: the kernel writes both in its own time.
    private func writeAndRename(_ pieces: [UnsafeRawBufferPointer], to path: String) throws {
        let number = Self.named.add(1, ordering: .relaxed).newValue
        try AtomicFile.write(pieces, to: path, suffix: "-\(number)", flushed: false)
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
                guard !state.isDone else { return true }
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
            let descriptor = open(folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
            guard descriptor >= 0 else { continue }
            _ = AtomicFile.flush(descriptor)
            close(descriptor)
        }
        return failures
    }

    /// Flushes and renames pending files until there are none it may take; a thread of the batch's own (`waiting`)
    /// then waits a moment for more before it ends.
    private func flushUntilDone(waiting: Bool = true) {
        while true {
            let next: Pending? = state.withLock { state in
                if let item = state.takeNext() { return item }
                if waiting { state.idle += 1 }
                return nil
            }
            if let next {
                let failure = Self.flushAndRename(next)
                let answered = state.withLock { $0.finished(next, failure: failure) }
                for continuation in answered { continuation.resume() }
                continue
            }
            guard waiting else { return }
            if work.wait(timeout: .now() + Self.idleWait) == .success { continue }
            // No signal in time: end, unless a writer counted on this thread in the meantime, which also signalled.
            let ends = state.withLock { state in
                guard state.idle > 0 else { return false }
                state.idle -= 1
                state.threads -= 1
                return true
            }
            if ends { return }
            // The writer's signal is on its way: take it, so that it does not wake another thread for nothing.
            work.wait()
        }
    }

    /// Flushes the temporary file to disk and renames it over its path; nil, or what went wrong.
    private static func flushAndRename(_ item: Pending) -> String? {
        var failure: Int32 = 0
        let descriptor = item.descriptor >= 0 ? item.descriptor : open(item.temporary, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 || !AtomicFile.flush(descriptor) { failure = errno }
        if descriptor >= 0 { close(descriptor) }
        if failure == 0, rename(item.temporary, item.path) != 0 { failure = errno }
        guard failure != 0 else { return nil }
        unlink(item.temporary)
        return String(cString: strerror(failure))
    }

    /// Starts a detached thread running `body`; false when the system cannot start one.
    ///
    /// A POSIX thread rather than Foundation's `Thread`, which does not say when it could not start one.
    static func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        guard let thread = PosixThread.start(body) else { return false }
        pthread_detach(thread)
        return true
    }
}
