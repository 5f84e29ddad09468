import Foundation

/// The open files a recording run may have: a request in flight holds a socket (two, through a proxy), and its
/// answer a file while it is written. With the soft limit low (`ulimit -n 256`) and `--concurrency 250`, every
/// request failed, as "connection refused" or "cannot write: Too many open files", and none was recorded.
enum OpenFileLimit {
    /// Files kept for everything but the requests: the standard streams, the specs and recordings being read and
    /// written, libcurl's own; and with `--fsync`, the files the flushing keeps open and its threads'.
    static func reserved(flushing: Bool) -> Int {
        64 + (flushing ? AtomicFileBatch.maximumOpen + AtomicFileBatch.maximumThreads : 0)
    }

    /// How many requests may be in flight at once, at most `requested`: the soft limit on open files is raised to the
    /// hard one first (as a process may do), and what is left after ``reserved(flushing:)`` is two files a request.
    static func concurrency(_ requested: Int, flushing: Bool) -> Int {
        let reserved = reserved(flushing: flushing)
        var limit = rlimit()
        guard getrlimit(openFiles, &limit) == 0 else { return requested }
        let wanted = rlim_t(requested * 2 + reserved)
        if limit.rlim_cur != unlimited, limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = limit.rlim_max == unlimited ? wanted : min(limit.rlim_max, wanted)
            if setrlimit(openFiles, &raised) == 0 { limit = raised }
        }
        guard limit.rlim_cur != unlimited else { return requested }
        let available = Int(limit.rlim_cur) - reserved
        return max(1, min(requested, available / 2))
    }

    #if canImport(Darwin)
    private static let unlimited = RLIM_INFINITY
    private static let openFiles = RLIMIT_NOFILE
    #elseif canImport(Glibc)
    /// `RLIM_INFINITY`, all bits set (the C macro does not come through to Swift with glibc).
    private static let unlimited = rlim_t.max
    private static let openFiles = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let unlimited = rlim_t.max
    private static let openFiles = RLIMIT_NOFILE
    #endif
}
