import Foundation

/// Replays recordings against a suite offline: status, content type, body shape, the app's own models, waivers.
public struct Verifier: Sendable {
    /// How a run is configured.
    public struct Options: Sendable {
        /// The folder holding `<spec>/<endpoint>.json` recordings.
        public var recordingsDirectory: String
        /// The day waivers are judged against (their `until` is inclusive).
        public var today: Date
        /// How many endpoints are verified at once.
        public var concurrency: Int
        /// Recordings larger than this keep their body out of the report (excerpts need it; memory does not).
        public var maxReportedBodyBytes = 1_048_576

        /// Creates options.
        public init(
            recordingsDirectory: String = "Recordings", today: Date = Date(),
            concurrency: Int = ProcessInfo.processInfo.activeProcessorCount
        ) {
            self.recordingsDirectory = recordingsDirectory
            self.today = today
            self.concurrency = max(1, concurrency)
        }
    }

    /// The suite being verified.
    public let suite: SpecSuite
    /// The run's options.
    public let options: Options
    /// The app's models, for endpoints whose spec names one; with none, verification is by shape only.
    public let models: ModelRegistry
    /// What each endpoint's verification needs beside its recording, made once a run.
    private let prepared = Preparations()

    /// Creates a verifier; `models` are the app's `Decodable` types that specs name with `model:`.
    public init(suite: SpecSuite, options: Options = Options(), models: ModelRegistry = ModelRegistry()) {
        self.suite = suite
        self.options = options
        self.models = models
    }

    /// `75 MB`, `812 KB`, `100 bytes`.
    static func describeSize(_ bytes: Int) -> String {
        if bytes >= 1_048_576 { return "\(bytes / 1_048_576) MB" }
        if bytes >= 1024 { return "\(bytes / 1024) KB" }
        return "\(bytes) bytes"
    }

    /// The recording path for an endpoint: `<recordings>/<spec-file-stem>/<endpoint>.json`.
    public func recordingPath(for endpoint: Endpoint) -> String {
        endpoint.recordingPath(in: options.recordingsDirectory)
    }

    /// Verifies endpoints concurrently; results come back in the order given.
    public func verify(_ endpoints: [Endpoint], failOn: Severity = .breaking) async -> VerificationReport {
        let results = await endpoints.mapConcurrently(atMost: options.concurrency) { self.verify($0) }
        return VerificationReport(results: results, failOn: failOn)
    }

    /// Verifies one endpoint against its recording. Never throws: every problem is a finding.
    public func verify(_ endpoint: Endpoint) -> EndpointResult {
        let preparation = preparation(for: endpoint)
        let path = preparation.recordingPath
        let check = check(endpoint, preparation: preparation)
        var result = EndpointResult(
            id: endpoint.id, specLocation: endpoint.location, recordingPath: path, model: endpoint.model,
            findings: check.findings, notes: check.notes)
        for index in result.findings.indices { result.findings[index].endpoint = endpoint.id }
        applyWaivers(endpoint.waivers, to: &result)
        guard !result.findings.isEmpty else { return result }
        if var recording = check.recording {
            // Reports excerpt the body around each finding. A large body is left out, so that a run with many
            // failing endpoints holds no more than one large body at a time, and report.json stays small.
            if case .indexed(let body)? = recording.response.body, body.byteCount > options.maxReportedBodyBytes {
                recording.response.body = nil
                result.notes.append(
                    "the body (\(Verifier.describeSize(body.byteCount))) is left out of the report's excerpts; see \(path)"
                )
            } else {
                recording.response.body = recording.response.body?.built
            }
            result.recording = RedactedRecording(recording)
        }
        result.expected = ShapeOutline(expectation: endpoint.expect, shapes: suite.shapes)
        return result
    }

    /// What checking an endpoint against its recording found: the findings (waivers not yet applied), the notes for
    /// the report, and the recording read, if it could be.
    private struct Check {
        var findings: [Finding] = []
        var notes: [String] = []
        var recording: Recording?
    }

    /// The endpoint's model, or nil with a note saying why verification is by shape only.
    private func model(for endpoint: Endpoint) -> (model: ModelType?, note: String?) {
        guard let name = endpoint.model else { return (nil, "shape only: the spec names no model") }
        guard !models.isEmpty else {
            return (
                nil,
                "shape only: model '\(name)' was not decoded (no models are registered in this build; register them with ContractCLI.main(models:))"
            )
        }
        do {
            return (try models.resolve(name), nil)
        } catch {
            return (nil, "shape only: \(error.message)")
        }
    }

