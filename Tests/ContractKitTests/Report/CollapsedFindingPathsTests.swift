import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A drift repeated across array elements is one finding, and the JSON report keeps every place of it.
@Suite struct CollapsedFindingPathsTests {
    @Test func theJSONReportListsEveryPlaceAndReadsThemBack() throws {
        let findings = try check(
            #"{"items": [{"id": "1"}, {"id": 2}, {"id": "3"}, {"id": "4"}]}"#, shapes: "I: { id: Int }",
            bodyShape: "{ items: '[I]' }")
        let finding = try #require(findings.first)
        #expect(findings.count == 1 && finding.occurrences == 3)
        #expect(finding.paths.map(\.description) == ["$.items[0].id", "$.items[2].id", "$.items[3].id"])

        let result = EndpointResult(
            id: "a/b", specLocation: SourceLocation(file: "Specs/a.yaml", line: 1, column: 1),
            recordingPath: "Recordings/a/b.json", model: nil, findings: findings)
        let rendered = JSONReportRenderer().render(VerificationReport(results: [result], failOn: .breaking))
        let written = try JSONParser().parse(Array(rendered.utf8))
        guard case .array(let endpoints)? = written["endpoints"],
            case .array(let listed)? = endpoints.first?["findings"],
            let paths = listed.first?["paths"]
        else {
            Issue.record("no findings in \(rendered)")
            return
        }
        #expect(paths == .array(["$.items[0].id", "$.items[2].id", "$.items[3].id"].map(JSONValue.string)))
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try rendered.write(toFile: folder + "/report.json", atomically: true, encoding: .utf8)
        let read = try JSONReportReader().read(from: folder + "/report.json")
        #expect(read.results[0].findings[0].paths == finding.paths)
    }

    @Test func aFindingListsAtMostItsLimitOfPlaces() throws {
        let elements = (0..<(Finding.maximumListedPaths + 5)).map { _ in #"{"id": "x"}"# }.joined(separator: ",")
        let findings = try check("[\(elements)]", shapes: "I: { id: Int }", bodyShape: "[I]")
        let finding = try #require(findings.first)
        #expect(finding.occurrences == Finding.maximumListedPaths + 5)
        #expect(finding.paths.count == Finding.maximumListedPaths)
    }
}
