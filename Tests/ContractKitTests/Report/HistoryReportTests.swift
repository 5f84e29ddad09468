import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Reports of the drifted sample suite kept in a history: the run before it had all but one of its drifts, and one
/// the suite no longer has, so tonight's report shows a new drift, drifts seen since the first run, and a
/// resolved one.
@Suite struct HistoryReportTests {
    static func withHistoryReport<T>(_ body: (VerificationReport, (String) -> String) throws -> T) async throws -> T {
        try await DriftedSampleSuite.withReport { report, relative in
            let store = try HistoryStore(path: TestSuites.temporaryDirectory() + "/history.sqlite")
            var yesterday = report
            let index = yesterday.results.firstIndex { $0.findings.contains { !$0.isWaived } }!
            let dropped = yesterday.results[index].findings.firstIndex { !$0.isWaived }!
            yesterday.results[index].findings.remove(at: dropped)
            yesterday.results[index].findings.append(
                HistoryReports.finding(
                    yesterday.results[index].id, .missingKey, at: "$.legacy[2].code", expected: "'code': String",
                    actual: "absent", message: "'code' is missing"))
            _ = try store.append(yesterday, run: HistoryReports.run(day: 1))
            let tonight = try store.append(report, run: HistoryReports.run(day: 2))
            return try withoutActuallyEscaping(relative) { try body(tonight, $0) }
        }
    }

    @Test(arguments: [ReportFormat.text, .json, .junit, .markdown, .html])
    func theReportWithAHistoryMatchesItsGoldenFile(_ format: ReportFormat) async throws {
        try await Self.withHistoryReport { report, relative in
            let rendered = relative(format.renderer().render(report))
            let name = "reports/drifted-suite-history." + String(format.reportFileName!.split(separator: ".").last!)
            if let mismatch = Golden.mismatch(rendered, named: name) { Issue.record(Comment(rawValue: mismatch)) }
        }
    }

    @Test func findingsAreMarkedAndTheResolvedOneIsListed() async throws {
        try await Self.withHistoryReport { report, _ in
            let marks = report.results.flatMap(\.findings).compactMap(\.history)
            #expect(marks.count == report.results.flatMap(\.findings).count, "every finding is marked")
            #expect(marks.filter(\.isNew).count == 1)
            #expect(marks.filter { !$0.isNew }.allSatisfy { $0.label == "since 2026-11-01 (2 runs)" })
            #expect(report.history?.resolved.map(\.kind) == [.missingKey])
            #expect(report.history?.resolved.first?.path?.description == "$.legacy[2].code")
            let text = TextReportRenderer().render(report)
            #expect(text.contains("  new\n"))
            #expect(text.contains("RESOLVED since the previous run\n  resolved missing-key at $.legacy[2].code ("))
            #expect(
                text.hasSuffix(
                    "history (staging): 1 new, 11 seen before, 1 resolved since the previous run (2026-11-01T03:00:00Z)\n"
                ))
        }
    }

    @Test func theJSONReportCarriesTheMarksAndReadsBackToTheSameReport() async throws {
        try await Self.withHistoryReport { report, _ in
            let json = JSONReportRenderer().render(report)
            #expect(json.contains(#""format": "contract-report/1""#))
            #expect(json.contains(#""new": true"#) && json.contains(#""firstSeen": "2026-11-01T03:00:00Z""#))
            #expect(json.contains(#""runsSeen": 2"#) && json.contains(#""resolved": ["#))
            let read = try JSONReportReader().report(from: TestSuites.json(json), file: "report.json")
            #expect(read.history == report.history)
            for format in ReportFormat.allCases {
                #expect(format.renderer().render(read) == format.renderer().render(report), "\(format) differs")
            }
        }
    }

    @Test func withoutAHistoryNothingChanges() async throws {
        try await DriftedSampleSuite.withReport { report, _ in
            #expect(report.history == nil)
            for format in ReportFormat.allCases {
                let rendered = format.renderer().render(report)
                #expect(!rendered.contains("resolved") && !rendered.contains("firstSeen") && !rendered.contains("<svg"))
            }
        }
    }

    @Test func theTrendChartIsAnSVGWithABarAndAPointPerRun() {
        let points = (1...12).map { day in
            TrendPoint(
                startedAt: ISO8601.utcSeconds(HistoryReports.day(day)), breaking: day % 3, warning: 2, info: day % 2,
                endpoints: 40, failedEndpoints: day % 3 == 0 ? 0 : 3)
        }
        let svg = TrendChart(points: points).svg()
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.components(separatedBy: "<circle ").count - 1 == 12)
        #expect(
            svg.components(separatedBy: "fill=\"#cf222e\"/>").count - 1 == 8 + 1,
            "a breaking segment per run that has one, and the legend")
        #expect(svg.contains("2026-11-01") && svg.contains("2026-11-12"))
        #expect(!svg.contains("href") && !svg.contains("<script"), "nothing to load, nothing to run")
        #expect(TrendChart.niceCeiling(0) == 4 && TrendChart.niceCeiling(9) == 20 && TrendChart.niceCeiling(41) == 80)
    }

    @Test func theChartEscapesWhatAReportSaysAndDrawsAnyCount() {
        let hostile = TrendPoint(
            startedAt: "<script>alert(1)</script>", breaking: .max, warning: -5, info: 3, endpoints: .max,
            failedEndpoints: .min)
        let svg = TrendChart(points: [hostile, hostile]).svg()
        #expect(!svg.contains("<script>") && svg.contains("&lt;script&gt;"))
        #expect(svg.contains("<polyline "))
    }
}
