import ContractKit
import ContractTestSupport
import DemoServer
import Foundation
import Testing

/// `contract record`, run as a user runs it: the built binary against a server on 127.0.0.1.
@Suite(.timeLimit(.minutes(1)))
struct RecordCommandTests {
    /// Secret values given through the environment, and values the server issues that `redact:` paths cover.
    static let environment = [
        "SECRET_ACCOUNT": "acct 4711/west", "SECRET_QUERY_TOKEN": "query-token-Qx81",
        "SECRET_BEARER": "bearer-Zm9vYmFy",
        "SECRET_API_KEY": "api-key-55aa", "SECRET_CLIENT": "client-build-9f3", "SECRET_PASSWORD": "p@ss w0rd!",
        "SECRET_PIN": "pin-31337",
    ]
    static let serverIssued = ["server-token-7Hq2", "ada@private.example", "cookie-sid-Kk09", "redirect-token-Ww3"]

    static let spec = """
        defaults:
          headers: { Authorization: "Bearer ${SECRET_BEARER}", X-Api-Key: "${SECRET_API_KEY}" }
        endpoints:
          login:
            request: POST /accounts/{account}/login
            params: { account: "${SECRET_ACCOUNT}" }
            query: { access_token: "${SECRET_QUERY_TOKEN}", lang: en }
            headers: { X-Client: "app/${SECRET_CLIENT}" }
            body: { user: ada, password: "${SECRET_PASSWORD}", pin: "${SECRET_PIN}" }
            redact: [ "$.token", "$.users[*].email" ]
            expect: { status: 200, body: { token: String, users: [{ email: String }] } }
          echo-text:
            request: GET /text/{account}
            params: { account: "${SECRET_ACCOUNT}" }
            expect: { status: 200 }
          echo-binary:
            request: GET /binary
            expect: { status: 200 }
          hop:
            request: GET /hop
            expect: { status: 200 }
          failing:
            request: GET /fail/{account}
            params: { account: "${SECRET_ACCOUNT}" }
            query: { key: "${SECRET_QUERY_TOKEN}" }
        """

