import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct SecretRedactionTests {
    @Test func credentialHeadersAreRedactedByNameAndByValue() {
        let headers: [Recording.Header] = [
            .init(name: "Authorization", value: "Bearer abc.def"), .init(name: "cookie", value: "sid=1"),
            .init(name: "X-API-Key", value: "k-123"), .init(name: "X-Refresh-Token", value: "r-1"),
            .init(name: "Accept", value: "application/json"), .init(name: "X-Forwarded", value: "Basic dXNlcjpwYXNz"),
            .init(name: "X-Debug", value: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl"),
        ]
        #expect(
            SecretRedaction.redacted(headers).map(\.value) == [
                "<redacted>", "<redacted>", "<redacted>", "<redacted>", "application/json", "<redacted>", "<redacted>",
            ])
    }

    @Test func corsHeadersNameCredentialsWithoutCarryingAny() {
        let headers: [Recording.Header] = [
            .init(name: "Access-Control-Allow-Credentials", value: "true"),
            .init(name: "Access-Control-Allow-Headers", value: "Authorization, X-Api-Key"),
            .init(name: "X-Session-Token", value: "s-1"),
        ]
        #expect(SecretRedaction.redacted(headers).map(\.value) == ["true", "Authorization, X-Api-Key", "<redacted>"])
        #expect(!Redactor.isSensitiveHeader("access-control-allow-credentials"))
    }

    @Test func tokenLikeQueryParametersAndPasswordsInURLsAreRedacted() {
        #expect(
            SecretRedaction.redactedURL("https://api.example.com/users?_limit=3&access_token=abc&api_key=x#top")
                == "https://api.example.com/users?_limit=3&access_token=<redacted>&api_key=<redacted>#top")
        #expect(
            SecretRedaction.redactedURL("https://ada:s3cret@api.example.com/a?locale=en&X-Amz-Signature=ff")
                == "https://<redacted>@api.example.com/a?locale=en&X-Amz-Signature=<redacted>")
        #expect(
            SecretRedaction.redactedURL("https://api.example.com/a?q=Bearer%20xyz&flag")
                == "https://api.example.com/a?q=<redacted>&flag")
        #expect(
            SecretRedaction.redactedURL("https://api.example.com/users.json") == "https://api.example.com/users.json")
    }

    @Test func requestBodiesLoseSecretNamedValues() {
        let body = TestSuites.json(
            #"{"user": "ada", "password": "hunter2", "device": {"pushToken": "t", "model": "x"}}"#)
        #expect(
            JSONWriter(style: .compact).write(SecretRedaction.redactedBody(body))
                == #"{"user":"ada","password":"<redacted>","device":{"pushToken":"<redacted>","model":"x"}}"#)
    }

    /// A value's placeholder keeps its shape: a UUID (of exactly 36 characters: Foundation on Linux reads one up to a
    /// NUL and would take what follows it too), an http(s) URL with a host, an ISO 8601 date in its layout.
    @Test(arguments: [
        ("9b2f1a4e-3c5d-4e6f-8a7b-1c2d3e4f5a6b", "00000000-0000-0000-0000-000000000000"),
        ("9B2F1A4E-3C5D-4E6F-8A7B-1C2D3E4F5A6B", "00000000-0000-0000-0000-000000000000"),
        ("9b2f1a4e-3c5d-4e6f-8a7b-1c2d3e4f5a6b\u{0}junk", "<redacted>"),
        ("{9b2f1a4e-3c5d-4e6f-8a7b-1c2d3e4f5a6b}", "<redacted>"),
        ("https://example.com/a?b=c", "https://redacted.invalid/"), ("HTTP://example.com", "https://redacted.invalid/"),
        ("https:example.com", "<redacted>"), ("mailto://a@b.c", "<redacted>"),
        ("2026-11-10T09:30:00Z", "1970-01-01T00:00:00Z"), ("2026-11-10", "1970-01-01"),
        ("+2026-11-10", "<redacted>"), ("a@b.c", "<redacted>"),
    ])
    func aPlaceholderKeepsTheValuesShape(value: String, expected: String) {
        #expect(SecretRedaction.placeholder(shapedLike: .string(value)) == .string(expected))
    }
}
