import Foundation

/// Runs the built `contract` executable as a user would, for end-to-end tests: a short form of
/// ``ContractProcess`` (which it calls) for tests that only need the text it printed.
package enum CommandRunner {
    /// What a run printed and how it exited.
    package struct Output: Sendable {
        package var status: Int32
        package var stdout: String
        package var stderr: String
    }

    /// The folder holding the built products (`.build/debug`).
    package static var productsDirectory: URL { ContractProcess.productsDirectory }

    /// Runs `contract` (or another built `executable`, or an absolute path) with `arguments` in `directory`
    /// (default: the current one), in a minimal environment plus `environment`.
    package static func run(
        _ arguments: [String], in directory: String? = nil, environment: [String: String] = [:],
        executable: String = "contract"
    ) throws -> Output {
        let result = try ContractProcess.run(
            arguments, executable: executable, in: directory ?? FileManager.default.currentDirectoryPath,
            environment: environment)
        return Output(status: result.status, stdout: result.standardOutput, stderr: result.standardError)
    }
}
