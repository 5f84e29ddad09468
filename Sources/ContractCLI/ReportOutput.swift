import ArgumentParser
import ContractKit
import Foundation

/// Where a report goes: standard output in one format, a file, and a folder of every format. Shared by
/// `verify`, `check` and `report merge`, so the three take the same flags.
struct ReportOutput: ParsableArguments {
    @Option(name: .long, help: "The report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(
        name: .long, help: "Write the report to this file (the text report still goes to standard output).",
        transform: PathOption.nonEmpty)
    var output: String?

    @Option(
        name: .customLong("report-dir"),
        help: ArgumentHelp(
            "Also write report.txt, report.json, report.xml (JUnit), report.md and report.html into this folder.",
            valueName: "dir"), transform: PathOption.nonEmpty)
    var reportDirectory: String?

    /// What a run reads, that no report may be written over or into: what it is, as a message names it (`the
    /// specs`), and its path, a file or a folder.
    typealias Input = (what: String, path: String)

    /// Refuses outputs that would write over each other, over the history file (`history`) or over what the run
    /// reads (`inputs`): `--output` naming the history (the report replaced the database), a spec or a recording
    /// (the next run failed on a Markdown report where the spec was), the one report a merge reads, or a
    /// `--report-dir` file of another format (`report.xml` left holding HTML, which a CI's JUnit parser then
    /// rejects). A usage error, before anything is written.
    func requireNoClash(history: String?, inputs: [Input] = []) throws {
        var files: [(flag: String, path: String, format: ReportFormat)] = []
        if let output { files.append(("--output", output, format)) }
        if let reportDirectory {
            for format in ReportFormat.allCases {
                if let path = ReportDirectory.path(of: format, in: reportDirectory) {
                    files.append(("--report-dir", path, format))
                }
            }
        }
        let identities = files.map { Self.identity(of: $0.path) }
        if let history, let index = identities.firstIndex(of: Self.identity(of: history)) {
            throw Self.overHistory(flag: files[index].flag, writing: "the report", history: history)
        }
        if let history { try Self.requireHistory(history, outside: inputs) }
        for input in inputs {
            let read = Self.identity(of: input.path)
            for (file, identity) in zip(files, identities) where identity == read || identity.hasPrefix(read + "/") {
                let (given, written) =
                    file.flag == "--output" ? (file.path, "the report") : (reportDirectory ?? file.path, "reports")
                throw LateUsageError(
                    message:
                        "\(file.flag) \(given) would write \(written) \(identity == read ? "over" : "into") \(input.what) \(input.path), which this run reads; give \(file.flag) \(identity == read ? "another path" : "a path outside it")"
                )
            }
        }
        guard output != nil else { return }
        for index in identities.indices.dropFirst()
        where identities[index] == identities[0] && files[index].format != format {
            throw LateUsageError(
                message:
                    "--output \(files[0].path) is the file --report-dir writes the \(files[index].format.rawValue) report to, and --format is \(format.rawValue); give --output another path"
            )
        }
    }

    /// Refuses a history file that is what the run reads, or inside a folder of it under a name the run reads
    /// (`.yaml`, `.yml`, `.json`): an SQLite file named `Specs/history.yaml` is read by the next run as a spec that is
    /// not UTF-8, whose hint (convert it with iconv) would destroy the history.
    static func requireHistory(_ history: String, outside inputs: [Input]) throws {
        let file = identity(of: history)
        let isRead = ["yaml", "yml", "json"].contains((file as NSString).pathExtension.lowercased())
        for input in inputs {
            let read = identity(of: input.path)
            guard file == read || (isRead && file.hasPrefix(read + "/")) else { continue }
            throw LateUsageError(
                message:
                    "the history file \(history) is \(file == read ? "" : "inside ")\(input.what) \(input.path), which this run reads; keep the history outside it (set --history, CONTRACT_HISTORY or 'history:' to a path such as contract-history.sqlite beside the specs folder)"
            )
        }
    }

    /// Refuses `path` (given as `flag`) when it is the history file `history`: `what` would be written over it.
    static func refuse(_ path: String, flag: String, writing what: String, overHistory history: String?) throws {
        guard let history, identity(of: path) == identity(of: history) else { return }
        throw overHistory(flag: flag, writing: what, history: history)
    }

    private static func overHistory(flag: String, writing what: String, history: String) -> LateUsageError {
        LateUsageError(
            message: "\(flag) would write \(what) over the history file \(history); give \(what) another path")
    }

    /// A path as the file it names: the file a link leads to, in a folder written without `.`, `..` or links.
    static func identity(of path: String) -> String {
        if let resolved = FilePaths.resolved(path) { return resolved }
        let url = URL(fileURLWithPath: path)
        guard let folder = FilePaths.resolved(url.deletingLastPathComponent().path) else {
            return url.standardizedFileURL.path
        }
        return folder + "/" + url.lastPathComponent
    }

    /// Writes the report as asked; exits 2 when a file cannot be written, once every other output is written.
    ///
    /// With `--output`, the chosen format goes to the file and the text report to standard output; otherwise the
    /// chosen format goes to standard output. `--report-dir` writes every file format besides. A file that cannot
    /// be written costs only itself: the standard output and the other files are still written.
    func emit(_ report: VerificationReport) throws {
        var failures: [ContractError] = []
        if let reportDirectory {
            do throws(ContractErrors) {
                try ReportDirectory.write(report, to: reportDirectory)
            } catch {
                failures += error.errors
            }
        }
        if let output {
            do throws(ContractError) {
                try ReportDirectory.write(format.renderer(color: false).render(report), to: output)
            } catch {
                failures.append(error)
            }
            Console.output(TextReportRenderer(color: Console.colorEnabled).render(report))
        } else {
            Console.output(format.renderer(color: format == .text && Console.colorEnabled).render(report))
        }
        guard failures.isEmpty else {
            for failure in failures { Console.error(failure.description) }
            throw ExitCode(2)
        }
    }
}

/// A usage error a command finds in `run()`, once the specs are read (they may name the history);
/// ``ContractCLI/main(models:)`` says it and exits 64, without a usage line: it is about paths the options name
/// together, not how the command is written.
struct LateUsageError: Error {
    let message: String
}
