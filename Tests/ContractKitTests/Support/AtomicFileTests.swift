import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A write killed half-way leaves a temporary file with its process id; the next process to write into that folder
/// removes it.
@Suite struct AtomicFileTests {
    /// The id of a process that has exited.
    static func deadProcessID() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    @Test func aWriteReplacesTheFileAndRemovesWhatAKilledWriteLeft() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/sub/list-users.json"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
        let dead = folder + "/sub/.list-users.json.contract-tmp-\(try Self.deadProcessID())"
        let live = folder + "/sub/.list-users.json.contract-tmp-\(getppid())"
        let other = folder + "/sub/.other.json.contract-tmp-\(try Self.deadProcessID())"
        for leftover in [dead, live, other] {
            _ = FileManager.default.createFile(atPath: leftover, contents: Data("half".utf8))
        }

        try AtomicFile.write(Data("new\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new\n")
        #expect(!FileManager.default.fileExists(atPath: dead), "a dead writer's file is removed")
        #expect(FileManager.default.fileExists(atPath: live), "a running writer's file is left alone")
        #expect(!FileManager.default.fileExists(atPath: other), "a dead writer's file of another name goes too")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/sub")
        #expect(!names.contains { $0.hasPrefix(".list-users.json.contract-tmp-\(getpid())") }, "\(names)")
    }
}
