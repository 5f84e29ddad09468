import ContractTestSupport
import DemoServer
import Foundation
import Testing

@testable import ContractKit

/// `contract --version`, the User-Agent it records with, and a mistyped subcommand.
@Suite(.timeLimit(.minutes(1)))
struct VersionAndTyposTests {
    @Test func versionPrintsTheRelease() throws {
        let run = try ContractProcess.run(["--version"], in: NSTemporaryDirectory())
        #expect(run.status == 0)
        #expect(run.standardOutput == ContractVersion.current + "\n")
    }

    @Test(arguments: [("verfy", "verify"), ("reprot", "report"), ("lnit", "lint")])
    func aMistypedSubcommandGetsItsClosestName(_ typed: String, _ meant: String) throws {
        let run = try ContractProcess.run([typed], in: NSTemporaryDirectory())
        #expect(run.status == 64)
        #expect(
            run.standardError.hasPrefix("Error: unknown command '\(typed)'; did you mean '\(meant)'?"),
            "\(run.standardError)")
    }

    /// ArgumentParser validates a command before it looks for arguments nothing took, so the error a mistyped
    /// option's absence caused used to be told instead of the mistyped option.
    @Test(arguments: [
        (["history", "--histroy", "runs.db"], "--histroy", "--history"),
        (["record", "--concurency", "4"], "--concurency", "--concurrency"),
        (["verify", "--shard", "3/2", "--spec", "Specs"], "--spec", "--specs"),
        (["report", "merge", "--fromat", "json"], "--fromat", "--format"),
        (["diff", "--value", "old.json"], "--value", "--values"),
        (["diff", "old.json", "--ignroe", "$.id"], "--ignroe", "--ignore"),
    ])
    func aMistypedOptionIsToldBeforeWhatItsAbsenceBreaks(_ arguments: [String], _ typed: String, _ meant: String)
        throws
    {
        let run = try ContractProcess.run(arguments, in: NSTemporaryDirectory())
        #expect(run.status == 64)
        #expect(
            run.standardError.hasPrefix("Error: Unknown option '\(typed)'. Did you mean '\(meant)'?"),
            "\(run.standardError)")
    }

    @Test func aValidationErrorIsStillToldWhenEveryOptionIsKnown() throws {
        let run = try ContractProcess.run(["history", "--since", "yesterday"], in: NSTemporaryDirectory())
        #expect(run.status == 64)
        // A value left over after an option took the next option as its value is told as that option's mistake.
        let swallowed = try ContractProcess.run(
            ["history", "--history", "h.sqlite", "--since", "--env", "x"], in: NSTemporaryDirectory())
        #expect(
            swallowed.standardError.hasPrefix("Error: --since '--env' is neither a day"), "\(swallowed.standardError)")
        #expect(run.standardError.hasPrefix("Error: pass the history file with --history FILE"), "\(run.standardError)")
    }

    @Test func theRecorderSendsItsOwnUserAgentUnlessTheSpecSetsOne() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            .json(#"{"agent": "\#(request.header("User-Agent") ?? "")"}"#)
        }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let suite = try TestSuites.suite(
            (
                "Specs/live.yaml",
                "endpoints:\n  plain: { request: GET /a }\n  own: { request: GET /b, headers: { User-Agent: app/1.0 } }\n"
            ))
        let options = Recorder.Options(
            baseURL: server.baseURL, recordingsDirectory: folder, timeout: 5, retry: RetryPolicy(retries: 0),
            environment: [:])
        _ = await Recorder(options: options).record(suite.endpoints)
        let plain = try Recording.read(from: folder + "/live/plain.json")
        let own = try Recording.read(from: folder + "/live/own.json")
        #expect(
            plain.response.body == .json(.object(JSONObject(["agent": .string("contract/\(ContractVersion.current)")])))
        )
        #expect(own.response.body == .json(.object(JSONObject(["agent": .string("app/1.0")]))))
    }
}
