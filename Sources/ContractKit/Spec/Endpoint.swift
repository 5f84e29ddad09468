/// One endpoint of a spec: the request to send, what the backend promises, and how the app decodes it.
public struct Endpoint: Sendable {
    /// `<spec-file-stem>/<name>`, e.g. `users/list-users`; stable, used in reports and recording paths.
    public var id: String
    /// The name under `endpoints:`.
    public var name: String
    /// The spec file's stem, e.g. `users`.
    public var group: String
    /// Where the endpoint is declared.
    public var location: SourceLocation
    /// The request to send.
    package var request: RequestSpec
    /// What the response must look like.
    package var expect: Expectation
    /// Client-side transforms, in order, applied before decoding.
    package var transforms: [TransformSpec]
    /// The Codable model's type name, if the app decodes this response.
    public var model: String?
    /// Where `model:` is written.
    package var modelLocation: SourceLocation?
    /// The key and date strategies the app decodes with.
    public var decoding: DecodingOptions
    /// Findings the team has accepted for a while.
    package var waivers: [Waiver]
    /// Body paths whose values are secrets: redacted by the recorder.
    package var redactions: [String]

    /// Where its recording lives under `recordings`: `<recordings>/<spec-file-stem>/<endpoint>.json`.
    package func recordingPath(in recordings: String) -> String {
        var base = recordings[...]
        // By bytes: a '/' after a character that joins with what follows must not take that character with it.
        while base.utf8.count > 1, base.utf8.last == UInt8(ascii: "/") { base = Substring(base.utf8.dropLast()) }
        return "\(base == "/" ? "" : base)/\(group)/\(name).json"
    }

    /// Creates an endpoint.
    package init(
        id: String, name: String, group: String, location: SourceLocation, request: RequestSpec,
        expect: Expectation, transforms: [TransformSpec] = [], model: String? = nil,
        decoding: DecodingOptions = DecodingOptions(), waivers: [Waiver] = [], redactions: [String] = [],
        modelLocation: SourceLocation? = nil
    ) {
        self.id = id
        self.name = name
        self.group = group
        self.location = location
        self.request = request
        self.expect = expect
        self.transforms = transforms
        self.model = model
        self.modelLocation = modelLocation
        self.decoding = decoding
        self.waivers = waivers
        self.redactions = redactions
    }
}

/// The request an endpoint sends.
package struct RequestSpec: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The path with `{param}` placeholders, e.g. `/users/{id}.json`, and perhaps `${NAME}` environment variables
    /// (`/anything?token=${TOKEN}`), read and redacted as in `query:` and `headers:`.
    package var path: String

    /// ``path`` as a template, for its `${NAME}` environment variables (`{param}` placeholders are literal text
    /// to a template); nil when a variable's name is malformed, which recording reports.
    package var pathTemplate: Template? { try? Template(parsing: path, at: location) }

    /// Values for the path's placeholders.
    package var params: [(name: String, value: Template)]
    /// Query parameters, in order.
    package var query: [(name: String, value: Template)]
    /// Headers, in order.
    package var headers: [(name: String, value: Template)]
    /// A JSON body to send.
    package var body: JSONValue?
    /// Where the request line is written.
    package var location: SourceLocation

    /// Creates a request.
    package init(
        method: String, path: String, params: [(name: String, value: Template)] = [],
        query: [(name: String, value: Template)] = [], headers: [(name: String, value: Template)] = [],
        body: JSONValue? = nil, location: SourceLocation
    ) {
        self.method = method
        self.path = path
        self.params = params
        self.query = query
        self.headers = headers
        self.body = body
        self.location = location
    }
}

/// What an endpoint's response must look like.
package struct Expectation: Sendable {
    /// The accepted status codes.
    package var status: StatusExpectation
    /// The media type, e.g. `application/json` (parameters such as `charset` are ignored).
    package var contentType: String?
    /// The raw body's shape, before any client-side transform.
    package var body: Shape?
    /// The policy for undeclared keys.
    package var extraKeys: ExtraKeysPolicy
    /// Where `expect:` is written.
    package var location: SourceLocation

    /// Creates an expectation.
    package init(
        status: StatusExpectation = StatusExpectation(), contentType: String? = nil, body: Shape? = nil,
        extraKeys: ExtraKeysPolicy = .allow, location: SourceLocation
    ) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.extraKeys = extraKeys
        self.location = location
    }
}

/// Accepted status codes: single codes and classes such as `2xx`.
package struct StatusExpectation: Sendable, Hashable, CustomStringConvertible {
    /// Exact codes.
    package var codes: [Int]
    /// Classes by their first digit: 2 for `2xx`.
    package var classes: [Int]
    /// Where it is written.
    package var location: SourceLocation?

    /// `200` unless told otherwise.
    package init(codes: [Int] = [200], classes: [Int] = [], location: SourceLocation? = nil) {
        self.codes = codes
        self.classes = classes
        self.location = location
    }

    /// True when `status` is accepted.
    package func accepts(_ status: Int) -> Bool {
        codes.contains(status) || classes.contains(status / 100)
    }

    /// `200`, `200 or 201`, `2xx`.
    package var description: String {
        let all = codes.map(String.init) + classes.map { "\($0)xx" }
        return all.joined(separator: " or ")
    }
}

/// How the app's `JSONDecoder` is configured for an endpoint.
public struct DecodingOptions: Sendable, Hashable {
    /// The key decoding strategy.
    public var keys: KeyStrategy
    /// The date decoding strategy, used by every `Date` shape without its own format.
    public var dates: DateFormat

    /// Default keys and ISO 8601 dates.
    public init(keys: KeyStrategy = .useDefaultKeys, dates: DateFormat = .iso8601) {
        self.keys = keys
        self.dates = dates
    }
}

/// Key decoding strategies, as written in specs.
public enum KeyStrategy: String, Sendable, Hashable, CaseIterable {
    /// Keys must match property names exactly.
    case useDefaultKeys
    /// `first_name` decodes `firstName`.
    case convertFromSnakeCase
    /// Any spelling of the same words decodes: `user_id`, `userID`, `UserId`, `user-id`.
    case anyCase
}
