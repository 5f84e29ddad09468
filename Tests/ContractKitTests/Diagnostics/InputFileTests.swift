import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Specs, samples given to `infer` and reports given to `report merge` are read as recordings are: what stands at
/// the path instead of a file is named, a FIFO is refused rather than waited on, and a link that loops or leads
/// nowhere says so, with a hint that names the kind of file.
@Suite(.timeLimit(.minutes(1)))
struct InputFileTests {
    /// A folder holding a FIFO, a link round in a loop and a link to nothing, each named `<stem>.<suffix>`.
    static func hostileFolder(suffix: String) throws -> String {
        let folder = TestSuites.temporaryDirectory()
        #expect(mkfifo(folder + "/pipe." + suffix, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/loop." + suffix, withDestinationPath: "loop." + suffix)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/dangling." + suffix, withDestinationPath: "nowhere." + suffix)
        return folder
    }

    @Test func aSpecsFolderWithAFIFOAndBadLinksSaysWhatEachIs() throws {
        // The FIFO blocked `lint` for good, and a loop or a dangling link was "cannot read", "check that the file
        // exists and is readable".
        let folder = try Self.hostileFolder(suffix: "yaml")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let errors = #expect(throws: ContractErrors.self) { try SpecLoader().load(directory: folder) }?.errors ?? []
        #expect(
            errors.map { "\($0.message) | \($0.hint ?? "")" } == [
                "cannot read '\(folder)/dangling.yaml': it is a link to a file that does not exist | remove the link, "
                    + "or replace it with the spec itself",
                "cannot read '\(folder)/loop.yaml': it is a link that leads round in a loop | replace the link with "
                    + "the spec itself",
                "'\(folder)/pipe.yaml' is a FIFO (named pipe), not a regular file | a spec is a YAML file; remove what "
                    + "is at that path or give the spec another name",
            ])
    }

    @Test func inferSaysWhatEachSampleIsAndReadsTheOthers() throws {
        // A FIFO was "You don't have permission to access it", and a link that loops or leads nowhere "does not
        // exist".
        let folder = try Self.hostileFolder(suffix: "json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"id": 1}"#.write(toFile: folder + "/user.json", atomically: true, encoding: .utf8)
        let names = ["pipe", "loop", "dangling", "user"].map { folder + "/" + $0 + ".json" }
        let result = SampleReader().read(names)
        #expect(result.samples.map(\.endpointName) == ["user"])
        #expect(
            result.problems.map(\.message) == [
                "'\(names[0])' is a FIFO (named pipe), not a regular file",
                "cannot read '\(names[1])': it is a link that leads round in a loop",
                "cannot read '\(names[2])': it is a link to a file that does not exist",
            ])
        #expect(result.problems.first?.hint == "give recordings, HAR files, raw JSON files, or folders of them")
    }

    @Test func aHARFileThatIsAFIFOIsRefusedNotWaitedOn() throws {
        let folder = try Self.hostileFolder(suffix: "har")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = SampleReader().read([folder + "/pipe.har"])
        #expect(result.problems.map(\.message) == ["'\(folder)/pipe.har' is a FIFO (named pipe), not a regular file"])
    }

    @Test func aReportToMergeThatIsAFIFOIsRefusedNotWaitedOn() throws {
        // `report merge` blocked for good on it.
        let folder = try Self.hostileFolder(suffix: "json")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: ContractError.self) { try JSONReportReader().read(from: folder + "/pipe.json") }
        #expect(error?.message == "'\(folder)/pipe.json' is a FIFO (named pipe), not a regular file")
        #expect(error?.hint == "give JSON reports written by `--format json`")
        let loop = #expect(throws: ContractError.self) { try JSONReportReader().read(from: folder + "/loop.json") }
        #expect(loop?.hint == "replace the link with the report itself")
    }

    @Test(arguments: [
        (Data([0x61, 0x3A, 0x20, 0xE9, 0x74, 0xE9]), 1, 4),
        (Data("endpoints:\n  x:\n    request: GET /é".utf8) + Data([0xFF]), 3, 20),
        (Data("a: b\n".utf8) + Data([0xE2, 0x82]), 2, 1),
        // As the YAML loader counts: a byte order mark is no column; `\r` and `\r\n` end a line.
        (Data([0xEF, 0xBB, 0xBF]) + Data("a: ".utf8) + Data([0xE9]), 1, 4),
        (Data("a: b\rc: ".utf8) + Data([0xE9]), 2, 4),
        (Data("a: b\r\nc: d\n\ne: ".utf8) + Data([0xE9]), 4, 4),
    ])
    func aSpecThatIsNotUTF8IsBlamedWhereItStopsBeingUTF8(bytes: Data, line: Int, column: Int) throws {
        // It was blamed at 1:1, with no hint, as an I/O error (`lint` exited 2, as for a file it could not read).
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/latin1.yaml", contents: bytes))
        let errors = #expect(throws: ContractErrors.self) { try SpecLoader().load(directory: folder) }?.errors ?? []
        #expect(errors.count == 1)
        #expect(errors.first?.code == .invalidSpec)
        #expect(errors.first?.location == SourceLocation(file: folder + "/latin1.yaml", line: line, column: column))
        #expect(errors.first?.message == "the text here is not UTF-8, and a spec is read as UTF-8")
        #expect(errors.first?.hint?.hasPrefix("save the file as UTF-8") == true)
    }
}
