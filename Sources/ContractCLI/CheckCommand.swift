import ArgumentParser
import ContractKit
import Foundation

struct CheckCommand: AsyncParsableCommand {
    /// Where `check` records unless told otherwise: beside the baseline, never over it.
    static let defaultFolder = ".contract/check-recordings"

    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Record live responses, then verify them: the nightly job.",
        discussion: """
            Records every selected endpoint into --into (default \(CheckCommand.defaultFolder), so the committed \
            baseline in --recordings is not touched), then verifies those fresh recordings against the specs and \
            prints the report. An endpoint whose request failed is reported as request-failed.

            Exit codes: 0 no drift at or above --fail-on; 1 drift; 2 a request failed or the run could not be done; \
            64 usage error.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var live: LiveRequestOptions

    @Option(
        name: .long,
        help: ArgumentHelp("Record into this folder (default: \(CheckCommand.defaultFolder)).", valueName: "folder"),
        transform: PathOption.nonEmpty)
    var into: String?

    @Flag(name: .long, help: "Record into the baseline (--recordings) itself, updating it.")
    var updateBaseline = false

    @OptionGroup var reports: ReportOutput

    @OptionGroup var history: HistoryOptions

    @Option(name: .long, help: "Fail on drift at or above this severity: breaking, warning or info.")
    var failOn: Severity = .breaking

    func validate() throws {
        guard ParseOrder.validates else { return }
        if updateBaseline, let into, into != suite.recordings {
            throw ValidationError(
                "--update-baseline records into --recordings (\(suite.recordings)); it cannot be combined with --into \(into)"
            )
        }
    }

    /// The folder recorded into.
    var folder: String { updateBaseline ? suite.recordings : (into ?? CheckCommand.defaultFolder) }

    func run() async throws {
        let startedAt = Date()
        let clock = ContinuousClock.now
        #if os(Linux)
        CurlTransport.prepareInBackground()
        // Every way out, a bad spec included, waits for it: a run that sends requests has waited already.
        defer { CurlTransport.waitForPreparation() }
        #endif
        let loaded = try suite.selection.loadSuite(done: "recorded")
        try history.requireHistory(for: loaded)
        try reports.requireNoClash(
            history: HistoryOptions.path(given: history.history, suite: loaded),
            inputs: [
                ("the specs", suite.selection.specs), ("the recordings", suite.recordings),
                ("the recordings", folder),
            ])
        let endpoints = try suite.selection.selectedEndpoints(of: loaded)
        try RegisteredModels.requireResolvable(endpoints)
        let check = LiveCheck(
            suite: loaded, recorder: live.recorder(into: folder, mode: .all),
            models: RegisteredModels.registry)
        let view = RecordProgressView.standardError(endpointIDs: endpoints.map(\.id))
        var (run, report) = await check.run(endpoints, failOn: failOn) { view.handle($0) }
        view.finish()
        Console.error(RecordCommand.summaryLine(run))

        report = try history.record(
            report, startedAt: startedAt, duration: .now - clock, specs: suite.selection.specs, suite: loaded,
            output: reports)

        try reports.emit(report)
        if run.hasFailures { throw ExitCode(2) }
        if history.fails(report) { throw ExitCode(1) }
    }
}
