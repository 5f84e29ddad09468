import ContractTestSupport
import Foundation

/// Runs the built `contract` binary, as a user would, and captures what it prints and how it exits.
struct ContractExecutable {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// The binary beside the test bundle (SwiftPM builds it with the tests), or in `.build/debug`.
    static let path: String? = {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL { candidates.append(executable.deletingLastPathComponent()) }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent())
        candidates.append(Fixtures.repositoryRoot.appendingPathComponent(".build/debug"))
        for directory in candidates {
            let path = directory.appendingPathComponent("contract").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Runs `contract arguments...` in `directory`, with `NO_COLOR` set.
    static func run(_ arguments: [String], in directory: String) throws -> Run {
        guard let path else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the contract binary is not built; run `swift build` first"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        // Output goes to files rather than pipes, so a long report can never block the process on a full pipe.
        let scratch = NSTemporaryDirectory() + "contract-run-" + UUID().uuidString
        _ = FileManager.default.createFile(atPath: scratch + ".out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: scratch + ".out")
            try? FileManager.default.removeItem(atPath: scratch + ".err")
        }
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + ".out"))
        let error = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + ".err"))
        process.standardOutput = output
        process.standardError = error
        try process.run()
        process.waitUntilExit()
        try output.close()
        try error.close()
        return Run(
            status: process.terminationStatus,
            output: (try? String(contentsOfFile: scratch + ".out", encoding: .utf8)) ?? "",
            error: (try? String(contentsOfFile: scratch + ".err", encoding: .utf8)) ?? "")
    }
}
