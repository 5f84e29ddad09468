import Foundation

/// A captured response, as stored in `Recordings/<spec>/<endpoint>.json`.
///
/// One type reads and writes the format, so the recorder and the verifier cannot disagree about it. Only `format`,
/// `endpoint`, `request.method`, `request.url` and `response.status` are required, so recordings made by other
/// tools (or pasted from a bug ticket) work too.
package struct Recording: Sendable, Hashable {
    /// The format id written in every recording.
    package static let formatID = "contract-recording/1"

    /// A header as sent, name spelling kept.
    package struct Header: Sendable, Hashable {
        package var name: String
        package var value: String
        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// A response or request body.
    package enum Body: Sendable, Hashable {
        /// A JSON body, embedded as JSON with key order and number spelling kept.
        case json(JSONValue)
        /// A body that is text but not JSON.
        case text(String)
        /// A binary body.
        case base64(String)
        /// A JSON body as it was read from a recording file: left on that file's tape, checked in place, and
        /// built as a tree only when something asks for its ``IndexedBody/value``. Written and compared as `json`.
        case indexed(IndexedBody)

        /// The body's JSON value, built if it is indexed; nil for text and binary bodies.
        package var jsonValue: JSONValue? {
            switch self {
            case .json(let value): return value
            case .indexed(let body): return body.value
            case .text, .base64: return nil
            }
        }

        /// The body with an indexed JSON body built into a tree: what a body is outside the verifier's hot path.
        package var built: Body {
            if case .indexed(let body) = self { return .json(body.value) }
            return self
        }
    }

    /// The request that was sent.
    package struct Request: Sendable, Hashable {
        package var method: String
        package var url: String
        package var headers: [Header]
        package var body: Body?
        package init(method: String, url: String, headers: [Header] = [], body: Body? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }
    }

    /// A redirect followed on the way to the response: the status and the URL that answered with it.
    package struct Redirect: Sendable, Hashable {
        package var status: Int
        package var url: String
        package init(status: Int, url: String) {
            self.status = status
            self.url = url
        }
    }

    /// The response that came back.
    package struct Response: Sendable, Hashable {
        package var status: Int
        /// The URL that answered, when redirects led away from `request.url`.
        package var url: String?
        /// The redirects followed, in order; the first answered `request.url`.
        package var redirects: [Redirect]
        package var headers: [Header]
        package var durationMs: Int?
        package var body: Body?
        package init(
            status: Int, headers: [Header] = [], durationMs: Int? = nil, body: Body? = nil,
            url: String? = nil, redirects: [Redirect] = []
        ) {
            self.status = status
            self.url = url
            self.redirects = redirects
            self.headers = headers
            self.durationMs = durationMs
            self.body = body
        }

        /// The value of the first header named `name`, compared case-insensitively.
        package func header(_ name: String) -> String? {
            headers.first { Self.sameHeaderName($0.name, name) }?.value
        }

        /// Header names are ASCII tokens (RFC 9110), so ASCII case folding is the whole comparison; any other
        /// character must match exactly.
        static func sameHeaderName(_ first: String, _ second: String) -> Bool {
            guard first.utf8.count == second.utf8.count else { return false }
            var (first, second) = (first, second)
            return first.withUTF8 { first in
                second.withUTF8 { second in
                    for index in first.indices {
                        let (a, b) = (first[index], second[index])
                        guard a == b || (a | 0x20 == b | 0x20 && (a | 0x20) &- 0x61 < 26) else { return false }
                    }
                    return true
                }
            }
        }
    }

    /// The endpoint's id, e.g. `users/list-users`.
    package var endpoint: String
    /// When it was recorded, ISO 8601 in UTC.
    package var recordedAt: String?
    /// The request.
    package var request: Request
    /// The response.
    package var response: Response

    /// Creates a recording.
    package init(endpoint: String, recordedAt: String? = nil, request: Request, response: Response) {
        self.endpoint = endpoint
        self.recordedAt = recordedAt
        self.request = request
        self.response = response
    }

    /// True when the two differ at most in when they were recorded and how long the request took, so a re-record
    /// that changes nothing else leaves the file alone.
    package func isSemanticallyEqual(to other: Recording) -> Bool {
        var left = self
        var right = other
        left.recordedAt = nil
        right.recordedAt = nil
        left.response.durationMs = nil
        right.response.durationMs = nil
        return left == right
    }
}
