import ContractTestSupport
import Foundation
import SampleModels
import Testing

@testable import ContractKit

/// A month of nightly runs replayed from the sample suite's committed recordings (`directory/list-users` holds the
/// first three users of JSONPlaceholder's public `/users` response), each night with the drift the backend had then:
///
/// - `directory/list-users` sends an id as a string on nights 5–12, is fixed on 13, and does it again from 20 on;
/// - `notices/list-notices` writes a date as epoch milliseconds from night 10 to the end;
/// - `users/get-user` sends an unknown role on night 3 only.
@Suite struct MonthOfNightlyRunsTests {
    struct Drift {
        var file: String, old: String, new: String
        var nights: [ClosedRange<Int>]
        /// The endpoint and the kind of the finding it makes.
        var endpoint: String, kind: String

        func isPresent(_ night: Int) -> Bool { nights.contains { $0.contains(night) } }

        /// What the report of `night` must mark it: nil when absent, else `new`, `new (back: ...)` or `since ...`.
        func expectedLabel(_ night: Int) -> String? {
            guard isPresent(night) else { return nil }
            let runs = (1...night).filter(isPresent).count
            let first = String(format: "2026-11-%02d", (1...night).first(where: isPresent)!)
            if night > 1, isPresent(night - 1) { return "since \(first) (\(runs) run\(runs == 1 ? "" : "s"))" }
            return runs == 1 ? "new" : "new (back: first seen \(first), \(runs) runs)"
        }
    }

    static let drifts = [
        Drift(
            file: "directory/list-users.json", old: "\"id\": 2,", new: "\"id\": \"2\",", nights: [5...12, 20...30],
            endpoint: "directory/list-users", kind: "type-mismatch"),
        Drift(
            file: "notices/list-notices.json", old: "\"created_at\": \"2026-11-20T10:00:00Z\"",
            new: "\"created_at\": 1763632800000", nights: [10...30], endpoint: "notices/list-notices",
            kind: "date-format-mismatch"),
        Drift(
            file: "users/get-user.json", old: "\"role\": \"member\"", new: "\"role\": \"guest\"", nights: [3...3],
            endpoint: "users/get-user", kind: "enum-unknown-value"),
    ]

    /// Runs the 30 nights into a new history and hands each night's annotated report to `night`.
    static func replay(
        into path: String, night: (Int, VerificationReport) throws -> Void = { _, _ in }
    ) async throws {
        let root = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var originals: [String: String] = [:]
        for drift in drifts {
            originals[drift.file] = try String(contentsOfFile: "\(root)/Recordings/\(drift.file)", encoding: .utf8)
            #expect(originals[drift.file]!.contains(drift.old))
        }
        let suite = try SpecLoader().load(directory: root + "/Specs")
        let store = try HistoryStore(path: path)
        for number in 1...30 {
            for drift in drifts {
                var text = originals[drift.file]!
                if drift.nights.contains(where: { $0.contains(number) }) {
                    text = text.replacingOccurrences(of: drift.old, with: drift.new)
                }
                try text.write(toFile: "\(root)/Recordings/\(drift.file)", atomically: true, encoding: .utf8)
            }
            let verifier = Verifier(
                suite: suite,
                options: .init(recordingsDirectory: root + "/Recordings", today: HistoryReports.day(number)),
                models: ModelRegistry(SampleModels.all))
            let report = await verifier.verify(suite.endpoints)
            var run = HistoryReports.run(day: number, env: "staging")
            run.gitCommit = "c0ffee\(number)"
            let annotated = try store.append(report, run: run)
            try night(number, annotated)
        }
    }

    static func marks(_ report: VerificationReport, _ endpoint: String) -> [FindingHistory] {
        report.results.first { $0.id == endpoint }!.findings.filter { !$0.isWaived }.compactMap(\.history)
    }

