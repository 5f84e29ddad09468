import ArgumentParser
import ContractKit
import Foundation

/// `--history`, `--env`, `--run-id` and `--fail-on-new`: appending a run to the history and judging it by what is
/// new. Shared by `verify` and `check`.
struct HistoryOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Append this run to an SQLite history file (created when missing; default: $CONTRACT_HISTORY, then 'history:' in the specs' defaults), and mark each finding new or seen since.",
            valueName: "file"))
    var history: String?

    @Option(
        name: .customLong("env"),
        help: ArgumentHelp(
            "The environment this run checks (staging, production): new and resolved compare with its previous run.",
            valueName: "label"))
    var environment: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Shards that pass the same run id (and --env) are written as one run, e.g. --run-id \"$GITHUB_RUN_ID\".",
            valueName: "id"))
    var runID: String?

    @Flag(
        name: .long,
        help:
            "Exit 1 only for failing drift that the last run of the same --env to verify its endpoint did not have (needs --history)."
    )
    var failOnNew = false

    /// The history file `--history` names (`given`), else `CONTRACT_HISTORY`; nil when neither is set.
    static func path(given history: String?) -> String? {
        if let history { return history }
        let fromEnvironment = ProcessInfo.processInfo.environment["CONTRACT_HISTORY"] ?? ""
        return fromEnvironment.isEmpty ? nil : fromEnvironment
    }

    /// The history file: `--history`, else `CONTRACT_HISTORY`, else `history:` in the specs' defaults.
    static func path(given history: String?, suite: SpecSuite?) -> String? {
        path(given: history) ?? suite?.history?.path
    }

    /// The specs at `folder`, when the history file is to come from their `history:` setting (neither `--history`
    /// nor `CONTRACT_HISTORY` given) and they are there; nil otherwise. Specs with errors are printed and exit 2
    /// when `strict`, and are passed over (nil) when not.
    static func suiteForSetting(given history: String?, specs folder: String, strict: Bool = true) throws
        -> SpecSuite?
    {
        guard path(given: history) == nil, FileManager.default.fileExists(atPath: folder) else { return nil }
        do {
            return try SpecLoader().load(directory: folder)
        } catch {
            let count = error.errors.count
            guard strict else {
                // report merge goes on without the specs (they only name the history), but says what it left out.
                Console.error(
                    "warning: \(count) error\(count == 1 ? "" : "s") in the specs ('\(folder.escapingNonPrintables())'), read for their "
                        + "'history:' setting: the report is not added to a history they may name; run "
                        + "`\(CommandName.current) lint --specs \(ShellText.argument(folder).escapingNonPrintables())` to see \(count == 1 ? "it" : "them"), or pass "
                        + "--history FILE")
                return nil
            }
            Console.error(error.description)
            Console.error(
                "\(CommandName.current): \(count) error\(count == 1 ? "" : "s") in the specs, read for their 'history:' setting; pass --history FILE to go without them"
            )
            throw ExitCode(2)
        }
    }

    /// Refuses `--history ""` (a variable that is not set, passed on): it would open a throwaway database.
    static func validate(given history: String?) throws {
        if let history, history.allSatisfy(\.isWhitespace) {
            throw ValidationError(
                "--history needs a file path, not an empty value (is the variable passed to it unset?)")
        }
    }

    func validate() throws {
        guard ParseOrder.validates else { return }
        try Self.validate(given: history)
    }

    /// Refuses `--fail-on-new`, `--env` and `--run-id` when there is no history to compare with: no `--history`,
    /// no `CONTRACT_HISTORY`, and no `history:` in `suite`'s defaults.
    func requireHistory(for suite: SpecSuite?) throws {
        guard Self.path(given: history, suite: suite) == nil else { return }
        for (flag, given) in [
            ("--fail-on-new", failOnNew), ("--env", environment != nil), ("--run-id", runID != nil),
        ]
        where given {
            throw ValidationError(
                "\(flag) needs a history to compare with: add --history FILE (or set CONTRACT_HISTORY, or 'history:' in the specs' defaults)"
            )
        }
    }

    /// Appends `report` to the history, when one is kept, and returns it marked; exits 2 when the history cannot
    /// be opened or written (the report is still printed first, so the run's verdict is not lost).
    func record(
        _ report: VerificationReport, startedAt: Date, duration: Duration, specs: String, suite: SpecSuite?,
        output: ReportOutput
    ) throws -> VerificationReport {
        guard let path = Self.path(given: history, suite: suite) else { return report }
        let revision = SpecsRevision.current(specsFolder: specs)
        let run = HistoryRun(
            startedAt: startedAt,
            durationMs: Int(
                duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000),
            gitCommit: revision.commit, gitBranch: revision.branch, environment: environment ?? "", runKey: runID)
        do {
            let store = try HistoryStore(path: path)
            return try store.append(report, run: run, beforeCommit: HistoryOptions.holdForTests)
        } catch {
            try output.emit(report)
            Console.error(error.description)
            Console.error("\(CommandName.current): the run was not added to the history")
            throw ExitCode(2)
        }
    }

    /// The exit code's verdict: any failure, or with `--fail-on-new` only new ones.
    func fails(_ report: VerificationReport) -> Bool {
        failOnNew ? report.hasNewFailures : report.hasFailures
    }

    /// For the tests that kill a process half way through writing a run, or start a second writer while the first
    /// holds the file: `CONTRACT_HISTORY_TEST_HOLD=SECONDS` waits that long inside the transaction, after saying so
    /// on standard error. Debug builds only (the tests'): a release build has no such hook.
    static func holdForTests() {
        #if DEBUG
        guard let text = ProcessInfo.processInfo.environment["CONTRACT_HISTORY_TEST_HOLD"], let seconds = Double(text)
        else { return }
        Console.error("history: holding the transaction for \(text)s")
        Thread.sleep(forTimeInterval: seconds)
        #endif
    }
}
