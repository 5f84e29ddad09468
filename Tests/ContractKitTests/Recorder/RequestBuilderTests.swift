import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

struct RequestBuilderTests {
    static func endpoint(_ yaml: String) throws -> Endpoint {
        try #require(TestSuites.suite(("Specs/api.yaml", yaml)).endpoints.first)
    }

    @Test func joinsTheBaseURLPathParametersAndQuery() throws {
        let endpoint = try Self.endpoint(
            """
            endpoints:
              get-user:
                request: GET /users/{id}.json
                params: { id: "u 42" }
                query: { fields: "name,email", q: "a&b" }
            """)
        let prepared = try RequestBuilder(baseURL: "https://api.example.com/v1/?tenant=7", environment: [:]).prepare(
            endpoint)
        #expect(
            prepared.url.absoluteString
                == "https://api.example.com/v1/users/u%2042.json?tenant=7&fields=name%2Cemail&q=a%26b")
        #expect(prepared.shown.url == prepared.url.absoluteString, "nothing secret, so shown as sent")
        #expect(
            prepared.summary == "GET https://api.example.com/v1/users/u%2042.json?tenant=7&fields=name%2Cemail&q=a%26b")
    }

    @Test func readsTheEnvironmentAndShowsEveryValueFromItRedacted() throws {
        let endpoint = try Self.endpoint(
            """
            endpoints:
              search:
                request: POST /search/{tenant}
                params: { tenant: "${TENANT}" }
                query: { api_key: "fixed-key-in-spec", v: "${VERSION}" }
                headers: { Authorization: "Bearer ${TOKEN}", X-Trace: "run-${RUN}" }
                body: { query: "shoes", auth: { pin: "${PIN}" }, literal: "$${NOT_A_VARIABLE}" }
            """)
        let environment = ["TENANT": "acme", "VERSION": "2", "TOKEN": "t0k3n", "RUN": "77", "PIN": "1234"]
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: environment).prepare(endpoint)

        #expect(prepared.url.absoluteString == "http://127.0.0.1:9/search/acme?api_key=fixed-key-in-spec&v=2")
        #expect(
            prepared.headers == [
                Recording.Header(name: "Authorization", value: "Bearer t0k3n"),
                Recording.Header(name: "X-Trace", value: "run-77"),
                Recording.Header(name: "Content-Type", value: "application/json"),
            ])
        #expect(
            try JSONParser().parse([UInt8](prepared.body ?? Data()))
                == TestSuites.json(#"{"query": "shoes", "auth": {"pin": "1234"}, "literal": "${NOT_A_VARIABLE}"}"#))

        #expect(prepared.shown.url == "http://127.0.0.1:9/search/<redacted>?api_key=<redacted>&v=<redacted>")
        #expect(
            prepared.shown.headers == [
                Recording.Header(name: "Authorization", value: "<redacted>"),
                Recording.Header(name: "X-Trace", value: "run-<redacted>"),
                Recording.Header(name: "Content-Type", value: "application/json"),
            ])
        #expect(
            prepared.shown.body
                == .json(
                    TestSuites.json(
                        #"{"query": "shoes", "auth": {"pin": "<redacted>"}, "literal": "${NOT_A_VARIABLE}"}"#)))
        #expect(
            prepared.redactor.scrub("token t0k3n, run 77") == "token <redacted>, run 77",
            "short values are not searched for")
    }

    /// A key of the body is filled as its strings are (`${TOKEN}` in a key was sent as written), and shown redacted;
    /// `$${` writes the text.
    @Test func aBodyKeyReadsTheEnvironmentToo() throws {
        let endpoint = try Self.endpoint(
            """
            endpoints:
              login:
                request: POST /login
                body: { "${USER_KEY}": "${SECRET}", "tenant-${TENANT}": 1, "$${KEEP}": 2 }
            """)
        let environment = ["USER_KEY": "user-key-Q81x", "SECRET": "secret-Zz90", "TENANT": "acme"]
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: environment).prepare(endpoint)
        #expect(
            try JSONParser().parse([UInt8](prepared.body ?? Data()))
                == TestSuites.json(#"{"user-key-Q81x": "secret-Zz90", "tenant-acme": 1, "${KEEP}": 2}"#))
        #expect(
            prepared.shown.body
                == .json(TestSuites.json(#"{"<redacted>": "<redacted>", "tenant-<redacted>": 1, "${KEEP}": 2}"#)))
        #expect(prepared.redactor.scrub("user-key-Q81x") == "<redacted>")
    }

    /// A body taken from a document or a capture is written so that its keys read as themselves too, now that keys
    /// are filled: `{"${HOME}": 1}` is sent as it was captured, with `HOME` set or not.
    @Test func aCapturedBodyIsWrittenToBeSentAsCaptured() throws {
        let captured = TestSuites.json(#"{"${HOME}": "${HOME}", "a": [{"x${Y}": "$${Z}"}]}"#)
        let literal = Template.literal(captured)
        #expect(literal == TestSuites.json(#"{"$${HOME}": "$${HOME}", "a": [{"x$${Y}": "$$${Z}"}]}"#))
        let yaml = "endpoints:\n  e:\n    request: POST /e\n    body: \(JSONWriter(style: .compact).write(literal))\n"
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: ["HOME": "/root"])
            .prepare(try Self.endpoint(yaml))
        #expect(try JSONParser().parse([UInt8](prepared.body ?? Data())) == captured)
    }

    @Test func keepsAQueryWrittenIntoThePath() throws {
        let endpoint = try Self.endpoint(
            """
            endpoints:
              search:
                request: GET /search?sort=new
                query: { q: shoes }
            """)
        let prepared = try RequestBuilder(baseURL: "http://localhost:8080?tenant=7", environment: [:]).prepare(endpoint)
        #expect(prepared.url.absoluteString == "http://localhost:8080/search?tenant=7&sort=new&q=shoes")
    }

    /// The spec's checks find a path's placeholders where the recorder does, in the path read as a template:
    /// `{$${Y}` is the placeholder `${Y` (`$${` is the text `${`), so a spec that lint passes is one `record` sends.
    /// Lint read the path as text, where the placeholder was `$${Y`: it passed a spec that `record` refused, and
    /// refused the one `record` sends.
    @Test func aPlaceholderIsFoundWhereTheRecorderFindsIt() throws {
        let endpoint = try Self.endpoint(
            "endpoints:\n  b:\n    request: GET /b/{$${Y}/c\n    params: { \"${Y\": \"7\" }\n")
        let prepared = try RequestBuilder(baseURL: "http://127.0.0.1:9", environment: [:]).prepare(endpoint)
        #expect(prepared.url.absoluteString == "http://127.0.0.1:9/b/7/c")
        #expect(throws: ContractErrors.self) {
            try Self.endpoint("endpoints:\n  b:\n    request: GET /b/{$${Y}/c\n    params: { \"$${Y\": \"7\" }\n")
        }
    }

    @Test func anEnvironmentVariableInTheRequestLineIsReadAndRedacted() throws {
        let endpoint = try Self.endpoint(
            "endpoints:\n  any:\n    request: GET /v/${VERSION}/anything?token=${TOKEN}&page={page}\n    params: { page: 2 }\n"
        )
        let prepared = try RequestBuilder(
            baseURL: "https://api.example.com", environment: ["TOKEN": "t0k en/1&x", "VERSION": "v 2"]
        ).prepare(endpoint)
        #expect(prepared.url.absoluteString == "https://api.example.com/v/v%202/anything?token=t0k%20en%2F1%26x&page=2")
        #expect(prepared.shown.url == "https://api.example.com/v/<redacted>/anything?token=<redacted>&page=2")
        #expect(prepared.redactor.scrub("t0k en/1&x") == "<redacted>")
        #expect(throws: ContractError.self) {
            try RequestBuilder(baseURL: "https://api.example.com", environment: ["VERSION": "2"]).prepare(endpoint)
        }
    }

    @Test func credentialsInTheBaseURLAreSecrets() throws {
        let endpoint = try Self.endpoint("endpoints:\n  ping:\n    request: GET /ping\n")
        let prepared = try RequestBuilder(baseURL: "https://robot:pa55word@api.example.com", environment: [:]).prepare(
            endpoint)
        #expect(prepared.shown.url == "https://<redacted>@api.example.com/ping")
        #expect(prepared.redactor.scrub("login robot:pa55word") == "login <redacted>")
    }

    @Test func aMissingVariableNamesItAndWhereItIsUsed() throws {
        let endpoint = try Self.endpoint(
            """
            endpoints:
              ping:
                request: GET /ping
                headers: { X-Api-Key: "${PING_KEY}" }
            """)
        let error = try #require(throws: ContractError.self) {
            try RequestBuilder(baseURL: "http://localhost", environment: [:]).prepare(endpoint)
        }
        #expect(error.code == .missingEnvironmentVariable)
        #expect(error.message == "environment variable 'PING_KEY' is not set")
        #expect(error.location?.file == "Specs/api.yaml")
    }

    @Test(arguments: ["staging.example.com", "ftp://example.com", "http://", "https://example.com/#frag", "not a url"])
    func rejectsBaseURLsItCannotUse(_ text: String) {
        #expect(throws: ContractError.self) { try RequestBuilder.validateBaseURL(text) }
    }
}
