import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// The waiver in Specs/notices.yaml (extra-key at $.notices[*].pinned until 2099-12-31), seen through every format.
@Suite struct ReportWaiverTests {
    static let reason = "pinned notices ship in the next app release (APP-1234)"

    func noticesReport(today: String) async throws -> VerificationReport {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        return try await suite.verify(["notices"], today: ISO8601.parse(today)!)
    }

    func rendered(_ report: VerificationReport) -> [ReportFormat: String] {
        Dictionary(uniqueKeysWithValues: ReportFormat.allCases.map { ($0, $0.renderer().render(report)) })
    }

    @Test func aWaivedFindingShowsAsWaivedEverywhereAndDoesNotFailTheRun() async throws {
        let report = try await noticesReport(today: "2026-11-21T00:00:00Z")
        #expect(!report.hasFailures)
        let out = rendered(report)
        #expect(out[.text]!.contains("PASS notices/list-notices  1 waived"))
        #expect(out[.text]!.contains("waived   extra-key  at $.notices[1].pinned"))
        #expect(
            out[.json]!.contains("\"status\": \"passed\"") && out[.json]!.contains("\"reason\": \"\(Self.reason)\""))
        #expect(out[.junit]!.contains("failures=\"0\"") && !out[.junit]!.contains("<failure"))
        #expect(out[.junit]!.contains("<system-out>waived extra-key at $.notices[1].pinned"))
        #expect(out[.markdown]!.contains("| `notices/list-notices` | pass | 1 waived |"))
        #expect(
            out[.markdown]!.contains(
                "| `notices/list-notices` | waived | extra-key | `$.notices[1].pinned` | waived until 2099-12-31"))
        #expect(
            out[.html]!.contains(
                "<span class=\"badge pass\">PASS</span> <code>notices/list-notices</code> <span class=\"summary-counts\">1 waived</span>"
            ))
        #expect(out[.html]!.contains("<span class=\"sev waived\">waived</span>"))
        #expect(
            out[.github]!.contains("::notice file=")
                && out[.github]!.contains("title=notices/list-notices%3A waived extra-key"))
        #expect(!out[.github]!.contains("::error"))
        for (format, text) in out {
            #expect(
                text.contains(Self.reason) || text.contains(HTML.escape(Self.reason)),
                "\(format) does not give the waiver's reason")
        }
    }

    @Test func anExpiredWaiverFailsTheRunNamingTheWaiverAndItsReason() async throws {
        let report = try await noticesReport(today: "2100-01-01T00:00:00Z")
        #expect(report.hasFailures)
        let message = "the waiver for extra-key at $.notices[*].pinned expired on 2099-12-31 (reason: \(Self.reason))"
        let out = rendered(report)
        #expect(out[.text]!.contains("FAIL notices/list-notices") && out[.text]!.contains(message))
        #expect(out[.json]!.contains("\"kind\": \"waiver-expired\"") && out[.json]!.contains("\"status\": \"failed\""))
        #expect(out[.json]!.contains(JSONWriter.quote(message)))
        #expect(
            out[.junit]!.contains(
                "<failure message=\(XML.attribute("waiver-expired: \(message)")) type=\"waiver-expired\">"))
        #expect(out[.markdown]!.contains("## FAIL `notices/list-notices`"))
        #expect(out[.markdown]!.contains(Markdown.prose(message)))
        #expect(out[.html]!.contains("<span class=\"badge fail\">FAIL</span> <code>notices/list-notices</code>"))
        #expect(out[.html]!.contains(HTML.escape(message)))
        #expect(out[.github]!.contains("::error file=") && out[.github]!.contains("waiver-expired::" + message))
        // The finding it waived is live again.
        #expect(
            out[.text]!.contains("info     extra-key  at $.notices[1].pinned")
                || out[.json]!.contains("\"severity\": \"info\""))
    }
}
