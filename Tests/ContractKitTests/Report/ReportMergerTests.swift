import ContractTestSupport
import Foundation
import SampleModels
import Testing

@testable import ContractKit

@Suite struct ReportMergerTests {
    /// The drifted suite verified whole and in `count` shards, each shard's report read back from its JSON.
    func wholeAndShards(_ count: Int) async throws -> (whole: VerificationReport, shards: [ReportMerger.Source]) {
        let root = try DriftedSuite.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let specs = try SpecLoader().load(directory: root + "/Specs")
        let verifier = Verifier(
            suite: specs, options: .init(recordingsDirectory: root + "/Recordings", today: DriftedSuite.today),
            models: ModelRegistry(SampleModels.all))
        let whole = await verifier.verify(specs.endpoints)
        var shards: [ReportMerger.Source] = []
        for index in 1...count {
            let shard = try Shard(index: index, count: count)
            var report = await verifier.verify(shard.select(specs.endpoints, id: \.id))
            report.shard = ShardCoverage(shard: shard, suiteEndpoints: specs.endpoints.count)
            let json = JSONReportRenderer().render(report)
            shards.append(
                (
                    "shard-\(index).json",
                    try JSONReportReader().report(from: TestSuites.json(json), file: "shard-\(index).json")
                ))
        }
        return (whole, shards)
    }

    @Test func mergedShardsRenderLikeOneRunInEveryFormat() async throws {
        let (whole, shards) = try await wholeAndShards(3)
        #expect(shards.map { $0.report.results.count } == [3, 2, 2])
        let merged = try ReportMerger.merge(shards.reversed())
        #expect(merged.results.map(\.id) == whole.results.map(\.id))
        for format in ReportFormat.allCases {
            #expect(format.renderer().render(merged) == format.renderer().render(whole), "\(format) differs")
        }
    }

    @Test func overlappingOrInconsistentShardsAreRefusedWithTheReason() async throws {
        let (_, shards) = try await wholeAndShards(3)
        func message(_ sources: [ReportMerger.Source]) -> String? {
            do {
                _ = try ReportMerger.merge(sources)
                return nil
            } catch {
                #expect(error.code == .reportConflict)
                return error.message
            }
        }
        #expect(message([shards[0], shards[1]]) == "cannot merge the reports: shard 3/3 is missing")
        // A report that says it is shard 1 of 2^63 - 1: the missing ones are counted, and the first few named.
        var vast = shards[0]
        vast.report.shard = ShardCoverage(shard: try Shard(index: 1, count: .max), suiteEndpoints: 7)
        let names = (2...11).map { "\($0)/\(Int.max)" }.joined(separator: ", ")
        #expect(
            message([vast])
                == "cannot merge the reports: shards \(names) and \(Int.max - 11) more are missing")
        #expect(
            message([shards[0], shards[0], shards[1], shards[2]])
                == "cannot merge the reports: 'shard-1.json' and 'shard-1.json' are both shard 1/3")
        var renamed = shards[0]
        renamed.file = "copy.json"
        renamed.report.shard?.shard = try Shard(index: 2, count: 3)
        #expect(
            message([shards[0], renamed, shards[2]])?.hasPrefix(
                "cannot merge the reports: endpoint 'accounts/get-account' is in both 'shard-1.json' and 'copy.json'")
                == true)
        var otherSplit = shards[1]
        otherSplit.report.shard = ShardCoverage(shard: try Shard(index: 2, count: 4), suiteEndpoints: 7)
        #expect(
            message([shards[0], otherSplit, shards[2]])
                == "cannot merge the reports: 'shard-2.json' is shard 2/4 of a suite of 7 endpoints, but 'shard-1.json' is shard 1/3 of 7"
        )
        var stricter = shards[2]
        stricter.report.failOn = .warning
        #expect(
            message([shards[0], shards[1], stricter])
                == "cannot merge the reports: 'shard-3.json' fails on warning but 'shard-1.json' on breaking")
        var whole = shards[2]
        whole.report.shard = nil
        #expect(
            message([shards[0], shards[1], whole])
                == "cannot merge the reports: 'shard-1.json' is shard 1/3 but 'shard-3.json' is not a shard")
        var fewer = shards
        fewer[1].report.results.removeLast()
        #expect(
            message(fewer) == "cannot merge the reports: the shards hold 6 endpoints, but each says the suite has 7")
        #expect(message([]) == "there are no reports to merge")
    }

    @Test func readerErrorsSayWhatIsWrong() {
        func message(_ text: String) -> String? {
            do {
                _ = try JSONReportReader().report(from: TestSuites.json(text), file: "r.json")
                return nil
            } catch {
                return error.message
            }
        }
        #expect(
            message(#"{"format": "contract-recording/1"}"#)
                == "unsupported format 'contract-recording/1'; this version reads contract-report/1")
        #expect(
            message(#"{"format": "contract-report/1", "failOn": "fatal", "endpoints": []}"#)
                == "'failOn' is 'fatal'; expected breaking, warning or info")
        #expect(
            message(
                #"{"format": "contract-report/1", "failOn": "info", "endpoints": [{"id": "a/b", "spec": "x", "recording": "r", "findings": []}]}"#
            )
                == "'endpoints[0].spec' must be file:line:col, found 'x'")
        #expect(message(#"{"format": "contract-report/1", "failOn": "info", "endpoints": []}"#) == nil)
    }

    @Test func readerErrorsPointAtTheValueInTheFile() throws {
        // Read from a file, an error points at the value it is about, or at the object that lacks a member.
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func location(_ text: String) throws -> String? {
            let path = folder + "/r.json"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            do {
                _ = try JSONReportReader().read(from: path)
                return nil
            } catch {
                return error.location.map { "\($0.line):\($0.column) \(error.message)" }
            }
        }
        let head = #"{"format": "contract-report/1", "failOn": "info","#
        let endpoint = #"{"id": "a/b", "spec": "x.yaml:1:1", "recording": "r", "findings": ["#
        #expect(
            try location(#"{"format": "contract-report/2"}"#)
                == "1:12 unsupported format 'contract-report/2'; this version reads contract-report/1")
        #expect(
            try location(head + "\n \"endpoints\": [\n  " + endpoint + "]},\n  {\"id\": 7}]}")
                == "4:10 'endpoints[1].id' must be a string")
        #expect(
            try location(head + "\n \"endpoints\": [\n  " + endpoint + "\n   {\"kind\": \"x\", \"severity\": 1}]}]}")
                == "4:30 'endpoints[0].findings[0].severity' must be a string")
        #expect(
            try location(head + "\n \"endpoints\": [\n  {\"id\": \"a/b\"}]}")
                == "3:3 'endpoints[0].spec' must be a string")
    }

    @Test func jsonPathsReadBackAsWritten() {
        let paths: [JSONPath] = [
            .root, JSONPath(components: [.key("users"), .index(3), .key("first_name")]),
            JSONPath(components: [.key("first name"), .key("a\"b\\c"), .index(0), .key("1")]),
        ]
        for path in paths { #expect(JSONPath(parsing: path.description) == path) }
        for bad in ["", "users", "$.", "$[x]", "$[\"open", "$..a"] { #expect(JSONPath(parsing: bad) == nil) }
    }
}