    /// What verifying `endpoint` needs that its recording does not change: made on first use, kept for the run.
    private func preparation(for endpoint: Endpoint) -> EndpointPreparation {
        prepared.preparation(for: endpoint) {
            let (model, note) = model(for: endpoint)
            return EndpointPreparation(
                basis: EndpointPreparation.Basis(endpoint), recordingPath: recordingPath(for: endpoint),
                check: endpoint.expect.body.map { checker(for: endpoint, shape: $0) }, model: model, modelNote: note,
                decoder: prepared.decoder(for: endpoint.decoding))
        }
    }

    /// The checker for `endpoint`'s options, shared by the endpoints that have the same, and the plan of `shape`.
    private func checker(for endpoint: Endpoint, shape: Shape) -> (ShapeChecker, ShapePlan) {
        let options = ShapeChecker.Options(
            dates: endpoint.decoding.dates, keys: endpoint.decoding.keys, extraKeys: endpoint.expect.extraKeys)
        let checker = prepared.checker(for: options) { ShapeChecker(shapes: suite.shapes, options: options) }
        return (checker, checker.plan(for: shape))
    }

    /// Reads the endpoint's recording and checks it: status, content type, body shape, model.
    private func check(_ endpoint: Endpoint, preparation: EndpointPreparation) -> Check {
        let path = preparation.recordingPath
        let recording: Recording
        do {
            recording = try Recording.readInPlace(from: path, within: options.recordingsDirectory)
        } catch {
            return Check(findings: [unreadable(endpoint, path: path, error: error)])
        }
        var check = Check(recording: recording)
        inspect(recording, of: endpoint, preparation: preparation, into: &check)
        return check
    }

    /// The finding for a recording that cannot be read.
    private func unreadable(_ endpoint: Endpoint, path: String, error: ContractError) -> Finding {
        // Asked only when reading failed, so that a run makes no extra system call per recording. Missing means
        // nothing at the path itself: a link that loops or leads nowhere, or a folder that may not be entered, is a
        // recording there that cannot be read, and recording it again would not mend that.
        var entry = stat()
        if error.code == .io && lstat(path, &entry) != 0 && errno == ENOENT {
            return Finding(
                kind: .recordingMissing, severity: .breaking, path: nil, expected: "a recording at \(path)",
                actual: "no file",
                message: "there is no recording for this endpoint",
                hint: "record it with `\(RunnerName.current) record --filter \(endpoint.id)`, or add the file by hand",
                specLocation: endpoint.location)
        }
        return Finding(
            kind: .recordingInvalid, severity: .breaking, path: nil, expected: Recording.formatID,
            actual: "invalid at \(error.location?.description ?? path)",
            message: "the recording cannot be read: \(error.message)",
            // A file that cannot be reached is mended where the error says; one whose text is wrong, by recording.
            hint: error.code == .io
                ? error.hint
                : (error.hint.map { "\($0); otherwise " } ?? "")
                    + "record it again (`\(RunnerName.current) record --filter \(endpoint.id)`), or restore it from git if it was cut short or edited by mistake",
            specLocation: endpoint.location)
    }

