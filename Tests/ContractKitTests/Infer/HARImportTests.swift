import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// HAR entries as recordings: the fields a recording keeps, written as `record` writes them.
@Suite struct HARImportTests {
    @Test func startedDateTimeIsWrittenAsTheRecorderWritesItsTimestamps() throws {
        for (text, written) in [
            ("2026-11-23T23:45:17.130+01:00", "2026-11-23T22:45:17Z"),
            ("1999-12-31T23:59:59.999Z", "1999-12-31T23:59:59Z"),
            ("2026-02-03T04:05:06Z", "2026-02-03T04:05:06Z"), ("0099-01-02T03:04:05Z", "0099-01-02T03:04:05Z"),
        ] {
            #expect(HARImport.timestamp(text) == written)
            #expect(ISO8601.utcSeconds(try #require(ISO8601.parse(text))) == written)
        }
        #expect(HARImport.timestamp("yesterday") == nil)
    }

    @Test func aSecretEchoedInABodyIsRedactedWhateverTheFastPathDecides() {
        let redactor = Redactor(secrets: ["s3cr3t-t0ken-abcdef"])
        let plain = Array(#"{"a": "nothing to see"}"#.utf8)
        let echoed = Array(#"{"a": "Bearer s3cr3t-t0ken-abcdef"}"#.utf8)
        let escaped = Array(#"{"a": "s3cr3t\u002dt0ken-abcdef"}"#.utf8)
        #expect(!redactor.mayChange(jsonText: plain))
        #expect(redactor.mayChange(jsonText: echoed))
        // An escape may hide a secret from a search of the text: the body is then walked.
        #expect(redactor.mayChange(jsonText: escaped))
        #expect(
            redactor.redactBody(TestSuites.json(String(decoding: escaped, as: UTF8.self)))
                == TestSuites.json(#"{"a": "<redacted>"}"#))
    }

    @Test func anEntryThatCannotBeReadIsAProblemAndTheOthersAreRead() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let deep = String(repeating: #"{\"a\": "#, count: 300) + "1" + String(repeating: "}", count: 300)
        let har = #"""
            {"log": {"entries": [
              {"request": {"method": "GET"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://api.example.com/a"}, "response": {"status": 0}},
              {"request": {"method": "GET", "url": "not a url at all"}, "response": {"status": 200}},
              {"request": {"method": "GET", "url": "https://api.example.com/deep"}, "response": {"status": 200,
                "content": {"mimeType": "application/json", "text": "\#(deep)"}}},
              {"request": {"method": "GET", "url": "https://api.example.com/b?token=abc12345"},
               "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"},
                 {"name": "Date", "value": "Mon, 23 Nov 2026 23:00:00 GMT"}],
                 "content": {"mimeType": "application/json", "text": "{\"echo\": \"abc12345\"}"}}}
            ]}}
            """#
        try har.write(toFile: folder + "/x.har", atomically: true, encoding: .utf8)
        let (samples, problems) = try HARImport.samples(fromFileAt: folder + "/x.har")
        #expect(
            problems.map(\.message) == [
                "\(folder)/x.har entry 1: the request needs 'method' and 'url'",
                "\(folder)/x.har entry 2: the response needs a 'status' from 100 to 599 (an aborted request has 0)",
                "\(folder)/x.har entry 3: the request's url 'not a url at all' is not an absolute URL",
                "\(folder)/x.har entry 4: the response body nests deeper than 200 levels, more than a spec can hold",
            ])
        let recording = try #require(samples.first?.recording)
        #expect(recording.request.url == "https://api.example.com/b?token=<redacted>")
        #expect(recording.response.headers.map(\.name) == ["Content-Type"])
        #expect(recording.response.body?.jsonValue == TestSuites.json(#"{"echo": "<redacted>"}"#))
    }
}

/// A query that names a parameter twice: a spec's `query:` holds one value for a name, so the repeats go into the
/// request's path, and the spec loads and sends what the sample sent.
@Suite struct RepeatedQueryParameterTests {
    @Test func aRepeatedQueryParameterIsWrittenIntoThePath() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let har = #"""
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "https://api.example.com/items?tag=red&page=2&tag=blue%20sky"},
               "response": {"status": 200, "headers": [{"name": "Content-Type", "value": "application/json"}],
                 "content": {"mimeType": "application/json", "text": "[{\"id\": 1}]"}}}
            ]}}
            """#
        try har.write(toFile: folder + "/dupq.har", atomically: true, encoding: .utf8)
        let (samples, problems) = try HARImport.samples(fromFileAt: folder + "/dupq.har")
        #expect(problems.isEmpty)
        let spec = SpecInferrer().infer(samples, name: "dupq")
        let yaml = InferredSpecWriter().yaml(for: spec)
        #expect(yaml.contains("GET /items?tag=red&tag=blue%20sky"), "\(yaml)")
        try InferredSpecWriter.write(yaml, to: folder + "/Specs/dupq.yaml")
        let suite = try SpecLoader().load(directory: folder + "/Specs")
        let endpoint = try #require(suite.endpoints.first)
        let prepared = try RequestBuilder(baseURL: "https://api.example.com", environment: [:]).prepare(endpoint)
        #expect(prepared.url.absoluteString == "https://api.example.com/items?tag=red&tag=blue%20sky&page=2")
    }
}

/// Names that come from inputs become names a spec may hold.
@Suite struct EndpointNameTests {
    @Test func namesFromInputsAreSafeForFilesAndSpecs() {
        #expect(SpecInferrer.safeName("list-users") == "list-users")
        #expect(SpecInferrer.safeName("..") == "endpoint")
        #expect(SpecInferrer.safeName("a b/c") == "a-b-c")
        #expect(SpecInferrer.safeName("überblick") == "überblick")
    }
}
