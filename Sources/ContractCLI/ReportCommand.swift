import ArgumentParser
import ContractKit
import Foundation

struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with JSON reports: merge the reports of CI shards into one.",
        subcommands: [ReportMergeCommand.self]
    )
}

struct ReportMergeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine the JSON reports of a sharded run (verify --shard K/N) into one report, in any format.",
        discussion: """
            Each report is a contract-report/1 file, as written by `verify --format json --output FILE` or as report.json \
            by --report-dir. Shards must come from one run: the same --fail-on, the same N, every shard present, no \
            endpoint twice. A single report can be passed too, to render it in another format. With --history FILE \
            the merged report is appended to the history as one run (the shards then need no --run-id).

            Exit codes: 0 the merged report has no failures; 1 it has; 2 the reports cannot be read or do not belong \
            together; 64 usage error.
            """
    )

    @Argument(help: ArgumentHelp("The shards' JSON reports.", valueName: "report.json"), transform: PathOption.nonEmpty)
    var reports: [String]

    @OptionGroup var output: ReportOutput

    @OptionGroup var history: HistoryOptions

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With a history: the specs folder whose git commit and branch the run records, and whose 'history:' setting names the file when --history is not given (default: Specs).",
            valueName: "folder"))
    var specs = "Specs"

    func validate() throws {
        guard ParseOrder.validates else { return }
        if reports.isEmpty {
            throw ValidationError("pass at least one JSON report, such as shard-1/report.json shard-2/report.json")
        }
    }

    func run() async throws {
        var merged: VerificationReport
        do {
            var sources: [ReportMerger.Source] = []
            for file in reports { sources.append((file, try JSONReportReader().read(from: file))) }
            merged = try ReportMerger.merge(sources)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        // With --history the merged report is appended as one run: the alternative to every shard passing --run-id.
        // The merge needs no specs: ones with errors (reported by the shards' runs) only have no setting to give.
        let suite = try HistoryOptions.suiteForSetting(given: history.history, specs: specs, strict: false)
        try history.requireHistory(for: suite)
        try output.requireNoClash(
            history: HistoryOptions.path(given: history.history, suite: suite),
            inputs: reports.map { ("the report", $0) })
        merged = try history.record(
            merged, startedAt: Date(), duration: .zero, specs: specs, suite: suite, output: output)
        try output.emit(merged)
        if history.fails(merged) { throw ExitCode(1) }
    }
}