    /// Checks a recording that could be read, adding what it finds to `check`.
    private func inspect(
        _ recording: Recording, of endpoint: Endpoint, preparation: EndpointPreparation, into check: inout Check
    ) {
        if recording.endpoint != endpoint.id {
            check.findings.append(
                Finding(
                    kind: .recordingInvalid, severity: .warning, path: nil, expected: "endpoint \"\(endpoint.id)\"",
                    actual: "endpoint \"\(recording.endpoint)\"",
                    message: "the recording says it is for '\(recording.endpoint)'",
                    hint: "re-record it, or fix its 'endpoint' field if the file was copied",
                    specLocation: endpoint.location))
        }
        let expect = endpoint.expect
        guard expect.status.accepts(recording.response.status) else {
            check.findings.append(
                Finding(
                    kind: .statusMismatch, severity: .breaking, path: nil, expected: expect.status.description,
                    actual: String(recording.response.status),
                    message: "the response status is \(recording.response.status), the spec expects \(expect.status)",
                    hint:
                        "if the new status is intended, update 'expect.status'; otherwise the backend is failing this request",
                    specLocation: expect.status.location ?? expect.location))
            check.notes.append("body not checked: the status is not one the spec expects")
            return
        }
        let indexedBody: IndexedBody?
        if case .indexed(let body)? = recording.response.body { indexedBody = body } else { indexedBody = nil }
        let bodyIsJSON = indexedBody != nil
        // No Content-Type at all is a mismatch too: a client that checks the header rejects the response.
        let actualType = recording.response.header("Content-Type")
        if let expected = expect.contentType,
            actualType.map({ MediaType.essence(of: $0) != MediaType.essence(of: expected) }) ?? true
        {
            check.findings.append(
                Finding(
                    kind: .contentTypeMismatch, severity: bodyIsJSON ? .warning : .breaking, path: nil,
                    expected: expected,
                    actual: actualType ?? "no Content-Type header",
                    message: actualType.map { "the Content-Type is '\($0)', the spec expects '\(expected)'" }
                        ?? "the response has no Content-Type header, the spec expects '\(expected)'",
                    hint: bodyIsJSON
                        ? "the body is still JSON, so decoding copes; tell the backend team"
                        : "the backend no longer sends \(expected)",
                    specLocation: expect.location))
        }
        let model = preparation.model
        if let note = preparation.modelNote { check.notes.append(note) }
        guard expect.body != nil || model != nil else { return }
        guard let body = indexedBody else {
            let actual: String
            switch recording.response.body {
            case .text(let text)?: actual = "text: \"\(text.prefix(60))\(text.count > 60 ? "…" : "")\""
            case .base64?: actual = "binary data"
            default: actual = "no body"
            }
            check.findings.append(
                Finding(
                    kind: .bodyNotJSON, severity: .breaking, path: .root,
                    expected: expect.body?.description ?? model?.name ?? "JSON",
                    actual: actual, message: "the body is not JSON",
                    hint:
                        "the backend sent \(actual.hasPrefix("text") ? "text (an error page?)" : actual) where the app expects JSON",
                    specLocation: expect.body?.location ?? endpoint.modelLocation))
            return
        }
        var shapeFindings: [ShapeFinding] = []
        if let (checker, plan) = preparation.check {
            // Through a model, each place is paired with the decoding failures there: merged only without one.
            shapeFindings = checker.checkEach(body.document, following: plan, mergingRepeats: model == nil)
            AppliedFixes.nextSteps(&shapeFindings, endpoint: endpoint, shapes: suite.shapes)
        }
        guard let model else {
            check.findings += ShapeFinding.grouped(shapeFindings)
            return
        }
        let verification = ModelVerification(
            endpoint: endpoint, model: model, locator: ShapeLocator(shapes: suite.shapes), rawBody: body,
            decoder: preparation.decoder)
        let outcome = verification.verify(shapeFindings: shapeFindings)
        check.findings += outcome.findings
        check.notes += outcome.notes
    }

    private func applyWaivers(_ waivers: [Waiver], to result: inout EndpointResult) {
        guard !waivers.isEmpty else { return }
        let today = CalendarDate(utc: options.today)
        // A body that was not checked (no recording, a status the spec does not expect, not JSON) tells nothing
        // about its waivers: they are neither used nor unused.
        let unchecked: Set<DriftKind> = [.recordingMissing, .recordingInvalid, .statusMismatch, .bodyNotJSON]
        let checked = !result.findings.contains { unchecked.contains($0.kind) }
        // The findings by kind, and by kind and path for the waivers whose path has no wildcard, so that a spec with
        // thousands of waivers does not try each on every finding (20,000 of each took 4 s).
        var byKind: [DriftKind: [Int]] = [:]
        for index in result.findings.indices { byKind[result.findings[index].kind, default: []].append(index) }
        var byPath: [DriftKind: [String: [Int]]] = [:]
        // The findings for several places that waivers cover some of: which places, and the first such waiver.
        var partlyCovered: [Int: (covered: [Bool], waiver: Waiver)] = [:]
        for waiver in waivers {
            guard let until = CalendarDate(waiver.until), today <= until else {
                result.findings.append(
                    Finding(
                        endpoint: result.id, kind: .waiverExpired, severity: .breaking, path: nil,
                        expected: "a waiver valid until \(waiver.until)", actual: "expired",
                        message:
                            "the waiver for \(waiver.kind)\(waiver.path.map { " at \($0)" } ?? "") expired on \(waiver.until) (reason: \(waiver.reason))",
                        hint: "fix the drift, or extend 'until' if the reason still holds",
                        specLocation: waiver.location))
                continue
            }
            var matched = false
            var candidates = byKind[waiver.kind] ?? []
            if let pattern = waiver.path, !pattern.unicodeScalars.contains(where: { $0 == "*" || $0 == "?" }) {
                if byPath[waiver.kind] == nil {
                    // Every place a finding lists, not only its first: `$.items[2].id` may be the third of three.
                    var paths: [String: [Int]] = [:]
                    for index in candidates {
                        for path in Set(result.findings[index].paths.map(\.description)) {
                            paths[path, default: []].append(index)
                        }
                    }
                    byPath[waiver.kind] = paths
                }
                // Looked up as Strings compare (canonically), then matched by scalars as below.
                candidates = byPath[waiver.kind]?[pattern] ?? []
            }
            for index in candidates where result.findings[index].waiver == nil {
                guard let pattern = waiver.path else {
                    result.findings[index].waiver = waiver
                    matched = true
                    continue
                }
                let covered = result.findings[index].paths.map { Glob.matches(pattern, $0.description) }
                guard covered.contains(true) else { continue }
                matched = true
                guard covered.contains(false) else {
                    result.findings[index].waiver = waiver
                    continue
                }
                // Some of its places only: judged once every waiver has had its say (two waivers may cover all).
                let before = partlyCovered[index]
                partlyCovered[index] = (
                    before.map { zip($0.covered, covered).map { $0 || $1 } } ?? covered, before?.waiver ?? waiver
                )
            }
            if !matched, checked {
                let what = "\(waiver.kind)\(waiver.path.map { " at \($0)" } ?? "")"
                result.findings.append(
                    Finding(
                        endpoint: result.id, kind: .waiverUnused, severity: .info, path: nil,
                        expected: "a finding the waiver covers (\(what))", actual: "none",
                        message:
                            "the waiver for \(what) matched nothing: the drift it covers is gone, or its kind or path is wrong",
                        hint: "remove the waiver if the drift is fixed; otherwise correct its 'kind' or 'path'",
                        specLocation: waiver.location))
            }
        }
        // A finding for several places (the same drift in many elements) is waived only when waivers cover them all:
        // otherwise it stays, for the places none covers, and waiving it hid new drift beside the accepted one. Its
        // first place is what its message describes; the later places a waiver covers are taken off it.
        for (index, part) in partlyCovered.sorted(by: { $0.key < $1.key }) where result.findings[index].waiver == nil {
            let covered = part.covered
            if !covered.contains(false) {
                result.findings[index].waiver = part.waiver
            } else if covered[0] {
                let others = covered.filter { !$0 }.count
                result.findings[index].message +=
                    " (a waiver covers this place, not the \(others == 1 ? "other" : "\(others) others"))"
            } else {
                let kept = zip(result.findings[index].morePaths, covered.dropFirst()).filter { !$0.1 }.map(\.0)
                result.findings[index].occurrences -= result.findings[index].morePaths.count - kept.count
                result.findings[index].morePaths = kept
            }
        }
    }
}