    @Test func newSinceResolvedAndFlappingOverAMonth() async throws {
        let path = TestSuites.temporaryDirectory() + "/month.sqlite"
        try await Self.replay(into: path) { night, report in
            let users = Self.marks(report, "directory/list-users")
            let notices = Self.marks(report, "notices/list-notices")
            let role = Self.marks(report, "users/get-user")
            let resolved = report.history!.resolved.map { "\($0.endpoint) \($0.kind.rawValue)" }
            switch night {
            case 3:
                #expect(role.map(\.label) == ["new"])
            case 4:
                #expect(role.isEmpty)
                #expect(resolved == ["users/get-user enum-unknown-value"])
            case 5:
                #expect(users.map(\.label) == ["new"])
            case 12:
                #expect(users.map(\.label) == ["since 2026-11-05 (8 runs)"])
                #expect(notices.map(\.label) == ["since 2026-11-10 (3 runs)"])
            case 13:
                #expect(users.isEmpty)
                #expect(resolved == ["directory/list-users type-mismatch"])
            case 20:
                #expect(users.map(\.label) == ["new (back: first seen 2026-11-05, 9 runs)"])
                #expect(users.first?.isNew == true)
            case 30:
                #expect(users.map(\.label) == ["since 2026-11-05 (19 runs)"])
                #expect(notices.map(\.label) == ["since 2026-11-10 (21 runs)"])
                #expect(resolved.isEmpty)
                #expect(report.history?.trend.count == 30)
                let breaking = (1...30).map { day in
                    ([5...12, 20...30].contains { $0.contains(day) } ? 1 : 0) + (day == 3 ? 1 : 0)
                }
                #expect(report.history?.trend.map(\.breaking) == breaking)
                #expect(report.history?.trend.map(\.warning) == (1...30).map { $0 >= 10 ? 1 : 0 })
            default:
                break
            }
            // Every night, whatever the switch above singles out: each drift's mark, and what was resolved.
            for drift in Self.drifts {
                let marks = Self.marks(report, drift.endpoint).map(\.label)
                #expect(marks == drift.expectedLabel(night).map { [$0] } ?? [], "\(drift.endpoint), night \(night)")
            }
            let expectedResolved = Self.drifts.filter { night > 1 && $0.isPresent(night - 1) && !$0.isPresent(night) }
            #expect(resolved == expectedResolved.map { "\($0.endpoint) \($0.kind)" }, "resolved on night \(night)")
            #expect(
                report.history?.previousRun == (night == 1 ? nil : String(format: "2026-11-%02dT03:00:00Z", night - 1)))
            // Only the nights a breaking drift started or came back fail --fail-on-new; known drift does not, nor
            // does the warning that starts on night 10.
            #expect(report.hasNewFailures == [3, 5, 20].contains(night), "night \(night)")
        }

        let store = try HistoryStore(path: path, create: false)
        let timeline = try store.timeline(.suite, environment: "staging", since: nil)
        #expect(timeline.runs.count == 30)
        let byEndpoint = Dictionary(grouping: timeline.drifts, by: \.endpoint)
        let users = try #require(byEndpoint["directory/list-users"]?.first)
        #expect((users.runs, users.streaks, users.isFlapping, users.present) == (19, 2, true, true))
        #expect(users.firstSeen == "2026-11-05T03:00:00Z" && users.lastSeen == "2026-11-30T03:00:00Z")
        let notices = try #require(byEndpoint["notices/list-notices"]?.first { $0.kind == "date-format-mismatch" })
        #expect((notices.runs, notices.streaks, notices.isFlapping) == (21, 1, false))
        let role = try #require(byEndpoint["users/get-user"]?.first)
        #expect((role.runs, role.streaks, role.isFlapping, role.present) == (1, 1, false, false))
        #expect(role.firstSeen == "2026-11-03T03:00:00Z" && role.lastSeen == "2026-11-03T03:00:00Z")
        #expect(timeline.drifts.filter(\.isFlapping).map(\.endpoint) == ["directory/list-users"], "only it flaps")
        // Since the 15th: the list-users drift came back once in that window, and is not flapping there.
        let recent = try store.timeline(.suite, environment: "staging", since: "2026-11-15T00:00:00Z")
        let recentUsers = try #require(recent.drifts.first { $0.endpoint == "directory/list-users" })
        #expect((recentUsers.runs, recentUsers.streaks, recentUsers.isFlapping) == (11, 1, false))
        #expect(!recent.drifts.contains { $0.endpoint == "users/get-user" })

