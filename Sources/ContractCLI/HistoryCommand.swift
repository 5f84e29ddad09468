import ArgumentParser
import ContractKit
import Foundation

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Show the timeline a history file keeps: the runs, and each drift's first and last sighting.",
        discussion: """
            Reads the SQLite file that `verify --history FILE` and `check --history FILE` append to. By default the \
            whole suite; --endpoint ID for one endpoint, --fingerprint FP for one drift. A drift is flapping when it \
            went away and came back (two or more separate streaks of runs, counted per environment). --format csv writes a line a run: the \
            run's counts for the suite, the endpoint's own status and findings for --endpoint, whether the drift was \
            there for --fingerprint.

            Exit codes: 0 shown; 2 the file cannot be read or is not a history; 64 usage error.
            """
    )

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The history file (default: $CONTRACT_HISTORY, then 'history:' in the defaults of the specs in --specs).",
            valueName: "file"))
    var history: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Without --history or $CONTRACT_HISTORY: the specs whose 'history:' setting names the file.",
            valueName: "folder"), transform: PathOption.nonEmpty)
    var specs = "Specs"

    @Option(name: .customLong("env"), help: ArgumentHelp("Only the runs of this environment.", valueName: "label"))
    var environment: String?

    // .unconditional: `--since -5d` is a value, not an unknown flag.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Only runs since this day (2026-11-01, UTC) or this long ago (30d, 12w; -30d means the same).",
            valueName: "when"))
    var since: String?

    @Option(name: .long, help: ArgumentHelp("The timeline of one endpoint.", valueName: "id"))
    var endpoint: String?

    @Option(name: .long, help: ArgumentHelp("The timeline of one drift.", valueName: "fingerprint"))
    var fingerprint: String?

    @Option(name: .long, help: "The output format: text, json, csv or html.")
    var format: HistoryTimelineRenderer.Format = .text

    @Option(
        name: .long, help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
        transform: PathOption.nonEmpty)
    var output: String?

    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Delete the runs older than this (180d, 26w) and compact the file, then show what is left.",
            valueName: "age"))
    var prune: String?

    func validate() throws {
        guard ParseOrder.validates else { return }
        try HistoryOptions.validate(given: history)
        if HistoryOptions.path(given: history) == nil, !FileManager.default.fileExists(atPath: specs) {
            throw HistoryCommand.noHistory
        }
        if endpoint != nil, fingerprint != nil { throw ValidationError("pass --endpoint or --fingerprint, not both") }
        if let since, HistoryCommand.day(since) == nil {
            if HistoryCommand.looksLikeAge(since) {
                throw ValidationError(
                    "--since '\(since)': an age of at most \(HistoryCommand.maximumDays) days (100 years) is allowed")
            }
            throw ValidationError(
                "--since '\(since)' is neither a day that exists (2026-11-01) nor an age (30d, 12w)"
                    + (since.hasPrefix("--") ? "; it needs a value before the next option" : ""))
        }
        if let prune, !prune.hasPrefix("--"), prune.hasPrefix("-") {
            // Unlike --since, a sign here would read as find's "-mtime -5" (newer than), the opposite of what pruning
            // deletes; and nothing pruned can be recovered.
            throw ValidationError(
                "--prune '\(prune)': write the age without a sign; --prune \(prune.dropFirst()) deletes the runs that started more than \(prune.dropFirst()) ago"
            )
        }
        if let prune, HistoryCommand.age(prune) == nil {
            if HistoryCommand.looksLikeAge(prune) {
                throw ValidationError(
                    "--prune '\(prune)': an age of at most \(HistoryCommand.maximumDays) days (100 years) is allowed")
            }
            throw ValidationError(
                "--prune '\(prune)' is not an age such as 180d or 26w"
                    + (prune.hasPrefix("--") ? "; it needs a value before the next option" : ""))
        }
    }

    static let noHistory = ValidationError(
        "pass the history file with --history FILE (or set CONTRACT_HISTORY, or 'history:' in the defaults of the specs in --specs)"
    )

    /// `2026-11-01`, or an age (`30d`, `12w`) counted back from now, as the first instant to keep.
    static func day(_ text: String, now: Date = Date()) -> String? {
        if let seconds = age(text) { return ISO8601.utcSeconds(now.addingTimeInterval(-seconds)) }
        guard CalendarDate(text) != nil else { return nil }
        return text + "T00:00:00Z"
    }

    /// The longest age `--since` and `--prune` take: 100 years, so the cutoff is always a real date.
    static let maximumDays = 36_500

    /// A count followed by `d` or `w`, whatever its size; a leading `-` (`-5d`, as in `find -mtime -5`) is allowed
    /// and changes nothing: an age always counts back from now.
    static func looksLikeAge(_ text: String) -> Bool {
        guard let unit = text.last, unit == "d" || unit == "w" else { return false }
        let digits = (text.hasPrefix("-") ? text.dropFirst() : Substring(text)).dropLast()
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// `180d` or `26w` in seconds; nil beyond ``maximumDays``.
    static func age(_ text: String) -> TimeInterval? {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard looksLikeAge(text), let count = Int(unsigned.dropLast()) else { return nil }
        let (days, overflow) = count.multipliedReportingOverflow(by: text.last == "w" ? 7 : 1)
        guard !overflow, days <= maximumDays else { return nil }
        return TimeInterval(days) * 86_400
    }

    func run() async throws {
        let suite = try HistoryOptions.suiteForSetting(given: history, specs: specs)
        guard let path = HistoryOptions.path(given: history, suite: suite) else { throw HistoryCommand.noHistory }
        if let output { try ReportOutput.refuse(output, flag: "--output", writing: "the timeline", overHistory: path) }
        do {
            let store = try HistoryStore(path: path, create: false, readOnly: prune == nil)
            if let prune, let seconds = HistoryCommand.age(prune) {
                let cutoff = ISO8601.utcSeconds(Date().addingTimeInterval(-seconds))
                let removed = try store.prune(before: cutoff, environment: environment)
                let scope = environment.map { " in \($0) (the other environments were left as they are)" } ?? ""
                if removed.isEmpty { Console.error("pruned no runs that started before \(cutoff)\(scope)") }
                for (name, runs) in removed {
                    Console.error("pruned \(runs) run\(runs == 1 ? "" : "s") of \(name) that started before \(cutoff)")
                }
                if !removed.isEmpty, environment != nil {
                    Console.error("the other environments were left as they are")
                }
            }
            let scope: HistoryTimeline.Scope =
                endpoint.map { .endpoint($0) } ?? fingerprint.map { .fingerprint($0) } ?? .suite
            let timeline = try store.timeline(
                scope, environment: environment, since: since.flatMap { HistoryCommand.day($0) })
            let text = HistoryTimelineRenderer.render(timeline, as: format)
            if let output {
                try ReportDirectory.write(text, to: output)
            } else {
                Console.output(text)
            }
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
    }
}

extension HistoryTimelineRenderer.Format: ExpressibleByArgument {}
