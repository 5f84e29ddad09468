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

    /// A path splits at its last `/` byte, as the system splits it: a combining mark after the slash does not hide it.
    @Test func aPathSplitsAtItsLastSlashByte() {
        #expect(AtomicFile.name(of: "Recordings/users/list.json") == "list.json")
        #expect(AtomicFile.folder(of: "Recordings/users/list.json") == "Recordings/users")
        #expect(AtomicFile.name(of: "/list.json") == "list.json")
        #expect(AtomicFile.folder(of: "/list.json") == "/")
        #expect(AtomicFile.name(of: "list.json") == "list.json")
        #expect(AtomicFile.folder(of: "list.json") == ".")
        #expect(AtomicFile.name(of: "é/\u{301}x.json") == "\u{301}x.json")
        #expect(AtomicFile.folder(of: "é/\u{301}x.json") == "é")
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

    #if os(Linux)
    @Test func aFileOlderThanTheProcessWithItsIdIsRemoved() throws {
        // The writer was killed and its id reused by a process started since (in a container, every run is
        // process 1): the process's start, from /proc, tells the files apart.
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["30"]
        try sleeper.run()
        defer { sleeper.terminate() }
        let started = try #require(AtomicFile.processStart(sleeper.processIdentifier))
        #expect(abs(started - Date().timeIntervalSince1970) < 30, "\(started)")
        let mine = try #require(AtomicFile.processStart(getpid()))
        let hourAgo = timeval(tv_sec: Int(Date().timeIntervalSince1970) - 3600, tv_usec: 0)
        var leftovers: [String] = []
        for (pid, old) in [(sleeper.processIdentifier, true), (sleeper.processIdentifier, false), (getpid(), true)] {
            let path = folder + "/.f\(leftovers.count).json.contract-tmp-\(pid)"
            _ = FileManager.default.createFile(atPath: path, contents: Data("half".utf8))
            if old {
                #expect(utimes(path, [hourAgo, hourAgo]) == 0)
            }
            leftovers.append(path)
        }
        AtomicFile.removeAbandoned(in: folder)
        let left = leftovers.map { FileManager.default.fileExists(atPath: $0) }
        #expect(left == [false, true, Date().timeIntervalSince1970 - mine >= 3600 - 600], "\(left)")
    }
    #endif

    /// The temporary file of a name whose own file fits in 255 bytes fits too: the name's start and a hash of the
    /// whole, so that two long names with one start still get two files, and the next process still sweeps it.
    @Test func theTemporaryFileOfALongNameFitsInAFileName() throws {
        let short = AtomicFile.temporaryName(for: "users.json", suffix: "-7")
        #expect(short == ".users.json.contract-tmp-\(getpid())-7")
        let long = String(repeating: "n", count: 245) + ".json"
        let other = String(repeating: "n", count: 244) + "o.json"
        let accented = String(repeating: "\u{E9}", count: 125) + ".json"
        let names = [long, other, accented].map { AtomicFile.temporaryName(for: $0, suffix: "-123456") }
        for name in names {
            #expect(name.utf8.count <= 255, "\(name.utf8.count) bytes")
            #expect(name.hasPrefix(".nnnn") || name.hasPrefix(".\u{E9}"), "\(name)")
            #expect(name.hasSuffix(AtomicFile.marker + "\(getpid())-123456"), "\(name)")
        }
        #expect(Set(names).count == 3, "\(names)")

        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = try Self.deadProcessID()
        let leftover = names[0].replacingOccurrences(
            of: AtomicFile.marker + "\(getpid())-123456", with: AtomicFile.marker + "\(dead)")
        _ = FileManager.default.createFile(atPath: folder + "/" + leftover, contents: Data("half".utf8))
        try AtomicFile.write(Data("new\n".utf8), to: folder + "/" + long)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [long], "the leftover is swept")
    }
}
