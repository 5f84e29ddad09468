import ContractTestSupport
import Foundation
import Synchronization
import Testing

@testable import ContractKit

/// Files written through a batch are in place, whole, once it finishes; a file that cannot take its place is reported
/// with its path and leaves nothing behind.
@Suite struct AtomicFileBatchTests {
    @Test(arguments: [true, false]) func everyFileIsInPlaceWhenTheBatchFinishes(flushing: Bool) async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = AtomicFileBatch(flushing: flushing)
        for index in 0..<200 {
            try batch.write(Array("file \(index)\n".utf8), to: folder + "/sub/\(index % 3)/\(index).json")
        }
        #expect(await batch.finish().isEmpty)
        for index in 0..<200 {
            let path = folder + "/sub/\(index % 3)/\(index).json"
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "file \(index)\n")
        }
        for sub in 0..<3 {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/sub/\(sub)")
            #expect(!names.contains { $0.contains(AtomicFile.marker) }, "no temporary file is left: \(names)")
        }
    }

    /// A flushing thread with nothing to do waits a moment for the next file rather than ending: a thousand files
    /// written one after another start a few threads, not one for most files (573 for 1,100 before).
    @Test func idleThreadsAreReusedForTheNextFiles() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let starts = Mutex(0)
        let batch = AtomicFileBatch { work in
            starts.withLock { $0 += 1 }
            return AtomicFileBatch.detachThread(work)
        }
        for index in 0..<1_000 {
            try batch.write(Array("file \(index)\n".utf8), to: folder + "/\(index % 4)/\(index).json")
        }
        #expect(await batch.finish().isEmpty)
        let started = starts.withLock { $0 }
        // At most the batch's limit while the files keep coming; a loaded machine that pauses the writer for longer
        // than a thread waits may start a few more, never hundreds.
        #expect(started >= 1 && started <= 100, "\(started) threads started for 1,000 files")
        #expect(try String(contentsOfFile: folder + "/3/999.json", encoding: .utf8) == "file 999\n")
    }

    /// A process at its limit of threads or memory cannot start one: the writer flushes its own files, and the batch
    /// still finishes with every file in place rather than waiting for a thread that never started.
    @Test(.timeLimit(.minutes(1))) func filesAreInPlaceWhenNoThreadCanBeStarted() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let starts = Mutex(0)
        let batch = AtomicFileBatch { _ in
            starts.withLock { $0 += 1 }
            return false
        }
        for index in 0..<20 {
            try batch.write(Array("file \(index)\n".utf8), to: folder + "/\(index % 2)/\(index).json")
        }
        #expect(await batch.finish().isEmpty)
        #expect(starts.withLock { $0 } > 0)
        for index in 0..<20 {
            #expect(
                try String(contentsOfFile: folder + "/\(index % 2)/\(index).json", encoding: .utf8) == "file \(index)\n"
            )
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/0")
        #expect(!names.contains { $0.contains(AtomicFile.marker) }, "no temporary file is left: \(names)")
    }

    /// Files waiting for a thread stay open (the flush then needs no second look-up of the path), but never more
    /// than ``AtomicFileBatch/maximumOpen`` of them: a disk slower than the writer must not use up the descriptors.
    @Test(.timeLimit(.minutes(1))) func filesWaitingToBeFlushedHoldFewDescriptors() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The process's descriptors open on files in this test's folder: other tests' files do not count.
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count { entry in
                let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + entry)
                return target?.hasPrefix(folder + "/") ?? false
            }
        }
        // Threads that start only when the test lets them: until then every file written waits.
        let held = Mutex<[@Sendable () -> Void]>([])
        let batch = AtomicFileBatch { work in
            held.withLock { $0.append(work) }
            return true
        }
        let before = try openDescriptors()
        for index in 0..<300 {
            try batch.write(
                [Array("{\"n\": ".utf8), Array("\(index)".utf8), Array("}\n".utf8)].flatMap { $0 },
                to: folder + "/\(index).json")
        }
        let during = try openDescriptors()
        #expect(before == 0)
        #expect(during == AtomicFileBatch.maximumOpen, "\(during) descriptors held for 300 waiting files")
        for work in held.withLock({ $0 }) { _ = AtomicFileBatch.detachThread(work) }
        #expect(await batch.finish().isEmpty)
        for index in [0, 63, 64, 299] {
            #expect(try String(contentsOfFile: folder + "/\(index).json", encoding: .utf8) == "{\"n\": \(index)}\n")
        }
        #expect(try openDescriptors() == 0, "the descriptors are closed once the files are flushed")
    }

    /// A file written in pieces holds them in order, whole (one `writev`, continued after a short write).
    @Test func aFileWrittenInPiecesHoldsThemInOrder() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = AtomicFileBatch(flushing: true)
        let pieces: [[UInt8]] = [
            Array("head ".utf8), [], Array(repeating: UInt8(ascii: "x"), count: 3 << 20), Array(" tail".utf8),
        ]
        try pieces[0].withUnsafeBytes { a in
            try pieces[1].withUnsafeBytes { b in
                try pieces[2].withUnsafeBytes { c in
                    try pieces[3].withUnsafeBytes { d in try batch.write([a, b, c, d], to: folder + "/pieces.txt") }
                }
            }
        }
        #expect(await batch.finish().isEmpty)
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder + "/pieces.txt"))) == pieces.flatMap { $0 })
    }

    @Test(arguments: [true, false]) func theLastOfSeveralWritesToOnePathWins(flushing: Bool) async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = AtomicFileBatch(flushing: flushing)
        for round in 0..<50 {
            try batch.write(Array("round \(round)\n".utf8), to: folder + "/one.json")
            try batch.write(Array("other \(round)\n".utf8), to: folder + "/other-\(round).json")
        }
        #expect(await batch.finish().isEmpty)
        #expect(try String(contentsOfFile: folder + "/one.json", encoding: .utf8) == "round 49\n")
    }

    @Test func aFileThatCannotTakeItsPlaceIsReportedAndLeavesNothing() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A non-empty folder where the file should go: the rename fails.
        try FileManager.default.createDirectory(
            atPath: folder + "/taken.json/inside", withIntermediateDirectories: true)
        let batch = AtomicFileBatch(flushing: true)
        try batch.write(Array("fine\n".utf8), to: folder + "/fine.json")
        try batch.write(Array("refused\n".utf8), to: folder + "/taken.json")
        let failures = await batch.finish()
        #expect(Array(failures.keys) == [folder + "/taken.json"])
        #expect(try String(contentsOfFile: folder + "/fine.json", encoding: .utf8) == "fine\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(names == ["fine.json", "taken.json"])
    }

    /// A batch that does not flush puts each file in place as it is written: a run killed later keeps what it wrote.
    @Test func anUnflushedFileIsInPlaceAsSoonAsItIsWritten() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let batch = AtomicFileBatch(flushing: false)
        try batch.write(Array("old\n".utf8), to: folder + "/a.json")
        try batch.write(Array("new\n".utf8), to: folder + "/a.json")
        #expect(try String(contentsOfFile: folder + "/a.json", encoding: .utf8) == "new\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.json"], "no temporary file is left")
        #expect(await batch.finish().isEmpty)
    }

    /// Not flushing, the rename happens in `write`, so its failure is thrown there, and the temporary file is removed.
    @Test func anUnflushedFileThatCannotTakeItsPlaceThrowsAndLeavesNothing() async throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(
            atPath: folder + "/taken.json/inside", withIntermediateDirectories: true)
        let batch = AtomicFileBatch(flushing: false)
        #expect(throws: POSIXError.self) { try batch.write(Array("refused\n".utf8), to: folder + "/taken.json") }
        try batch.write(Array("fine\n".utf8), to: folder + "/fine.json")
        #expect(await batch.finish().isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["fine.json", "taken.json"])
    }

    @Test func aTemporaryFileOfABatchInADeadProcessIsRemoved() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let dead = folder + "/.a.json.contract-tmp-\(try AtomicFileTests.deadProcessID())-17"
        _ = FileManager.default.createFile(atPath: dead, contents: Data("half".utf8))
        try AtomicFile.write(Data("new\n".utf8), to: folder + "/b.json")
        #expect(!FileManager.default.fileExists(atPath: dead))
    }
}