        let one = try store.timeline(.fingerprint(users.fingerprint), environment: nil, since: "2026-11-10T00:00:00Z")
        #expect(one.runs.map { $0.status == "present" } == (10...30).map { !(13...19).contains($0) })
        #expect(one.drifts.first?.streaks == 2)
        let endpoint = try store.timeline(.endpoint("directory/list-users"), environment: "staging", since: nil)
        #expect(endpoint.runs.filter { $0.status == "failed" }.count == 19)
    }

    @Test(arguments: HistoryTimelineRenderer.Format.allCases)
    func theMonthsTimelineMatchesItsGoldenFile(_ format: HistoryTimelineRenderer.Format) async throws {
        let path = TestSuites.temporaryDirectory() + "/month.sqlite"
        try await Self.replay(into: path)
        let store = try HistoryStore(path: path, create: false)
        let suite = HistoryTimelineRenderer.render(
            try store.timeline(.suite, environment: "staging", since: nil), as: format)
        let name = format == .text ? "txt" : format.rawValue
        if let mismatch = Golden.mismatch(suite, named: "history/month.\(name)") {
            Issue.record(Comment(rawValue: mismatch))
        }
        let endpoint = HistoryTimelineRenderer.render(
            try store.timeline(.endpoint("directory/list-users"), environment: nil, since: "2026-11-15T00:00:00Z"),
            as: format)
        if let mismatch = Golden.mismatch(endpoint, named: "history/month-list-users-since-15.\(name)") {
            Issue.record(Comment(rawValue: mismatch))
        }
        let drift = HistoryTimelineRenderer.render(
            try store.timeline(.fingerprint("a1c60cde1fe7698e"), environment: nil, since: "2026-11-15T00:00:00Z"),
            as: format)
        if let mismatch = Golden.mismatch(drift, named: "history/month-drift-since-15.\(name)") {
            Issue.record(Comment(rawValue: mismatch))
        }
    }

    /// A `since` before the first run reads the statistics each append keeps instead of every finding: they must
    /// agree, before and after a prune.
    @Test func aSinceThatCoversEveryRunGivesWhatTheFindingsGive() async throws {
        let path = TestSuites.temporaryDirectory() + "/month.sqlite"
        try await Self.replay(into: path)
        let store = try HistoryStore(path: path, create: false)
        for pruned in [false, true] {
            if pruned { #expect(try store.prune(before: "2026-11-10T00:00:00Z") > 0) }
            for environment in [nil, "staging"] as [String?] {
                let scopes: [HistoryTimeline.Scope] = [
                    .suite, .endpoint("directory/list-users"), .fingerprint("a1c60cde1fe7698e"),
                ]
                for scope in scopes {
                    let statistics = try store.timeline(scope, environment: environment, since: "2000-01-01")
                    let findings = try store.timeline(
                        scope, environment: environment, since: "2000-01-01", usingStatistics: false)
                    #expect(!statistics.drifts.isEmpty)
                    #expect(statistics == findings, "\(scope), \(environment ?? "every env"), pruned: \(pruned)")
                }
            }
        }
    }

    @Test func anEndpointsTimelineCountsItsOwnFindingsAndTheSuitesEveryones() async throws {
        let path = TestSuites.temporaryDirectory() + "/month.sqlite"
        try await Self.replay(into: path)
        let store = try HistoryStore(path: path, create: false)
        let endpoint = try store.timeline(.endpoint("directory/list-users"), environment: nil, since: nil)
        let suite = try store.timeline(.suite, environment: nil, since: nil)
        let passed = try #require(endpoint.runs.first { $0.status == "passed" })
        let sameRun = try #require(suite.runs.first { $0.id == passed.id })
        // Another endpoint's warning is in the run's counts, not in this endpoint's.
        #expect(sameRun.warning + sameRun.waived > 0)
        let quiet = try #require(endpoint.trend.first { $0.startedAt == passed.startedAt })
        #expect((quiet.breaking, quiet.warning, quiet.failedEndpoints) == (0, 0, 0))
        let failed = try #require(endpoint.runs.last { $0.status == "failed" })
        let point = try #require(endpoint.trend.last { $0.startedAt == failed.startedAt })
        #expect((point.breaking, point.failedEndpoints, point.endpoints) == (1, 1, 1))
        let text = HistoryTimelineRenderer.render(endpoint, as: .text)
        #expect(text.contains("Runs (\(endpoint.runs.count)), this endpoint's own findings"))
    }

    @Test func pruningKeepsTheRecentRunsAndRecomputesTheCounts() async throws {
        let path = TestSuites.temporaryDirectory() + "/month.sqlite"
        try await Self.replay(into: path)
        let store = try HistoryStore(path: path, create: false)
        #expect(try store.prune(before: "2026-11-15T00:00:00Z") == 14)
        let timeline = try store.timeline(.suite, environment: nil, since: nil)
        #expect(timeline.runs.count == 16)
        #expect(!timeline.drifts.contains { $0.endpoint == "users/get-user" }, "a drift no kept run has is gone")
        let users = try #require(timeline.drifts.first { $0.endpoint == "directory/list-users" })
        #expect((users.runs, users.streaks) == (11, 1))
        // The next run's marks count only what is kept.
        let marks = try store.append(
            HistoryReports.report([
                "directory/list-users": [
                    HistoryReports.finding("directory/list-users", .typeMismatch, at: "$[1].id", expected: "Int")
                ]
            ]), run: HistoryReports.run(day: 31))
        #expect(marks.results[0].findings[0].history?.label == "since 2026-11-20 (12 runs)")
    }
}
