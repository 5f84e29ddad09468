import ContractTestSupport
import DemoServer
import Foundation
import Synchronization
import Testing

@testable import ContractKit

/// The recorder against a real HTTP server on 127.0.0.1, started by each test.
@Suite(.timeLimit(.minutes(1)))
struct RecorderTests {
    /// A spec with one endpoint per path, each expecting `status`.
    static func suite(_ paths: [String], status: String = "200") throws -> SpecSuite {
        var yaml = "endpoints:\n"
        for (index, path) in paths.enumerated() {
            yaml += "  e\(index):\n    request: GET \(path)\n    expect: { status: \(status) }\n"
        }
        return try TestSuites.suite(("Specs/live.yaml", yaml))
    }

    /// Options for tests: short timeouts and backoffs, no environment.
    static func options(_ server: ScriptedServer, into folder: String, retries: Int = 2) -> Recorder.Options {
        Recorder.Options(
            baseURL: server.baseURL, recordingsDirectory: folder, concurrency: 4, timeout: 5,
            retry: RetryPolicy(retries: retries, backoff: 0.01, maxDelay: 0.05), maxBodyBytes: 1 << 20, environment: [:]
        )
    }

    /// Records the endpoints of `paths` into a fresh folder and returns the run, the events and the folder.
    static func record(
        _ server: ScriptedServer, _ paths: [String], status: String = "200",
        configure: (inout Recorder.Options) -> Void = { _ in }
    ) async throws -> (run: RecordRun, events: [RecordEvent], folder: String) {
        let folder = TestSuites.temporaryDirectory()
        var options = options(server, into: folder)
        configure(&options)
        let events = EventLog()
        let run = await Recorder(options: options).record(try suite(paths, status: status).endpoints) {
            events.append($0)
        }
        return (run, events.all, folder)
    }