/// A new file is written without a temporary name where the system allows (Linux's unnamed files, linked into place
/// once whole), and a name its folder did not hold when first listed is not looked up again: a file another process
/// made there since is compared with, never overwritten unseen. Serialized: some of its tests switch the process's
/// ways of writing a new file and check which one was taken.
@Suite(.serialized) struct NewFileTests {
    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func aNewFileIsWholeWithTheModeARenamedFileGetsAndNothingBesideIt() async throws {
        let folder = TestSuites.temporaryDirectory() + "/new/deeper"
        defer { try? FileManager.default.removeItem(atPath: AtomicFile.folder(of: AtomicFile.folder(of: folder))) }
        let batch = AtomicFileBatch(flushing: false)
        let path = folder + "/a.json"
        #expect(!AtomicFile.mayExist(path), "the folder does not exist yet")
        let pieces = ["{\n", "  \"a\": 1\n", "}\n"].map { Array($0.utf8) }
        let written = try pieces[0].withUnsafeBytes { first in
            try pieces[1].withUnsafeBytes { second in
                try pieces[2].withUnsafeBytes { third in try batch.writeNew([first, second, third], to: path) }
            }
        }
        #expect(written)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{\n  \"a\": 1\n}\n")
        #expect(AtomicFile.mayExist(path), "written by this process: looked up next time")
        // The same mode as a file renamed into place (0644 less the umask).
        let renamed = folder + "/b.json"
        try AtomicFile.write(Data("{}".utf8), to: renamed)
        #expect(try Self.mode(path) == Self.mode(renamed))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.json", "b.json"])
        #expect(await batch.finish().isEmpty)
    }

