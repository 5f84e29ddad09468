import ContractTestSupport
import Foundation
import Testing
@testable import ContractKit

@Suite struct RecordingTests {
    let sample = """
        {
          "format": "contract-recording/1",
          "endpoint": "users/list-users",
          "recordedAt": "2026-11-21T03:00:00Z",
          "request": {
            "method": "GET",
            "url": "https://staging.example.com/users.json",
            "headers": {
              "Authorization": "<redacted>"
            }
          },
          "response": {
            "status": 200,
            "headers": {
              "Content-Type": "application/json",
              "Vary": [
                "Accept",
                "Origin"
              ]
            },
            "durationMs": 84,
            "body": {
              "u2": {
                "name": "Ada",
                "score": 1.0,
                "big": 12345678901234567890
              },
              "u1": {}
            }
          }
        }

        """

    @Test func readsAndWritesTheSameBytes() throws {
        let recording = try Recording(json: TestSuites.json(sample), file: "r.json")
        #expect(recording.endpoint == "users/list-users")
        #expect(recording.response.header("content-type") == "application/json")
        #expect(recording.response.headers.filter { $0.name == "Vary" }.map(\.value) == ["Accept", "Origin"])
        #expect(String(decoding: recording.encoded(), as: UTF8.self) == sample)
    }

    @Test func minimalRecordingsFromElsewhereAreAccepted() throws {
        let recording = try Recording(
            json: TestSuites.json(#"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 204}}"#),
            file: "r.json")
        #expect(recording.response.body == nil && recording.response.headers.isEmpty && recording.recordedAt == nil)
        let text = try Recording(
            json: TestSuites.json(#"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 502, "bodyText": "Bad Gateway"}}"#),
            file: "r.json")
        #expect(text.response.body == .text("Bad Gateway"))
    }

    @Test(arguments: [
        (#"[]"#, "a recording is a JSON object, found array with 0 elements"),
        (#"{"endpoint": "a/b"}"#, "missing 'format' (\"contract-recording/1\")"),
        (#"{"format": "contract-recording/2"}"#, "unsupported format 'contract-recording/2'; this version reads contract-recording/1"),
        (#"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": "200"}}"#,
         "missing or invalid 'response.status' (a number from 100 to 599)"),
        (#"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "headers": {"A": 1}}}"#,
         "header 'A' in 'response.headers' must be text"),
    ])
    func invalidRecordingsSayWhatIsWrong(json: String, message: String) {
        #expect {
            try Recording(json: TestSuites.json(json), file: "r.json")
        } throws: { error in
            let error = error as! ContractError
            return error.code == .invalidRecording && error.message == message
        }
    }

    @Test func malformedJSONIsReportedWithItsPlace() throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/r.json"
        try String(sample.prefix(120)).write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try Recording.read(from: path)
        } throws: { error in
            let error = error as! ContractError
            return error.code == .invalidRecording && error.location?.file == path && error.location?.line == 5 && error.location?.column == 3
                && error.message.hasPrefix("the recording is not valid JSON: ")
        }
    }

    @Test func unchangedReRecordLeavesTheFileAlone() throws {
        let directory = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/users/list-users.json"
        var recording = try Recording(json: TestSuites.json(sample), file: "r.json")
        #expect(try recording.write(to: path))
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date

        recording.recordedAt = "2026-11-22T03:00:00Z"
        recording.response.durationMs = 120
        #expect(try recording.write(to: path) == false)
        let after = try Recording.read(from: path)
        #expect(after.recordedAt == "2026-11-21T03:00:00Z")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date == before)

        recording.response.status = 201
        #expect(try recording.write(to: path))
        #expect(try Recording.read(from: path).response.status == 201)
        // Only the recording itself is left in the folder: the atomic write's temporary file is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/users") == ["list-users.json"])
    }

    @Test func committedSampleRecordingsAreInCanonicalForm() throws {
        let root = Fixtures.repositoryRoot.appendingPathComponent("Recordings").path
        let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count == 7)
        for file in files {
            let path = root + "/" + file
            let recording = try Recording.read(from: path)
            let canonical = recording.encoded()
            if ProcessInfo.processInfo.environment["CONTRACT_RECORD_GOLDEN"] == "1" { try canonical.write(to: URL(fileURLWithPath: path)) }
            #expect(FileManager.default.contents(atPath: path) == canonical, "\(file) is not in canonical form; re-write it with CONTRACT_RECORD_GOLDEN=1 swift test")
        }
    }
}
