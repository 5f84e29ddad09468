import Foundation
import Synchronization

/// Records live responses: sends each endpoint's request and writes `<recordings>/<spec>/<endpoint>.json`.
///
/// A failed endpoint never stops the others; it comes back as a ``RecordOutcome/failed(_:)`` with a redacted
/// reason. Files are written atomically and only when something other than `recordedAt` and `durationMs`
/// changed, so an unchanged backend leaves the working tree clean.
package struct Recorder: Sendable {
    /// What is recorded, and how.
    package enum Mode: String, Sendable, CaseIterable {
        /// Every endpoint, replacing recordings that changed.
        case all
        /// Only endpoints that have no recording yet.
        case missing
    }

    /// How a run is configured.
    package struct Options: Sendable {
        /// The server's root; the spec's paths are appended to it.
        package var baseURL: String
        /// The folder the recordings are written to.
        package var recordingsDirectory: String
        /// Everything, or only what is missing.
        package var mode: Mode
        /// How many requests are in flight at once.
        package var concurrency: Int
        /// Seconds one attempt may take, redirects and body included.
        package var timeout: Double
        /// When and how long to wait before another attempt.
        package var retry: RetryPolicy
        /// The largest response body accepted, decoded.
        package var maxBodyBytes: Int
        /// How many redirects are followed.
        package var maxRedirects: Int
        /// Where `${NAME}` values come from, and the proxies (`https_proxy`, `http_proxy`, `no_proxy`).
        package var environment: [String: String]
        /// A PEM file of CA certificates trusted instead of the system's (a staging server's private CA); Linux only.
        package var caFile: String?
        /// Whether each recording is flushed to disk before it takes its path (`--fsync`), so that it survives a
        /// power cut or a kernel crash too, not only the process being killed; 13-20% more CPU in figure 8.
        package var flushesToDisk: Bool

        /// Creates options.
        package init(
            baseURL: String, recordingsDirectory: String = "Recordings", mode: Mode = .all, concurrency: Int = 4,
            timeout: Double = 30, retry: RetryPolicy = RetryPolicy(), maxBodyBytes: Int = 64 << 20,
            maxRedirects: Int = 10, environment: [String: String] = ProcessInfo.processInfo.environment,
            caFile: String? = nil, flushesToDisk: Bool = false
        ) {
            self.baseURL = baseURL
            self.recordingsDirectory = recordingsDirectory
            self.mode = mode
            self.concurrency = max(1, concurrency)
            self.timeout = timeout
            self.retry = retry
            self.maxBodyBytes = maxBodyBytes
            self.maxRedirects = maxRedirects
            self.environment = environment
            self.caFile = caFile
            self.flushesToDisk = flushesToDisk
        }
    }

    /// The run's options.
    package let options: Options
    private let transport: any HTTPTransport
    private let requestBuilder: RequestBuilder

    /// A recorder sending through `transport` (by default, libcurl on Linux and URLSession elsewhere).
    package init(options: Options, transport: (any HTTPTransport)? = nil) {
        var options = options
        options.concurrency = OpenFileLimit.concurrency(options.concurrency, flushing: options.flushesToDisk)
        self.options = options
        requestBuilder = RequestBuilder(baseURL: options.baseURL, environment: options.environment)
        #if os(Linux)
        self.transport =
            transport
            ?? CurlTransport(
                maximumConnectionsPerHost: max(8, options.concurrency), caFile: options.caFile,
                environment: options.environment,
                lanes: min(ProcessInfo.processInfo.activeProcessorCount, options.concurrency))
        #else
        self.transport = transport ?? URLSessionTransport(maximumConnectionsPerHost: max(8, options.concurrency))
        #endif
    }

    /// The recording path for an endpoint: `<recordings>/<spec-file-stem>/<endpoint>.json`.
    package func recordingPath(for endpoint: Endpoint) -> String {
        endpoint.recordingPath(in: options.recordingsDirectory)
    }

    /// Records endpoints, at most ``Options/concurrency`` requests in flight at a time; results come back in the order
    /// given.
    ///
    /// A request's slot is given back as soon as its answer is in: the next request goes out while the answer is
    /// checked and written, by one of as many more endpoints under way as the machine has processors. Each file is
    /// in place as soon as it is written; with ``Options/flushesToDisk``, the files are flushed to disk together, off
    /// the requests' way (``AtomicFileBatch``), and all are in place when this returns; one that could not be put in
    /// place comes back failed, though its progress said written.
    package func record(_ endpoints: [Endpoint], progress: @escaping @Sendable (RecordEvent) -> Void = { _ in }) async
        -> RecordRun
    {
        let batch = AtomicFileBatch(flushing: options.flushesToDisk)
        let lanes = Array(transport.laneExecutors.prefix(options.concurrency))
        let cancellation = RunCancellation()
        let results: [EndpointRecording]
        let queues: [EndpointQueue]
        if lanes.count > 1 || (lanes.count == 1 && ProcessInfo.processInfo.activeProcessorCount == 1) {
            let plan = Recorder.lanePlan(
                concurrency: options.concurrency, lanes: lanes.count, endpoints: endpoints.count)
            queues = zip(lanes, plan).map { executor, lane in
                EndpointQueue(
                    executor: executor, inFlight: AsyncPermits(lane.requests, handsOverOnRelease: true),
                    tasks: lane.tasks)
            }
        } else {
            // Without lanes, the answers are checked and written by as many more tasks as there are processors, on
            // the shared pool.
            let underWay = min(options.concurrency, endpoints.count) + ProcessInfo.processInfo.activeProcessorCount
            queues = [EndpointQueue(executor: nil, inFlight: AsyncPermits(options.concurrency), tasks: underWay)]
        }
        results = await record(endpoints, in: queues, progress: progress, batch: batch, cancellation: cancellation)
        let failures = await batch.finish()
        return RecordRun(
            results: failures.isEmpty ? results : results.map { Recorder.failing($0, failures) },
            recordingsDirectory: options.recordingsDirectory)
    }

    /// Records endpoints on the transport's lanes (each a queue with its executor): each lane's thread sends its share
    /// of the requests and checks and writes their answers itself, as `curl --parallel` writes each body from its own
    /// loop, so no answer waits for another thread to wake. The requests in flight (``Options/concurrency``) are
    /// shared out between the lanes; each lane has one more task than it has requests (one checks and writes an
    /// answer while the others' requests are out), and a task takes the next endpoint in order once its lane has a
    /// slot for it, so a lane slowed by a large body, or holding its slot through a server's `Retry-After`, takes
    /// fewer. Without lanes, one queue on the shared pool does the same: either way the requests go out in the specs'
    /// order as slots come free (with `--concurrency 1`, one after the other as written).
    private func record(
        _ endpoints: [Endpoint], in queues: [EndpointQueue], progress: @escaping @Sendable (RecordEvent) -> Void,
        batch: AtomicFileBatch, cancellation: RunCancellation
    ) async -> [EndpointRecording] {
        let next = NextIndex()
        var results = [EndpointRecording?](repeating: nil, count: endpoints.count)
        await withTaskGroup(of: [(Int, EndpointRecording)].self) { group in
            for queue in queues {
                let inFlight = queue.inFlight
                for _ in 0..<queue.tasks {
                    group.addTask(executorPreference: queue.executor) {
                        var done: [(Int, EndpointRecording)] = []
                        // The slot first, then the endpoint: a task waiting for its lane's slot (held through a
                        // 429's wait, say) holds no endpoint that another lane could be recording meanwhile, and
                        // endpoints are taken in order as slots come free, not as tasks happen to be scheduled.
                        while true {
                            await inFlight.acquire()
                            guard let index = next.take(below: endpoints.count) else {
                                inFlight.release()
                                break
                            }
                            let result = await self.record(
                                endpoints[index], progress: progress, batch: batch, inFlight: inFlight,
                                cancellation: cancellation, holdingPermit: true)
                            done.append((index, result))
                        }
                        return done
                    }
                }
            }
            for await done in group {
                for (index, result) in done { results[index] = result }
            }
        }
        return results.map { $0! }
    }

    /// How the lanes share the work: each lane's part of the requests in flight (together `concurrency`), and how
    /// many tasks it runs to keep them busy (one more than its requests), never more than there are endpoints: a
    /// `--concurrency` of a million for three endpoints started a million tasks, which took minutes.
    static func lanePlan(concurrency: Int, lanes: Int, endpoints: Int) -> [(requests: Int, tasks: Int)] {
        (0..<lanes).map { lane in
            let requests = concurrency / lanes + (lane < concurrency % lanes ? 1 : 0)
            return (requests, min(requests + 1, endpoints))
        }
    }

    /// Records one endpoint. Never throws: every problem is a ``RecordOutcome/failed(_:)``.
    package func record(_ endpoint: Endpoint, progress: @escaping @Sendable (RecordEvent) -> Void = { _ in }) async
        -> EndpointRecording
    {
        let batch = AtomicFileBatch(flushing: options.flushesToDisk)
        let result = await record(
            endpoint, progress: progress, batch: batch, inFlight: AsyncPermits(1), cancellation: RunCancellation())
        return Recorder.failing(result, await batch.finish())
    }

    /// `result` failed when its file is among `failures`: written to a temporary file, but not put in place.
    private static func failing(_ result: EndpointRecording, _ failures: [String: String]) -> EndpointRecording {
        guard case .written = result.outcome, let reason = failures[result.path] else { return result }
        var failed = result
        failed.outcome = .failed(
            RecordFailure(
                reason: "cannot write '\(result.path)': \(reason)",
                hint: "check that the folder is writable and the disk is not full", attempts: 1))
        return failed
    }

    /// Records one endpoint, taking one of `inFlight`'s permits for its request unless `holdingPermit` says the
    /// caller has taken it already (a lane takes its slot before its endpoint); a permit taken is given back at once
    /// when no request goes out (skipped, a request that cannot be built, or a run being cancelled).
    private func record(
        _ endpoint: Endpoint, progress: @escaping @Sendable (RecordEvent) -> Void, batch: AtomicFileBatch,
        inFlight: AsyncPermits, cancellation: RunCancellation, holdingPermit: Bool = false
    ) async -> EndpointRecording {
        let path = recordingPath(for: endpoint)
        let clock = ContinuousClock()
        var started = clock.now
        func finish(_ outcome: RecordOutcome, request: String) -> EndpointRecording {
            progress(.finished(endpoint: endpoint.id, outcome: outcome, seconds: (clock.now - started).inSeconds))
            return EndpointRecording(endpoint: endpoint, path: path, request: request, outcome: outcome)
        }
        let fallbackSummary = "\(endpoint.request.method) \(endpoint.request.path)"
        // A folder of recordings that is a link to elsewhere (`Recordings/users -> ~/.config/app`) is not written
        // through, as verify does not read through it: no request goes out.
        if FolderWalk.folderLeadsOutside(of: path, root: options.recordingsDirectory) {
            if holdingPermit { inFlight.release() }
            return finish(
                .failed(
                    RecordFailure(
                        reason:
                            "'\(path.escapingNonPrintables())' is in a folder that links outside the recordings folder",
                        hint:
                            "a recording is a file inside the recordings folder: replace the link with the folder itself",
                        attempts: 0)),
                request: fallbackSummary)
        }
        if options.mode == .missing, FileManager.default.fileExists(atPath: path) {
            if holdingPermit { inFlight.release() }
            return finish(.skipped, request: fallbackSummary)
        }
        let prepared: PreparedRequest
        do {
            prepared = try requestBuilder.prepare(endpoint)
        } catch {
            if holdingPermit { inFlight.release() }
            let location = error.location.map { "\($0): " } ?? ""
            return finish(
                .failed(RecordFailure(reason: location + error.message, hint: error.hint, attempts: 0)),
                request: fallbackSummary)
        }
        // Started once its request may go out: the time shown is the exchange's, not the wait for a slot.
        if !holdingPermit { await inFlight.acquire() }
        guard !cancellation.reachesCurrentTask else {
            inFlight.release()
            return finish(
                .failed(RecordFailure(reason: "the run was cancelled before this request went out", attempts: 0)),
                request: prepared.summary)
        }
        started = clock.now
        progress(.started(endpoint: endpoint.id, request: prepared.summary))
        let outcome = await exchange(
            endpoint, prepared, path: path, progress: progress, batch: batch, inFlight: inFlight,
            cancellation: cancellation)
        return finish(outcome, request: prepared.summary)
    }

    /// Sends the request, retrying as the policy says, and writes what came back.
    ///
    /// Called holding one of `inFlight`'s permits; each attempt gives it back once its answer (or error) is in, and a
    /// retry takes one again after its wait, except after a 429 or a `Retry-After`, when it keeps it through the wait.
    private func exchange(
        _ endpoint: Endpoint, _ prepared: PreparedRequest, path: String, progress: @Sendable (RecordEvent) -> Void,
        batch: AtomicFileBatch, inFlight: AsyncPermits, cancellation: RunCancellation
    ) async -> RecordOutcome {
        let redactor = prepared.redactor
        let request = TransportRequest(
            method: prepared.method, url: prepared.url, headers: prepared.headers,
            credentialHeaders: prepared.credentialHeaders, body: prepared.body,
            timeout: options.timeout, maxBodyBytes: options.maxBodyBytes, maxRedirects: options.maxRedirects)
        let attempts = options.retry.retries + 1
        var attempt = 1
        // The first attempt goes out on the caller's permit; a retry takes one again, unless it kept its own.
        var holdsPermit = true
        // Why the attempt before this one failed.
        var previousReason = ""
        while true {
            let clock = ContinuousClock()
            var sent = clock.now
            let reason: String
            var retryAfter: String?
            do throws(TransportError) {
                if !holdsPermit {
                    await inFlight.acquire()
                    // As for a first attempt (`record`): the slot may be one a cancelled request gave back before this
                    // task heard of the run's cancellation.
                    guard !cancellation.reachesCurrentTask else {
                        inFlight.release()
                        return .failed(
                            RecordFailure(
                                reason: "cancelled while waiting to retry: \(previousReason)", attempts: attempt - 1))
                    }
                    // The time recorded is the exchange's, not the wait for a slot.
                    sent = clock.now
                }
                holdsPermit = true
                let response: TransportResponse
                do {
                    response = try await transport.send(request)
                } catch {
                    // Before the slot is given back: the task that takes it may not have heard of the run's
                    // cancellation yet (it reaches the tasks one at a time), and must send nothing. Only when this
                    // task was cancelled, whatever the error: a client may report a request of its own as cancelled
                    // (URLSession does, for a challenge it gave up on), which says nothing of the run.
                    cancellation.markIfCurrentTaskIsCancelled()
                    inFlight.release()
                    holdsPermit = false
                    throw error
                }
                // A retryable status the spec does not expect (429 or 5xx, both valid statuses) is retried while
                // attempts are left.
                let unexpectedFailure =
                    RetryPolicy.isRetryable(status: response.status) && !endpoint.expect.status.accepts(response.status)
                retryAfter = response.header("Retry-After")
                // A server that is rate limiting (429, or a `Retry-After`) gets fewer requests while this one waits to
                // be retried: its slot stays taken through the wait. Otherwise the slot goes to the next endpoint now.
                let keepsSlot =
                    unexpectedFailure && attempt < attempts && (response.status == 429 || retryAfter != nil)
                if !keepsSlot {
                    // An answer that came in as the run was being cancelled: marked too, before the slot goes on.
                    cancellation.markIfCurrentTaskIsCancelled()
                    await inFlight.handOver()
                    holdsPermit = false
                }
                guard (100...599).contains(response.status) else {
                    // What verify cannot read must not be written: a status is three digits from 100 to 599.
                    return .failed(
                        RecordFailure(
                            reason: "the server answered with an invalid HTTP status \(response.status)",
                            hint:
                                "a status is a number from 100 to 599; the server, or a proxy in front of it, is broken",
                            attempts: attempt))
                }
                // The client's own timing where it gives one: a lane's thread may have been checking and writing
                // another answer when this one came in.
                let durationMs = Int(((response.elapsed ?? (clock.now - sent)).inSeconds * 1000).rounded())
                guard unexpectedFailure else {
                    progress(.answered(endpoint: endpoint.id))
                    return write(
                        response, durationMs: durationMs, endpoint: endpoint, prepared: prepared, path: path,
                        attempts: attempt, batch: batch)
                }
                reason =
                    "the server answered \(Recorder.statusText(response.status))"
                    + Recorder.excerpt(of: response, redactor: Recorder.redactor(for: response, prepared))
                guard attempt < attempts else {
                    return .failed(
                        RecordFailure(
                            reason: reason + Recorder.attemptsText(attempt),
                            hint: response.status == 429
                                ? "the server is rate limiting: lower \(SettingNames.current[.concurrency]), or allow more \(SettingNames.current[.retries])"
                                : "the backend is failing this request; if this status is intended, add it to 'expect.status'",
                            attempts: attempt))
                }
            } catch {
                reason = redactor.scrub(error.message)
                guard error.isRetryable, attempt < attempts else {
                    return .failed(
                        RecordFailure(
                            reason: reason + (error.isRetryable ? Recorder.attemptsText(attempt) : ""),
                            hint: Recorder.hint(for: error.code), attempts: attempt))
                }
            }
            let delay = options.retry.delay(afterAttempt: attempt, retryAfter: retryAfter)
            progress(.retrying(endpoint: endpoint.id, attempt: attempt + 1, of: attempts, reason: reason, delay: delay))
            do {
                // The policy may come from code, not only from validated flags: a wait is at most a day.
                let seconds = delay.isFinite ? min(max(delay, 0), 86_400) : 86_400
                try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            } catch {
                if holdsPermit {
                    // Kept through a `Retry-After`: marked as a cancelled request's is, before the slot is given back.
                    cancellation.cancel()
                    inFlight.release()
                }
                return .failed(RecordFailure(reason: "cancelled while waiting to retry: \(reason)", attempts: attempt))
            }
            previousReason = reason
            attempt += 1
        }
    }

    /// Builds the recording, redacted, and writes it unless the file already says the same.
    private func write(
        _ response: TransportResponse, durationMs: Int, endpoint: Endpoint, prepared: PreparedRequest, path: String,
        attempts: Int, batch: AtomicFileBatch
    ) -> RecordOutcome {
        let redactor = Recorder.redactor(for: response, prepared)
        let body = Recording.Body.redacted(
            received: response.body, contentType: response.header("Content-Type"), by: redactor)
        let redirects = response.redirects.map {
            Recording.Redirect(status: $0.status, url: redactor.redactURL($0.url.absoluteString))
        }
        let recording = Recording(
            endpoint: endpoint.id, recordedAt: ISO8601.utcSeconds(Date()), request: prepared.shown,
            response: Recording.Response(
                status: response.status, headers: ResponseHeaderFilter.kept(response.headers, redactor: redactor),
                durationMs: durationMs, body: body,
                url: redirects.isEmpty ? nil : response.url.map { redactor.redactURL($0.absoluteString) },
                redirects: redirects))
        do {
            let changed = try recording.write(to: path, batch: batch)
            return changed
                ? .written(status: response.status, durationMs: durationMs)
                : .unchanged(status: response.status, durationMs: durationMs)
        } catch {
            return .failed(RecordFailure(reason: redactor.scrub(error.message), hint: error.hint, attempts: attempts))
        }
    }

    /// The request's redactor, also searching for the tokens and user info a server put in the URLs it redirected
    /// to: they are secrets too, wherever else they show up (the body, an error page, an echoed `Authorization: Basic`
    /// header the client made of the user info).
    private static func redactor(for response: TransportResponse, _ prepared: PreparedRequest) -> Redactor {
        let visited = response.redirects.map(\.url.absoluteString) + [response.url?.absoluteString].compactMap { $0 }
        let found = visited.flatMap { Redactor.sensitiveQueryValues(in: $0) + SecretRedaction.userInfoSecrets(in: $0) }
        return found.isEmpty ? prepared.redactor : prepared.redactor.adding(secrets: found)
    }

    // MARK: - Wording

    static func statusText(_ status: Int) -> String {
        let phrase = HTTPStatus.reasonPhrase(status)
        return phrase.isEmpty ? String(status) : "\(status) \(phrase)"
    }

    /// `: "upstream timed out"` from a short text body, so the reason says what the server said. The body is
    /// scrubbed before it is cut (``Redactor/scrubbedPrefix(of:keeping:)``): a secret across the cut would otherwise
    /// keep its first half.
    private static func excerpt(of response: TransportResponse, redactor: Redactor) -> String {
        guard
            let whole = String(
                data: redactor.scrubbedPrefix(of: response.body, keeping: 1 << 20), encoding: .utf8),
            // A NUL says the body is binary, or UTF-16 (where ASCII is a byte and a NUL), which the prefix of a long
            // body is not searched in (``Redactor/scrub(_:)-(Data)`` searches a whole one): no excerpt.
            !whole.utf8.contains(0)
        else { return "" }
        let limit = 120
        var line = ""
        for part in redactor.scrub(whole).split(whereSeparator: \.isNewline) {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            line += (line.isEmpty ? "" : " ") + trimmed
            if line.count > limit { break }
        }
        guard !line.isEmpty else { return "" }
        guard line.count > limit else { return ": \"\(line)\"" }
        // Never half a placeholder: a cut inside one moves to its end (`<reda…` would read as a cut secret).
        var end = line.index(line.startIndex, offsetBy: limit)
        if let straddled = line.ranges(of: SecretRedaction.placeholder).first(where: {
            $0.lowerBound < end && end < $0.upperBound
        }) {
            end = straddled.upperBound
        }
        return ": \"\(line[..<end])…\""
    }

    private static func attemptsText(_ attempts: Int) -> String {
        attempts > 1 ? " (\(attempts) attempts)" : ""
    }

    static func hint(for code: TransportError.Code) -> String? {
        switch code {
        case .connectionRefused:
            return "check that the server is running and that \(SettingNames.current[.baseURL]) is right"
        case .timedOut: return "the server is slow or stuck; raise \(SettingNames.current[.timeout]) if it is just slow"
        case .connectionLost:
            return "the server or a proxy dropped the connection mid-response; look at the server's logs"
        case .hostNotFound: return "check the host name in the base URL and the machine's DNS"
        case .bodyTooLarge: return "if the body really is that big, raise \(SettingNames.current[.maxBodyBytes])"
        case .tooManyRedirects:
            return "the redirects loop, or go on longer than the limit; check the server's redirects"
        case .secureConnectionFailed:
            #if os(Linux)
            return "check the server's certificate and the machine's trust store; for a server with a private CA, "
                + "trust the CA's certificate with \(SettingNames.current[.caFile])"
            #else
            // The CA file is read by libcurl only; URLSession trusts what the keychain trusts.
            return "check the server's certificate and the machine's trust store"
            #endif
        case .redirectRefused:
            return
                "record the URL the redirect leads to directly, or ask for the redirect to stay on https and the same origin"
        case .clientUnavailable: return "install libcurl (Debian: apt-get install libcurl4), then record again"
        case .proxyFailed, .proxyNotFound, .proxyRefused:
            return
                "check the proxy the environment names (https_proxy, http_proxy, all_proxy; no_proxy for hosts reached "
                + "directly): that it runs, resolves, and takes the user and password its URL gives"
        default: return nil
        }
    }

}

