import ContractKit
import Foundation

/// A stand-in staging backend: serves each endpoint of a suite with its recorded response, optionally drifted.
///
/// Requests are routed by method and by the spec's path (`/users/{id}.json` matches `/users/u42.json`); the query
/// is ignored. JSON bodies go through the chosen drifts, then are sent gzip- or deflate-encoded when the client
/// accepts it, so a recording made against the demo exercises content decoding too.
package struct DemoAPI: Sendable {
    /// One endpoint served.
    package struct Route: Sendable {
        /// The endpoint's id.
        package var endpoint: String
        /// The method, upper case.
        package var method: String
        /// The spec's path, with `{placeholders}`.
        package var path: String
        /// The recorded response, or nil when the endpoint has no readable recording.
        package var recording: Recording?
    }

    /// The endpoints served, in spec order.
    package let routes: [Route]
    /// The drifts applied to every JSON body, in order.
    package let drifts: [Drift]
    /// Endpoints that have no readable recording: they answer 501 with the reason.
    package let problems: [String]

    /// Serves `suite`'s endpoints with the recordings in `recordingsDirectory`.
    package init(suite: SpecSuite, recordingsDirectory: String, drifts: [Drift] = []) {
        var routes: [Route] = []
        var problems: [String] = []
        let base = recordingsDirectory.hasSuffix("/") ? String(recordingsDirectory.dropLast()) : recordingsDirectory
        for endpoint in suite.endpoints {
            let path = "\(base)/\(endpoint.group)/\(endpoint.name).json"
            var recording: Recording?
            do {
                recording = try Recording.read(from: path)
            } catch {
                problems.append("\(endpoint.id): \(error.message)")
            }
            routes.append(
                Route(
                    endpoint: endpoint.id, method: endpoint.request.method.uppercased(), path: endpoint.request.path,
                    recording: recording))
        }
        self.routes = routes
        self.drifts = drifts
        self.problems = problems
    }

    /// The response to `request`.
    package func respond(to request: HTTPRequest) -> HTTPResponse {
        let path = request.path.removingPercentEncoding ?? request.path
        guard
            let route = routes.first(where: {
                $0.method == request.method.uppercased() && DemoAPI.matches($0.path, path)
            })
        else {
            let known = routes.map { "\($0.method) \($0.path)" }
            let body = JSONObject([
                "error": .string("no endpoint for \(request.method) \(path)"),
                "endpoints": .array(known.map(JSONValue.string)),
            ])
            return .json(JSONWriter(style: .pretty).write(.object(body)) + "\n", status: 404)
        }
        guard let recording = route.recording else {
            return .json(#"{"error": "no recording for \#(route.endpoint)"}"# + "\n", status: 501)
        }
        var response = HTTPResponse(status: recording.response.status)
        response.headers = recording.response.headers.map { ($0.name, $0.value) }
        switch recording.response.body {
        case .json?, .indexed?:
            let value = recording.response.body?.jsonValue ?? .null
            let drifted = drifts.reduce(value) { body, drift in drift.apply(to: body) }
            response.body = Data((JSONWriter(style: .pretty).write(drifted) + "\n").utf8)
            if response.headers.isEmpty { response.headers = [("Content-Type", "application/json")] }
        case .text(let text)?:
            response.body = Data(text.utf8)
        case .base64(let encoded)?:
            response.body = Data(base64Encoded: encoded) ?? Data()
        case nil:
            break
        }
        if !response.body.isEmpty, let coding = ContentCoding.preferred(by: request.header("Accept-Encoding")) {
            response.body = coding.encode(response.body)
            response.headers.append(("Content-Encoding", coding.rawValue))
        }
        return response
    }

    /// True when `path` fits the spec's `template`, each `{placeholder}` standing for one or more characters
    /// other than `/`.
    static func matches(_ template: String, _ path: String) -> Bool {
        var tokens: [(literal: String, isPlaceholder: Bool)] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            tokens.append((String(rest[..<open]), false))
            tokens.append(("", true))
            rest = rest[rest.index(after: close)...]
        }
        tokens.append((String(rest), false))
        func match(_ tokenIndex: Int, _ text: Substring) -> Bool {
            guard tokenIndex < tokens.count else { return text.isEmpty }
            let token = tokens[tokenIndex]
            guard token.isPlaceholder else {
                return text.hasPrefix(token.literal) && match(tokenIndex + 1, text.dropFirst(token.literal.count))
            }
            var length = 1
            while length <= text.count {
                let candidate = text.prefix(length)
                if candidate.contains("/") { return false }
                if match(tokenIndex + 1, text.dropFirst(length)) { return true }
                length += 1
            }
            return false
        }
        return match(0, Substring(path))
    }
}