    @Test func aFileAlreadyThereIsNeitherOverwrittenNorLeftWithCompany() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/taken.json"
        #expect(!AtomicFile.mayExist(path))
        // Another process makes the file after this one listed the folder.
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: path))
        let batch = AtomicFileBatch(flushing: false)
        let written = try Array("ours\n".utf8).withUnsafeBytes { try batch.writeNew([$0], to: path) }
        #expect(!written, "the file there is the caller's to compare with")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["taken.json"])
    }

    #if os(Linux)
    /// An unnamed file is named by its descriptor where the kernel allows, else through `/proc/self/fd`: either way
    /// it is whole when it appears, and a file already at the path is left as it is. The two ways run one after the
    /// other (they share the process's switches), and each is checked to be the way taken: neither falls back to a
    /// temporary name (which would overwrite `taken.json` unseen), and the descriptor is not given up where the kernel
    /// allows it.
    @Test func anUnnamedFileIsNamedWholeEitherWay() throws {
        let before = (
            AtomicFile.linksByDescriptor.load(ordering: .relaxed), AtomicFile.unnamedFiles.load(ordering: .relaxed)
        )
        defer {
            AtomicFile.linksByDescriptor.store(before.0, ordering: .relaxed)
            AtomicFile.unnamedFiles.store(before.1, ordering: .relaxed)
        }
        for byDescriptor in [true, false] {
            let folder = TestSuites.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            AtomicFile.linksByDescriptor.store(byDescriptor, ordering: .relaxed)
            AtomicFile.unnamedFiles.store(true, ordering: .relaxed)
            let batch = AtomicFileBatch(flushing: false)
            let text = String(repeating: "0123456789abcdef", count: 4096)
            #expect(try Array(text.utf8).withUnsafeBytes { try batch.writeNew([$0], to: folder + "/new.json") })
            #expect(try String(contentsOfFile: folder + "/new.json", encoding: .utf8) == text)
            try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: folder + "/taken.json"))
            #expect(try !Array("ours\n".utf8).withUnsafeBytes { try batch.writeNew([$0], to: folder + "/taken.json") })
            #expect(try String(contentsOfFile: folder + "/taken.json", encoding: .utf8) == "theirs\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["new.json", "taken.json"])
            let unnamed = AtomicFile.unnamedFiles.load(ordering: .relaxed)
            #expect(unnamed, "byDescriptor: \(byDescriptor)")
            let linksByDescriptor = AtomicFile.linksByDescriptor.load(ordering: .relaxed)
            if byDescriptor, Self.kernelLinksByDescriptor {
                #expect(linksByDescriptor, "the kernel allows linking by descriptor")
            }
        }
    }

    /// Where a file cannot be made without a name (an older kernel, a file system without `O_TMPFILE`, macOS), a new
    /// file is written under a temporary name and linked into place: a file another process put at the path since
    /// the folder was listed is left as it is, as an unnamed file's link leaves it, and no temporary file stays.
    @Test func aTemporaryFileIsLinkedIntoPlaceAndNeverOverAFileThere() throws {
        let before = AtomicFile.unnamedFiles.load(ordering: .relaxed)
        defer { AtomicFile.unnamedFiles.store(before, ordering: .relaxed) }
        AtomicFile.unnamedFiles.store(false, ordering: .relaxed)
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let batch = AtomicFileBatch(flushing: false)
        #expect(try Array("new\n".utf8).withUnsafeBytes { try batch.writeNew([$0], to: folder + "/new.json") })
        #expect(try String(contentsOfFile: folder + "/new.json", encoding: .utf8) == "new\n")
        try Data("theirs\n".utf8).write(to: URL(fileURLWithPath: folder + "/taken.json"))
        #expect(try !Array("ours\n".utf8).withUnsafeBytes { try batch.writeNew([$0], to: folder + "/taken.json") })
        #expect(try String(contentsOfFile: folder + "/taken.json", encoding: .utf8) == "theirs\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["new.json", "taken.json"])
    }

    /// Whether this process may link a file it opened by its descriptor: Linux 6.10 and later, or as root.
    static var kernelLinksByDescriptor: Bool {
        if geteuid() == 0 { return true }
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let numbers = release.split(separator: ".").prefix(2).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        return numbers.count == 2 && (numbers[0], numbers[1]) >= (6, 10)
    }
    #endif

    /// The recorder's no-churn promise holds for a recording another process wrote after the folder was listed: the
    /// same response leaves it untouched (its `recordedAt` too); a different one replaces it.
    @Test func aRecordingMadeSinceTheListingIsComparedWith() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func recording(_ body: String, at time: String) -> Recording {
            Recording(
                endpoint: "live/a", recordedAt: time, request: Recording.Request(method: "GET", url: "http://h/a"),
                response: Recording.Response(
                    status: 200, headers: [], durationMs: 1, body: .json(TestSuites.json(body))))
        }
        let path = folder + "/a.json"
        #expect(!AtomicFile.mayExist(path))
        // Written by "another process": bytes put there directly, after this process listed the folder.
        let elsewhere = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try recording(#"{"n": 1}"#, at: "2026-01-01T00:00:00Z").write(to: elsewhere + "/a.json")
        let before = try String(contentsOfFile: elsewhere + "/a.json", encoding: .utf8)
        try Data(before.utf8).write(to: URL(fileURLWithPath: path))
        #expect(!AtomicFile.mayExist(path))

        let batch = AtomicFileBatch(flushing: false)
        #expect(try !recording(#"{"n": 1}"#, at: "2026-02-02T00:00:00Z").write(to: path, batch: batch))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == before, "unchanged, recordedAt kept")
        #expect(try recording(#"{"n": 2}"#, at: "2026-02-02T00:00:00Z").write(to: path, batch: batch))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("2026-02-02T00:00:00Z"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["a.json"])
    }
}
