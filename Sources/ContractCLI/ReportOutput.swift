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
