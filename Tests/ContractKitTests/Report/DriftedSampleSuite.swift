import ContractTestSupport
import Foundation
@testable import ContractKit

/// The sample suite with drift in most endpoints, for golden reports: every format is rendered from it.
enum DriftedSampleSuite {
    /// The secrets planted in a recording's request; no report may contain any of them.
    static let secrets = ["sk_live_PLANTED_SECRET", "PLANTED_COOKIE", "PLANTED_QUERY_TOKEN", "PLANTED_API_KEY", "PLANTED_PASSWORD"]

    /// The day the reports are made, so the waiver in notices.yaml holds.
    static let today = ISO8601.parse("2026-11-21T12:00:00Z")!

    /// Drifts a copy of the sample suite, verifies it, and hands the report to `body` with paths relative to the copy.
    static func withReport<T>(today: Date = today, _ body: (VerificationReport, _ relative: (String) -> String) throws -> T) async throws -> T {
        let suite = SampleSuiteCopy()
        defer { suite.remove() }
        try drift(suite)
        let report = try await suite.verify(today: today)
        return try body(report) { $0.replacing(suite.root + "/", with: "") }
    }

    static func drift(_ suite: SampleSuiteCopy) throws {
        try suite.driftBody("directory/list-users") { body in
            var keyed = JSONObject()
            for user in body.arrayValue! {
                var object = user.objectValue!
                let id = object["id"]!.numberValue!.literal
                object["id"] = nil
                keyed.entries.append(.init(key: id, value: .object(object)))
            }
            body = .object(keyed)
        }
        try suite.driftBody("bets/my-bets") { body in
            body.renameKey(at: "", "fn", to: "first_name")
            body.update("b.1.i") { $0 = .string("9002") }
            body.update("b.2.s") { $0 = .string("void") }
        }
        try suite.driftBody("accounts/get-account") { body in
            body.renameKey(at: "Data", "display_name", to: "DisplayName")
            body.update("Data.AccountId") { $0 = .number(JSONNumber(42)) }
        }
        try suite.driftBody("notices/list-notices") { body in
            body.update("notices.0.created_at") { $0 = .number(JSONNumber(literal: "1763632800000")) }
            body.update("notices.2") { value in
                var object = value.objectValue!
                object["title"] = nil
                value = .object(object)
            }
        }
        try suite.driftBody("users/list-users") { body in
            body.update("u2.role") { $0 = .string("owner <script>alert(1)</script> & \"co\"") }
        }
        // Secrets a careless hand or an old recorder left in the request: every report must hide them.
        let listUsers = suite.recordings + "/users/list-users.json"
        var recording = try Recording.read(from: listUsers)
        recording.request.url = "https://staging.example.com/users.json?access_token=PLANTED_QUERY_TOKEN&shallow=true"
        recording.request.headers = [
            .init(name: "Authorization", value: "Bearer sk_live_PLANTED_SECRET"), .init(name: "Cookie", value: "sid=PLANTED_COOKIE"),
            .init(name: "X-Api-Key", value: "PLANTED_API_KEY"), .init(name: "Accept", value: "application/json"),
        ]
        recording.request.method = "POST"
        recording.request.body = .json(TestSuites.json(#"{"user": "ada", "password": "PLANTED_PASSWORD"}"#))
        try recording.write(to: listUsers)
        // A server error page instead of the user.
        let getUser = suite.recordings + "/users/get-user.json"
        var failing = try Recording.read(from: getUser)
        failing.response.status = 500
        failing.response.headers = [.init(name: "Content-Type", value: "text/html")]
        failing.response.body = .text("<html>\n<body>Internal Server Error</body>\n</html>")
        try failing.write(to: getUser)
    }
}
