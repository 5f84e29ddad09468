import Foundation

/// A request as the server read it.
package struct HTTPRequest: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The request target as sent: `/users?_limit=3`.
    package var target: String
    /// The path part of the target, still percent-encoded.
    package var path: String
    /// The query parameters, decoded, in order.
    package var query: [(name: String, value: String)]
    /// The headers, in order.
    package var headers: [(name: String, value: String)]
    /// The body (read by `Content-Length`).
    package var body: Data

    /// Creates a request.
    package init(method: String, target: String, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        self.path = parts.first.map(String.init) ?? "/"
        self.query = parts.count > 1 ? HTTPRequest.decodeQuery(String(parts[1])) : []
    }

    /// The value of the first header named `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// The value of the first query parameter named `name`.
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    private static func decodeQuery(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }
    }
}
