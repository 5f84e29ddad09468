import Foundation

/// Figure 6: `contract verify` on the sample suite, process start to exit, against `true` run the same way.
enum StartupFigures {
    static func run() -> [Row] {
        let contract = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("contract").path
        guard FileManager.default.isExecutableFile(atPath: contract) else {
            print("  figure 6 skipped: build the contract executable in the same configuration first (swift build -c release)")
            return []
        }
        let repository = FileManager.default.currentDirectoryPath
        let verify = Measure.median(runs: 9) { spawn(contract, ["verify"], in: repository) }
        let baseline = Measure.median(runs: 9) { spawn("/bin/true", [], in: repository) }
        print("  measured figure 6")
        return [Row(
            figure: "6 start-up: verify the sample suite", payload: "7 endpoints", ratio: verify / baseline, target: "(reported)",
            met: nil, detail: String(format: "verify %.1f ms, true %.1f ms", verify * 1000, baseline * 1000))]
    }

    static func spawn(_ path: String, _ arguments: [String], in directory: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try! process.run()
        process.waitUntilExit()
    }
}
