import ArgumentParser
import ContractKit
import Foundation
import Synchronization

/// Where the specs live and which endpoints to take.
struct SpecSelection: ParsableArguments {
    @Option(name: .long, help: "The folder of YAML specs (or one spec file).", transform: PathOption.nonEmpty)
    var specs = "Specs"

    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "Only these endpoints: ids or globs such as 'users/*', comma-separated or repeated.", valueName: "pattern"))
    var filter: [String] = []

    var patterns: [String] {
        filter.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }.filter {
            !$0.isEmpty
        }
    }

    /// Loads the suite, or prints every spec error and exits 2, saying that nothing was `done`.
    func loadSuite(done: String = "verified") throws -> SpecSuite {
        do {
            return try SpecLoader().load(directory: specs)
        } catch {
            Console.error(error.description)
            let count = error.errors.count
            Console.error(
                "\(CommandName.current): \(count) error\(count == 1 ? "" : "s") in the specs; nothing was \(done)")
            throw ExitCode(2)
        }
    }

    /// The endpoints the filter selects, or exits 2 naming the ids there are.
    func selectedEndpoints(of suite: SpecSuite) throws -> [Endpoint] {
        let selected = suite.endpoints(matching: patterns)
        if selected.isEmpty, !patterns.isEmpty {
            let ids = suite.endpoints.map(\.id)
            let suggestion =
                patterns.count == 1
                ? Suggestions.closest(to: patterns[0], in: ids).map { " Did you mean '\($0)'?" } ?? "" : ""
            Console.error(
                "\(CommandName.current): no endpoint matches --filter \(patterns.joined(separator: ",")).\(suggestion) \(Self.endpointList(suite.endpoints.map { ($0.id, $0.group) }))"
            )
            throw ExitCode(2)
        }
        return selected
    }

    /// The ids there are, for a filter that matched none: all of them when they are few; else the first
    /// `shown`, how many more, and a glob per spec file (a suite of a thousand endpoints was a screenful of ids).
    static func endpointList(_ endpoints: [(id: String, group: String)], shown: Int = 20) -> String {
        let ids = endpoints.map(\.id)
        guard ids.count > shown else { return "Endpoints: \(ids.joined(separator: ", "))" }
        var seen = Set<String>()
        let specs = endpoints.map { $0.group + "/*" }.filter { seen.insert($0).inserted }
        return "Endpoints: \(ids.prefix(shown).joined(separator: ", ")), and \(ids.count - shown) more; "
            + "each spec's: \(specs.joined(separator: ", "))"
    }
}

/// The specs, the endpoints to take, and the recordings folder.
struct SuiteOptions: ParsableArguments {
    @OptionGroup var selection: SpecSelection

    @Option(name: .long, help: "The folder of recordings, as <spec>/<endpoint>.json.", transform: PathOption.nonEmpty)
    var recordings = "Recordings"

    /// Exits 2 when the recordings folder does not exist: every endpoint would otherwise be "recording-missing",
    /// with a hint to record it, when the folder's name is only mistyped.
    func requireRecordingsFolder() throws {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: recordings, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { return }
        let folder = (recordings as NSString).deletingLastPathComponent
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        let name = (recordings as NSString).lastPathComponent
        let suggestion = exists ? nil : Suggestions.closest(to: name, in: siblings.filter { !$0.hasPrefix(".") })
        Console.error(
            ContractError(
                .io,
                "the recordings folder '\(recordings)' \(exists ? "is not a folder" : "does not exist")\(suggestion.map { "; did you mean '\($0)'?" } ?? "")",
                hint:
                    "run from the folder that holds Recordings/, pass --recordings PATH, or record with `\(CommandName.current) record`"
            ).description)
        Console.error("\(CommandName.current): nothing was verified")
        throw ExitCode(2)
    }
}

extension Severity: ExpressibleByArgument {}
extension ReportFormat: ExpressibleByArgument {}

/// Writing to the terminal; colour only on a TTY and never with NO_COLOR.
enum Console {
    /// Where the two streams go instead of the process's own, for the length of a task: tests that run a command
    /// in-process read what it says here, and keep the test log free of its messages.
    final class Capture: @unchecked Sendable {
        // @unchecked: the texts are read and written only while holding `lock`.
        private let lock = NSLock()
        private var errorText = ""
        private var outputText = ""

        init() {}

        func append(_ text: String, toError: Bool) {
            lock.lock()
            if toError { errorText += text } else { outputText += text }
            lock.unlock()
        }

        /// What went to standard error.
        var standardError: String {
            lock.lock()
            defer { lock.unlock() }
            return errorText
        }

        /// What went to standard output.
        var standardOutput: String {
            lock.lock()
            defer { lock.unlock() }
            return outputText
        }
    }

    @TaskLocal static var capture: Capture?

    static func error(_ text: String) {
        let line = text.hasSuffix("\n") ? text : text + "\n"
        if let capture { return capture.append(line, toError: true) }
        write(line, to: STDERR_FILENO)
    }

    static func output(_ text: String) {
        if let capture { return capture.append(text, toError: false) }
        write(text, to: STDOUT_FILENO)
    }

    /// The first stream that could not be written, and why (`errno`); nil while every write has gone through.
    private static let failure = Mutex<(stream: Int32, code: Int32)?>(nil)

    /// True when standard output or standard error could not be written: the run then exits 2 (``exitIfAStreamFailed()``),
    /// as its report may not have reached anyone.
    static var aStreamFailed: Bool { failure.withLock { $0 != nil } }

    /// Writes `text` to `descriptor` whole. `FileHandle.write` stops the process on an error (a full disk, a closed
    /// stream); here the first failure is noted, said on standard error when that is not the stream that failed, and
    /// later writes to that stream are dropped.
    private static func write(_ text: String, to descriptor: Int32) {
        if failure.withLock({ $0?.stream == descriptor }) { return }
        var text = text
        let code =
            // A stream closed when the process started fails as a closed stream (its /dev/null would lose it).
            FilePaths.wasClosedAtStart(descriptor)
            ? EBADF : text.withUTF8 { FilePaths.writeAll([UnsafeRawBufferPointer($0)], to: descriptor) }
        guard code != 0 else { return }
        let first = failure.withLock { noted -> Bool in
            guard noted == nil else { return false }
            noted = (descriptor, code)
            return true
        }
        if first, descriptor == STDOUT_FILENO {
            write(
                code == EBADF
                    ? "error: cannot write to standard output: it is closed\n"
                        + "  hint: the report did not reach it; run it with standard output open (`>/dev/null` to "
                        + "drop what it says, with --output FILE for the report)\n"
                    : "error: cannot write to standard output: \(String(cString: strerror(code)))\n"
                        + "  hint: the report did not reach it; check the disk or the pipe it goes to, or write it to "
                        + "a file with --output\n", to: STDERR_FILENO)
        }
    }

    /// Exits 2 when a stream could not be written; else returns.
    static func exitIfAStreamFailed() {
        if aStreamFailed { Foundation.exit(2) }
    }

    static var colorEnabled: Bool {
        guard ProcessInfo.processInfo.environment["NO_COLOR"].map({ $0.isEmpty }) ?? true else { return false }
        guard ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return false }
        return isatty(STDOUT_FILENO) != 0
    }
}
