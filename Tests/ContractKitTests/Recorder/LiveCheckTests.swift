import ContractTestSupport
import DemoServer
import Foundation
import Testing

@testable import ContractKit

/// Record then verify against the demo API, in-process.
@Suite(.timeLimit(.minutes(1)))
struct LiveCheckTests {
    @Test func catchesADriftInjectedByTheDemoAPIAndReportsFailedRequests() async throws {
        let copy = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let suite = try SpecLoader().load(directory: copy + "/Specs")
        let api = DemoAPI(suite: suite, recordingsDirectory: copy + "/Recordings", drifts: [.idType])
        let server = try HTTPServer(lifetime: 60) { api.respond(to: $0) }
        defer { server.stop() }
        let options = Recorder.Options(
            baseURL: server.baseURL, recordingsDirectory: copy + "/fresh", timeout: 5,
            retry: RetryPolicy(retries: 0), environment: ["STAGING_TOKEN": "demo-token"])

        // BETS_API_KEY is not set: that endpoint fails, the others are recorded and verified.
        let (run, report) = await LiveCheck(suite: suite, recorder: Recorder(options: options)).run(suite.endpoints)

        #expect(run.summary.failed == 1)
        #expect(report.results.map(\.id) == suite.endpoints.map(\.id))
        let bets = try #require(report.results.first { $0.id == "bets/my-bets" })
        #expect(bets.findings.map(\.kind) == [.requestFailed])
        let directory = try #require(report.results.first { $0.id == "directory/list-users" })
        #expect(directory.findings.contains { $0.kind == .typeMismatch && $0.path?.description == "$[0].id" })
        #expect(directory.recordingPath == copy + "/fresh/directory/list-users.json")
        #expect(report.results.first { $0.id == "users/get-user" }?.fails(at: .breaking) == false)
    }
}
