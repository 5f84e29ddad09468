import Testing

@testable import ContractKit

struct ResponseHeaderFilterTests {
    @Test func dropsVolatileHeadersRedactsCredentialsAndSortsByName() {
        let received = [
            ("server", "nginx"), ("Date", "Sat, 21 Nov 2026 03:00:00 GMT"), ("content-type", "application/json"),
            ("X-Request-Id", "r-1"), ("x-amzn-trace-id", "Root=1"), ("CF-Ray", "8f"), ("ETag", "\"v1\""), ("Age", "3"),
            ("Last-Modified", "yesterday"), ("Set-Cookie", "sid=abc"), ("Content-Length", "12"),
            ("Connection", "keep-alive"),
            ("Keep-Alive", "timeout=5"), ("Transfer-Encoding", "chunked"), ("Server-Timing", "db;dur=53"),
            ("Expires", "0"),
            ("Via", "1.1 varnish"), ("X-RateLimit-Remaining", "99"), ("Content-Encoding", "gzip"),
            ("cache-control", "no-store"),
            ("X-Echo", "token-abcdef"),
        ].map { Recording.Header(name: $0.0, value: $0.1) }
        let kept = ResponseHeaderFilter.kept(received, redactor: Redactor(secrets: ["token-abcdef"]))
        #expect(
            kept == [
                Recording.Header(name: "Cache-Control", value: "no-store"),
                Recording.Header(name: "Content-Type", value: "application/json"),
                Recording.Header(name: "Server", value: "nginx"),
                Recording.Header(name: "Set-Cookie", value: "<redacted>"),
                Recording.Header(name: "X-Echo", value: "<redacted>"),
            ])
    }

    @Test func spellsNamesInTitleCase() {
        #expect(ResponseHeaderFilter.canonicalName("content-type") == "Content-Type")
        #expect(ResponseHeaderFilter.canonicalName("X-API-VERSION") == "X-Api-Version")
        #expect(ResponseHeaderFilter.canonicalName("x-1ST--pLACE-") == "X-1st--Place-")
        #expect(ResponseHeaderFilter.canonicalName("<redacted>-TOKEN") == "<redacted>-Token")
        #expect(ResponseHeaderFilter.canonicalName("x-ÉTÉ-Été") == "X-Été-Été")
    }

    /// What is known of a name is worked out once and kept: the second response with the same names is filtered as the
    /// first, and a secret inside a name (this run's, not the last one's) still makes another name.
    @Test func aNameSeenBeforeIsFilteredAsTheFirstTime() {
        let received = [
            ("x-session-abc123", "v"), ("SERVER", "nginx"), ("x-ratelimit-limit", "5"), ("Authorization", "x"),
        ].map { Recording.Header(name: $0.0, value: $0.1) }
        let plain = [
            Recording.Header(name: "Authorization", value: "<redacted>"),
            Recording.Header(name: "Server", value: "nginx"),
            Recording.Header(name: "X-Session-Abc123", value: "<redacted>"),
        ]
        #expect(ResponseHeaderFilter.kept(received, redactor: Redactor(secrets: [])) == plain)
        #expect(ResponseHeaderFilter.kept(received, redactor: Redactor(secrets: [])) == plain)
        let withSecret = ResponseHeaderFilter.kept(received, redactor: Redactor(secrets: ["abc123"]))
        #expect(withSecret.map(\.name) == ["Authorization", "Server", "X-Session-<redacted>"])
        #expect(ResponseHeaderFilter.kept(received, redactor: Redactor(secrets: [])) == plain)
    }

    @Test func credentialSchemesAreFoundInAnyCase() {
        for value in ["Bearer abc", "BEARER abc", "bAsIc dXNlcg==", "token x", "Digest realm=1", "to\u{212A}en x"] {
            #expect(SecretNames.looksLikeCredential(value), "\(value)")
        }
        for value in ["Bearerabc", "bearer", "basics of it", "tokens x", "application/json", "Ünicode"] {
            #expect(!SecretNames.looksLikeCredential(value), "\(value)")
        }
    }

    /// Names Swift calls equal but spelled with other bytes (`K` and the Kelvin sign) are each recorded as spelled,
    /// whichever came first.
    @Test func namesSpelledWithOtherBytesKeepTheirOwnSpelling() {
        let kelvin = Recording.Header(name: "X-\u{212A}elvin-Probe", value: "1")
        let plain = Recording.Header(name: "X-Kelvin-Probe", value: "2")
        #expect(kelvin.name == plain.name, "Swift calls the two names equal")
        #expect(
            ResponseHeaderFilter.kept([kelvin], redactor: Redactor(secrets: [])).map(\.name.utf8).map(Array.init)
                == [Array(ResponseHeaderFilter.canonicalName(kelvin.name).utf8)])
        #expect(
            ResponseHeaderFilter.kept([plain], redactor: Redactor(secrets: [])).map(\.name.utf8).map(Array.init)
                == [Array("X-Kelvin-Probe".utf8)])
    }
}
