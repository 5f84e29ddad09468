import ArgumentParser
import ContractKit
import Foundation

/// Where the specs live and which endpoints to take.
struct SpecSelection: ParsableArguments {
    @Option(name: .long, help: "The folder of YAML specs (or one spec file).")
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

    @Option(name: .long, help: "The folder of recordings, as <spec>/<endpoint>.json.")
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
        FileHandle.standardError.write(Data(line.utf8))
    }

    static func output(_ text: String) {
        if let capture { return capture.append(text, toError: false) }
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static var colorEnabled: Bool {
        guard ProcessInfo.processInfo.environment["NO_COLOR"].map({ $0.isEmpty }) ?? true else { return false }
        guard ProcessInfo.processInfo.environment["TERM"] != "dumb" else { return false }
        return isatty(STDOUT_FILENO) != 0
    }
}
