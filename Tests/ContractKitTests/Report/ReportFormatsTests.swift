import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Every format rendered from the drifted sample suite, checked against golden files.
@Suite struct ReportFormatsTests {
    static func goldenName(_ format: ReportFormat) -> String {
        "reports/drifted-suite."
            + (format.reportFileName.map { String($0.split(separator: ".").last!) } ?? "\(format.rawValue).txt")
    }

    @Test(arguments: ReportFormat.allCases)
    func driftedSuiteMatchesItsGoldenFile(_ format: ReportFormat) async throws {
        try await DriftedSampleSuite.withReport { report, relative in
            let rendered = relative(format.renderer().render(report))
            #expect(rendered.hasSuffix("\n"))
            if let mismatch = Golden.mismatch(rendered, named: ReportFormatsTests.goldenName(format)) {
                Issue.record(Comment(rawValue: mismatch))
            }
        }
    }

    @Test func renderingIsDeterministic() async throws {
        let first = try await DriftedSampleSuite.withReport { report, relative in
            ReportFormat.allCases.map { relative($0.renderer().render(report)) }
        }
        let second = try await DriftedSampleSuite.withReport { report, relative in
            ReportFormat.allCases.map { relative($0.renderer().render(report)) }
        }
        #expect(first == second)
    }

    @Test func theJSONReportReadsBackIntoTheSameReportInEveryFormat() async throws {
        try await DriftedSampleSuite.withReport { report, _ in
            let json = JSONReportRenderer().render(report)
            let read = try JSONReportReader().report(from: TestSuites.json(json), file: "report.json")
            for format in ReportFormat.allCases {
                #expect(
                    format.renderer().render(read) == format.renderer().render(report),
                    "\(format) differs after a round trip")
            }
        }
    }

    @Test func noFormatShowsASecretFromTheRecordedRequest() async throws {
        try await DriftedSampleSuite.withReport { report, _ in
            // The recording under test really holds the secrets: the Verifier redacted them once already.
            for format in ReportFormat.allCases {
                let rendered = format.renderer().render(report)
                for secret in DriftedSuite.secrets {
                    #expect(!rendered.contains(secret), "\(format) shows \(secret)")
                }
                if format == .markdown || format == .html {
                    #expect(
                        rendered.contains("access_token=&lt;redacted&gt;")
                            || rendered.contains("access_token=<redacted>"))
                }
            }
            // A recording reaches a report only redacted, whoever hands it over, not only what the Verifier kept.
            var unredacted = report
            let index = unredacted.results.firstIndex { $0.id == "users/list-users" }!
            var planted = try #require(unredacted.results[index].recording?.recording)
            planted.request.headers = [.init(name: "Authorization", value: "Bearer sk_live_PLANTED_SECRET")]
            planted.request.url = "https://x.example/?token=PLANTED_QUERY_TOKEN"
            unredacted.results[index].recording = RedactedRecording(planted)
            for format in ReportFormat.allCases {
                let rendered = format.renderer().render(unredacted)
                #expect(!rendered.contains("PLANTED"), "\(format) shows a secret it was handed")
            }
        }
    }

    @Test func htmlEscapesTextFromRecordingsAndSpecs() async throws {
        try await DriftedSampleSuite.withReport { report, _ in
            let html = HTMLReportRenderer().render(report)
            #expect(!html.contains("<script>alert(1)"))
            #expect(html.contains("owner &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;"))
            #expect(!html.contains("http://") && !html.contains("src=\""), "the page must load nothing")
            #expect(html.components(separatedBy: "<details").count - 1 == report.results.count)
        }
    }

    @Test(
        .enabled(
            if: ExternalTool.path(of: "xmllint") != nil, "xmllint is not installed (apt-get install -y libxml2-utils)"))
    func junitIsValidAgainstTheJUnitSchema() async throws {
        let xmllint = try #require(ExternalTool.path(of: "xmllint"))
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try await DriftedSampleSuite.withReport { report, _ in
            var reports = [report, VerificationReport(results: [], failOn: .warning)]
            // Characters XML cannot hold, and markup, in a finding.
            var odd = report
            odd.results[0].findings[0].message = "bell \u{7} and <tag attr=\"x\"> & ]]> done"
            reports.append(odd)
            for (index, report) in reports.enumerated() {
                let path = "\(directory)/report-\(index).xml"
                try JUnitReportRenderer().render(report).write(toFile: path, atomically: true, encoding: .utf8)
                let result = try ExternalTool.run(
                    xmllint, ["--noout", "--schema", Fixtures.url("JUnit/junit.xsd").path, path])
                #expect(result.status == 0, "xmllint: \(result.output)")
            }
        }
    }

    @Test func junitFailsTheFindingsAtTheThresholdAndListsTheRest() async throws {
        try await DriftedSampleSuite.withReport { report, _ in
            var warningLevel = report
            warningLevel.failOn = .warning
            let breaking = JUnitReportRenderer().render(report)
            let warning = JUnitReportRenderer().render(warningLevel)
            #expect(breaking.contains("failures=\"7\""))
            #expect(warning.contains("failures=\"12\""))
            #expect(breaking.contains("<system-out>warning key-case-changed at $.Data.DisplayName"))
            #expect(warning.contains("<failure message=\"key-case-changed at $.Data.DisplayName"))
        }
    }
}

/// Reports with nothing in them, or endpoints without a recording or a JSON body, still render in every format.
@Suite struct ReportEdgeCaseTests {
    @Test(arguments: ReportFormat.allCases)
    func emptyReportsAndMissingOrBinaryRecordingsRender(_ format: ReportFormat) async throws {
        let empty = format.renderer().render(VerificationReport(results: [], failOn: .breaking))
        #expect(empty.hasSuffix("\n"))
        if [.text, .markdown, .github, .html].contains(format) { #expect(empty.contains("0 endpoints")) }
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try FileManager.default.removeItem(atPath: suite.recordings + "/users/get-user.json")
        var binary = try Recording.read(from: suite.recordings + "/bets/my-bets.json")
        binary.response.body = .base64("AAEC")
        binary.request.body = .base64("AAEC")
        try binary.write(to: suite.recordings + "/bets/my-bets.json")
        let report = try await suite.verify(["users/get-user", "bets"])
        #expect(report.results.map { $0.findings.map(\.kind) } == [[.bodyNotJSON], [.recordingMissing]])
        let rendered = format.renderer().render(report)
        #expect(rendered.contains("users/get-user") && rendered.contains("bets/my-bets"))
        if format == .markdown { #expect(rendered.contains("--data-binary @body.bin")) }
        if format == .html { #expect(rendered.contains("No recording.") && rendered.contains("A binary body.")) }
    }
}
