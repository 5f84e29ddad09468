import ContractTestSupport
import Foundation
import Testing
@testable import ContractKit

/// The sample suite with one classic drift per endpoint, rendered in each format and compared with golden files.
@Suite struct ReportGoldenTests {
    static func driftedReport() async throws -> (report: VerificationReport, root: String) {
        let suite = SampleSuiteCopy()
        try suite.driftBody("directory/list-users") { body in
            var keyed = JSONObject()
            for user in body.arrayValue! {
                var object = user.objectValue!
                let id = object["id"]!.numberValue!.literal
                object["id"] = nil
                keyed.entries.append(.init(key: id, value: .object(object)))
            }
            body = .object(keyed)
        }
        try suite.driftBody("notices/list-notices") { body in
            for index in 0..<3 { body.renameKey(at: "notices.\(index)", "created_at", to: "createdAt") }
            body.update("notices.0.updated_at") { $0 = .string("2026-11-22T10:00:00Z") }
            body.update("notices.1.severity") { $0 = .string("critical") }
        }
        try suite.driftBody("bets/my-bets") { body in
            body.update("b.0.i") { $0 = .string("9001") }
            body.update("b.1.i") { $0 = .string("9002") }
        }
        try suite.driftBody("accounts/get-account") { body in
            body = .object(JSONObject(["result": body, "status": .string("ok")]))
        }
        try FileManager.default.removeItem(atPath: suite.recordings + "/users/get-user.json")
        let today = ISO8601.parse("2026-11-21T12:00:00Z")!
        let report = try await suite.verify(today: today)
        return (report, suite.root)
    }

    func expectGolden(_ rendered: String, root: String, _ name: String) {
        let stable = rendered.replacingOccurrences(of: root + "/", with: "")
        if let mismatch = Golden.mismatch(stable, named: name) { Issue.record(Comment(rawValue: mismatch)) }
    }

    @Test func textReport() async throws {
        let (report, root) = try await Self.driftedReport()
        defer { try? FileManager.default.removeItem(atPath: root) }
        expectGolden(TextReportRenderer(color: false).render(report), root: root, "drifted-report.txt")
        expectGolden(TextReportRenderer(color: true).render(report), root: root, "drifted-report-color.txt")
    }

    @Test func jsonReport() async throws {
        let (report, root) = try await Self.driftedReport()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let rendered = JSONReportRenderer().render(report)
        expectGolden(rendered, root: root, "drifted-report.json")
        // The report is valid JSON that our own parser reads back.
        #expect(throws: Never.self) { try JSONParser().parse(rendered) }
    }
}
