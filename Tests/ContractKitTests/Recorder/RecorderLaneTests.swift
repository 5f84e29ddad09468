#if os(Linux)
import ContractTestSupport
import DemoServer
import Foundation
import Synchronization
import Testing

@testable import ContractKit

/// The recorder on the lanes of a libcurl transport (one engine thread each), against a real server on 127.0.0.1.
/// Each test gives the recorder a transport of two lanes, so the lanes are used on a machine of any size.
@Suite(.timeLimit(.minutes(1)))
struct RecorderLaneTests {
    /// Records `paths` (or the endpoints given) through a transport of two lanes into a fresh folder.
    static func record(
        _ server: ScriptedServer, _ paths: [String], endpoints: [Endpoint]? = nil, into folder: String? = nil,
        configure: (inout Recorder.Options) -> Void = { _ in },
        progress: @escaping @Sendable (RecordEvent) -> Void = { _ in }
    ) async throws -> (run: RecordRun, folder: String, transport: CurlTransport) {
        let folder = folder ?? TestSuites.temporaryDirectory()
        var options = RecorderTests.options(server, into: folder)
        configure(&options)
        let transport = CurlTransport(environment: [:], lanes: 2)
        let recorder = Recorder(options: options, transport: transport)
        let run = await recorder.record(try endpoints ?? RecorderTests.suite(paths).endpoints, progress: progress)
        return (run, folder, transport)
    }

