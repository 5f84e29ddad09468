import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A history on a disk that fills up: appending says the disk is full (SQLite says only "disk I/O error" when its
/// WAL or shared memory cannot grow) and changes nothing; showing the history still works. The disk is a small
/// tmpfs, so the test runs where mounting one is allowed (as root, as in CI's container) and is skipped elsewhere.
@Suite(.serialized, .enabled(if: SmallDisk.canMount))
struct HistoryOnAFullDiskTests {
    @Test func appendingToAFullDiskSaysSoAndShowingTheHistoryStillWorks() throws {
        let disk = try SmallDisk(kilobytes: 512)
        defer { disk.remove() }
        let path = try HistoryFileProblemsTests.history(at: disk.folder + "/history.sqlite")
        disk.fill()
        let before = FileManager.default.contents(atPath: path)

        let error = try #require(throws: ContractError.self) {
            let store = try HistoryStore(path: path)
            _ = try store.append(
                HistoryReports.report(["a/b": [HistoryReports.finding("a/b", .typeMismatch, at: "$[4].id")]]),
                run: HistoryReports.run(day: 4))
        }
        #expect(error.message.hasPrefix("cannot write the history file '\(path)': the disk is full"), "\(error)")
        #expect(error.hint?.hasPrefix("nothing was written; free some space") == true, "\(error)")
        #expect(FileManager.default.contents(atPath: path) == before, "left as it was")

        let reader = try HistoryStore(path: path, create: false, readOnly: true)
        let timeline = try reader.timeline(.suite, environment: nil, since: nil)
        #expect(timeline.runs.count == 3)
    }
}

/// A tmpfs of a few hundred kilobytes, mounted in a temporary folder.
struct SmallDisk {
    let folder: String

    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk(kilobytes: 64) else { return false }
        disk.remove()
        return true
    }()

    init(kilobytes: Int) throws {
        folder = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let status = try ExternalTool.status(
            "/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder])
        guard status == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            throw POSIXError(.EPERM)
        }
    }

    /// Writes a file until the disk has no room left.
    func fill() {
        let descriptor = open(folder + "/filler", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        // A last few bytes, for a partly filled page.
        while write(descriptor, block, 1) > 0 {}
    }

    func remove() {
        _ = try? ExternalTool.status("/bin/umount", [folder])
        try? FileManager.default.removeItem(atPath: folder)
    }
}
