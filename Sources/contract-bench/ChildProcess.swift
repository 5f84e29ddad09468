import Foundation

/// A child process the bench ran to its end, its output discarded.
struct ChildRun {
    /// Seconds from start to exit.
    var wall: Double
    /// Seconds of CPU, user and system, from `wait4`: this child's own (`RUSAGE_CHILDREN` would give the largest of
    /// every child so far).
    var cpu: Double
    /// The maximum resident set, in bytes.
    var peakBytes: Int
    /// The exit status; nil when a signal ended it.
    var exitStatus: Int32?
}

/// Children started through posix_spawn and reaped with `wait4`, rather than `Process`: on Linux,
/// `Process.waitUntilExit()` polls its run loop every 50 ms, which rounds every run up to a multiple of 50 ms.
enum ChildProcess {
    /// Starts `path` with `arguments`, standard output and error to /dev/null; its pid, or nil when it cannot start.
    static func spawn(_ path: String, _ arguments: [String]) -> pid_t? {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        return pid
    }

    /// Runs `path` with `arguments` to its end, output discarded; stops the bench when it cannot start.
    static func run(_ path: String, _ arguments: [String]) -> ChildRun {
        let clock = ContinuousClock()
        let start = clock.now
        guard let pid = spawn(path, arguments) else { fatalError("cannot start \(path)") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = clock.now - start
        let cpu = [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        #if os(Linux)
        let peak = Int(usage.ru_maxrss) * 1024  // kilobytes on Linux
        #else
        let peak = Int(usage.ru_maxrss)  // bytes on macOS
        #endif
        return ChildRun(
            wall: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, cpu: cpu,
            peakBytes: peak, exitStatus: status & 0x7F == 0 ? (status >> 8) & 0xFF : nil)
    }
}
