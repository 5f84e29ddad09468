import ContractTestSupport
import Testing

@testable import ContractKit

struct RecordingRedirectsTests {
    @Test func redirectsAndTheFinalURLRoundTrip() throws {
        let recording = Recording(
            endpoint: "users/list-users", request: .init(method: "GET", url: "http://a/old"),
            response: .init(status: 200, url: "http://a/new", redirects: [.init(status: 301, url: "http://a/old")]))
        let reread = try Recording(json: recording.jsonValue, file: "x.json")
        #expect(reread == recording)
        #expect(
            JSONWriter(style: .compact).write(recording.jsonValue).contains(
                #""response":{"status":200,"url":"http://a/new","redirects":[{"status":301,"url":"http://a/old"}]}"#))
    }

    @Test func recordingsWithoutThemReadAsBefore() throws {
        let recording = try Recording(
            json: TestSuites.json(
                """
                {"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "http://a"},
                 "response": {"status": 204}}
                """), file: "x.json")
        #expect(recording.response.url == nil)
        #expect(recording.response.redirects.isEmpty)
    }

    @Test func malformedRedirectsAreInvalid() {
        #expect(throws: ContractError.self) {
            try Recording(
                json: TestSuites.json(
                    """
                    {"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "http://a"},
                     "response": {"status": 200, "redirects": [{"status": "301"}]}}
                    """), file: "x.json")
        }
    }
}
