import ContractKit
import ContractTestSupport
import DemoServer
import Foundation
import Testing

/// `contract check`, end to end: the built binary against the demo API, started in-process on 127.0.0.1.
@Suite(.timeLimit(.minutes(1)))
struct CheckCommandTests {
    static let environment = ["STAGING_TOKEN": "staging-token-for-test", "BETS_API_KEY": "bets-key-for-test"]

    /// A copy of the sample suite and a demo API serving it with `drifts`.
    static func demo(_ drifts: [Drift]) throws -> (folder: String, server: HTTPServer) {
        let folder = TestSuites.copyOfSampleSuite()
        let suite = try SpecLoader().load(directory: folder + "/Specs")
        let api = DemoAPI(suite: suite, recordingsDirectory: folder + "/Recordings", drifts: drifts)
        return (folder, try HTTPServer(lifetime: 60) { api.respond(to: $0) })
    }

    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for relative in FileManager.default.subpaths(atPath: folder) ?? [] where relative.hasSuffix(".json") {
            files[relative] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))
        }
        return files
    }

    @Test func catchesAKeyedDictionaryDriftAndLeavesTheBaselineAlone() throws {
        let (folder, server) = try Self.demo([.keyedDictionary])
        defer {
            server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
        let baseline = try Self.snapshot(folder + "/Recordings")
        let environment = Self.environment.merging(["CONTRACT_BASE_URL": server.baseURL]) { $1 }

        let run = try ContractProcess.run(
            ["check", "--format", "json", "--output", "report.json"], in: folder, environment: environment)

        #expect(run.status == 1, "drift exits 1: \(run.standardError)")
        #expect(run.standardOutput.contains("FAIL directory/list-users"))
        #expect(run.standardOutput.contains("breaking object-instead-of-array  at $\n"))
        #expect(run.standardOutput.contains("PASS users/get-user"))
        #expect(
            run.standardError.contains(
                "recorded 7 endpoints into .contract/check-recordings: 7 written, 0 unchanged, 0 failed"))
        let report = try JSONParser().parse([UInt8](Data(contentsOf: URL(fileURLWithPath: folder + "/report.json"))))
        let endpoints = try #require(report.objectValue?["endpoints"]?.arrayValue)
        let directory = try #require(
            endpoints.first { $0.objectValue?["id"] == .string("directory/list-users") }?.objectValue)
        #expect(directory["recording"] == .string(".contract/check-recordings/directory/list-users.json"))
        #expect(directory["findings"]?.arrayValue?.first?.objectValue?["kind"] == .string("object-instead-of-array"))
        // As docs/Recording.md says: both lists fail with the keyedToArray fix, which gives the entries, whose ids the
        // drift keeps, a key of their own; the notices' under `lossy: notices`, with `at:` and before the lossy.
        let hints = endpoints.compactMap { endpoint -> (String, String)? in
            guard let object = endpoint.objectValue, let first = object["findings"]?.arrayValue?.first?.objectValue,
                case .string(let id)? = object["id"], case .string(let hint)? = first["hint"],
                first["kind"] == .string("object-instead-of-array"), first["severity"] == .string("breaking")
            else { return nil }
            return (id, hint)
        }
        #expect(hints.map(\.0) == ["directory/list-users", "notices/list-notices"], "\(run.standardOutput)")
        #expect(hints.first?.1.hasPrefix("add `- keyedToArray: { key: key }` to the endpoint's transforms") == true)
        #expect(
            hints.last?.1.hasPrefix("add `- keyedToArray: { key: key, at: notices }` to the endpoint's transforms")
                == true)
        #expect(
            hints.last?.1.contains(
                "; put it before the lossy transform (Specs/notices.yaml:25:9), which needs an array there") == true)
        #expect(try Self.snapshot(folder + "/Recordings") == baseline, "the committed baseline is untouched")
    }

    @Test func passesWithoutDriftAndUpdatesTheBaselineOnlyWhenAsked() throws {
        let (folder, server) = try Self.demo([])
        defer {
            server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
        let environment = Self.environment.merging(["CONTRACT_BASE_URL": server.baseURL]) { $1 }

        let clean = try ContractProcess.run(["check"], in: folder, environment: environment)
        #expect(clean.status == 0, "\(clean.standardOutput)\(clean.standardError)")
        #expect(
            clean.standardOutput.hasSuffix(
                "7 endpoints: 7 passed, 0 failed · 0 breaking, 0 warnings, 0 info, 1 waived\n"))

        // --fsync: the committed baseline is flushed to disk as it is rewritten.
        let updated = try ContractProcess.run(
            ["check", "--update-baseline", "--fsync", "--filter", "users/get-user"], in: folder,
            environment: environment)
        #expect(updated.status == 0)
        #expect(
            try Recording.read(from: folder + "/Recordings/users/get-user.json").request.url == server.baseURL
                + "/users/u42.json")

        let both = try ContractProcess.run(
            ["check", "--update-baseline", "--into", "Other"], in: folder, environment: environment)
        #expect(both.status == 64)
    }

    @Test func theNightlyCheckKeepsAHistoryAndFailsOnlyOnNewDrift() throws {
        let (folder, server) = try Self.demo([.keyedDictionary])
        defer {
            server.stop()
            try? FileManager.default.removeItem(atPath: folder)
        }
        let environment = Self.environment.merging(["CONTRACT_BASE_URL": server.baseURL]) { $1 }
        let arguments = ["check", "--history", "nightly.sqlite", "--env", "staging", "--fail-on-new"]
        let first = try ContractProcess.run(arguments, in: folder, environment: environment)
        #expect(first.status == 1, "\(first.standardError)")
        #expect(first.standardOutput.contains("breaking object-instead-of-array  at $  new\n"))
        let second = try ContractProcess.run(arguments, in: folder, environment: environment)
        #expect(second.status == 0, "the same drift tonight is not new: \(second.standardOutput)")
        #expect(second.standardOutput.contains("FAIL directory/list-users"))
        #expect(second.standardOutput.contains("(2 runs)"))
    }

    @Test func exitsTwoWhenTheServerCannotBeReached() throws {
        let (folder, server) = try Self.demo([])
        server.stop()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = Self.environment.merging(["CONTRACT_BASE_URL": server.baseURL]) { $1 }

        let run = try ContractProcess.run(
            ["check", "--retries", "0", "--filter", "users/*"], in: folder, environment: environment)

        #expect(run.status == 2)
        #expect(run.standardOutput.contains("breaking request-failed"))
        #expect(run.standardOutput.contains("could not connect to 127.0.0.1:\(server.port): connection refused"))
        #expect(run.standardOutput.hasSuffix("2 endpoints: 0 passed, 2 failed · 2 breaking, 0 warnings, 0 info\n"))
    }
}
