import ArgumentParser
import ContractKit
import Foundation

struct RecordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record live responses from a server into the recordings folder.",
        discussion: """
            Sends each endpoint's request (path parameters, query, headers and body, with ${NAME} read from the \
            environment) and writes <recordings>/<spec>/<endpoint>.json. Secrets are redacted before anything is \
            written or shown; volatile headers are dropped; a file whose response did not change is left untouched.

            Exit codes: 0 every endpoint recorded; 2 a request failed (the others are still recorded); 64 usage error.
            """
    )

    @OptionGroup var suite: SuiteOptions
    @OptionGroup var live: LiveRequestOptions

    @Option(name: .long, help: "all: record every endpoint; missing: only those without a recording.")
    var mode: Recorder.Mode = .all

    /// Each response's body, its parse and its recording's text are buffers of up to a few megabytes, freed as the
    /// next response comes in. glibc maps and unmaps each one afresh and faults its pages in again, zeroed: half of
    /// a run's system time in figure 8. Kept on the heap (up to 32 MB a buffer), they are reused. The process is the
    /// command's, so the command sets it, not the library.
    static func keepLargeBuffersOnTheHeap() {
        #if os(Linux)
        // Swift's Glibc module leaves out malloc.h: mallopt is found at run time, in the C library already loaded.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(nil, "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        _ = mallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD
        _ = mallopt(-1, 256 << 20)  // M_TRIM_THRESHOLD
        #endif
    }

    func run() async throws {
        Self.keepLargeBuffersOnTheHeap()
        #if os(Linux)
        CurlTransport.prepareInBackground()
        // Every way out, a bad spec included, waits for it: a run that sends requests has waited already.
        defer { CurlTransport.waitForPreparation() }
        #endif
        let loaded = try suite.selection.loadSuite(done: "recorded")
        let endpoints = try suite.selection.selectedEndpoints(of: loaded)
        let recorder = live.recorder(into: suite.recordings, mode: mode)
        let view = RecordProgressView.standardError(endpointIDs: endpoints.map(\.id))
        let run = await recorder.record(endpoints) { view.handle($0) }
        view.finish()

        var output = ""
        for failed in run.failures {
            guard let failure = failed.failure else { continue }
            output += "FAIL \(failed.endpoint.id.escapingNonPrintables())  request-failed\n"
            output += "    \(failed.request.escapingNonPrintables())\n"
            output += "    \(failure.reason.escapingNonPrintables())\n"
            if let hint = failure.hint { output += "    fix      \(hint.escapingNonPrintables())\n" }
            output += "    spec     \(failed.endpoint.request.location)\n"
        }
        if !output.isEmpty { output += "\n" }
        output += RecordCommand.summaryLine(run) + "\n"
        Console.output(output)
        if run.hasFailures { throw ExitCode(2) }
    }

    /// `recorded 7 endpoints into Recordings: 2 written, 4 unchanged, 1 failed`.
    static func summaryLine(_ run: RecordRun) -> String {
        let summary = run.summary
        var parts = ["\(summary.written) written", "\(summary.unchanged) unchanged"]
        if summary.skipped > 0 { parts.append("\(summary.skipped) skipped") }
        parts.append("\(summary.failed) failed")
        let count = run.results.count
        return "recorded \(count) endpoint\(count == 1 ? "" : "s") into \(run.recordingsDirectory): "
            + parts.joined(separator: ", ")
    }
}
