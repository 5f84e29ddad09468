import ArgumentParser
import ContractKit
import ContractTestSupport
import Foundation
import SampleModels
import Testing

@testable import ContractCLI

/// `lint` and `verify` with the sample models registered, as `ContractCLI.main(models:)` registers them.
@Suite struct ModelCommandsTests {
    /// What the last run printed on standard error.
    final class Said: @unchecked Sendable {
        var standardError = ""
    }

    func run(
        _ command: any AsyncParsableCommand.Type, _ arguments: [String],
        models: [any Decodable.Type] = SampleModels.all,
        said: Said = Said()
    ) async -> Int32 {
        let capture = Console.Capture()
        defer { said.standardError = capture.standardError }
        return await Console.$capture.withValue(capture) {
            await RegisteredModels.$models.withValue(RegisteredModels.Models(models)) {
                do {
                    var parsed = try command.parseAsRoot(arguments) as! any AsyncParsableCommand
                    try await parsed.run()
                    return 0
                } catch let exit as ExitCode {
                    return exit.rawValue
                } catch {
                    return -1
                }
            }
        }
    }

    @Test func theSampleSuiteLintsAndVerifiesThroughItsModels() async {
        let suite = SampleSuiteCopyForCLI()
        defer { suite.remove() }
        #expect(await run(LintCommand.self, ["--specs", suite.root + "/Specs"]) == 0)
        #expect(
            await run(
                VerifyCommand.self, ["--specs", suite.root + "/Specs", "--recordings", suite.root + "/Recordings"]) == 0
        )
    }

    @Test func anUnknownModelFailsLintWithOneAndVerifyWithTwo() async throws {
        let suite = SampleSuiteCopyForCLI()
        defer { suite.remove() }
        let path = suite.root + "/Specs/users.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "model: User\n", with: "model: Usr\n").write(
            toFile: path, atomically: true, encoding: .utf8)
        let lint = Said()
        #expect(await run(LintCommand.self, ["--specs", suite.root + "/Specs"], said: lint) == 1)
        #expect(
            lint.standardError.contains("users.yaml:28:12: error: unknown model 'Usr'; did you mean 'User'?"),
            "\(lint.standardError)")
        let verify = Said()
        #expect(
            await run(
                VerifyCommand.self, ["--specs", suite.root + "/Specs", "--recordings", suite.root + "/Recordings"],
                said: verify) == 2
        )
        #expect(verify.standardError.contains("error: unknown model 'Usr'"), "\(verify.standardError)")
        // With no models registered at all, verification is by shape only and the suite passes.
        #expect(
            await run(
                VerifyCommand.self, ["--specs", suite.root + "/Specs", "--recordings", suite.root + "/Recordings"],
                models: []) == 0)
    }

    @Test func aDriftTheModelFailsOnFailsVerify() async throws {
        let suite = SampleSuiteCopyForCLI()
        defer { suite.remove() }
        let path = suite.root + "/Recordings/directory/list-users.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        try text.replacingOccurrences(of: "\"id\": 1,", with: "\"id\": \"1\",").write(
            toFile: path, atomically: true, encoding: .utf8)
        #expect(
            await run(
                VerifyCommand.self,
                ["--specs", suite.root + "/Specs", "--recordings", suite.root + "/Recordings", "--format", "json"]) == 1
        )
    }
}

/// The repository's sample suite, copied to a temporary folder.
struct SampleSuiteCopyForCLI {
    let root = TestSuites.copyOfSampleSuite()
    func remove() { try? FileManager.default.removeItem(atPath: root) }
}
