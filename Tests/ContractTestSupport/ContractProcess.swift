import Foundation

/// Runs the built `contract` (or `demo-api`) executable, as a user would, and captures everything it prints.
package enum ContractProcess {
    /// What a run printed and how it ended.
    package struct Result: Sendable {
        package var status: Int32
        package var standardOutput: String
        package var standardError: String
        package var outputBytes: Data
        package var errorBytes: Data
    }

    /// The folder holding the built products (`.build/debug`).
    package static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        #endif
        let candidate = Bundle.main.bundleURL
        if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("contract").path) {
            return candidate
        }
        return Fixtures.repositoryRoot.appendingPathComponent(".build/debug")
    }

    /// Runs `executable` (a built product, or an absolute path) with `arguments` in `directory`; `environment` is
    /// added to a minimal one (PATH, HOME, NO_COLOR).
    package static func run(
        _ arguments: [String], executable: String = "contract", in directory: String,
        environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL =
            executable.hasPrefix("/")
            ? URL(fileURLWithPath: executable) : productsDirectory.appendingPathComponent(executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var base: [String: String] = ["NO_COLOR": "1"]
        for name in ["PATH", "HOME", "LD_LIBRARY_PATH"] { base[name] = ProcessInfo.processInfo.environment[name] }
        process.environment = base.merging(environment) { $1 }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes to the end before waiting, so a chatty process cannot fill a pipe and stall.
        let collector = PipeCollector(error.fileHandleForReading)
        let outputBytes = output.fileHandleForReading.readDataToEndOfFile()
        let errorBytes = collector.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, standardOutput: String(decoding: outputBytes, as: UTF8.self),
            standardError: String(decoding: errorBytes, as: UTF8.self), outputBytes: outputBytes, errorBytes: errorBytes
        )
    }
}

/// Reads a pipe to its end on another thread.
private final class PipeCollector: @unchecked Sendable {
    // @unchecked: `data` is written by the reading thread before `done` is signalled and read only after.
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
