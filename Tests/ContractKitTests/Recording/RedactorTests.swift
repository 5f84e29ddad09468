import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

struct RedactorTests {
    @Test(arguments: [
        "Authorization", "proxy-authorization", "Cookie", "Set-Cookie", "X-Api-Key", "Api-Key", "X-Auth-Token",
        "X-Amz-Security-Token", "X-Client-Secret", "X-Session-Id",
    ])
    func credentialHeadersAreSensitive(_ name: String) {
        #expect(Redactor.isSensitiveHeader(name))
    }

    @Test(arguments: ["Content-Type", "Accept", "X-Request-Id", "Cache-Control", "User-Agent"])
    func ordinaryHeadersAreNot(_ name: String) {
        #expect(!Redactor.isSensitiveHeader(name))
    }

    @Test(arguments: [
        "token", "access_token", "api_key", "apikey", "key", "secret", "signature", "sig", "password", "auth",
        "X-Amz-Signature", "refresh_token", "client_secret",
    ])
    func tokenLikeQueryParametersAreSensitive(_ name: String) {
        #expect(Redactor.isSensitiveQueryParameter(name))
    }

    @Test(arguments: ["page", "limit", "locale", "keyword", "monkey", "author"])
    func ordinaryQueryParametersAreNot(_ name: String) {
        #expect(!Redactor.isSensitiveQueryParameter(name))
    }