    /// A server that echoes everything it is sent back, in every way a response can carry it.
    static func echoServer() throws -> ScriptedServer {
        @Sendable func everything(_ request: HTTPRequest) -> String {
            let headers = request.headers.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
            return "\(request.method) \(request.target)\n\(headers)\n\n" + String(decoding: request.body, as: UTF8.self)
        }
        return try ScriptedServer(routes: [:]) { request, _ in
            if request.path.hasPrefix("/accounts/") {
                let body = JSONObject([
                    "token": .string(serverIssued[0]),
                    "users": .array([.object(JSONObject(["email": .string(serverIssued[1])]))]),
                    "echo": .string(everything(request)),
                ])
                var response = HTTPResponse.json(JSONWriter(style: .compact).write(.object(body)))
                response.headers += [
                    ("Set-Cookie", "sid=\(serverIssued[2]); HttpOnly"),
                    ("X-Echo", request.header("Authorization") ?? ""),
                ]
                return response
            }
            if request.path.hasPrefix("/text/") { return .text(everything(request)) }
            if request.path == "/binary" {
                return HTTPResponse(
                    status: 200, headers: [("Content-Type", "application/octet-stream")],
                    body: Data([0, 1, 2, 0xFF]) + Data(everything(request).utf8) + Data([0]))
            }
            if request.path == "/hop" { return .redirect(to: "/landing?token=\(serverIssued[3])&page=1") }
            if request.path == "/landing" { return .json(#"{"landed": "\#(request.target)"}"#) }
            return .text("upstream failed for " + everything(request), status: 502)
        }
    }

    /// Every spelling of `secret` that would count as a leak: as is, percent-encoded, form-encoded, JSON-escaped.
    static func spellings(of secret: String) -> [String] {
        var spellings = [secret, secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret]
        spellings.append(spellings[1].replacingOccurrences(of: "%20", with: "+"))
        spellings.append(JSONWriter.quote(secret).dropFirst().dropLast().description)
        return spellings
    }

    /// Every file under `folder`, with base64 bodies of recordings decoded too.
    static func writtenBytes(under folder: String) throws -> [(path: String, bytes: Data)] {
        var files: [(String, Data)] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            let path = folder + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else {
                continue
            }
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            files.append((relative, data))
            if path.hasSuffix(".json"), let recording = try? Recording.read(from: path),
                case .base64(let encoded)? = recording.response.body,
                let decoded = Data(base64Encoded: encoded)
            {
                files.append((relative + " (bodyBase64 decoded)", decoded))
            }
        }
        return files
    }

    @Test func noSecretReachesAnyByteTheToolWrites() throws {
        let server = try Self.echoServer()
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try Self.spec.write(toFile: folder + "/Specs/secrets.yaml", atomically: true, encoding: .utf8)
        let environment = Self.environment.merging(["CONTRACT_BASE_URL": server.baseURL]) { $1 }
        let fast = ["--retries", "1", "--retry-backoff", "0.01", "--timeout", "5"]

        let record = try ContractProcess.run(["record"] + fast, in: folder, environment: environment)
        let check = try ContractProcess.run(
            ["check", "--format", "json", "--output", "reports/check.json"] + fast, in: folder, environment: environment
        )
        let checkText = try ContractProcess.run(
            ["check", "--into", "Elsewhere"] + fast, in: folder, environment: environment)

        // The runs did what they should, so the search below looks at real output.
        #expect(record.status == 2, "the failing endpoint fails the run: \(record.standardError)")
        #expect(record.standardOutput.contains("FAIL secrets/failing  request-failed"))
        #expect(
            record.standardOutput.contains("recorded 5 endpoints into Recordings: 4 written, 0 unchanged, 1 failed"))
        #expect(record.standardError.contains("secrets/login"))
        #expect(check.status == 2)
        #expect(checkText.status == 2)
        let login = try Recording.read(from: folder + "/Recordings/secrets/login.json")
        #expect(login.request.url == server.baseURL + "/accounts/<redacted>/login?access_token=<redacted>&lang=en")
        let hop = try Recording.read(from: folder + "/Recordings/secrets/hop.json")
        #expect(hop.response.url == server.baseURL + "/landing?token=<redacted>&page=1")
        #expect(FileManager.default.fileExists(atPath: folder + "/.contract/check-recordings/secrets/login.json"))
        #expect(FileManager.default.fileExists(atPath: folder + "/reports/check.json"))

        var outputs: [(String, Data)] = []
        for (name, run) in [("record", record), ("check", check), ("check --into", checkText)] {
            outputs.append(("\(name) stdout", run.outputBytes))
            outputs.append(("\(name) stderr", run.errorBytes))
        }
        outputs += try Self.writtenBytes(under: folder)
        #expect(outputs.count > 15)
        for secret in Self.environment.values + Self.serverIssued {
            for spelling in Self.spellings(of: secret) {
                for (name, bytes) in outputs where bytes.range(of: Data(spelling.utf8)) != nil {
                    Issue.record("'\(spelling)' (a spelling of a secret) appears in \(name)")
                }
            }
        }
    }

    @Test func withoutABaseURLItIsAUsageError() throws {
        let folder = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ContractProcess.run(["record"], in: folder)
        #expect(run.status == 64)
        #expect(run.standardError.contains("--base-url URL or the CONTRACT_BASE_URL environment variable"))
    }

