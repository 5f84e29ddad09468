import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// What ContractKit tells the user to run names the runner the command line set, in every place it is worded.
@Suite struct RunnerNameTests {
    @Test func libraryHintsQuoteTheRunnerSetForTheTask() async throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/r.json"
        try
            #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "bodyBase64": "*"}}"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        let suite = try TestSuites.suite(
            ("Specs/users.yaml", "endpoints: { get-user: { request: GET /u, expect: { status: 200 } } }"))
        let report = VerificationReport(results: [NonPrintableFinding.result], failOn: .breaking)

        func worded() async -> [String] {
            let notBase64: String
            do {
                _ = try Recording.read(from: path)
                notBase64 = "read"
            } catch {
                notBase64 = error.hint ?? ""
            }
            let missing = Verifier(suite: suite, options: .init(recordingsDirectory: directory)).verify(
                suite.endpoints[0])
            let concurrent = await Verifier(suite: suite, options: .init(recordingsDirectory: directory)).verify(
                suite.endpoints)
            let recording = Recording(
                endpoint: "a/b", request: .init(method: "GET", url: "/"), response: .init(status: 200))
            return [
                notBase64, missing.findings.first?.hint ?? "", concurrent.results.first?.findings.first?.hint ?? "",
                RecordingDiff(old: recording, new: recording).renderText(old: "o.json", new: "n.json", values: false),
                GitHubReportRenderer().render(report),
            ]
        }
        let byDefault = await worded()
        #expect(
            byDefault[0].contains("`contract record`")
                && byDefault[1].contains("`contract record --filter users/get-user`"))
        let renamed = await RunnerName.$current.withValue("app-contract") { await worded() }
        #expect(renamed[0].contains("`app-contract record`"), "\(renamed[0])")
        #expect(renamed[1].contains("`app-contract record --filter users/get-user`"), "\(renamed[1])")
        #expect(renamed[2] == renamed[1], "verifying concurrently, in child tasks")
        #expect(renamed[3].hasPrefix("app-contract diff o.json → n.json"), "\(renamed[3])")
        #expect(renamed[4].contains("app-contract: "), "\(renamed[4])")
        #expect(!renamed.joined().contains("`contract "))
    }
}
