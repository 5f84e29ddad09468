import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// The examples in README.md and docs/ stay true: spec examples load, report excerpts are what the report prints,
/// the recording example reads.
@Suite struct DocumentationExamplesTests {
    struct Block: CustomStringConvertible {
        var file: String
        var language: String
        var text: String
        var description: String { "\(file) (\(language)): \(text.prefix(40))…" }
    }

    static let blocks: [Block] = {
        let root = Fixtures.repositoryRoot
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        let files = ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        var blocks: [Block] = []
        for file in files {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                continue
            }
            var current: Block?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") {
                    if let block = current {
                        blocks.append(block)
                        current = nil
                    } else {
                        current = Block(file: file, language: String(line.dropFirst(3)), text: "")
                    }
                } else if current != nil {
                    current!.text += line + "\n"
                }
            }
        }
        return blocks
    }()

    @Test func theDocumentationHasExamples() {
        #expect(Self.blocks.filter { $0.language == "yaml" }.count >= 2)
        #expect(Self.blocks.contains { $0.text.hasPrefix("FAIL ") })
    }

    @Test(arguments: blocks.filter { $0.language == "yaml" && $0.text.contains("endpoints:") })
    func everySpecExampleLoads(_ block: Block) throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try block.text.write(toFile: directory + "/users.yaml", atomically: true, encoding: .utf8)
        do {
            let suite = try SpecLoader().load(directory: directory)
            #expect(!suite.endpoints.isEmpty)
        } catch {
            Issue.record("\(block.file): \(error)")
        }
    }

    /// A `defaults: { history: ... }` example loads beside a spec, and names the file it says it does.
    @Test(
        arguments: blocks.filter {
            $0.language == "yaml" && $0.text.contains("defaults:\n  history:") && !$0.text.contains("endpoints:")
        })
    func everyHistorySettingExampleLoads(_ block: Block) throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/Specs", withIntermediateDirectories: false)
        try block.text.write(toFile: directory + "/Specs/settings.yaml", atomically: true, encoding: .utf8)
        try "endpoints:\n  list: { request: GET /users, expect: { body: [String] } }\n".write(
            toFile: directory + "/Specs/users.yaml", atomically: true, encoding: .utf8)
        let suite = try SpecLoader().load(directory: directory + "/Specs")
        #expect(suite.history?.path == directory + "/.contract/history.sqlite", "\(block.file)")
    }

    /// A report excerpt is the golden text report's own lines, in order (`...` stands for lines left out).
    @Test(arguments: blocks.filter { $0.language == "text" && $0.text.hasPrefix("FAIL ") })
    func everyReportExcerptIsWhatTheReportPrints(_ block: Block) throws {
        let golden = try String(
            contentsOf: Fixtures.url("Golden/reports/drifted-suite.txt"), encoding: .utf8
        ).split(separator: "\n", omittingEmptySubsequences: false)
        var index = golden.startIndex
        for line in block.text.split(separator: "\n") where line != "..." && !line.hasPrefix("…") {
            guard let found = golden[index...].firstIndex(of: line) else {
                Issue.record("\(block.file): '\(line)' is not in the text report (in this order)")
                return
            }
            index = found + 1
        }
    }

    @Test(arguments: blocks.filter { $0.language == "json" && $0.text.contains("contract-recording/1") })
    func everyRecordingExampleReads(_ block: Block) throws {
        let recording = try Recording(json: JSONParser().parse(block.text), file: block.file)
        #expect(recording.endpoint.contains("/"))
    }
}