    /// A bad spec stops `record` and `check` before any request, and they say that nothing was recorded (it said
    /// "nothing was verified", as `verify` does).
    @Test(arguments: ["record", "check"]) func aBadSpecSaysNothingWasRecorded(_ command: String) throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try Data("endpoints:\n  a:\n    request: GET\n".utf8).write(to: URL(fileURLWithPath: folder + "/Specs/a.yaml"))
        let run = try ContractProcess.run([command, "--base-url", "http://127.0.0.1:9"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.standardError.hasSuffix("contract: 1 error in the specs; nothing was recorded\n"),
            "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/Recordings"))
    }

    @Test(arguments: [
        ["--timeout", "inf"], ["--timeout", "1e300"], ["--timeout", "nan"], ["--retry-backoff", "1e300"],
        ["--max-retry-delay", "inf"],
    ])
    func aNonFiniteOrAbsurdDurationIsAUsageError(_ flag: [String]) throws {
        let folder = TestSuites.copyOfSampleSuite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ContractProcess.run(["record", "--base-url", "http://127.0.0.1:9"] + flag, in: folder)
        #expect(run.status == 64, "\(run.standardError)")
        #expect(run.standardError.contains("a day"), "\(run.standardError)")
    }

    /// A copy of the sample suite, and the demo API serving its recordings on 127.0.0.1.
    static func sampleSuiteAndServer() throws -> (folder: String, suite: SpecSuite, server: HTTPServer) {
        let folder = TestSuites.copyOfSampleSuite()
        let suite = try SpecLoader().load(directory: folder + "/Specs")
        let api = DemoAPI(suite: suite, recordingsDirectory: folder + "/Recordings")
        return (folder, suite, try HTTPServer(lifetime: 60) { api.respond(to: $0) })
    }

    /// The variables the sample suite's specs read.
    static let sampleEnvironment = ["STAGING_TOKEN": "token-for-test", "BETS_API_KEY": "key-for-test"]

    @Test func modeMissingRecordsOnlyNewEndpointsAndAnUnchangedReRecordWritesNothing() throws {
        let (folder, _, server) = try Self.sampleSuiteAndServer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        defer { server.stop() }
        try FileManager.default.removeItem(atPath: folder + "/Recordings/users/get-user.json")
        let environment = Self.sampleEnvironment
        let base = ["--base-url", server.baseURL]

        // --fsync: the new file is flushed to disk before it takes its path, and is in place when record exits.
        let missing = try ContractProcess.run(
            ["record", "--mode", "missing", "--fsync"] + base, in: folder, environment: environment)
        #expect(missing.status == 0, "\(missing.standardError)")
        #expect(
            missing.standardOutput
                == "recorded 7 endpoints into Recordings: 1 written, 0 unchanged, 6 skipped, 0 failed\n")
        #expect(try Recording.read(from: folder + "/Recordings/users/get-user.json").response.status == 200)

        let again = try ContractProcess.run(
            ["record", "--filter", "users/*"] + base, in: folder, environment: environment)
        #expect(again.status == 0)
        #expect(
            again.standardOutput.contains("1 written, 1 unchanged"),
            "list-users now has the demo's URL; get-user is as just recorded")
        let twice = try ContractProcess.run(
            ["record", "--filter", "users/*"] + base, in: folder, environment: environment)
        #expect(twice.standardOutput.contains("0 written, 2 unchanged"))
        #expect(twice.standardError.contains("unchanged"))
    }

    /// With few open files allowed (`ulimit -n 100`, soft and hard) and `--concurrency 250`, requests beyond what the
    /// limit holds wait their turn: every endpoint is recorded. Before, each failed as "connection refused" or
    /// "cannot write: Too many open files".
    @Test func aLowOpenFileLimitHoldsTheRequestsInFlightWithinIt() throws {
        // Each answer takes a while, so that the requests are in flight together, each on a connection of its own.
        let server = try ScriptedServer(routes: [:]) { request, _ in
            Thread.sleep(forTimeInterval: 0.3)
            return .json(#"{"path": "\#(request.path)"}"#)
        }
        defer { server.stop() }
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let count = 150
        let yaml =
            "endpoints:\n"
            + (0..<count).map { "  e\($0):\n    request: GET /item/\($0)\n    expect: { status: 200 }\n" }.joined()
        try FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try yaml.write(toFile: folder + "/Specs/many.yaml", atomically: true, encoding: .utf8)
        let contract = ContractProcess.productsDirectory.appendingPathComponent("contract").path
        let run = try ContractProcess.run(
            [
                "-c", #"ulimit -n 100 && exec "$0" record --base-url "$1" --concurrency 250 --retries 0"#, contract,
                server.baseURL,
            ], executable: "/bin/bash", in: folder)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("\(count) written, 0 unchanged, 0 failed\n"), "\(run.standardOutput)")
        #expect(run.standardError.hasPrefix("note: --concurrency 250 lowered to 18: "), "\(run.standardError)")
    }

    /// Off a terminal, each endpoint is one line, in columns: the status right-aligned in four, the id padded to the
    /// longest id's width (at most 40), the time right-aligned in seven, then what happened.
    @Test func progressLinesOffATerminalAreInColumns() throws {
        let (folder, suite, server) = try Self.sampleSuiteAndServer()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        defer { server.stop() }
        let run = try ContractProcess.run(
            ["record", "--base-url", server.baseURL, "--filter", "users/*"], in: folder,
            environment: Self.sampleEnvironment)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix(" 200  users/") }
        #expect(lines.count == 2, "\(run.standardError)")
        // The widest id of the endpoints the run records.
        let width = suite.endpoints.map(\.id).filter { $0.hasPrefix("users/") }.map(\.count).max()!
        for line in lines {
            let id = line.dropFirst(6).prefix(width)
            #expect(id.hasPrefix("users/get-user") || id.hasPrefix("users/list-users"), "\(line)")
            #expect(id.trimmingCharacters(in: .whitespaces).count <= width)
            let rest = line.dropFirst(6 + width)
            #expect(rest.hasPrefix("  "), "\(line)")
            let time = rest.dropFirst(2).prefix(7)
            #expect(time.count == 7 && time.hasSuffix(" ms"), "\(line)")
            #expect(rest.dropFirst(9) == "  written" || rest.dropFirst(9) == "  unchanged", "\(line)")
        }
    }
}