/// The result of recording one endpoint.
package struct EndpointRecording: Sendable {
    /// The endpoint.
    package var endpoint: Endpoint
    /// The recording file written (or that would have been).
    package var path: String
    /// The request, redacted: `GET http://host/path`.
    package var request: String
    /// What happened.
    package var outcome: RecordOutcome

    /// Creates a result.
    package init(endpoint: Endpoint, path: String, request: String, outcome: RecordOutcome) {
        self.endpoint = endpoint
        self.path = path
        self.request = request
        self.outcome = outcome
    }

    /// The failure, when there is one.
    package var failure: RecordFailure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    /// The failure as a `request-failed` finding for reports; nil when recording succeeded.
    package var finding: Finding? {
        guard let failure else { return nil }
        return Finding(
            endpoint: endpoint.id, kind: .requestFailed, severity: .breaking, path: nil,
            expected: "a response to \(request)", actual: failure.reason,
            message: "the request failed: \(failure.reason)", hint: failure.hint,
            specLocation: endpoint.request.location)
    }
}

/// The result of recording a set of endpoints.
package struct RecordRun: Sendable {
    /// Per-endpoint results, in the order given.
    package var results: [EndpointRecording]
    /// The folder written to.
    package var recordingsDirectory: String

    /// Creates a run.
    package init(results: [EndpointRecording], recordingsDirectory: String) {
        self.results = results
        self.recordingsDirectory = recordingsDirectory
    }

    /// Counts by outcome.
    package struct Summary: Sendable, Hashable {
        package var written = 0, unchanged = 0, skipped = 0, failed = 0
    }

    /// Counts by outcome.
    package var summary: Summary {
        var summary = Summary()
        for result in results {
            switch result.outcome {
            case .written: summary.written += 1
            case .unchanged: summary.unchanged += 1
            case .skipped: summary.skipped += 1
            case .failed: summary.failed += 1
            }
        }
        return summary
    }

    /// The endpoints that could not be recorded.
    package var failures: [EndpointRecording] { results.filter { $0.failure != nil } }

    /// True when any endpoint could not be recorded.
    package var hasFailures: Bool { results.contains { $0.failure != nil } }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var inSeconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

/// Whether a run is being cancelled, as soon as one of its requests has been: a task hears of the cancellation of
/// the run it belongs to only when the cancellation reaches it, one task at a time, and a task that takes the slot a
/// cancelled request gave back may not have heard yet.
final class RunCancellation: Sendable {
    private let cancelled = Atomic(false)

    /// Whether the run has been marked cancelled, or the task asking has been cancelled: then it sends nothing more.
    var reachesCurrentTask: Bool { Task.isCancelled || cancelled.load(ordering: .acquiring) }

    /// Marks the run cancelled.
    func cancel() { cancelled.store(true, ordering: .releasing) }

    /// Marks the run cancelled when the task calling has been: called before that task gives its slot back.
    func markIfCurrentTaskIsCancelled() {
        if Task.isCancelled { cancel() }
    }
}

/// Tasks that take endpoints one at a time, each once it has one of `inFlight`'s slots, on `executor` when given.
private struct EndpointQueue {
    var executor: (any TaskExecutor)?
    var inFlight: AsyncPermits
    var tasks: Int
}

/// The next endpoint to record, shared by the lanes.
private final class NextIndex: Sendable {
    private let value = Mutex(0)

    /// The next index below `count`, or nil when every one has been taken.
    func take(below count: Int) -> Int? {
        value.withLock { value in
            guard value < count else { return nil }
            defer { value += 1 }
            return value
        }
    }
}
