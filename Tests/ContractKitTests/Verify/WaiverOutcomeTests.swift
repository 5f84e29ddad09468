import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A waiver that covers nothing is reported; a waived breaking drift passes the run but says the app still fails.
@Suite struct WaiverOutcomeTests {
    static func verify(waivers: String, body: String, shape: String = "{ id: Int }") throws -> EndpointResult {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/users", withIntermediateDirectories: true)
        try
            #"{"format": "contract-recording/1", "endpoint": "users/get", "request": {"method": "GET", "url": "/u"}, "response": {"status": 200, "body": \#(body)}}"#
            .write(toFile: folder + "/users/get.json", atomically: true, encoding: .utf8)
        let suite = try TestSuites.suite(
            (
                "Specs/users.yaml",
                "endpoints:\n  get:\n    request: GET /u\n    expect: { body: \(shape) }\n    waivers:\n\(waivers)"
            ))
        let today = ISO8601DateFormatter().date(from: "2026-11-23T00:00:00Z")!
        return Verifier(suite: suite, options: .init(recordingsDirectory: folder, today: today)).verify(
            suite.endpoints[0])
    }

    @Test func aWaiverPathWithoutTheRootIsAnErrorWhoseFixWaivesTheDrift() throws {
        // `path: id` would match no finding's path (`$.id`): an error in the spec, with the path to write.
        var hint: String?
        do {
            _ = try Self.verify(
                waivers: "      - { kind: type-mismatch, path: id, until: 2027-01-01, reason: ids move to strings }\n",
                body: #"{"id": "1"}"#)
        } catch let errors as ContractErrors {
            #expect(
                errors.errors.map(\.message) == [
                    "the waiver's path 'id' matches nothing: a finding's path starts at '$', the body's root"
                ])
            hint = errors.errors.first?.hint
        }
        #expect(hint == "write it as '$.id'")
        let written = try #require(hint?.split(separator: "'").dropFirst().first)
        let result = try Self.verify(
            waivers:
                "      - { kind: type-mismatch, path: \(written), until: 2027-01-01, reason: ids move to strings }\n",
            body: #"{"id": "1"}"#)
        #expect(result.findings.map(\.kind) == [.typeMismatch])
        #expect(result.findings.first?.isWaived == true)
    }

    @Test func aWaiverPathsFixIsWrittenAsFindingsPrintPaths() throws {
        // Following each hint gives a path that can match: keys that need quoting are quoted, wildcards kept.
        func hint(_ path: String) -> String? {
            do {
                _ = try TestSuites.suite(
                    (
                        "Specs/users.yaml",
                        "endpoints:\n  get:\n    request: GET /u\n    waivers:\n      - { kind: extra-key, path: \"\(path)\", "
                            + "until: 2027-01-01, reason: r }\n"
                    ))
                return nil
            } catch {
                return error.errors.first?.hint
            }
        }
        #expect(hint("1.x") == "write it as '$[\"1\"].x'")
        #expect(hint("1[*].x") == "write it as '$[\"1\"][*].x'")
        #expect(hint(".a") == "write it as '$.a'")
        #expect(hint("a*") == "write it as '$.a*'")
        #expect(hint("")?.hasPrefix("write it as findings print their paths") == true)
        #expect(hint("?.a") == nil, "a '?' matches the root")
        #expect(hint("*.a") == nil)
    }

    @Test func aWaiverThatMatchesNothingIsAnInfoFinding() throws {
        let result = try Self.verify(
            waivers: "      - { kind: type-mismatch, path: $.id, until: 2027-01-01, reason: ids move to strings }\n",
            body: #"{"id": 1}"#)
        let finding = try #require(result.findings.first)
        #expect(result.findings.count == 1)
        #expect(finding.kind == .waiverUnused && finding.severity == .info)
        #expect(
            finding.message
                == "the waiver for type-mismatch at $.id matched nothing: the drift it covers is gone, or its kind or path is wrong"
        )
        #expect(finding.specLocation?.line == 6)
        #expect(!result.fails(at: .breaking))
    }

    @Test func aWaiverThatMatchesIsNotReportedAsUnused() throws {
        let result = try Self.verify(
            waivers: "      - { kind: type-mismatch, path: $.id, until: 2027-01-01, reason: ids move to strings }\n",
            body: #"{"id": "1"}"#)
        #expect(result.findings.map(\.kind) == [.typeMismatch])
        #expect(result.findings[0].isWaived)
    }

    /// The same drift in several elements is one finding for all its places. A waiver for one place covers that
    /// place only: a new element drifting the same way still fails the run (it was waived with the first), and a
    /// waiver for a later place is used, not reported as matching nothing.
    @Test func aWaiverForOnePlaceOfADriftInManyCoversThatPlaceOnly() throws {
        func verify(_ paths: String..., ids: String) throws -> EndpointResult {
            try Self.verify(
                waivers: paths.map {
                    "      - { kind: type-mismatch, path: \"\($0)\", until: 2027-01-01, reason: legacy }\n"
                }
                .joined(),
                body: #"{"items": \#(ids)}"#, shape: "{ items: [{ id: Int }] }")
        }
        // The waived place first: the finding stays for the new one, and says so.
        let first = try verify("$.items[0].id", ids: #"[{"id": "a"}, {"id": 3}, {"id": "NEW"}]"#)
        #expect(first.findings.map(\.kind) == [.typeMismatch] && first.fails(at: .breaking))
        #expect(first.findings[0].paths.map(\.description) == ["$.items[0].id", "$.items[2].id"])
        #expect(first.findings[0].message.hasSuffix("(a waiver covers this place, not the other)"))
        // A later place waived: taken off the finding, which stays for the first.
        let later = try verify("$.items[1].id", ids: #"[{"id": "a"}, {"id": "b"}, {"id": 3}]"#)
        #expect(later.findings.map(\.kind) == [.typeMismatch] && later.fails(at: .breaking))
        #expect(later.findings[0].paths.map(\.description) == ["$.items[0].id"] && later.findings[0].occurrences == 1)
        // Every place covered: waived, and the run passes.
        let all = try verify("$.items[*].id", ids: #"[{"id": "a"}, {"id": 3}, {"id": "NEW"}]"#)
        #expect(all.findings.map(\.isWaived) == [true] && !all.fails(at: .breaking))
        // Two waivers that cover a place each cover the finding between them.
        let both = try verify("$.items[2].id", "$.items[0].id", ids: #"[{"id": "a"}, {"id": 3}, {"id": "NEW"}]"#)
        #expect(both.findings.map(\.isWaived) == [true] && !both.fails(at: .breaking), "\(both.findings)")
    }

    @Test func aWaivedBreakingDriftPassesAndSaysTheModelStillFails() throws {
        var result = try Self.verify(
            waivers: "      - { kind: type-mismatch, until: 2027-01-01, reason: ids move to strings }\n",
            body: #"{"id": "1"}"#)
        let shapeOnly = TextReportRenderer().render(VerificationReport(results: [result], failOn: .breaking))
        #expect(shapeOnly.hasPrefix("PASS (waived: the drift is still there) users/get  1 waived"), "\(shapeOnly)")
        result.model = "User"
        let withModel = TextReportRenderer().render(VerificationReport(results: [result], failOn: .breaking))
        #expect(withModel.hasPrefix("PASS (waived: the model still fails) users/get  1 waived"), "\(withModel)")
    }
}