    @Test func sharesTheRequestsInFlightOutAndStartsNoMoreTasksThanThereAreEndpoints() {
        #expect(
            Recorder.lanePlan(concurrency: 3, lanes: 2, endpoints: 50).map { [$0.requests, $0.tasks] } == [
                [2, 3], [1, 2],
            ])
        #expect(
            Recorder.lanePlan(concurrency: 8, lanes: 2, endpoints: 3).map { [$0.requests, $0.tasks] } == [
                [4, 3], [4, 3],
            ])
        #expect(Recorder.lanePlan(concurrency: 4, lanes: 2, endpoints: 0).map(\.tasks) == [0, 0])
        #expect(
            Recorder.lanePlan(concurrency: 1_000_000, lanes: 2, endpoints: 3).map { [$0.requests, $0.tasks] }
                == [[500_000, 3], [500_000, 3]])
        for concurrency in 1...9 {
            for lanes in 1...concurrency {
                let plan = Recorder.lanePlan(concurrency: concurrency, lanes: lanes, endpoints: 100)
                #expect(plan.map(\.requests).reduce(0, +) == concurrency, "concurrency \(concurrency), \(lanes) lanes")
                #expect(plan.allSatisfy { $0.requests >= 1 && $0.tasks == $0.requests + 1 })
            }
        }
    }

    /// A `--concurrency` far above the number of endpoints started that many tasks on the lanes: a million took
    /// minutes (32,000 took 0.9 s, growing faster than the count).
    @Test func aConcurrencyFarAboveTheEndpointsCostsNothing() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in .json(#"{"path": "\#(request.path)"}"#) }
        defer { server.stop() }
        let (run, folder, _) = try await Self.record(server, ["/a", "/b", "/c"]) { $0.concurrency = 1_000_000 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary.written == 3)
    }

    /// Each request is sent, and its answer checked and written, on a lane's own thread: the engine's.
    @Test func answersAreWrittenOnTheLanesThreads() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in .json(#"{"path": "\#(request.path)"}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let transport = CurlTransport(environment: [:], lanes: 2)
        let engines = transport.laneExecutors.compactMap { $0 as? CurlEngine }
        #expect(engines.count == 2)
        let onALane = Mutex<[Bool]>([])
        let recorder = Recorder(options: RecorderTests.options(server, into: folder), transport: transport)
        let run = await recorder.record(try RecorderTests.suite((0..<12).map { "/items/\($0)" }).endpoints) { event in
            guard case .answered = event else { return }
            onALane.withLock { $0.append(engines.contains(where: \.isCurrent)) }
        }

        #expect(run.summary.written == 12)
        #expect(onALane.withLock { $0 } == Array(repeating: true, count: 12))
    }

    /// `--concurrency` holds across the lanes together, every endpoint is sent once, and the results keep the
    /// spec's order.
    @Test func theLanesTogetherNeverHaveMoreRequestsInFlightThanTheConcurrency() async throws {
        let (server, mostAtOnce) = try RecorderTests.countingServer(holdingEach: 5_000)
        defer { server.stop() }
        let paths = (0..<30).map { "/items/\($0)" }
        let (run, folder, _) = try await Self.record(server, paths) { $0.concurrency = 3 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary.written == 30)
        #expect(run.results.map(\.endpoint.id) == (0..<30).map { "live/e\($0)" })
        #expect(paths.allSatisfy { server.hits($0) == 1 })
        let most = mostAtOnce()
        #expect(most <= 3, "\(most) requests at once with --concurrency 3")
    }

    /// Fewer endpoints than lanes, or none at all.
    @Test(arguments: [0, 1]) func fewerEndpointsThanLanes(count: Int) async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json("{}") }
        defer { server.stop() }
        let paths = (0..<count).map { "/items/\($0)" }
        let endpoints = count == 0 ? [] : try RecorderTests.suite(paths).endpoints
        let (run, folder, _) = try await Self.record(server, paths, endpoints: endpoints) { $0.concurrency = 8 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results.count == count)
        #expect(run.summary.written == count)
    }

    @Test func modeMissingSkipsWhatIsRecordedOnTheLanesToo() async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json("{}") }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/live", withIntermediateDirectories: true)
        for index in stride(from: 0, to: 10, by: 2) {
            try Data("hand-made".utf8).write(to: URL(fileURLWithPath: folder + "/live/e\(index).json"))
        }
        let paths = (0..<10).map { "/items/\($0)" }
        let (run, _, _) = try await Self.record(server, paths, into: folder) { $0.mode = .missing }

        #expect(run.results.map { $0.outcome == .skipped } == (0..<10).map { $0 % 2 == 0 })
        #expect(run.summary.written == 5)
        #expect(paths.enumerated().allSatisfy { server.hits($1) == ($0 % 2 == 0 ? 0 : 1) })
    }

    /// A 429 with `Retry-After` keeps its lane's slot through the wait; the run still records everything, once the
    /// waits are over.
    @Test func rateLimitedEndpointsOnTheLanesAreRetried() async throws {
        let server = try ScriptedServer(routes: [:]) { _, hit in
            guard hit > 1 else {
                var response = HTTPResponse.text("slow down", status: 429)
                response.headers.append(("Retry-After", "1"))
                return response
            }
            return .json("{}")
        }
        defer { server.stop() }
        let paths = (0..<8).map { "/items/\($0)" }
        let (run, folder, _) = try await Self.record(server, paths) { $0.concurrency = 2 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary.written == 8, "\(run.failures.compactMap(\.failure?.reason))")
        #expect(paths.allSatisfy { server.hits($0) == 2 })
    }

    /// A request that fails (refused, broken, a server error) fails its endpoint only; its lane goes on.
    @Test func aFailingEndpointOnALaneLeavesTheOthersRecorded() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            switch request.path {
            case "/items/3": return .text("upstream exploded", status: 500)
            case "/items/5":
                var response = HTTPResponse.json("[" + String(repeating: "1,", count: 5_000) + "1]")
                response.resetAfterBodyBytes = 1_000
                return response
            default: return .json("{}")
            }
        }
        defer { server.stop() }
        let paths = (0..<10).map { "/items/\($0)" }
        let (run, folder, _) = try await Self.record(server, paths) { $0.concurrency = 2 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results.map { $0.failure != nil } == (0..<10).map { $0 == 3 || $0 == 5 })
        #expect(run.summary.written == 8)
    }

    /// Cancelling a run whose requests hang ends it, every endpoint failed as cancelled.
    @Test func cancellingTheRunEndsItsLanes() async throws {
        let release = DispatchSemaphore(value: 0)
        let arrived = Atomic<Int>(0)
        let server = try ScriptedServer(routes: [:]) { _, _ in
            arrived.add(1, ordering: .relaxed)
            _ = release.wait(timeout: .now() + 30)
            return .json("{}")
        }
        defer {
            for _ in 0..<20 { release.signal() }
            server.stop()
        }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = RecorderTests.options(server, into: folder)
        options.timeout = 40
        let recorder = Recorder(options: options, transport: CurlTransport(environment: [:], lanes: 2))
        let endpoints = try RecorderTests.suite((0..<20).map { "/items/\($0)" }).endpoints
        let task = Task { await recorder.record(endpoints) }
        // Every request the concurrency allows is at the server, and held there.
        for _ in 0..<3_000 where arrived.load(ordering: .relaxed) < 4 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(arrived.load(ordering: .relaxed) == 4)
        task.cancel()
        let run = await task.value

        #expect(run.summary.failed == 20)
        #expect(run.failures.allSatisfy { $0.failure?.reason.contains("cancelled") == true })
        #expect(arrived.load(ordering: .relaxed) == 4, "no request goes out once the run is cancelled")
    }
}
#endif
