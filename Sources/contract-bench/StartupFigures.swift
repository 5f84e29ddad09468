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
    /// Through ``ChildProcess`` rather than `Process`, whose 50 ms polling would make the ratio meaningless.
    static func spawn(_ path: String, _ arguments: [String], in directory: String) {
        precondition(directory == FileManager.default.currentDirectoryPath, "the child runs in the bench's directory")
        guard let pid = ChildProcess.spawn(path, arguments) else { fatalError("cannot start \(path)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}
