import ContractTestSupport
import Foundation
import Testing

/// A standard stream that cannot be written (a full disk, a closed descriptor) ends the run with exit 2 and a message,
/// not a crash: the report did not reach anyone.
@Suite struct StandardStreamTests {
    static func run(_ arguments: [String], output: FileHandle?, error: FileHandle?) throws -> (Int32, String) {
        let suite = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: suite) }
        let process = Process()
        process.executableURL = ContractProcess.productsDirectory.appendingPathComponent("contract")
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: suite)
        process.environment = ["NO_COLOR": "1", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]
        let errorPipe = Pipe()
        if let output { process.standardOutput = output }
        process.standardError = error ?? errorPipe.fileHandleForWriting
        try process.run()
        try? errorPipe.fileHandleForWriting.close()
        let said = error == nil ? errorPipe.fileHandleForReading.readDataToEndOfFile() : Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: said, as: UTF8.self))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func aFullStandardOutputExitsTwoWithAMessage() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (status, said) = try Self.run(["verify"], output: full, error: nil)
        #expect(status == 2)
        #expect(said.contains("error: cannot write to standard output: No space left on device"))
        #expect(said.contains("write it to a file with --output"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func aFullStandardOutputExitsTwoWhicheverWayTheCommandIsParsed() throws {
        // Bare `contract` (verify, the default) and `lint --help`-free paths that ArgumentParser parses.
        for arguments in [[], ["--specs", "Specs"]] {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            let (status, said) = try Self.run(arguments, output: full, error: nil)
            #expect(status == 2, "\(arguments)")
            #expect(said.contains("error: cannot write to standard output"), "\(arguments)")
        }
    }

    @Test func aClosedStandardOutputExitsTwoAndTheReportFileKeepsItsOwnText() throws {
        // `>&-`: descriptor 1 is closed, so the first file the run opens would be 1 without the stream held.
        let suite = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: suite) }
        let contract = ContractProcess.productsDirectory.appendingPathComponent("contract").path
        let run = try ContractProcess.run(
            ["-c", "exec \"$0\" verify --format json --output r.json --report-dir out >&-", contract],
            executable: "/bin/sh", in: suite)
        #expect(run.status == 2)
        #expect(run.standardError.contains("error: cannot write to standard output: it is closed"))
        for path in ["r.json", "out/report.json"] {
            let data = try Data(contentsOf: URL(fileURLWithPath: suite + "/" + path))
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil, "\(path) is not whole JSON")
        }
        let text = try String(contentsOfFile: suite + "/out/report.txt", encoding: .utf8)
        #expect(text.hasPrefix("PASS accounts/get-account"))
        #expect(run.standardError.contains("run it with standard output open"), "\(run.standardError)")

        // --output /dev/stdout names the stream that was closed: an error, not a report written to /dev/null.
        let named = try ContractProcess.run(
            ["-c", "exec \"$0\" verify --format json --output /dev/stdout >&-", contract],
            executable: "/bin/sh", in: suite)
        #expect(named.status == 2)
        #expect(
            named.standardError.contains("cannot write the report '/dev/stdout': Bad file descriptor"),
            "\(named.standardError)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "no /dev/full here"))
    func aFullStandardErrorExitsTwo() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        // lint passes the sample suite (exit 0) with warnings on standard error: those it could not say fail the run.
        let (status, _) = try Self.run(["lint"], output: nil, error: full)
        #expect(status == 2)
    }
}
