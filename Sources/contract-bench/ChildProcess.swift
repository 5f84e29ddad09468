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
    /// Starts `path` with `arguments`, standard error to /dev/null and standard output too, or to the write end of
    /// `pipe` (its read end closed in the child); its pid, or nil when it cannot start.
    static func spawn(_ path: String, _ arguments: [String], outputTo pipe: (read: Int32, write: Int32)? = nil)
        -> pid_t?
    {
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let pipe {
            posix_spawn_file_actions_adddup2(&actions, pipe.write, 1)
            posix_spawn_file_actions_addclose(&actions, pipe.read)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { return nil }
        return pid
    }

    /// `contract-spawn`, built beside the bench, or nil when it was not built.
    static let spawner: String? = {
        let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("contract-spawn").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Runs `path` with `arguments` to its end, output discarded; stops the bench when it cannot start.
    ///
    /// Through `contract-spawn` when it was built: a child started from the bench itself counts the bench's own peak
    /// memory in its peak (Linux folds the address space it was started from into it at exec), so that a bench grown
    /// to 250 MB reported every child as 250 MB at least.
    static func run(_ path: String, _ arguments: [String]) -> ChildRun {
        if let spawner { return runReported(by: spawner, path, arguments) }
        return runDirectly(path, arguments)
    }

    /// What `path` with `arguments` writes to standard output, once it has exited; nil when it cannot start.
    static func output(of path: String, _ arguments: [String]) -> String? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { fatalError("cannot make a pipe") }
        guard let pid = spawn(path, arguments, outputTo: (ends[0], ends[1])) else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        close(ends[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            output += buffer[0..<count]
        }
        close(ends[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return String(decoding: output, as: UTF8.self)
    }

    /// Runs `path` under `spawner`, which prints the child's wall time, CPU time, peak and exit status.
    private static func runReported(by spawner: String, _ path: String, _ arguments: [String]) -> ChildRun {
        guard let report = output(of: spawner, [path] + arguments) else { fatalError("cannot start \(spawner)") }
        let fields = report.split(separator: " ").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard fields.count == 4, let wall = Double(fields[0]), let cpu = Double(fields[1]),
            let kilobytes = Int(fields[2]), let exit = Int32(fields[3])
        else { fatalError("\(spawner) could not run \(path)") }
        return ChildRun(wall: wall, cpu: cpu, peakBytes: kilobytes * 1024, exitStatus: exit < 0 ? nil : exit)
    }

    /// Runs `path` with `arguments` from the bench itself (its peak memory then counts the bench's).
    private static func runDirectly(_ path: String, _ arguments: [String]) -> ChildRun {
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
            wall: elapsed.seconds, cpu: cpu,
            peakBytes: peak, exitStatus: status & 0x7F == 0 ? (status >> 8) & 0xFF : nil)
    }
}
