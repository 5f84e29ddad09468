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
}
