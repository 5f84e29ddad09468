import ContractKit
import Foundation

/// A copy of the sample suite with drift in most endpoints, for golden reports and end-to-end tests:
/// a list turned into a dictionary keyed by id, minified keys renamed and retyped, an envelope's key respelled,
/// dates and missing fields, an unknown enum value with markup in it, a key sent twice, a server error page, and
/// secrets planted in one recording's request that every report must hide.
package enum DriftedSuite {
    /// The secrets planted in `users/list-users`'s request; no report may contain any of them.
    package static let secrets = [
        "sk_live_PLANTED_SECRET", "PLANTED_COOKIE", "PLANTED_QUERY_TOKEN", "PLANTED_API_KEY", "PLANTED_PASSWORD",
    ]

    /// A day on which the sample waiver (until 2099-12-31) holds.
    package static let today = ISO8601.parse("2026-11-21T12:00:00Z")!

    /// Copies the sample suite to a temporary folder, drifts it, and returns the folder (holding Specs and Recordings).
    package static func make() throws -> String {
        let root = TestSuites.copyOfSampleSuite()
        try drift(recordings: root + "/Recordings")
        return root
    }

    /// Drifts the recordings in a copy of the sample suite.
    package static func drift(recordings: String) throws {
        try editBody(recordings, "directory/list-users") { body in body = keyedByID(body) }
        try editBody(recordings, "bets/my-bets") { body in
            body.driftRenameKey(at: [], "fn", to: "first_name")
            body.driftSet(["b", "1", "i"], .string("9002"))
            body.driftSet(["b", "2", "s"], .string("void"))
        }
        try editBody(recordings, "accounts/get-account") { body in
            body.driftRenameKey(at: ["Data"], "display_name", to: "DisplayName")
            body.driftSet(["Data", "AccountId"], .number(JSONNumber(42)))
        }
        try editBody(recordings, "notices/list-notices") { body in
            body.driftSet(["notices", "0", "created_at"], .number(JSONNumber(literal: "1763632800000")))
            body.driftSet(["notices", "2", "title"], nil)
        }
        try editBody(recordings, "users/list-users") { body in
            body.driftSet(["u2", "role"], .string("owner <script>alert(1)</script> & \"co\""))
            body.driftAppend(at: ["u1"], key: "email", .string("ada@work.example"))
        }
        // Secrets a careless hand or an old recorder left in the request: every report must hide them.
        let listUsers = recordings + "/users/list-users.json"
        var recording = try Recording.read(from: listUsers)
        recording.request.method = "POST"
        recording.request.url = "https://staging.example.com/users.json?access_token=PLANTED_QUERY_TOKEN&shallow=true"
        recording.request.headers = [
            .init(name: "Authorization", value: "Bearer sk_live_PLANTED_SECRET"),
            .init(name: "Cookie", value: "sid=PLANTED_COOKIE"),
            .init(name: "X-Api-Key", value: "PLANTED_API_KEY"), .init(name: "Accept", value: "application/json"),
        ]
        recording.request.body = .json(TestSuites.json(#"{"user": "ada", "password": "PLANTED_PASSWORD"}"#))
        try recording.write(to: listUsers)
        // A server error page instead of the user.
        let getUser = recordings + "/users/get-user.json"
        var failing = try Recording.read(from: getUser)
        failing.response.status = 500
        failing.response.headers = [.init(name: "Content-Type", value: "text/html")]
        failing.response.body = .text("<html>\n<body>Internal Server Error</body>\n</html>")
        try failing.write(to: getUser)
    }

    /// An array of objects turned into a dictionary keyed by each object's `id` (which leaves the object):
    /// the Firebase-style drift.
    package static func keyedByID(_ array: JSONValue) -> JSONValue {
        var keyed = JSONObject()
        for element in array.arrayValue ?? [] {
            var object = element.objectValue ?? JSONObject()
            let id = object["id"]?.numberValue?.literal ?? object["id"]?.stringValue ?? "?"
            object["id"] = nil
            keyed.entries.append(.init(key: id, value: .object(object)))
        }
        return .object(keyed)
    }

    /// Rewrites the response body of `<recordings>/<endpoint>.json` through `change`.
    package static func editBody(_ recordings: String, _ endpoint: String, _ change: (inout JSONValue) -> Void) throws {
        let path = "\(recordings)/\(endpoint).json"
        var recording = try Recording.read(from: path)
        guard case .json(var body)? = recording.response.body else {
            throw ContractError(.io, "no JSON body in \(path)")
        }
        change(&body)
        recording.response.body = .json(body)
        try recording.write(to: path)
    }
}

extension JSONValue {
    /// Sets (or, with nil, removes) the value at a path of keys and indices.
    fileprivate mutating func driftSet(_ path: [String], _ value: JSONValue?) {
        guard let head = path.first else {
            if let value { self = value }
            return
        }
        let rest = Array(path.dropFirst())
        switch self {
        case .object(var object):
            if rest.isEmpty {
                object[head] = value
            } else {
                var child = object[head] ?? .null
                child.driftSet(rest, value)
                object[head] = child
            }
            self = .object(object)
        case .array(var items):
            guard let index = Int(head), items.indices.contains(index) else { return }
            items[index].driftSet(rest, value)
            self = .array(items)
        default:
            break
        }
    }

    /// Adds `key` at the end of the object at `path`, even when the object already has it: a key sent twice.
    fileprivate mutating func driftAppend(at path: [String], key: String, _ value: JSONValue) {
        guard case .object(var object) = self else { return }
        if let head = path.first {
            guard var child = object[head] else { return }
            child.driftAppend(at: Array(path.dropFirst()), key: key, value)
            object[head] = child
        } else {
            object.entries.append(.init(key: key, value: value))
        }
        self = .object(object)
    }

    /// Renames a key of the object at `path`, keeping its position.
    fileprivate mutating func driftRenameKey(at path: [String], _ old: String, to new: String) {
        guard let head = path.first else {
            guard case .object(var object) = self, let index = object.entries.firstIndex(where: { $0.key == old })
            else { return }
            object.entries[index].key = new
            self = .object(object)
            return
        }
        guard case .object(var object) = self, var child = object[head] else { return }
        child.driftRenameKey(at: Array(path.dropFirst()), old, to: new)
        object[head] = child
        self = .object(object)
    }
}
