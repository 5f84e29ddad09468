import ContractTestSupport
import DemoServer
import Foundation
import Testing

@testable import ContractKit

/// A staging server (or a proxy in front of it) that hands secrets back in odd places, against a real server on
/// 127.0.0.1. Every byte the recorder writes, reports or sends to another host is searched for the secrets.
@Suite(.timeLimit(.minutes(1)))
struct HostileServerTests {
    /// Records `yaml`'s endpoints from `server` with `environment`, no retries; returns the run, the progress
    /// events as text, and every byte written under the folder.
    static func record(
        _ server: ScriptedServer, _ yaml: String, environment: [String: String], baseURL: String? = nil,
        maxBodyBytes: Int? = nil
    ) async throws -> (run: RecordRun, events: String, written: String) {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var options = RecorderTests.options(server, into: folder, retries: 0)
        options.environment = environment
        if let baseURL { options.baseURL = baseURL }
        if let maxBodyBytes { options.maxBodyBytes = maxBodyBytes }
        let events = EventLog()
        let suite = try TestSuites.suite(("Specs/live.yaml", yaml))
        let run = await Recorder(options: options).record(suite.endpoints) { events.append($0) }
        return (run, "\(events.all)", Self.everything(under: folder))
    }

    /// Every file under `folder`, concatenated.
    static func everything(under folder: String) -> String {
        var text = ""
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: folder + "/" + relative) {
                text += String(decoding: data, as: UTF8.self)
            }
        }
        return text
    }

    /// The run's failures as every report format shows them, and as the command line's failure lines do.
    static func reported(_ run: RecordRun) -> String {
        var text = ""
        for result in run.results {
            text += result.request + (result.failure.map { "\($0.reason) \($0.hint ?? "")" } ?? "")
        }
        let results = run.results.map { recorded in
            EndpointResult(
                id: recorded.endpoint.id, specLocation: recorded.endpoint.location, recordingPath: recorded.path,
                model: nil, findings: recorded.finding.map { [$0] } ?? [])
        }
        let report = VerificationReport(results: results, failOn: .breaking)
        for format in ReportFormat.allCases { text += format.renderer().render(report) }
        return text
    }

    @Test func aSecretInAResponseHeaderNameIsScrubbed() async throws {
        let secret = "Tok3nInName9x"
        let server = try ScriptedServer(routes: [:]) { _, _ in
            var response = HTTPResponse.json(#"{"ok": true}"#)
            response.headers.append(("X-N-\(secret)", "1"))
            response.headers.append(("x-lower-\(secret.lowercased())", "2"))
            return response
        }
        defer { server.stop() }
        let (run, _, written) = try await Self.record(
            server, "endpoints:\n  ping:\n    request: GET /ping\n    headers: { X-Key: \"${KEY}\" }\n",
            environment: ["KEY": secret])
        #expect(run.results[0].outcome.status == 200)
        #expect(written.contains("X-N-<redacted>"), "\(written)")
        #expect(!written.lowercased().contains(secret.lowercased()), "\(written)")
    }

    @Test func aTokenFromARedirectStaysOutOfAFailureItsBodyQuotes() async throws {
        let token = "T0k-from-redirect-77"
        let server = try ScriptedServer(routes: [
            "/start": { _, _ in .redirect(to: "/token-500?token=\(token)") },
            "/token-500": { _, _ in .text("upstream error for token \(token)\n", status: 500) },
        ])
        defer { server.stop() }
        let (run, events, written) = try await Self.record(
            server, "endpoints:\n  start:\n    request: GET /start\n", environment: [:])
        let failure = try #require(run.results[0].failure)
        #expect(failure.reason.contains("500"), "\(failure.reason)")
        #expect(failure.reason.contains("<redacted>"), "the body is still quoted: \(failure.reason)")
        for (name, text) in [("failure and reports", Self.reported(run)), ("progress", events), ("files", written)] {
            #expect(!text.contains(token), "\(name): \(text)")
        }
    }

    @Test func aRedirectThatWouldSendTheBodyToAnotherOriginIsRefused() async throws {
        let secret = "B0dySecret-307"
        let other = try ScriptedServer(routes: [:]) { _, _ in .json(#"{"ok": true}"#) }
        defer { other.stop() }
        let server = try ScriptedServer(routes: [
            "/login": { _, _ in .redirect(to: other.baseURL + "/steal", status: 307) },
            "/odd": { _, _ in .redirect(to: "ftp://127.0.0.1/file", status: 302) },
        ])
        defer { server.stop() }
        let (run, events, written) = try await Self.record(
            server,
            """
            endpoints:
              login:
                request: POST /login
                body: { password: "${PASSWORD}" }
              odd:
                request: GET /odd

            """,
            environment: ["PASSWORD": secret])
        #expect(other.hits("/steal") == 0, "the other origin received the body")
        let login = try #require(run.results.first { $0.endpoint.name == "login" }?.failure)
        #expect(login.reason.contains("would send the request's body to another origin"), "\(login.reason)")
        #expect(login.hint?.hasPrefix("record the URL the redirect leads to directly") == true)
        let odd = try #require(run.results.first { $0.endpoint.name == "odd" }?.failure)
        #expect(odd.reason.contains("not an http or https URL"), "\(odd.reason)")
        #expect(odd.hint?.contains("the redirects loop") == false, "\(odd.hint ?? "")")
        for text in [Self.reported(run), events, written] { #expect(!text.contains(secret), "\(text)") }
    }

    @Test func anErrorBodyIsScrubbedBeforeItIsCut() async throws {
        let secret = "S3cretAcrossTheCut"
        // Blank lines are dropped from the excerpt: the secret is what the reason shows, cut at byte 400.
        let body = String(repeating: "\n", count: 395) + secret + "\n"
        let server = try ScriptedServer(routes: [:]) { _, _ in .text(body, status: 503) }
        defer { server.stop() }
        let (run, events, _) = try await Self.record(
            server, "endpoints:\n  ping:\n    request: GET /ping\n    headers: { X-Key: \"${KEY}\" }\n",
            environment: ["KEY": secret])
        let reason = try #require(run.results[0].failure?.reason)
        #expect(reason.contains("<redacted>"), "\(reason)")
        for text in [Self.reported(run), events] {
            #expect(!text.contains(String(secret.prefix(5))), "\(text)")
        }
    }

    @Test func userInfoInTheBaseURLIsASecretEvenAsABasicCredential() async throws {
        let server = try ScriptedServer(routes: [:]) { request, _ in
            .json(#"{"authorization": "\#(request.header("Authorization") ?? "")"}"#)
        }
        defer { server.stop() }
        let withUser = server.baseURL.replacingOccurrences(of: "http://", with: "http://robot:pa55w0rd-9@")
        let (run, _, written) = try await Self.record(
            server, "endpoints:\n  echo:\n    request: GET /echo\n", environment: [:], baseURL: withUser)
        #expect(run.results[0].outcome.status == 200)
        let basic = Data("robot:pa55w0rd-9".utf8).base64EncodedString()
        #expect(written.contains("Basic <redacted>"), "\(written)")
        for leaked in [basic, "pa55w0rd-9"] { #expect(!written.contains(leaked), "\(leaked) in \(written)") }
    }

    /// A server that redirects to a URL with user info hands out a credential, as one with a token in the query
    /// does: the client sends it on as `Authorization: Basic …`, which the next server may echo.
    @Test func userInfoARedirectHandsOutIsASecretEvenAsABasicCredential() async throws {
        let other = try ScriptedServer(routes: [:]) { request, _ in
            .json(#"{"authorization": "\#(request.header("Authorization") ?? "")"}"#)
        }
        defer { other.stop() }
        let target = other.baseURL.replacingOccurrences(of: "http://", with: "http://agent:r3dir-pa55@") + "/echo"
        let server = try ScriptedServer(routes: ["/go": { _, _ in .redirect(to: target) }])
        defer { server.stop() }
        let (run, events, written) = try await Self.record(
            server, "endpoints:\n  go:\n    request: GET /go\n", environment: [:])
        #expect(run.results[0].outcome.status == 200, "\(run.results[0].failure?.reason ?? "")")
        #expect(written.contains("Basic <redacted>"), "\(written)")
        let basic = Data("agent:r3dir-pa55".utf8).base64EncodedString()
        for text in [written, events, Self.reported(run)] {
            for leaked in [basic, "r3dir-pa55"] { #expect(!text.contains(leaked), "\(leaked) in \(text)") }
        }
    }

    /// The user info of the proxy the environment names goes out as `Proxy-Authorization: Basic …`; a proxy that
    /// passes it on to an echoing server (or answers itself) hands it back.
    @Test func userInfoOfTheProxyIsASecretEvenAsABasicCredential() async throws {
        let proxy = try ScriptedServer(routes: [:]) { request, _ in
            .json(#"{"proxy-authorization": "\#(request.header("Proxy-Authorization") ?? "")"}"#)
        }
        defer { proxy.stop() }
        let withUser = proxy.baseURL.replacingOccurrences(of: "http://", with: "http://relay:pr0xy-pa55@")
        let (run, events, written) = try await Self.record(
            proxy, "endpoints:\n  echo:\n    request: GET /echo\n", environment: ["HTTP_PROXY": withUser],
            baseURL: "http://api.example.invalid")
        #expect(run.results[0].outcome.status == 200, "\(run.results[0].failure?.reason ?? "")")
        #expect(written.contains("Basic <redacted>"), "\(written)")
        let basic = Data("relay:pr0xy-pa55".utf8).base64EncodedString()
        for text in [written, events, Self.reported(run)] {
            for leaked in [basic, "pr0xy-pa55"] { #expect(!text.contains(leaked), "\(leaked) in \(text)") }
        }
    }

    @Test func aSecretReturnedEncodedIsScrubbedInEveryForm() async throws {
        let secret = "enc0ded-secret-value"
        let escaped = secret.unicodeScalars.map { String(format: "\\u%04x", $0.value) }.joined()
        let base64Alone = Data(secret.utf8).base64EncodedString()
        // Inside a longer base64 text the secret's bytes start at any of three offsets.
        let inside = Data(("xy" + secret + "z").utf8).base64EncodedString()
        let server = try ScriptedServer(routes: [
            "/json": { _, _ in .json(#"{"a": "\#(base64Alone)", "b": "\#(inside)"}"#) },
            "/text": { _, _ in .text("not json: \"\(escaped)\" {", status: 200) },
        ])
        defer { server.stop() }
        let (_, _, written) = try await Self.record(
            server,
            """
            endpoints:
              json: { request: GET /json, headers: { X-Key: "${KEY}" } }
              text: { request: GET /text, headers: { X-Key: "${KEY}" } }
            """,
            environment: ["KEY": secret])
        #expect(written.contains("bodyText"), "\(written)")
        for leaked in [secret, escaped, base64Alone, String(inside.dropFirst(4).dropLast(4))] {
            #expect(!written.contains(leaked), "\(leaked) in \(written)")
        }
    }

    /// Encoders disagree on which characters they encode: the secret comes back in a mix of spellings, encoded
    /// twice, `\/`-escaped in a text page, across the cut of a long error page, in UTF-16, and the server hands out
    /// a presigned URL in `Location` and `Link`.
    @Test func aSecretReturnedInMixedSpellingsIsScrubbedEverywhere() async throws {
        let secret = "wJalrXUtnFEMI/K7MDENG+bPxRfiCY"
        let pythonQuoted = "wJalrXUtnFEMI/K7MDENG%2BbPxRfiCY"
        let twice = "wJalrXUtnFEMI%252FK7MDENG%252BbPxRfiCY"
        let escaped = #"wJalrXUtnFEMI\/K7MDENG+bPxRfiCY"#
        let presigned = "https://bucket.example.com/f.pdf?X-Amz-Signature=fe5f80aa&access_token=srvissued9876"
        let utf16 = "token=\(secret)".data(using: .utf16LittleEndian)!
        // Longer than the 1 MiB an error's excerpt is taken from.
        let longUTF16 = ("token=\(secret)" + String(repeating: " ", count: 600_000)).data(using: .utf16LittleEndian)!
        let server = try ScriptedServer(routes: [
            "/quote": { _, _ in .json(#"{"next": "/x?tok=\#(pythonQuoted)"}"#) },
            "/double": { _, _ in .json(#"{"login": "/login?r=%2Fe%3Fq%3D\#(twice)"}"#) },
            "/slash": { _, _ in .text("error: bad token \"\(escaped)\"", status: 500) },
            "/cut": { _, _ in .text(String(repeating: "\n", count: (1 << 20) - 15) + secret, status: 503) },
            "/utf16": { _, _ in
                HTTPResponse(headers: [("Content-Type", "text/plain; charset=utf-16le")], body: utf16)
            },
            "/utf16error": { _, _ in
                HTTPResponse(status: 500, headers: [("Content-Type", "text/plain; charset=utf-16le")], body: longUTF16)
            },
            "/presigned": { _, _ in
                HTTPResponse(
                    status: 201,
                    headers: [
                        ("Content-Type", "application/json"), ("Location", presigned),
                        ("Link", "<\(presigned)>; rel=\"download\", </next?page=2>; rel=\"next\""),
                    ], body: Data("{}".utf8))
            },
        ])
        defer { server.stop() }
        let names = ["quote", "double", "slash", "cut", "utf16", "utf16error", "presigned"]
        let (run, events, written) = try await Self.record(
            server,
            "endpoints:\n"
                + names.map { "  \($0): { request: GET /\($0), headers: { X-Tok: \"${TOK}\" } }\n" }.joined(),
            environment: ["TOK": secret], maxBodyBytes: 2 << 20)
        #expect(run.results.count == names.count)
        // The first and last parts of the secret, which every spelling keeps as they are.
        // NULs taken out too, as a terminal shows UTF-16 text.
        for text in [Self.reported(run), events, written].flatMap({ [$0, $0.replacingOccurrences(of: "\0", with: "")] })
        {
            for leaked in ["wJalrXUtnFEMI", "bPxRfiCY", "fe5f80aa", "srvissued9876"] {
                #expect(!text.contains(leaked), "\(leaked) in \(text.prefix(4000))")
            }
        }
        #expect(written.contains("page=2"), "the rest of a Link is kept")
        let cut = try #require(run.results.first { $0.endpoint.name == "cut" }?.failure)
        #expect(cut.reason.contains("<redacted>"), "\(cut.reason)")
    }

    @Test func headersCarryingAVariableStayWithTheirOrigin() async throws {
        let received = Received()
        let other = try ScriptedServer(routes: [:]) { request, _ in
            received.append(request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n"))
            return .json(#"{"ok": true}"#)
        }
        defer { other.stop() }
        let server = try ScriptedServer(routes: [:]) { _, _ in .redirect(to: other.baseURL + "/landing") }
        defer { server.stop() }
        let (run, _, _) = try await Self.record(
            server,
            """
            endpoints:
              go:
                request: GET /go
                headers: { X-Tenant: "${TENANT}", Authorization: "Bearer ${TOKEN}", X-Plain: kept }
            """,
            environment: ["TENANT": "tenant-secret-11", "TOKEN": "token-secret-22"])
        #expect(run.results[0].outcome.status == 200)
        let seen = received.all.joined(separator: "\n")
        #expect(seen.contains("X-Plain: kept"), "\(seen)")
        for secret in ["tenant-secret-11", "token-secret-22"] { #expect(!seen.contains(secret), "\(seen)") }
    }

    @Test func aStatusVerifyCannotReadIsNotRecorded() async throws {
        let server = try ScriptedServer(routes: [:]) { _, _ in
            HTTPResponse(status: 999, headers: [("Content-Type", "application/json")], body: Data("{}".utf8))
        }
        defer { server.stop() }
        let (run, _, written) = try await Self.record(
            server, "endpoints:\n  odd:\n    request: GET /odd\n", environment: [:])
        let failure = try #require(run.results[0].failure, "\(run.results[0].outcome)")
        #expect(failure.reason == "the server answered with an invalid HTTP status 999")
        #expect(written.isEmpty)
    }
}

/// Requests a second server received, from its handler's threads.
final class Received: @unchecked Sendable {
    // @unchecked: `items` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}
