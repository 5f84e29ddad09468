import ArgumentParser
import ContractKit
import Foundation

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check recordings against the specs, offline (the default command)."
    )

    @OptionGroup var suite: SuiteOptions

    @OptionGroup var reports: ReportOutput

    @OptionGroup var history: HistoryOptions

    @Option(name: .long, help: "Fail on drift at or above this severity: breaking, warning or info.")
    var failOn: Severity = .breaking

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Verify only shard K of N (a CI matrix job): endpoints are dealt round-robin over their sorted ids.",
            valueName: "K/N"))
    var shard: String?

    func validate() throws {
        guard ParseOrder.validates else { return }
        if let shard {
            do {
                _ = try Shard(parsing: shard)
            } catch {
                throw ValidationError("--shard: \(error.message); \(error.hint ?? "")")
            }
        }
    }

    func run() async throws {
        let startedAt = Date()
        let clock = ContinuousClock.now
        let loaded = try suite.selection.loadSuite()
        try history.requireHistory(for: loaded)
        try reports.requireNoClash(
            history: HistoryOptions.path(given: history.history, suite: loaded),
            inputs: [("the specs", suite.selection.specs), ("the recordings", suite.recordings)])
        let endpoints = try suite.selection.selectedEndpoints(of: loaded)
        try RegisteredModels.requireResolvable(endpoints)
        try suite.requireRecordingsFolder()
        let verifier = Verifier(
            suite: loaded, options: .init(recordingsDirectory: suite.recordings), models: RegisteredModels.registry)
        let part = try shard.map { text throws(ContractError) in try Shard(parsing: text) }
        var report = await verifier.verify(part.map { $0.select(endpoints, id: \.id) } ?? endpoints, failOn: failOn)
        if let part { report.shard = ShardCoverage(shard: part, suiteEndpoints: endpoints.count) }

        report = try history.record(
            report, startedAt: startedAt, duration: .now - clock, specs: suite.selection.specs, suite: loaded,
            output: reports)

        try reports.emit(report)
        if history.fails(report) { throw ExitCode(1) }
    }
}
