import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Real responses nobody here wrote (a HAR captured from httpbin through mitmproxy, GitHub API responses recorded by
/// octokit/fixtures; see Tests/Fixtures/Infer/README.md): infer a spec, check it against its golden file, load it,
/// verify every sample it came from (nothing above info), and verify drifted copies (the right drift kinds).
@Suite struct InferRoundTripTests {
    /// The findings above info for each sample of each endpoint, verified through the spec written for `spec`.
    static func findingsAboveInfo(verifying spec: InferredSpec) throws -> [String] {
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try InferredSpecWriter.write(InferredSpecWriter().yaml(for: spec), to: "\(root)/Specs/\(spec.name).yaml")
        let suite = try SpecLoader().load(directory: root + "/Specs")
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: root + "/Recordings"))
        var problems: [String] = []
        for inferred in spec.endpoints {
            let endpoint = try #require(suite.endpoints.first { $0.name == inferred.name })
            for sample in inferred.samples {
                var recording = sample.recording
                recording.endpoint = endpoint.id
                try recording.write(to: endpoint.recordingPath(in: root + "/Recordings"))
                for finding in verifier.verify(endpoint).findings where finding.severity > .info {
                    problems.append(
                        "\(sample.source): \(finding.kind) at \(finding.path?.description ?? "-"): \(finding.message)")
                }
            }
        }
        return problems
    }

    /// The kinds of the findings above info when `recording`, changed by `drift`, is verified through the spec.
    static func driftKinds(
        _ spec: InferredSpec, endpoint name: String, _ drift: (inout JSONValue) -> Void
    ) throws -> Set<DriftKind> {
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try InferredSpecWriter.write(InferredSpecWriter().yaml(for: spec), to: "\(root)/Specs/\(spec.name).yaml")
        let suite = try SpecLoader().load(directory: root + "/Specs")
        let endpoint = try #require(suite.endpoints.first { $0.name == name })
        let inferred = try #require(spec.endpoints.first { $0.name == name })
        var recording = inferred.recording.recording
        var body = try #require(recording.response.body?.jsonValue)
        drift(&body)
        recording.response.body = .json(body)
        recording.endpoint = endpoint.id
        try recording.write(to: endpoint.recordingPath(in: root + "/Recordings"))
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: root + "/Recordings"))
        return Set(verifier.verify(endpoint).findings.filter { $0.severity > .info }.map(\.kind))
    }

    static func read(_ relative: String) -> SampleReader.Result {
        SampleReader().read([Fixtures.url(relative).path])
    }

    // MARK: - httpbin, through a HAR

    @Test func httpbinHARGivesASpecThatVerifiesEveryEntry() throws {
        let read = Self.read("Infer/httpbin/httpbin.har")
        #expect(read.problems.isEmpty, "\(read.problems)")
        #expect(read.samples.count == 36)
        let spec = SpecInferrer().infer(read.samples, name: "httpbin")
        let yaml = InferredSpecWriter().yaml(for: spec)
        if let mismatch = Golden.mismatch(yaml, named: "infer/httpbin.yaml") { Issue.record("\(mismatch)") }
        #expect(try Self.findingsAboveInfo(verifying: spec) == [])
        // `/anything/users/42`, `/43` and `/1001` are one endpoint with a parameter.
        let users = try #require(spec.endpoints.first { $0.path == "/anything/users/{id}" })
        #expect(users.samples.count == 3)
        #expect(users.params.map(\.value) == ["42"])
    }

    @Test func httpbinDriftIsCaughtWithTheRightKinds() throws {
        let spec = SpecInferrer().infer(Self.read("Infer/httpbin/httpbin.har").samples, name: "httpbin")
        let uuid = try Self.driftKinds(spec, endpoint: "get-uuid") {
            $0 = .object(JSONObject(["uuid": .number(JSONNumber(7))]))
        }
        #expect(uuid == [.typeMismatch])
        let slideshow = try Self.driftKinds(spec, endpoint: "get-json") { body in
            guard case .object(var object) = body else { return }
            object["slideshow"] = nil
            body = .object(object)
        }
        #expect(slideshow == [.missingKey])
    }

    @Test func secretsSentToHttpbinNeverReachARecording() throws {
        let spec = SpecInferrer().infer(Self.read("Infer/httpbin/httpbin.har").samples, name: "httpbin")
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let written = try spec.writeRecordings(into: root)
        #expect(written.written == spec.endpoints.count)
        var everything = InferredSpecWriter().yaml(for: spec)
        for endpoint in spec.endpoints {
            for sample in endpoint.samples { everything += String(decoding: sample.recording.encoded(), as: UTF8.self) }
        }
        for secret in ["s3cr3t-t0ken-abcdef", "qwerty123456", "abc123secret", "dXNlcjpwYXNzd2Q="] {
            #expect(!everything.contains(secret), "'\(secret)' was written")
        }
        #expect(everything.contains("<redacted>"))
    }

    // MARK: - GitHub, as raw JSON responses

    @Test func githubResponsesGiveASpecThatVerifiesEveryResponse() throws {
        let read = Self.read("Infer/github")
        #expect(read.problems.isEmpty, "\(read.problems)")
        let spec = SpecInferrer().infer(read.samples, name: "github")
        let yaml = InferredSpecWriter().yaml(for: spec)
        if let mismatch = Golden.mismatch(yaml, named: "infer/github.yaml") { Issue.record("\(mismatch)") }
        #expect(try Self.findingsAboveInfo(verifying: spec) == [])
        #expect(spec.endpoints.first { $0.name == "issues" }?.samples.count == 5)
        #expect(spec.shapes.contains { $0.name == "User" || $0.name == "Owner" })
        #expect(!spec.shapes.contains { $0.name.hasPrefix("Type") })
    }

    @Test func githubDriftIsCaughtWithTheRightKinds() throws {
        let spec = SpecInferrer().infer(Self.read("Infer/github").samples, name: "github")
        let kinds = try Self.driftKinds(spec, endpoint: "issues") { body in
            guard case .array(var issues) = body, case .object(var first) = issues[0] else { return }
            first["number"] = .string("1")
            first["created_at"] = .number(JSONNumber(1_500_000_000))
            first["title"] = nil
            issues[0] = .object(first)
            body = .array(issues)
        }
        #expect(kinds == [.typeMismatch, .missingKey, .dateFormatMismatch], "\(kinds)")
        let keyed = try Self.driftKinds(spec, endpoint: "labels") { body in
            guard case .array(let labels) = body else { return }
            body = .object(JSONObject(labels.enumerated().map { .init(key: "\($0.offset + 1)", value: $0.element) }))
        }
        #expect(keyed == [.objectInsteadOfArray])
    }
}
