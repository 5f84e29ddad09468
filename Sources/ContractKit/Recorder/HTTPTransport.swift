import Foundation

/// Sends one HTTP request and returns the whole response: the recorder's only contact with the network.
///
/// ``CurlTransport`` is the one used on Linux and ``URLSessionTransport`` elsewhere; the protocol keeps the recorder
/// testable and lets a team plug in another client.
package protocol HTTPTransport: Sendable {
    /// Sends `request`, following redirects, and returns the final response with its decoded body.
    func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse

    /// Executors that each run a share of the requests with their answers, so that a request and the work on its
    /// answer happen on one thread; empty when the transport has none.
    var laneExecutors: [any TaskExecutor] { get }
}

extension HTTPTransport {
    /// None.
    package var laneExecutors: [any TaskExecutor] { [] }
}

/// A request ready to send, with the limits that apply to it.
package struct TransportRequest: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The full URL, secrets included.
    package var url: URL
    /// Headers to send, secrets included.
    package var headers: [Recording.Header]
    /// The names (lower case) of the headers dropped on a redirect to another origin, beside those whose names
    /// say they carry credentials: the headers that carry a `${NAME}` value.
    package var credentialHeaders: Set<String>
    /// The body to send.
    package var body: Data?
    /// Seconds the whole exchange may take, redirects and body included.
    package var timeout: Double
    /// The largest decoded body accepted; a larger one is refused without being buffered.
    package var maxBodyBytes: Int
    /// How many redirects are followed.
    package var maxRedirects: Int

    /// Creates a request.
    package init(
        method: String, url: URL, headers: [Recording.Header] = [], credentialHeaders: Set<String> = [],
        body: Data? = nil, timeout: Double = 30,
        maxBodyBytes: Int = 64 << 20, maxRedirects: Int = 10
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.credentialHeaders = credentialHeaders
        self.body = body
        // A caller in code is not validated like the flags: an infinite or absurd timeout is a day (URLSession and
        // Dispatch trap on values they cannot represent).
        self.timeout = timeout.isFinite && timeout > 0 ? min(timeout, 86_400) : 86_400
        self.maxBodyBytes = maxBodyBytes
        self.maxRedirects = maxRedirects
    }
}

/// A complete response.
package struct TransportResponse: Sendable {
    /// The status code.
    package var status: Int
    /// The response headers, as the client reports them.
    package var headers: [Recording.Header]
    /// The body, with gzip, deflate or br content coding already undone.
    package var body: Data
    /// The URL that answered (differs from the request's after redirects).
    package var url: URL?
    /// The redirects followed, in order: the status and the URL that answered with it.
    package var redirects: [(status: Int, url: URL)]
    /// How long the exchange took on the wire, every hop, as the client timed it; nil when it does not say (the
    /// recorder then times the call).
    package var elapsed: Duration?

    /// Creates a response.
    package init(
        status: Int, headers: [Recording.Header], body: Data, url: URL?, redirects: [(status: Int, url: URL)] = [],
        elapsed: Duration? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
        self.redirects = redirects
        self.elapsed = elapsed
    }

    /// The value of the first header named `name`, compared case-insensitively.
    package func header(_ name: String) -> String? {
        headers.first { Recording.Response.sameHeaderName($0.name, name) }?.value
    }
}

/// Why no response came back. Messages never contain the URL, so they cannot leak what it carries.
package struct TransportError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, as a stable, extensible code.
    package struct Code: Hashable, Sendable, RawRepresentable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// Nothing listens at the address.
        package static let connectionRefused = Code(rawValue: "connection-refused")
        /// The connection broke before the whole response arrived.
        package static let connectionLost = Code(rawValue: "connection-lost")
        /// The exchange took longer than the timeout.
        package static let timedOut = Code(rawValue: "timed-out")
        /// The host name does not resolve.
        package static let hostNotFound = Code(rawValue: "host-not-found")
        /// TLS could not be set up (certificate, protocol).
        package static let secureConnectionFailed = Code(rawValue: "secure-connection-failed")
        /// The body is larger than the limit.
        package static let bodyTooLarge = Code(rawValue: "body-too-large")
        /// More redirects than the limit, or a redirect loop.
        package static let tooManyRedirects = Code(rawValue: "too-many-redirects")
        /// A redirect the recorder does not follow: not to an http(s) URL, from https down to http, or a 307/308
        /// that would send the request's body to another origin.
        package static let redirectRefused = Code(rawValue: "redirect-refused")
        /// The HTTP client itself cannot be used here (libcurl missing or too old); no retry helps.
        package static let clientUnavailable = Code(rawValue: "client-unavailable")
        /// The proxy the environment names cannot be reached, or refused the tunnel.
        package static let proxyFailed = Code(rawValue: "proxy-failed")
        /// The host name of the proxy the environment names does not resolve; as for the server's, no retry helps.
        package static let proxyNotFound = Code(rawValue: "proxy-not-found")
        /// The proxy answered the tunnel with a 4xx of its own (407 for credentials, 403): no retry changes it.
        package static let proxyRefused = Code(rawValue: "proxy-refused")
        /// The server's answer is not valid HTTP.
        package static let badResponse = Code(rawValue: "bad-response")
        /// The run was cancelled.
        package static let cancelled = Code(rawValue: "cancelled")
        /// Any other network failure.
        package static let other = Code(rawValue: "network-error")
    }

    /// The kind of failure.
    package var code: Code
    /// What happened, in one sentence, without the URL.
    package var message: String

    /// Creates an error.
    package init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// True for failures that may well go away on their own: worth another attempt.
    package var isRetryable: Bool {
        [.connectionRefused, .connectionLost, .timedOut, .badResponse, .proxyFailed, .other].contains(code)
    }

    package var description: String { message }
}