    @Test func recordsAJSONResponseWithKeyOrderAndNumberSpellingKept() async throws {
        let server = try ScriptedServer(routes: [
            "/users": { _, _ in
                var response = HTTPResponse.json(#"{"zeta": 1.0, "alpha": [1, 2e3], "id": 12345678901234567890}"#)
                response.headers += [
                    ("Date", "Sat, 21 Nov 2026 03:00:00 GMT"), ("X-Request-Id", "abc"), ("ETag", "\"v1\""),
                    ("X-Feature", "on"),
                ]
                return response
            }
        ])
        defer { server.stop() }
        let (run, events, folder) = try await Self.record(server, ["/users"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results.map(\.outcome.status) == [200])
        #expect(!run.hasFailures)
        let recording = try Recording.read(from: folder + "/live/e0.json")
        #expect(recording.endpoint == "live/e0")
        #expect(recording.request.url == server.baseURL + "/users")
        #expect(
            recording.response.body
                == .json(TestSuites.json(#"{"zeta": 1.0, "alpha": [1, 2e3], "id": 12345678901234567890}"#)))
        #expect(recording.response.headers.map(\.name) == ["Content-Type", "X-Feature"])
        #expect(events.contains(.started(endpoint: "live/e0", request: "GET \(server.baseURL)/users")))
        // Started, answered (its slot free again), then finished once written.
        #expect(
            events.map {
                switch $0 {
                case .started: "started"
                case .answered: "answered"
                case .retrying: "retrying"
                case .finished: "finished"
                }
            } == ["started", "answered", "finished"])
        let text = try String(contentsOfFile: folder + "/live/e0.json", encoding: .utf8)
        #expect(text.contains(#""zeta": 1.0"#))
        #expect(text.hasSuffix("}\n"))
    }

    /// A spec's folder of recordings that links out of the recordings folder is not written through (verify would
    /// not read through it): the endpoint fails before its request goes out, and nothing lands where the link leads.
    /// A link to a folder inside the recordings folder is written through.
    @Test func aFolderLinkingOutOfTheRecordingsFolderIsNotWrittenThrough() async throws {
        let server = try ScriptedServer(routes: ["/users": { _, _ in .json(#"{"id": 1}"#) }])
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        let elsewhere = TestSuites.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: elsewhere)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/live", withDestinationPath: elsewhere)
        let (run, _, _) = try await Self.record(server, ["/users"]) { $0.recordingsDirectory = folder }
        guard case .failed(let failure) = run.results[0].outcome else {
            Issue.record("recorded through the link: \(run.results[0].outcome)")
            return
        }
        #expect(failure.reason.hasSuffix("is in a folder that links outside the recordings folder"))
        #expect(failure.attempts == 0 && server.hits("/users") == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)

        let inside = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: inside) }
        try FileManager.default.createDirectory(atPath: inside + "/real", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: inside + "/live", withDestinationPath: inside + "/real")
        let (linked, _, _) = try await Self.record(server, ["/users"]) { $0.recordingsDirectory = inside }
        guard case .written(status: 200, _) = linked.results[0].outcome else {
            Issue.record("not written through a link inside: \(linked.results[0].outcome)")
            return
        }
        #expect(FileManager.default.fileExists(atPath: inside + "/real/e0.json"))
    }

    @Test func recordsA404AsTheResponseItIs() async throws {
        let server = try ScriptedServer(routes: [:])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/gone"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results[0].outcome.status == 404)
        let recording = try Recording.read(from: folder + "/live/e0.json")
        #expect(recording.response.status == 404)
        #expect(recording.response.body == .text("no route for /gone\n"))
        #expect(server.hits("/gone") == 1, "a 404 is an answer, not a reason to retry")
    }

    @Test func retriesA500ThenReportsItAsAFailedRequestAndWritesNothing() async throws {
        let server = try ScriptedServer(routes: ["/boom": { _, _ in .text("upstream exploded", status: 500) }])
        defer { server.stop() }
        let (run, events, folder) = try await Self.record(server, ["/boom"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let failure = try #require(run.results[0].failure)
        #expect(failure.reason == #"the server answered 500 Internal Server Error: "upstream exploded" (3 attempts)"#)
        #expect(failure.attempts == 3)
        #expect(server.hits("/boom") == 3)
        #expect(events.filter { if case .retrying = $0 { return true } else { return false } }.count == 2)
        // Nothing is written for a failure, so it is never "answered" in the live view's sense.
        #expect(!events.contains(.answered(endpoint: "live/e0")))
        #expect(!FileManager.default.fileExists(atPath: folder + "/live/e0.json"))
        let finding = try #require(run.results[0].finding)
        #expect(finding.kind == .requestFailed)
        #expect(finding.severity == .breaking)
    }

    @Test func recordsA5xxTheSpecExpects() async throws {
        let server = try ScriptedServer(routes: ["/maintenance": { _, _ in .json(#"{"down": true}"#, status: 503) }])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/maintenance"], status: "503")
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results[0].outcome.status == 503)
        #expect(server.hits("/maintenance") == 1)
    }

    @Test func stopsASlowResponseAtTheTimeout() async throws {
        let server = try ScriptedServer(routes: [
            "/slow": { _, _ in
                var response = HTTPResponse.json("{}")
                response.delay = 20
                return response
            }
        ])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/slow"]) {
            $0.timeout = 0.3
            $0.retry.retries = 0
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let failure = try #require(run.results[0].failure)
        #expect(failure.reason == "no complete response within 300 ms")
        #expect(failure.hint?.contains("raise the timeout") == true)
    }

    @Test func reportsARefusedConnectionAfterItsRetries() async throws {
        let server = try ScriptedServer(routes: [:])
        server.stop()
        let (run, events, folder) = try await Self.record(server, ["/anything"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let failure = try #require(run.results[0].failure)
        #expect(failure.reason.hasPrefix("could not connect to 127.0.0.1:"))
        #expect(failure.reason.hasSuffix(": connection refused (3 attempts)"))
        #expect(events.contains { if case .retrying(_, 3, 3, _, _) = $0 { return true } else { return false } })
    }

    @Test func reportsAConnectionResetInTheMiddleOfTheBody() async throws {
        let server = try ScriptedServer(routes: [
            "/reset": { _, _ in
                var response = HTTPResponse.json("[" + String(repeating: "1,", count: 5_000) + "1]")
                response.resetAfterBodyBytes = 1_000
                return response
            }
        ])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/reset"]) { $0.retry.retries = 1 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let failure = try #require(run.results[0].failure)
        #expect(failure.reason.hasSuffix("broke before the whole response arrived (2 attempts)"), "\(failure.reason)")
        #expect(failure.attempts == 2)
        #expect(server.hits("/reset") == 2)
        #expect(!FileManager.default.fileExists(atPath: folder + "/live/e0.json"), "a half body is never recorded")
    }

    @Test(arguments: ContentCoding.allCases)
    func decodesCompressedBodies(_ coding: ContentCoding) async throws {
        let json = #"{"compressed": true, "items": [1, 2, 3]}"#
        let server = try ScriptedServer(routes: [
            "/packed": { _, _ in
                var response = HTTPResponse.json(json)
                response.body = coding.encode(response.body)
                response.headers.append(("Content-Encoding", coding.rawValue))
                return response
            }
        ])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/packed"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results[0].outcome.status == 200)
        let recording = try Recording.read(from: folder + "/live/e0.json")
        #expect(recording.response.body == .json(TestSuites.json(json)))
        #expect(recording.response.header("Content-Encoding") == nil, "the body is stored decoded")
    }

    @Test func followsRedirectsAndRecordsTheChain() async throws {
        let server = try ScriptedServer(routes: [
            "/old": { _, _ in .redirect(to: "/moved", status: 301) },
            "/moved": { _, _ in .redirect(to: "/new?page=2", status: 307) },
            "/new": { _, _ in .json(#"{"arrived": true}"#) },
        ])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/old"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results[0].outcome.status == 200)
        let recording = try Recording.read(from: folder + "/live/e0.json")
        #expect(recording.request.url == server.baseURL + "/old")
        #expect(
            recording.response.redirects == [
                Recording.Redirect(status: 301, url: server.baseURL + "/old"),
                Recording.Redirect(status: 307, url: server.baseURL + "/moved"),
            ])
        #expect(recording.response.url == server.baseURL + "/new?page=2")
        #expect(recording.response.body == .json(TestSuites.json(#"{"arrived": true}"#)))
    }

    @Test func stopsARedirectLoop() async throws {
        let server = try ScriptedServer(routes: ["/loop": { _, _ in .redirect(to: "/loop") }])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/loop"]) { $0.maxRedirects = 3 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results[0].failure?.reason == "more than 3 redirects (a redirect loop?)")
    }

    @Test func waitsAsRetryAfterSaysCappedAtTheMaximumDelay() async throws {
        let server = try ScriptedServer(routes: [
            "/limited": { _, hit in
                guard hit > 1 else {
                    var response = HTTPResponse.text("slow down", status: 429)
                    response.headers.append(("Retry-After", "7"))
                    return response
                }
                return .json(#"{"ok": true}"#)
            }
        ])
        defer { server.stop() }
        let (run, events, folder) = try await Self.record(server, ["/limited"]) { $0.retry.maxDelay = 0.1 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.results[0].outcome.status == 200)
        #expect(server.hits("/limited") == 2)
        let retry = try #require(events.first { if case .retrying = $0 { return true } else { return false } })
        #expect(
            retry
                == .retrying(
                    endpoint: "live/e0", attempt: 2, of: 3,
                    reason: #"the server answered 429 Too Many Requests: "slow down""#, delay: 0.1))
        let recording = try Recording.read(from: folder + "/live/e0.json")
        #expect(recording.response.header("Retry-After") == nil)
    }

    @Test(arguments: [true, false])
    func refusesABodyOverTheLimitWithoutBufferingIt(announcesLength: Bool) async throws {
        let server = try ScriptedServer(routes: [
            "/huge": { _, _ in
                var response = HTTPResponse(status: 200, headers: [("Content-Type", "application/json")])
                response.fillerBodyBytes = 256 << 20
                response.announcesLength = announcesLength
                return response
            }
        ])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/huge"])
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let failure = try #require(run.results[0].failure)
        let announced = announcesLength ? " (256 MiB announced)" : ""
        #expect(failure.reason == "the response body is larger than the 1 MiB limit\(announced); reading stopped there")
        #expect(failure.attempts == 1, "a body over the limit is not retried")
        #expect(!FileManager.default.fileExists(atPath: folder + "/live/e0.json"))
    }

    @Test func recordsFiftyEndpointsConcurrently() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            .json(#"{"path": "\#(request.path)"}"#)
        }
        defer { server.stop() }
        let paths = (0..<50).map { "/items/\($0)" }
        let (run, events, folder) = try await Self.record(server, paths) { $0.concurrency = 8 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary == RecordRun.Summary(written: 50, unchanged: 0, skipped: 0, failed: 0))
        #expect(run.results.map(\.endpoint.id) == (0..<50).map { "live/e\($0)" }, "results keep the spec's order")
        for index in 0..<50 {
            let recording = try Recording.read(from: folder + "/live/e\(index).json")
            #expect(recording.response.body == .json(TestSuites.json(#"{"path": "/items/\#(index)"}"#)))
        }
        #expect(events.filter { if case .finished = $0 { return true } else { return false } }.count == 50)
    }

    /// A server answering every path with its own JSON after holding the request `microseconds`, and the most
    /// requests it has held at once so far.
    static func countingServer(holdingEach microseconds: useconds_t) throws -> (
        server: ScriptedServer, mostAtOnce: @Sendable () -> Int
    ) {
        let counts = Mutex((now: 0, most: 0))
        let server = try ScriptedServer(routes: [:]) { request, _ in
            counts.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            usleep(microseconds)
            counts.withLock { $0.now -= 1 }
            return .json(#"{"path": "\#(request.path)"}"#)
        }
        return (server, { counts.withLock { $0.most } })
    }

    /// A recording's `durationMs` is the exchange on the wire, every hop of a redirect counted: libcurl's own timing
    /// of each transfer, not the time its lane's thread took to come back to it.
    @Test func theDurationCoversEveryHopOfTheExchange() async throws {
        let server = try ScriptedServer(routes: [
            "/start": { _, _ in
                usleep(150_000)
                return .redirect(to: "/end")
            },
            "/end": { _, _ in
                usleep(150_000)
                return .json("{}")
            },
        ])
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/start"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        guard case .written(_, let durationMs) = run.results[0].outcome else {
            Issue.record("\(run.results[0].outcome)")
            return
        }
        // Both waits: the answer cannot come sooner than the two hops took.
        #expect(durationMs >= 300, "\(durationMs) ms")
        let recording = try Recording.read(from: run.results[0].path)
        #expect(recording.response.durationMs == durationMs)
    }

    /// A request the client itself reports as cancelled (URLSession does, for an authentication challenge it gave up
    /// on) fails that endpoint only: the run was not cancelled, and the endpoints after it are recorded.
    @Test func aRequestTheClientCancelledFailsOnlyItsEndpoint() async throws {
        /// The real transport, but the client gives up on one path as URLSession gives up on a challenge.
        struct GivingUpOnOnePath: HTTPTransport {
            let transport = CurlTransport(environment: [:])
            func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
                if request.url.path == "/items/1" { throw TransportError(.cancelled, "the request was cancelled") }
                return try await transport.send(request)
            }
        }
        let server = try ScriptedServer(routes: [:]) { request, _ in .json(#"{"path": "\#(request.path)"}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = Self.options(server, into: folder)
        options.concurrency = 2
        let paths = (0..<8).map { "/items/\($0)" }
        let run = await Recorder(options: options, transport: GivingUpOnOnePath()).record(
            try Self.suite(paths).endpoints)

        #expect(run.results.map { $0.failure != nil } == (0..<8).map { $0 == 1 }, "\(run.failures.map(\.failure))")
        #expect(run.summary.written == 7)
    }

    /// Once the run is cancelled, no request goes out, a retry's included: a cancelled request marks the run before it
    /// gives its slot back, and a first attempt or a retry that takes a slot checks the mark; a request that kept its
    /// slot through a server's `Retry-After` marks the run too when its wait is cancelled. The task that takes the slot
    /// may not have heard of the cancellation yet, which reaches the run's tasks one at a time
    /// (``SlowlyCancelledTransport`` makes that take long).
    ///
    /// One case at a time: a task of a run whose cancellation is under way may hold a thread of the pool meanwhile (a
    /// finished task waits for its group), and with two cases at once no thread was left for the task given the slot.
    @Test(
        .serialized,
        arguments: [
            // /hold/0's cancellation frees a slot for /later while /hold/1's is on its way.
            (paths: ["/hold/0", "/hold/1", "/later"], concurrency: 2, sentBeforeCancel: 2),
            // The same, for a retry waiting for a slot: each /failing one is answered 503 first, and the one that
            // retries second finds the slot taken by the other's retry.
            (paths: ["/hold/0", "/hold/1", "/failing/0", "/failing/1"], concurrency: 3, sentBeforeCancel: 5),
            // /limited keeps its slot through its 30 s `Retry-After`; its cancelled wait frees it while /hold's
            // cancellation is on its way.
            (paths: ["/limited", "/hold", "/later"], concurrency: 2, sentBeforeCancel: 2),
        ])
    func noRequestGoesOutOnceTheRunIsCancelled(paths: [String], concurrency: Int, sentBeforeCancel: Int) async throws {
        let transport = SlowlyCancelledTransport()
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let options = Recorder.Options(
            baseURL: "http://127.0.0.1:9", recordingsDirectory: folder, concurrency: concurrency, timeout: 5,
            retry: RetryPolicy(retries: 1, backoff: 0.01, maxDelay: 60), environment: [:])
        let retries = paths.contains { $0.hasPrefix("/failing") || $0 == "/limited" }
        let retrying = Atomic(false)
        let endpoints = try Self.suite(paths).endpoints
        let task = Task {
            await Recorder(options: options, transport: transport).record(endpoints) { event in
                if case .retrying = event { retrying.store(true, ordering: .relaxed) }
            }
        }
        for _ in 0..<500 where transport.sent.count < sentBeforeCancel || retries != retrying.load(ordering: .relaxed) {
            try await Task.sleep(for: .milliseconds(10))
        }
        // The retry's backoff (10 ms) over, it waits for a slot; the others wait for theirs.
        try await Task.sleep(for: .milliseconds(100))
        #expect(transport.sent.count == sentBeforeCancel)
        // From a thread of its own, which the transport's slow cancellations hold, not one the run's tasks need.
        Thread { task.cancel() }.start()
        let run = await task.value

        #expect(transport.sent.count == sentBeforeCancel, "sent: \(transport.sent)")
        #expect(run.summary.failed == paths.count)
        #expect(run.failures.allSatisfy { $0.failure?.reason.contains("cancelled") == true })
    }

    /// `--concurrency` is the most requests the server has at once, though more endpoints are under way (their
    /// answers being checked and written while the next requests go out).
    @Test func neverHasMoreRequestsInFlightThanTheConcurrency() async throws {
        let (server, mostAtOnce) = try Self.countingServer(holdingEach: 20_000)
        defer { server.stop() }
        let paths = (0..<24).map { "/items/\($0)" }
        let (run, _, folder) = try await Self.record(server, paths) { $0.concurrency = 3 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary.written == 24)
        let most = mostAtOnce()
        #expect(most <= 3, "\(most) requests at once with --concurrency 3")
        #expect(most >= 2, "requests did go out side by side")
    }

    /// With one request at a time, the requests go out in the specs' order: each task takes its slot before its
    /// endpoint, so the order is the slots', not the order in which the tasks happen to be scheduled (which once sent
    /// a later endpoint first, and failed the test below in CI).
    @Test func oneRequestAtATimeGoesOutInTheSpecsOrder() async throws {
        let seen = Mutex<[String]>([])
        let server = try ScriptedServer(routes: [:]) { request, _ in
            seen.withLock { $0.append(request.path) }
            return .json("{}")
        }
        defer { server.stop() }
        let paths = (0..<60).map { "/items/\($0)" }
        let (run, _, folder) = try await Self.record(server, paths) { $0.concurrency = 1 }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary.written == paths.count)
        #expect(seen.withLock { $0 } == paths)
    }

    /// A request waiting to be retried gives its slot to the next endpoint, unless the server asked to slow down
    /// (429): then the slot stays taken through the wait, and the server gets fewer requests.
    @Test(arguments: [(429, ["/a", "/a", "/b"]), (503, ["/a", "/b", "/a"])])
    func aRateLimitedRetryKeepsItsSlotThroughTheWait(status: Int, order: [String]) async throws {
        let seen = Mutex<[String]>([])
        let server = try ScriptedServer(routes: [:]) { request, hit in
            seen.withLock { $0.append(request.path) }
            if request.path == "/b" { usleep(20_000) }
            return request.path == "/a" && hit == 1 ? .text("slow down\n", status: status) : .json("{}")
        }
        defer { server.stop() }
        let (run, _, folder) = try await Self.record(server, ["/a", "/b"]) {
            $0.concurrency = 1
            $0.retry = RetryPolicy(retries: 1, backoff: 0.3, maxDelay: 0.3)
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }

        #expect(run.summary.written == 2)
        #expect(seen.withLock { $0 } == order)
    }

    @Test func leavesAnUnchangedRecordingUntouched() async throws {
        let server = try ScriptedServer(routes: [:]) { request, hit in
            var response = HTTPResponse.json(#"{"stable": true}"#)
            response.headers += [("Date", "hit \(hit)"), ("X-Request-Id", UUID().uuidString)]
            return response
        }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder(options: Self.options(server, into: folder))
        let endpoints = try Self.suite(["/stable"]).endpoints

        let first = await recorder.record(endpoints)
        let path = folder + "/live/e0.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let second = await recorder.record(endpoints)
        let after = try Data(contentsOf: URL(fileURLWithPath: path))

        #expect(first.summary.written == 1)
        #expect(second.summary.unchanged == 1)
        #expect(before == after)
    }

    /// Flushed to disk first (`--fsync`) or not, the file that cannot replace what is at its path fails alone.
    @Test(arguments: [false, true])
    func aRecordingThatCannotTakeItsPlaceIsAFailureAndTheOthersAreWritten(flushesToDisk: Bool) async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"id": 1}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A folder with something in it where e0's recording goes: the file is written beside it, but cannot replace it.
        try FileManager.default.createDirectory(
            atPath: folder + "/live/e0.json/kept", withIntermediateDirectories: true)
        var options = Self.options(server, into: folder)
        options.flushesToDisk = flushesToDisk
        let recorder = Recorder(options: options)
        let run = await recorder.record(try Self.suite(["/a", "/b"]).endpoints)

        #expect(run.summary == RecordRun.Summary(written: 1, unchanged: 0, skipped: 0, failed: 1))
        let reason = try #require(run.results[0].failure?.reason)
        // The system's words for the error, the same whether the rename failed in the writer or a flushing thread.
        #expect(reason == "cannot write '\(folder)/live/e0.json': \(String(cString: strerror(EISDIR)))", "\(reason)")
        #expect(try Recording.read(from: folder + "/live/e1.json").response.status == 200)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder + "/live").sorted()
        #expect(names == ["e0.json", "e1.json"], "no temporary file is left")
    }

    /// A name whose file fits in 255 bytes is recorded, flushed or not, though `.<name>.contract-tmp-<pid>-<n>`
    /// does not fit: a 230-byte name failed with "File name too long".
    @Test(arguments: [false, true]) func endpointNamesUpToTheFileSystemsLimitAreRecorded(flushesToDisk: Bool)
        async throws
    {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"id": 1}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = [
            String(repeating: "n", count: 230), String(repeating: "n", count: 250),
            String(repeating: "n", count: 249) + "o", String(repeating: "\u{E9}", count: 125),
        ]
        var yaml = "endpoints:\n"
        for name in names { yaml += "  \(name):\n    request: GET /a\n    expect: { status: 200 }\n" }
        var options = Self.options(server, into: folder)
        options.flushesToDisk = flushesToDisk
        let run = await Recorder(options: options).record(try TestSuites.suite(("Specs/live.yaml", yaml)).endpoints)

        #expect(run.summary.written == 4, "\(run.failures.compactMap(\.failure?.reason))")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/live")
        #expect(Set(written) == Set(names.map { $0 + ".json" }), "no temporary file is left")
    }

    /// A file where the spec's folder of recordings should be fails each endpoint with the system's words and a hint
    /// to move it, whichever endpoint tried to make the folder: one said "The operation could not be completed.
    /// (NSCocoaErrorDomain error 512.)" or "A file with the same name already exists", of a file that did not.
    @Test(arguments: [false, true]) func aFileWhereTheRecordingsFolderShouldBeFailsEachEndpointAlike(
        flushesToDisk: Bool
    ) async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"id": 1}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for blocked in [folder + "/live", folder + "/file"] {
            _ = FileManager.default.createFile(atPath: blocked, contents: Data("in the way\n".utf8))
        }
        for recordings in [folder, folder + "/file/deeper"] {
            var options = Self.options(server, into: recordings)
            options.flushesToDisk = flushesToDisk
            let run = await Recorder(options: options).record(try Self.suite(["/a", "/b", "/c"]).endpoints)

            #expect(run.summary.failed == 3)
            for (index, result) in run.results.enumerated() {
                #expect(
                    result.failure?.reason
                        == "cannot write '\(recordings)/live/e\(index).json': \(String(cString: strerror(ENOTDIR)))")
                #expect(result.failure?.hint?.hasPrefix("a file stands where a folder of the path should be") == true)
            }
        }
    }

    /// A recordings folder whose path is longer than the system takes (PATH_MAX) fails each endpoint with a hint
    /// about the path, whichever endpoint tried to make the folder: that one said "The operation could not be
    /// completed. The file name is invalid." and to check that the folder is writable and the disk is not full.
    @Test func aRecordingsFolderWithTooLongAPathFailsEachEndpointAlike() async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"id": 1}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recordings = folder + String(repeating: "/" + String(repeating: "d", count: 200), count: 21)
        let run = await Recorder(options: Self.options(server, into: recordings)).record(
            try Self.suite(["/a", "/b", "/c"]).endpoints)

        #expect(run.summary.failed == 3)
        // The path (over 4 KB) is shown by its two ends, and the system's words after it.
        for result in run.results {
            #expect(result.failure?.reason.hasPrefix("cannot write '\(folder)/ddd") == true)
            #expect(result.failure?.reason.contains("…") == true)
            #expect(result.failure?.reason.hasSuffix(": File name too long") == true, "\(result.failure?.reason ?? "")")
            #expect(result.failure?.hint?.hasPrefix("the path is longer than the file system allows") == true)
        }
    }

    @Test func aReRecordOfAHandFormattedButEqualRecordingLeavesItAlone() async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"b": [1, 2.50], "a": "\u00e9"}"#) }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let recorder = Recorder(options: Self.options(server, into: folder))
        let endpoints = try Self.suite(["/same"]).endpoints
        #expect(await recorder.record(endpoints).summary.written == 1)
        let path = folder + "/live/e0.json"
        // The same recording, written compactly by hand: equal as values, not as text.
        let compact = JSONWriter(style: .compact).write(try Recording.read(from: path).jsonValue)
        try Data(compact.utf8).write(to: URL(fileURLWithPath: path))

        #expect(await recorder.record(endpoints).summary.unchanged == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == compact)
    }

    @Test func modeMissingOnlyRecordsWhatHasNoRecording() async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json("{}") }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/live", withIntermediateDirectories: true)
        try Data("hand-made".utf8).write(to: URL(fileURLWithPath: folder + "/live/e0.json"))
        var options = Self.options(server, into: folder)
        options.mode = .missing

        let run = await Recorder(options: options).record(try Self.suite(["/a", "/b"]).endpoints)

        #expect(run.results[0].outcome == .skipped)
        #expect(run.results[1].outcome.status == 200)
        #expect(server.hits("/a") == 0)
        #expect(try String(contentsOfFile: folder + "/live/e0.json", encoding: .utf8) == "hand-made")
    }

    @Test func aMissingEnvironmentVariableFailsOnlyItsEndpoint() async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in .json("{}") }
        defer { server.stop() }
        let suite = try TestSuites.suite(
            (
                "Specs/live.yaml",
                """
                endpoints:
                  needs-token:
                    request: GET /private
                    headers: { Authorization: "Bearer ${UNSET_TOKEN_FOR_TEST}" }
                  public:
                    request: GET /public
                """
            ))
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }

