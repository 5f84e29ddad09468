import ArgumentParser
import ContractKit
import Foundation

struct VerifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check recordings against the specs, offline (the default command)."
    )

    @OptionGroup var suite: SuiteOptions

    @Option(name: .long, help: "The report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

    @Option(name: .long, help: "Write the report to this file (the text report still goes to standard output).")
    var output: String?

    @Option(name: .long, help: "Fail on drift at or above this severity: breaking, warning or info.")
    var failOn: Severity = .breaking

    func run() async throws {
        let loaded = try suite.loadSuite()
        let endpoints = try suite.selectedEndpoints(of: loaded)
        try RegisteredModels.requireResolvable(endpoints)
        let verifier = Verifier(suite: loaded, options: .init(recordingsDirectory: suite.recordings), models: RegisteredModels.registry)
        let report = await verifier.verify(endpoints, failOn: failOn)

        if let output {
            let rendered = format.renderer(color: false).render(report)
            do {
                try ReportFile.write(rendered, to: output)
            } catch {
                Console.error(error.description)
                throw ExitCode(2)
            }
            Console.output(TextReportRenderer(color: Console.colorEnabled).render(report))
        } else {
            Console.output(format.renderer(color: format == .text && Console.colorEnabled).render(report))
        }
        if report.hasFailures { throw ExitCode(1) }
    }
}

/// Writes reports atomically, creating folders as needed.
enum ReportFile {
    static func write(_ text: String, to path: String) throws(ContractError) {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url, options: .atomic)
        } catch {
            throw ContractError(.io, "cannot write the report to '\(path)': \(error.localizedDescription)")
        }
    }
}
