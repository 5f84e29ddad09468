import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A report path a user names may be a device, a pipe or a link: each is written to, never replaced by a file.
@Suite(.timeLimit(.minutes(1))) struct ReportOutputPathTests {
    static func kind(of path: String, followingLinks: Bool = false) -> mode_t {
        var info = stat()
        let found = followingLinks ? stat(path, &info) : lstat(path, &info)
        return found == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func aLinkToADeviceIsWrittenThroughAndStaysALink() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A link, not /dev/null itself: were the device replaced, the link would be, not the system's /dev/null.
        let link = folder + "/report.json"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        try ReportDirectory.write("{}\n", to: link)
        #expect(Self.kind(of: link) == S_IFLNK)
        #expect(Self.kind(of: link, followingLinks: true) == S_IFCHR)
        #expect(Self.kind(of: "/dev/null", followingLinks: true) == S_IFCHR)
    }

    @Test func aPipeIsWrittenToForItsReader() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/report.pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let text = String(repeating: "a report line\n", count: 20_000)
        // The reader opens the pipe (without waiting for a writer) before the report is written.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        let reading = Task.detached { () -> Data in
            _ = fcntl(reader, F_SETFL, O_RDONLY)
            var data = Data()
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(reader, &buffer, buffer.count)
                if count <= 0 { break }
                data.append(contentsOf: buffer[0..<count])
            }
            close(reader)
            return data
        }
        try ReportDirectory.write(text, to: pipe)
        #expect(String(decoding: await reading.value, as: UTF8.self) == text)
        #expect(Self.kind(of: pipe) == S_IFIFO)
    }

    @Test func aPipeNoProcessReadsIsAClearErrorAtOnce() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pipe = folder + "/report.pipe"
        #expect(mkfifo(pipe, 0o600) == 0)
        let error = #expect(throws: ContractError.self) { try ReportDirectory.write("{}\n", to: pipe) }
        #expect(error?.message.contains("No such device or address") == true)
        #expect(error?.hint == "no process is reading from it: start the named pipe's reader first, or write to a file")
        #expect(Self.kind(of: pipe) == S_IFIFO)
    }

    /// A link to a file replaces the file and stays a link; to a file not there yet, it makes the file, as
    /// `> report.json` does in the shell (the link was replaced by the file).
    @Test(arguments: [true, false]) func aLinkToAFileWritesTheFileAndKeepsTheLink(fileIsThere: Bool) throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/cache", withIntermediateDirectories: true)
        if fileIsThere {
            try "old\n".write(toFile: folder + "/cache/report.json", atomically: false, encoding: .utf8)
        }
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/report.json", withDestinationPath: "cache/report.json")
        try ReportDirectory.write("new\n", to: folder + "/report.json")
        #expect(Self.kind(of: folder + "/report.json") == S_IFLNK)
        #expect(try String(contentsOfFile: folder + "/cache/report.json", encoding: .utf8) == "new\n")
    }

    @Test func aLinkIntoAFolderNotThereIsAnErrorThatMakesNothing() throws {
        // As the shell's `>` fails: the kernel follows the link, and no folder is made for it.
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/report.json", withDestinationPath: "missing/report.json")
        let error = #expect(throws: ContractError.self) {
            try ReportDirectory.write("{}\n", to: folder + "/report.json")
        }
        #expect(error?.hint?.contains("a folder on the way to it is not there") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
        #expect(Self.kind(of: folder + "/report.json") == S_IFLNK)
    }

    @Test func aFolderIsRefusedAndKept() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let error = #expect(throws: ContractError.self) { try ReportDirectory.write("{}\n", to: folder) }
        #expect(error?.hint?.contains("a folder stands where the file should be") == true)
        #expect(Self.kind(of: folder) == S_IFDIR)
    }
}
