import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Nothing a spec says, nor a value it reads from the environment, can add a header of its own or split the
/// request: header names are HTTP tokens, values one line.
@Suite struct HeaderInjectionTests {
    @Test func aHeaderNameOrValueThatWouldInjectAHeaderIsASpecErrorAtItsLine() throws {
        let yaml = """
            defaults:
              headers: { "X-Key: evil\\r\\nInjected": "${KEY}" }
            endpoints:
              a:
                request: GET /a
                headers: { X-Ok: "one\\ntwo", X-Fine: "a\\tb" }

            """
        let errors: ContractErrors
        do {
            _ = try TestSuites.suite(("Specs/api.yaml", yaml))
            Issue.record("the spec loaded")
            return
        } catch {
            errors = error
        }
        let messages = errors.errors.map(\.description)
        #expect(messages.count == 2, "\(messages)")
        #expect(
            messages[0].hasPrefix("Specs/api.yaml:2:14: error: the header name 'X-Key: evil\\u{D}\\u{A}Injected'"),
            "\(messages)")
        #expect(messages[0].contains("is not an HTTP header name"))
        #expect(messages[1].hasPrefix("Specs/api.yaml:6:22: error: the value of header 'X-Ok'"), "\(messages)")
    }

    @Test func aValueFromTheEnvironmentWithALineBreakIsNeverSentAndNeverShown() throws {
        let endpoint = try #require(
            TestSuites.suite(
                (
                    "Specs/api.yaml",
                    """
                    endpoints:
                      a:
                        request: GET /a
                        headers: { Authorization: "Bearer ${TOKEN}" }
                    """
                )
            ).endpoints.first)
        let secret = "s3cr3t\r\nX-Injected: yes"
        do {
            _ = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: ["TOKEN": secret]).prepare(endpoint)
            Issue.record("the request was prepared")
        } catch {
            #expect(error.description.contains("header 'Authorization' is not sent"), "\(error)")
            #expect(!error.description.contains("s3cr3t"), "\(error)")
        }
    }
}
