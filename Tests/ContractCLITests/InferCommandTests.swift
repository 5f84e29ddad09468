import ContractKit
import ContractTestSupport
import DemoServer
import Foundation
import Testing

/// `contract infer` through the built binary: a spec and recordings from a HAR, a folder of raw responses and a live
/// request, which `contract lint` accepts and `contract verify` passes; a drifted recording then fails.
@Suite struct InferCommandTests {
    static func copy(_ fixture: String, into folder: String) throws -> String {
        let target = folder + "/" + (fixture as NSString).lastPathComponent
        try FileManager.default.copyItem(atPath: Fixtures.url(fixture).path, toPath: target)
        return target
    }

    @Test func aHARBecomesASpecThatLintsAndVerifiesAndCatchesDrift() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.copy("Infer/httpbin/httpbin.har", into: folder)
        let infer = try CommandRunner.run(["infer", "httpbin.har"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(
            infer.stdout
                == "inferred 17 endpoints and 18 named shapes from 36 samples into Specs/httpbin.yaml; recordings in Recordings/httpbin: 17 written, 0 unchanged; 5 endpoints without a JSON body left out\n",
            "\(infer.stdout)")
        let spec = try String(contentsOfFile: folder + "/Specs/httpbin.yaml", encoding: .utf8)
        #expect(spec == (try String(contentsOf: Fixtures.url("Golden/infer/httpbin.yaml"), encoding: .utf8)))

        let lint = try CommandRunner.run(["lint"], in: folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        #expect(lint.stderr.isEmpty, "\(lint.stderr)")
        let verify = try CommandRunner.run(["verify", "--fail-on", "warning"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(
            verify.stdout.contains("17 endpoints: 17 passed, 0 failed · 0 breaking, 0 warnings"), "\(verify.stdout)")

        // The same input gives the same bytes; a spec that says something else is not overwritten without --force.
        let again = try CommandRunner.run(["infer", "httpbin.har"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout.contains("0 written, 17 unchanged"))
        try "shapes: {}\n".write(toFile: folder + "/Specs/httpbin.yaml", atomically: true, encoding: .utf8)
        let refused = try CommandRunner.run(["infer", "httpbin.har"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("pass --force to replace it"), "\(refused.stderr)")
        #expect(try CommandRunner.run(["infer", "httpbin.har", "--force"], in: folder).status == 0)

        let path = folder + "/Recordings/httpbin/get-uuid.json"
        let recording = try String(contentsOfFile: path, encoding: .utf8)
        let drifted = recording.replacing(#/"uuid": "[0-9a-f-]+"/#, with: #""uuid": 42"#)
        #expect(drifted != recording)
        try drifted.write(toFile: path, atomically: true, encoding: .utf8)
        let caught = try CommandRunner.run(["verify"], in: folder)
        #expect(caught.status == 1)
        #expect(caught.stdout.contains("FAIL httpbin/get-uuid  1 breaking"), "\(caught.stdout)")
        #expect(caught.stdout.contains("breaking type-mismatch  at $.uuid"), "\(caught.stdout)")
    }

    @Test func aFolderOfRawResponsesBecomesASpecThatVerifies() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.copy("Infer/github", into: folder)
        let infer = try CommandRunner.run(["infer", "github", "--name", "gh", "--output", "Contracts"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(
            infer.stdout.contains("into Contracts/gh.yaml; recordings in Recordings/gh: 7 written"), "\(infer.stdout)")
        let lint = try CommandRunner.run(["lint", "--specs", "Contracts"], in: folder)
        #expect(lint.status == 0, "\(lint.stderr)")
        let verify = try CommandRunner.run(["verify", "--specs", "Contracts", "--fail-on", "warning"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func oneLiveRequestIsRecordedAndInferred() throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            .json(
                #"{"id": 42, "path": "\#(request.path)", "seen": "\#(request.header("Authorization") ?? "")", "created_at": "2026-11-20T10:00:00Z"}"#
            )
        }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let infer = try CommandRunner.run(
            ["infer", "--base-url", server.baseURL, "--request", "GET /users/42", "--name", "live"], in: folder)
        #expect(infer.status == 0, "\(infer.stderr)")
        let spec = try String(contentsOfFile: folder + "/Specs/live.yaml", encoding: .utf8)
        #expect(spec.contains("request: GET /users/{id}"), "\(spec)")
        #expect(spec.contains("created_at: Date(iso8601)"), "\(spec)")
        #expect(FileManager.default.fileExists(atPath: folder + "/Recordings/live/get-user.json"))
        let verify = try CommandRunner.run(["verify"], in: folder)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func usageMistakesAndUnreadableInputsSaySo() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let nothing = try CommandRunner.run(["infer"], in: folder)
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("give recordings, HAR files"), "\(nothing.stderr)")
        let noServer = try CommandRunner.run(["infer", "--request", "GET /x"], in: folder)
        #expect(noServer.status == 64)
        try "{ not json".write(toFile: folder + "/broken.json", atomically: true, encoding: .utf8)
        try #"{"ok": true}"#.write(toFile: folder + "/ok.json", atomically: true, encoding: .utf8)
        let partly = try CommandRunner.run(["infer", "broken.json", "ok.json", "missing.har"], in: folder)
        #expect(partly.status == 0, "one bad input does not stop the others: \(partly.stderr)")
        #expect(partly.stderr.contains("broken.json:1:"), "\(partly.stderr)")
        #expect(partly.stderr.contains("'missing.har' does not exist"), "\(partly.stderr)")
        #expect(partly.stdout.contains("inferred 1 endpoint"), "\(partly.stdout)")
        let none = try CommandRunner.run(["infer", "broken.json"], in: folder)
        #expect(none.status == 2)
    }
}
