import Foundation

/// Figure 6: `contract verify` on the sample suite, process start to exit, against `true` run the same way.
enum StartupFigures {
    static func run() -> [Row] {
        let contract = contractExecutable
        guard FileManager.default.isExecutableFile(atPath: contract) else {
            print(
                "  figure 6 skipped: build the contract executable in the same configuration first (swift build -c release)"
            )
            return []
        }
        let repository = FileManager.default.currentDirectoryPath
        let (ratio, verify, baseline) = Measure.sideBySide(runs: 15, wallClock: true) {
            spawn(contract, ["verify"], in: repository)
        } against: {
            spawn("/bin/true", [], in: repository)
        }
        print("  measured figure 6")
        return [
            Row(
                figure: "6 start-up: verify the sample suite", payload: "7 endpoints", ratio: ratio,
                target: "(reported)",
                met: nil, detail: String(format: "verify %.1f ms, true %.1f ms", verify * 1000, baseline * 1000))
        ]
    }

    /// Runs `path` in `directory` (the bench's own) and waits for it, output discarded.
    ///
    /// Through posix_spawn and waitpid rather than `Process`: on Linux, `Process.waitUntilExit()` polls its run loop
    /// every 50 ms, which rounds every run up to a multiple of 50 ms and makes the ratio meaningless.
    static func spawn(_ path: String, _ arguments: [String], in directory: String) {
        precondition(directory == FileManager.default.currentDirectoryPath, "the child runs in the bench's directory")
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
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { fatalError("cannot start \(path)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
