import Foundation

/// Sends one HTTP request and returns the whole response: the recorder's only contact with the network.
///
/// ``URLSessionTransport`` is the one used; the protocol keeps the recorder testable and lets a team plug in
/// another client.
public protocol HTTPTransport: Sendable {
    /// Sends `request`, following redirects, and returns the final response with its decoded body.
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse
}

/// A request ready to send, with the limits that apply to it.
public struct TransportRequest: Sendable {
    /// `GET`, `POST`, ...
    public var method: String
    /// The full URL, secrets included.
    public var url: URL
    /// Headers to send, secrets included.
    public var headers: [Recording.Header]
    /// The body to send.
    public var body: Data?
    /// Seconds the whole exchange may take, redirects and body included.
    public var timeout: Double
    /// The largest decoded body accepted; a larger one is refused without being buffered.
    public var maxBodyBytes: Int
    /// How many redirects are followed.
    public var maxRedirects: Int

    /// Creates a request.
    public init(
        method: String, url: URL, headers: [Recording.Header] = [], body: Data? = nil, timeout: Double = 30,
        maxBodyBytes: Int = 64 << 20, maxRedirects: Int = 10
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }
}

/// A complete response.
public struct TransportResponse: Sendable {
    /// The status code.
    public var status: Int
    /// The response headers, as the client reports them.
    public var headers: [Recording.Header]
    /// The body, with gzip or deflate content coding already undone.
    public var body: Data
    /// The URL that answered (differs from the request's after redirects).
    public var url: URL?
    /// The redirects followed, in order: the status and the URL that answered with it.
    public var redirects: [(status: Int, url: URL)]

    /// Creates a response.
    public init(status: Int, headers: [Recording.Header], body: Data, url: URL?, redirects: [(status: Int, url: URL)] = []) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirects = redirects
    }

    /// The value of the first header named `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// Why no response came back. Messages never contain the URL, so they cannot leak what it carries.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, as a stable, extensible code.
    public struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Nothing listens at the address.
        public static let connectionRefused = Code(rawValue: "connection-refused")
        /// The connection broke before the whole response arrived.
        public static let connectionLost = Code(rawValue: "connection-lost")
        /// The exchange took longer than the timeout.
        public static let timedOut = Code(rawValue: "timed-out")
        /// The host name does not resolve.
        public static let hostNotFound = Code(rawValue: "host-not-found")
        /// TLS could not be set up (certificate, protocol).
        public static let secureConnectionFailed = Code(rawValue: "secure-connection-failed")
        /// The body is larger than the limit.
        public static let bodyTooLarge = Code(rawValue: "body-too-large")
        /// More redirects than the limit, or a redirect loop.
        public static let tooManyRedirects = Code(rawValue: "too-many-redirects")
        /// The server's answer is not valid HTTP.
        public static let badResponse = Code(rawValue: "bad-response")
        /// The run was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// Any other network failure.
        public static let other = Code(rawValue: "network-error")
    }

    /// The kind of failure.
    public var code: Code
    /// What happened, in one sentence, without the URL.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// True for failures that may well go away on their own: worth another attempt.
    public var isRetryable: Bool {
        [.connectionRefused, .connectionLost, .timedOut, .badResponse, .other].contains(code)
    }

    public var description: String { message }
}