        let run = await Recorder(options: Self.options(server, into: folder)).record(suite.endpoints)

        let failure = try #require(run.results[0].failure)
        #expect(failure.reason.hasSuffix("environment variable 'UNSET_TOKEN_FOR_TEST' is not set"))
        #expect(failure.attempts == 0)
        #expect(run.results[1].outcome.status == 200)
        #expect(server.hits("/private") == 0)
    }

    @Test func sendsTheSpecsRequestAndRecordsItRedacted() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            let echo = JSONObject([
                "method": .string(request.method), "target": .string(request.target),
                "authorization": .string(request.header("Authorization") ?? ""),
                "body": .string(String(decoding: request.body, as: UTF8.self)),
                "token": .string("issued-by-server-0001"),
            ])
            var response = HTTPResponse.json(JSONWriter(style: .compact).write(.object(echo)))
            response.headers.append(("Set-Cookie", "session=cookie-value-0002; HttpOnly"))
            return response
        }
        defer { server.stop() }
        let suite = try TestSuites.suite(
            (
                "Specs/live.yaml",
                """
                endpoints:
                  login:
                    request: POST /accounts/{account}/login
                    params: { account: "${ACCOUNT}" }
                    query: { access_token: "${QUERY_TOKEN}", lang: en }
                    headers: { Authorization: "Bearer ${BEARER}", X-Client: "app/${CLIENT}" }
                    body: { user: ada, password: "${PASSWORD}" }
                    redact: [ "$.token" ]
                """
            ))
        let environment = [
            "ACCOUNT": "account 7/b", "QUERY_TOKEN": "query-token-0003", "BEARER": "bearer-0004",
            "CLIENT": "client-0005",
            "PASSWORD": "password-0006",
        ]
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = Self.options(server, into: folder)
        options.environment = environment

        let run = await Recorder(options: options).record(suite.endpoints)
        #expect(run.results[0].outcome.status == 200)

        let recording = try Recording.read(from: folder + "/live/login.json")
        #expect(recording.request.method == "POST")
        #expect(recording.request.url == server.baseURL + "/accounts/<redacted>/login?access_token=<redacted>&lang=en")
        #expect(
            recording.request.headers == [
                Recording.Header(name: "Authorization", value: "<redacted>"),
                Recording.Header(name: "X-Client", value: "app/<redacted>"),
                Recording.Header(name: "Content-Type", value: "application/json"),
            ])
        #expect(recording.request.body == .json(TestSuites.json(#"{"user": "ada", "password": "<redacted>"}"#)))
        // What the server saw: the real values.
        #expect(
            recording.response.body
                == .json(
                    TestSuites.json(
                        """
                        {"method": "POST", "target": "/accounts/<redacted>/login?access_token=<redacted>&lang=en",
                         "authorization": "Bearer <redacted>", "body": "{\\"user\\":\\"ada\\",\\"password\\":\\"<redacted>\\"}",
                         "token": "<redacted>"}
                        """)))
        #expect(recording.response.header("Set-Cookie") == "<redacted>")
        let bytes = try String(contentsOfFile: folder + "/live/login.json", encoding: .utf8)
        for secret in environment.values + ["account%207%2Fb", "issued-by-server-0001", "cookie-value-0002"] {
            #expect(!bytes.contains(secret), "\(secret) leaked into the recording")
        }
    }
}

