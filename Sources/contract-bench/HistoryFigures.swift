import ContractKit
import Foundation

/// Figure 7: a run of 1,000 endpoints appended to a 10,000-run history and its reports rendered with what the history
/// says, against the same run verified and rendered without a history.
enum HistoryFigures {
    static func run(quick: Bool) -> [Row] {
        let root = NSTemporaryDirectory() + "contract-bench-history-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let endpoints = 1_000
        let pastRuns = quick ? 1_000 : 10_000
        // Every endpoint returns two users; every tenth has drifted (its spec expects a dictionary keyed by id, so
        // each run has 100 findings to mark, and the history 100 drifts seen in every run).
        let body = try! JSONParser().parse(Payloads.users(count: 2))
        ScalingFigures.makeCorpus(at: root, endpoints: endpoints, body: body)
        let specPath = root + "/Specs/bench.yaml"
        var spec = try! String(contentsOfFile: specPath, encoding: .utf8)
        for index in stride(from: 0, to: endpoints, by: 10) {
            spec = spec.replacingOccurrences(
                of: "  e\(index): { request: GET /e\(index), expect: { body: [User] } }",
                with: "  e\(index): { request: GET /e\(index), expect: { body: \"[String: User]\" } }")
        }
        try! spec.write(toFile: specPath, atomically: true, encoding: .utf8)
        let suite = try! SpecLoader().load(directory: root + "/Specs")
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: root + "/Recordings"))
        func verify() -> VerificationReport {
            let semaphore = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var report: VerificationReport?
            Task {
                report = await verifier.verify(suite.endpoints)
                semaphore.signal()
            }
            semaphore.wait()
            return report!
        }
        let first = verify()
        precondition(first.summary.breaking == endpoints / 10, "every tenth endpoint drifts")

        // The history: one real run, copied back into `pastRuns` nightly runs.
        let path = root + "/history.sqlite"
        let clock = ContinuousClock()
        let built = clock.measure {
            let store = try! HistoryStore(path: path)
            _ = try! store.append(first, run: HistoryRun(startedAt: Date(), durationMs: 1_000))
            try! store.copyRunBackwards(try! store.lastRunID()!, count: pastRuns - 1, interval: 86_400)
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print(
            "  built a \(pastRuns)-run history of \(size / 1_048_576) MB in \(formatDuration(built.seconds))"
        )

        func render(_ report: VerificationReport) {
            for format in [ReportFormat.text, .json, .junit, .markdown, .html] {
                _ = format.renderer().render(report)
            }
        }
        var appended = 0
        let (ratio, subject, baseline) = Measure.sideBySide(runs: quick ? 3 : 7, wallClock: true) {
            let report = verify()
            let store = try! HistoryStore(path: path)
            let marked = try! store.append(report, run: HistoryRun(startedAt: Date(), durationMs: 1_000))
            precondition(marked.history?.trend.count == HistoryStore.trendLength)
            render(marked)
            appended += 1
        } against: {
            render(verify())
        }
        print("  measured figure 7 (\(appended) runs appended)")
        // `contract history` of the whole suite over every run of that file, as text: the drifts come from the
        // statistics each append keeps, so it must take less than one nightly run with history.
        var timelineRuns = 0
        let timelineTime = clock.measure {
            let store = try! HistoryStore(path: path, create: false, readOnly: true)
            let timeline = try! store.timeline(.suite, environment: nil, since: nil)
            timelineRuns = timeline.runs.count
            _ = HistoryTimelineRenderer.render(timeline, as: .text)
        }
        let timelineSeconds =
            timelineTime.seconds
        return [
            Row(
                figure: "7 history timeline", payload: "\(timelineRuns.formatted()) runs, 100 drifts",
                ratio: timelineSeconds / subject, target: "< 1x", met: timelineSeconds < subject,
                detail:
                    "contract history of the suite, as text: \(formatDuration(timelineSeconds)), against one run with history"
            ),
            Row(
                figure: "7 history", payload: "1,000 endpoints, \(pastRuns.formatted()) past runs",
                ratio: ratio, target: "< 2x", met: ratio < 2,
                detail:
                    "verify+append+render \(formatDuration(subject)), verify+render \(formatDuration(baseline)); history \(size / 1_048_576) MB"
            ),
        ]
    }
}