/// What verifying one endpoint needs that does not depend on its recording.
private struct EndpointPreparation: @unchecked Sendable {
    /// What it was made from: an endpoint with the same id but other settings (an API caller may change an
    /// `Endpoint` and verify it again) needs a preparation of its own.
    var basis: Basis
    /// Where the endpoint's recording is.
    var recordingPath: String
    /// The checker and the plan of the body shape, when the spec declares one.
    var check: (ShapeChecker, ShapePlan)?
    /// The model to decode through, or nil with `modelNote` saying why not.
    var model: ModelType?
    var modelNote: String?
    /// A `JSONDecoder` configured as the endpoint's spec says, shared by the endpoints configured alike (decoding
    /// with one from several threads at once is safe).
    var decoder: JSONDecoder
}

extension EndpointPreparation {
    /// The parts of an endpoint its preparation depends on.
    struct Basis: Equatable {
        /// Where the recording is: `<recordings>/<group>/<name>.json`.
        var group: String
        var name: String
        var body: Shape?
        var extraKeys: ExtraKeysPolicy
        var decoding: DecodingOptions
        var model: String?

        init(_ endpoint: Endpoint) {
            group = endpoint.group
            name = endpoint.name
            body = endpoint.expect.body
            extraKeys = endpoint.expect.extraKeys
            decoding = endpoint.decoding
            model = endpoint.model
        }
    }
}

/// Each endpoint's preparation, and a checker and a decoder per set of options, shared by the endpoints that have the
/// same, so that a run plans each shape and resolves each model once.
private final class Preparations: @unchecked Sendable {
    private let lock = NSLock()
    private var checkers: [ShapeChecker.Options: ShapeChecker] = [:]
    private var decoders: [DecodingOptions: JSONDecoder] = [:]
    private var endpoints: [String: EndpointPreparation] = [:]

    func preparation(for endpoint: Endpoint, _ make: () -> EndpointPreparation) -> EndpointPreparation {
        // Spec shapes name their body's parts, so comparing what the preparation was made from is cheap.
        let basis = EndpointPreparation.Basis(endpoint)
        lock.lock()
        if let known = endpoints[endpoint.id], known.basis == basis {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        endpoints[endpoint.id] = made
        return made
    }

    func decoder(for options: DecodingOptions) -> JSONDecoder {
        lock.lock()
        defer { lock.unlock() }
        if let decoder = decoders[options] { return decoder }
        let decoder = options.makeDecoder()
        decoders[options] = decoder
        return decoder
    }

    func checker(for options: ShapeChecker.Options, _ make: () -> ShapeChecker) -> ShapeChecker {
        lock.lock()
        defer { lock.unlock() }
        if let checker = checkers[options] { return checker }
        let checker = make()
        checkers[options] = checker
        return checker
    }
}