/// Collects progress events from concurrent tasks.
final class EventLog: @unchecked Sendable {
    // @unchecked: `events` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var events: [RecordEvent] = []

    func append(_ event: RecordEvent) {
        lock.lock()
        events.append(event)
        lock.unlock()
    }

    var all: [RecordEvent] {
        lock.lock()
        defer { lock.unlock() }
        return events
    }
}

/// A transport for cancelling a run: the first attempt of /failing/... is answered 503 and of /limited 429 with a
/// `Retry-After` of 30 s; every other request is held until its task is cancelled. Each cancellation waits 200 ms
/// before it ends its request, as a run's cancellation, which reaches its tasks one at a time, takes its time: the
/// tasks it reaches later have not heard of it meanwhile, while those it has reached go on.
final class SlowlyCancelledTransport: HTTPTransport {
    /// The paths of the requests that went out, in order.
    private let sentPaths = Mutex<[String]>([])

    var sent: [String] { sentPaths.withLock { $0 } }

    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        // A task that has heard of the cancellation sends nothing, as the real transports do.
        guard !Task.isCancelled else { throw TransportError(.cancelled, "the request was cancelled") }
        let path = request.url.path
        let first = sentPaths.withLock { sent in
            defer { sent.append(path) }
            return !sent.contains(path)
        }
        if first, path.hasPrefix("/failing") {
            return TransportResponse(status: 503, headers: [], body: Data(), url: request.url)
        }
        if first, path == "/limited" {
            return TransportResponse(
                status: 429, headers: [Recording.Header(name: "Retry-After", value: "30")], body: Data(),
                url: request.url)
        }
        let held = Mutex<(continuation: CheckedContinuation<Void, Never>?, cancelled: Bool)>((nil, false))
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let cancelled = held.withLock { held in
                    held.continuation = continuation
                    return held.cancelled
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            usleep(200_000)
            held.withLock { held in
                held.cancelled = true
                return held.continuation.take()
            }?.resume()
        }
        throw TransportError(.cancelled, "the request was cancelled")
    }
}