    @Test func urlsLoseUserInfoTokenQueryValuesAndSecrets() {
        let redactor = Redactor(secrets: ["s3cret value"])
        #expect(
            redactor.redactURL("https://user:pw@api.example.com/a/s3cret%20value/b?page=2&access_token=xyz&sig=1#top")
                == "https://<redacted>@api.example.com/a/<redacted>/b?page=2&access_token=<redacted>&sig=<redacted>#top"
        )
        #expect(redactor.redactURL("http://host/?q=s3cret+value") == "http://host/?q=<redacted>")
        #expect(redactor.redactURL("http://host/%2Fs3cret%20value") == "http://host/%2F<redacted>")
    }

    /// An AWS-style secret: `/` and `+` are what encoders disagree on.
    static let slashed = "wJalrXUtnFEMI/K7MDENG+bPxRfiCY"

    @Test(arguments: [
        // Python's `quote`: `+` encoded, `/` left as it is.
        "/x?tok=wJalrXUtnFEMI/K7MDENG%2BbPxRfiCY",
        // Lower-case hex, and the other way round.
        "wJalrXUtnFEMI%2fK7MDENG+bPxRfiCY",
        // Encoded twice: a URL in another URL's query.
        "/login?r=%2Fe%3Fq%3DwJalrXUtnFEMI%252FK7MDENG%252BbPxRfiCY",
        // PHP's `json_encode` in a text page, and a `\u` escape for one character only.
        #"error: bad token "wJalrXUtnFEMI\/K7MDENG+bPxRfiCY""#,
        #"wJalrXUtnFEMI\u002FK7MDENG\u002bbPxRfiCY"#,
    ])
    func aSecretIsFoundInAnyMixOfSpellings(_ text: String) {
        let scrubbed = Redactor(secrets: [Self.slashed]).scrub(text)
        #expect(scrubbed.contains(SecretRedaction.placeholder), "\(scrubbed)")
        #expect(!scrubbed.contains("wJalrXUtnFEMI"), "\(scrubbed)")
        #expect(!scrubbed.contains("bPxRfiCY"), "\(scrubbed)")
    }

    @Test(arguments: [
        "wJalrXUtnFEMI/K7MDENG+bPxRfiCX", "wJalrXUtnFEMI%2FK7MDENG%2B", "wJalrXUtnFEMI%2GK7MDENG+bPxRfiCY",
        "xJalrXUtnFEMI/K7MDENG+bPxRfiCY",
    ])
    func aTextThatIsNotTheSecretIsLeftAlone(_ text: String) {
        #expect(Redactor(secrets: [Self.slashed]).scrub(text) == text)
    }

    /// A secret past ASCII with a character JSON escapes: the server echoes the request's JSON body inside a string
    /// (httpbin's `data`), so the quote comes back as `\"`, or escapes every character past ASCII (`ensure_ascii`).
    static let accented = #"pässwörd"1"#

    @Test(arguments: [
        #"{"note":"pässwörd\"1","n":5}"#,
        #"{"note":"p\u00e4ssw\u00F6rd\"1"}"#,
        #"{"note":"p\u00e4ssw\u00f6rd\u00221"}"#,
        "/x?note=p%C3%A4ssw%c3%b6rd%221",
        "/login?r=p%25C3%25A4ssw%25C3%25B6rd%25221",
        // Sent in a header and echoed by a server that reads header bytes as Latin-1.
        #"{"auth":"Bearer p\u00c3\u00a4ssw\u00c3\u00b6rd\"1"}"#, "Bearer pÃ¤sswÃ¶rd\"1",
    ])
    func aSecretPastASCIIIsFoundInAnyMixOfSpellings(_ text: String) {
        let scrubbed = Redactor(secrets: [Self.accented]).scrub(text)
        #expect(scrubbed.contains(SecretRedaction.placeholder), "\(scrubbed)")
        #expect(!scrubbed.contains("ssw"), "\(scrubbed)")
    }

    @Test(arguments: [#"pässwörd\"2"#, #"pässwőrd\"1"#, "p%C3%A4ssw%C3%B6rd%23"])
    func aTextLikeASecretPastASCIIIsLeftAlone(_ text: String) {
        #expect(Redactor(secrets: [Self.accented]).scrub(text) == text)
    }

    @Test func aSecretPastASCIIEchoedInAStringIsRedactedInTheBody() throws {
        let redactor = Redactor(secrets: [Self.accented])
        let text = Array(#"{"reqbody": "{\"note\":\"pässwörd\\\"1\",\"n\":5}"}"#.utf8)
        #expect(text.withUnsafeBytes { redactor.secretsMayShow(inWrittenJSON: $0) })
        let body = try JSONParser().parse(text)
        #expect(
            redactor.redactBody(body)
                == .object(JSONObject([.init(key: "reqbody", value: .string(#"{"note":"<redacted>","n":5}"#))])))
    }

    @Test func aSecretInAMixOfSpellingsIsSeenInAWrittenBody() throws {
        let redactor = Redactor(secrets: [Self.slashed])
        let text = Array(#"{"next": "/x?tok=wJalrXUtnFEMI/K7MDENG%2BbPxRfiCY"}"#.utf8)
        #expect(redactor.mayChange(jsonText: text))
        #expect(text.withUnsafeBytes { redactor.secretsMayShow(inWrittenJSON: $0) })
        let body = try JSONParser().parse(text)
        #expect(
            redactor.redactBody(body) == .object(JSONObject([.init(key: "next", value: .string("/x?tok=<redacted>"))])))
    }

    @Test func aSecretInUTF16IsReplacedInTheSameEncoding() {
        let redactor = Redactor(secrets: [Self.slashed])
        for encoding in [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf16] {
            let body = "token=\(Self.slashed);".data(using: encoding)!
            let scrubbed = redactor.scrub(body)
            let text = String(data: scrubbed, encoding: encoding == .utf16 ? .utf16 : encoding)
            #expect(text == "token=<redacted>;", "\(encoding): \(text ?? "not UTF-16")")
        }
    }

    @Test func aSecretAcrossTheCutOfALongBodyIsReplacedWhole() throws {
        let redactor = Redactor(secrets: [Self.slashed])
        let limit = 1 << 20
        for before in [limit - 15, limit - 1, limit, limit - 40] {
            let body = Data(
                (String(repeating: "\n", count: before) + Self.slashed + String(repeating: "x", count: 4096)).utf8)
            let prefix = String(decoding: redactor.scrubbedPrefix(of: body, keeping: limit), as: UTF8.self)
            #expect(prefix.count >= min(limit, before))
            #expect(!prefix.contains("wJalr"), "cut after \(before) bytes")
            // A few bytes past the limit at most: enough to hold a secret that starts before it.
            #expect(prefix.utf8.count < limit + 1024)
        }
        // The cut falls where a character starts.
        let wide = Data(String(repeating: "é", count: limit).utf8)
        #expect(String(data: redactor.scrubbedPrefix(of: wide, keeping: limit + 1), encoding: .utf8) != nil)
    }

    /// A secret inside a longer base64 text (a `Basic` credential a server echoes, `user:secret`) shares the groups
    /// at its edges with its neighbours' bytes. Every character that holds any of the secret's bits is replaced;
    /// the characters that only the bytes before and after it make are kept.
    @Test(arguments: ["sk_live_9fQ2xR7pLm3ZtV8w", "p\u{E4}sswort-1234"])
    func aSecretInsideBase64LeavesNoneOfItsBitsBesideThePlaceholder(secret: String) {
        var random = JSONParserPropertyTests.SeededGenerator(state: 7)
        let redactor = Redactor(secrets: [secret])
        let count = secret.utf8.count
        for before in 0..<7 {
            for after in 0..<7 {
                let head = (0..<before).map { _ in UInt8.random(in: 0...255, using: &random) }
                let tail = (0..<after).map { _ in UInt8.random(in: 0...255, using: &random) }
                let standard = Data(head + Array(secret.utf8) + tail).base64EncodedString()
                let urlSafe = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                for encoded in [standard, urlSafe] {
                    // Character i holds bits 6i..<6i+6 of the bytes.
                    let kept = 8 * before / 6
                    let resumes = (8 * (before + count) + 5) / 6
                    let characters = Array(encoded)
                    let expected =
                        "Basic " + String(characters[..<kept]) + SecretRedaction.placeholder
                        + String(characters[resumes...])
                    #expect(
                        redactor.scrub("Basic " + encoded) == expected,
                        "\(before) bytes before, \(after) after: \(encoded)")
                    #expect(redactor.scrub(Data(("Basic " + encoded).utf8)) == Data(expected.utf8))
                }
            }
        }
    }

    /// A header folded in the middle of a secret comes with a space in it: the value is replaced whole. Values with
    /// spaces and no secret in them, and a secret that has a space of its own, are as before.
    @Test func aSecretCutByAFoldedHeaderIsStillRedacted() {
        let redactor = Redactor(secrets: ["s3cr3tTokenValue123", "pass phrase 42"])
        #expect(redactor.redactHeader(name: "X-Echo", value: "tok=s3cr3tToken Value123") == SecretRedaction.placeholder)
        #expect(redactor.redactHeader(name: "Cache-Control", value: "max-age=0, private") == "max-age=0, private")
        #expect(redactor.redactHeader(name: "X-Echo", value: "say pass phrase 42 now") == "say <redacted> now")
    }

    @Test func scrubsTextAndBytes() {
        let redactor = Redactor(secrets: ["hunter22", "x"])
        #expect(
            redactor.scrub("pw=hunter22; x=1") == "pw=<redacted>; x=1",
            "values under four characters are not searched for")
        let bytes = Data([0, 1] + Array("..hunter22..".utf8) + [0xFF])
        #expect(redactor.scrub(bytes) == Data([0, 1] + Array("..<redacted>..".utf8) + [0xFF]))
    }

    @Test func redactsBodyPathsSecretsInStringsAndKeysAndNumbersSpelledLikeASecret() throws {
        let redactor = Redactor(
            secrets: ["tok-12345", "987654"],
            bodyPaths: [try RedactionPath(parsing: "$.users[*].email"), try RedactionPath(parsing: "$..password")])
        let body = TestSuites.json(
            """
            {"users": [{"email": "a@b.c", "name": "A"}, {"email": "d@e.f"}],
             "nested": {"deeper": {"password": 12}}, "echo": "Bearer tok-12345", "tok-12345": 987654, "pin": 98765,
             "fraction": 19876543.987654, "chance": 19876543}
            """)
        #expect(
            redactor.redactBody(body)
                == TestSuites.json(
                    """
                    {"users": [{"email": "<redacted>", "name": "A"}, {"email": "<redacted>"}],
                     "nested": {"deeper": {"password": 0}}, "echo": "Bearer <redacted>", "<redacted>": 0, "pin": 98765,
                     "fraction": 0, "chance": 19876543}
                    """))
    }

    /// A value at a `redact:` path keeps its shape, so that the next verify does not report the redaction as drift.
    @Test func aRedactedValueKeepsItsShape() throws {
        let redactor = Redactor(secrets: [], bodyPaths: [try RedactionPath(parsing: "$.secret")])
        func redacted(_ json: String) -> JSONValue? {
            redactor.redactBody(TestSuites.json(#"{"secret": \#(json)}"#))["secret"]
        }
        #expect(redacted(#""3F2504E0-4F89-11D3-9A0C-0305E82C3301""#) == .string("00000000-0000-0000-0000-000000000000"))
        #expect(redacted(#""https://cdn.example.com/u/42?sig=abc""#) == .string("https://redacted.invalid/"))
        #expect(redacted(#""2026-11-20T10:00:00.123+05:30""#) == .string("1970-01-01T00:00:00.000+00:00"))
        #expect(redacted(#""2026-11-20""#) == .string("1970-01-01"))
        #expect(redacted("12.5") == .number(JSONNumber(0)))
        #expect(redacted(#""hunter2""#) == .string("<redacted>"))
        #expect(
            redacted(#"{"pin": 1234, "tags": ["a", true]}"#)
                == TestSuites.json(#"{"pin": 0, "tags": ["<redacted>", true]}"#))
    }

    @Test func aRedactedUUIDStillVerifies() throws {
        let redactor = Redactor(secrets: [], bodyPaths: [try RedactionPath(parsing: "$.uuid")])
        let body = redactor.redactBody(TestSuites.json(#"{"uuid": "3F2504E0-4F89-11D3-9A0C-0305E82C3301"}"#))
        let findings = try check(JSONWriter(style: .compact).write(body), bodyShape: "{ uuid: UUID }")
        #expect(findings.isEmpty, "\(findings)")
    }

    @Test func parsesRedactionPaths() throws {
        let body = TestSuites.json(#"{"a b": {"list": [1, 2, 3]}, "x": {"y": 1, "z": 2}}"#)
        #expect(
            try RedactionPath(parsing: #"$["a b"].list[1]"#).redacting(body, with: .null)
                == TestSuites.json(#"{"a b": {"list": [1, null, 3]}, "x": {"y": 1, "z": 2}}"#))
        #expect(
            try RedactionPath(parsing: "$.x.*").redacting(body, with: .null)
                == TestSuites.json(#"{"a b": {"list": [1, 2, 3]}, "x": {"y": null, "z": null}}"#))
        #expect(try RedactionPath(parsing: "$.missing.key").redacting(body, with: .null) == body)
    }

    @Test(arguments: ["token", "$", "$.", "$[", "$[x]", "$..", "$.a!b[0"])
    func rejectsMalformedRedactionPaths(_ text: String) {
        #expect(throws: ContractError.self) { try RedactionPath(parsing: text) }
    }

    /// Secrets are all found in the text as it was given, and overlapping ones are one run, replaced once: one
    /// replaced first no longer leaves the part of another that overlapped it, nor garbles a placeholder that holds a
    /// secret, nor makes a secret out of a placeholder and the text after it.
    @Test(arguments: [
        (["ABCDEFGH", "FGHIJKLM"], "xxABCDEFGHIJKLMyy", "xx<redacted>yy"),
        (["FGHIJKLM", "ABCDEFGH"], "xxABCDEFGHIJKLMyy", "xx<redacted>yy"),
        (["tok-3f9a8b7c6d", "dact"], "a tok-3f9a8b7c6d b", "a <redacted> b"),
        (["QQQQQQQQ", "ed>abcd"], "QQQQQQQQabcd", "<redacted>abcd"),
        (["abcdabcd"], "abcdabcdabcd", "<redacted>"),
        (["abcd", "wxyz"], "abcdwxyz-abcd", "<redacted><redacted>-<redacted>"),
        (["é-secret-42"], "x é-secret-42 y", "x <redacted> y"),
    ])
    func overlappingSecretsAreReplacedAsOneRun(secrets: [String], text: String, expected: String) {
        let redactor = Redactor(secrets: secrets)
        #expect(redactor.scrub(text) == expected)
        #expect(redactor.scrub(Data(text.utf8)) == Data(expected.utf8))
    }

    /// A secret not all ASCII is found spelled otherwise by Unicode's rules too (`é` as `e` and U+0301), and its run
    /// merges with the runs of the secrets it overlaps, so no part of either is left.
    @Test(arguments: [
        (["xa\u{E9}b", "\u{E9}bcd"], "xae\u{301}bcdz", "<redacted>z"),
        (["abcd", "cd\u{E9}f"], "xabcde\u{301}fy", "x<redacted>y"),
        (["caf\u{E9}-42"], "a cafe\u{301}-42 b caf\u{E9}-42", "a <redacted> b <redacted>"),
    ])
    func aSecretSpelledOtherwiseMergesWithTheSecretsItOverlaps(secrets: [String], text: String, expected: String) {
        let redactor = Redactor(secrets: secrets)
        #expect(redactor.scrub(text) == expected)
    }

    /// A header's name is searched in lower case, and its secrets found as in text: overlapping ones replaced as one
    /// run (one replaced first left the rest of the other, `ijklm`), a placeholder never searched (`dact` garbled
    /// it), and a name without a secret kept as the server sent it.
    @Test(arguments: [
        (["ABCDEFGH", "FGHIJKLM"], "X-ABCDEFGHIJKLM-Id", "x-<redacted>-id"),
        (["tok-3f9a8b7c6d", "dact"], "X-Tok-3F9A8B7C6D", "x-<redacted>"),
        (["Secret-Value"], "X-Plain-Name", "X-Plain-Name"),
        (["caf\u{E9}-42"], "X-Cafe\u{301}-42", "x-<redacted>"),
    ])
    func aHeaderNameIsScrubbedInLowerCaseAsTextIs(secrets: [String], name: String, expected: String) {
        #expect(Redactor(secrets: secrets).redactHeaderName(name) == expected)
    }
}
