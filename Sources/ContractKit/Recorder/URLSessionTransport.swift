#if !os(Linux)
import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends requests with Foundation's `URLSession`, the platform's own client on macOS (Linux uses ``CurlTransport``).
///
/// The body is streamed through a delegate, so a response over the size limit is stopped as soon as it passes the
/// limit rather than buffered whole. Cookies and caches are off, so every request goes to the server as the spec
/// describes it. Redirects are followed and reported; credential headers are not carried to another origin.
package final class URLSessionTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked: both members are set once in init; URLSession is thread-safe and the delegate guards its state.
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A transport with its own session; `maximumConnectionsPerHost` should be at least the recorder's concurrency.
    package init(maximumConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalAndRemoteCacheData
        configuration.httpMaximumConnectionsPerHost = max(1, maximumConnectionsPerHost)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        queue.name = "contract.URLSessionTransport"
        delegate = SessionDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.invalidateAndCancel()
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        // The deadline below bounds the whole exchange. URLSession's own timeout only guards against idling, and is
        // kept above the deadline in whole seconds: on Linux a fraction of a second can make it fire at once.
        urlRequest.timeoutInterval = (request.timeout + 1).rounded(.up)
        // Ours unless the spec sets one: URLSession's default names the platform's networking build, which differs
        // between runners and would churn recordings of servers that echo it.
        if !request.headers.contains(where: { $0.name.caseInsensitiveCompare("User-Agent") == .orderedSame }) {
            urlRequest.setValue(ContractVersion.userAgent, forHTTPHeaderField: "User-Agent")
        }
        for header in request.headers { urlRequest.addValue(header.value, forHTTPHeaderField: header.name) }
        urlRequest.httpBody = request.body

        let task = session.dataTask(with: urlRequest)
        let exchange = Exchange(request: request)
        delegate.register(exchange, for: task)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<TransportResponse, TransportError>, Never>) in
                exchange.wait(with: continuation)
                let timeout = request.timeout
                DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [weak task] in
                    let error = TransportError(.timedOut, "no complete response within \(Seconds.text(timeout))")
                    if exchange.abandon(error) { task?.cancel() }
                }
                task.resume()
            }
        } onCancel: {
            if exchange.abandon(TransportError(.cancelled, "the request was cancelled")) { task.cancel() }
        }
        delegate.unregister(task)
        return try result.get()
    }
}

/// One request in flight: what has arrived so far, and the caller waiting for it.
private final class Exchange: @unchecked Sendable {
    // @unchecked: every mutable member is read and written only while holding `lock`.
    let request: TransportRequest
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<TransportResponse, TransportError>, Never>?
    private var outcome: Result<TransportResponse, TransportError>?
    private var response: HTTPURLResponse?
    private var body = Data()
    private var redirects: [(status: Int, url: URL)] = []

    init(request: TransportRequest) { self.request = request }

    /// Parks the caller until the exchange ends (at once if it already has).
    func wait(with continuation: CheckedContinuation<Result<TransportResponse, TransportError>, Never>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(returning: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Ends the exchange with `error` now, unless it has already ended; true when the task should be cancelled.
    ///
    /// The caller is answered at once rather than when URLSession reports the cancellation, so a client that is
    /// slow to wind a task down cannot stretch the timeout.
    func abandon(_ error: TransportError) -> Bool {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return false
        }
        return finishLocked(.failure(error))
    }

    /// Accepts the response head; false when the announced length is already over the limit.
    func receive(_ response: HTTPURLResponse) -> Bool {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return false
        }
        if response.expectedContentLength > Int64(request.maxBodyBytes) {
            return !finishLocked(
                .failure(Exchange.tooLarge(request.maxBodyBytes, announced: response.expectedContentLength)))
        }
        self.response = response
        body = Data()
        lock.unlock()
        return true
    }

    /// Appends body bytes; false when the body has passed the limit.
    func receive(_ data: Data) -> Bool {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return false
        }
        guard body.count + data.count <= request.maxBodyBytes else {
            return !finishLocked(.failure(Exchange.tooLarge(request.maxBodyBytes, announced: nil)))
        }
        body.append(data)
        lock.unlock()
        return true
    }

    /// Notes a redirect; false when it is one too many.
    func redirect(status: Int, from url: URL?) -> Bool {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return false
        }
        if let url { redirects.append((status, url)) }
        guard redirects.count <= request.maxRedirects else {
            let error = TransportError(
                .tooManyRedirects, "more than \(request.maxRedirects) redirects (a redirect loop?)")
            return !finishLocked(.failure(error))
        }
        lock.unlock()
        return true
    }

    /// Ends the exchange with what arrived, unless it has already ended.
    func complete(error: Error?) {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return
        }
        let result: Result<TransportResponse, TransportError>
        if let error {
            result = .failure(Exchange.transportError(error, request: request))
        } else if let response {
            let headers = response.allHeaderFields.map { Recording.Header(name: "\($0.key)", value: "\($0.value)") }
            result = .success(
                TransportResponse(
                    status: response.statusCode, headers: headers, body: body, url: response.url, redirects: redirects))
        } else {
            result = .failure(TransportError(.badResponse, "the server closed the connection without answering"))
        }
        _ = finishLocked(result)
    }

    /// Records the outcome, answers the caller if it is waiting, and unlocks; always true.
    private func finishLocked(_ result: Result<TransportResponse, TransportError>) -> Bool {
        outcome = result
        body = Data()
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: result)
        return true
    }

    private static func tooLarge(_ limit: Int, announced: Int64?) -> TransportError {
        let size = announced.map { " (\(ByteCount.text(Int($0))) announced)" } ?? ""
        return TransportError(
            .bodyTooLarge,
            "the response body is larger than the \(ByteCount.text(limit)) limit\(size); reading stopped there")
    }

    /// A URLSession error as a message without the URL (Foundation's own descriptions may quote it).
    private static func transportError(_ error: Error, request: TransportRequest) -> TransportError {
        let host = request.url.host.map { h in request.url.port.map { "\(h):\($0)" } ?? h } ?? "the server"
        guard let urlError = error as? URLError else {
            return TransportError(.other, "the request failed (\(type(of: error)))")
        }
        switch urlError.code {
        case .cannotConnectToHost:
            return TransportError(.connectionRefused, "could not connect to \(host): connection refused")
        case .networkConnectionLost:
            return TransportError(.connectionLost, "the connection to \(host) broke before the whole response arrived")
        case .timedOut:
            return TransportError(.timedOut, "\(host) sent nothing for \(Seconds.text(request.timeout))")
        case .cannotFindHost, .dnsLookupFailed:
            return TransportError(.hostNotFound, "the host name '\(request.url.host ?? "")' does not resolve")
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            return TransportError(
                .secureConnectionFailed, "TLS with \(host) failed (URLError \(urlError.code.rawValue))")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return TransportError(
                .tooManyRedirects, "the redirects from \(host) do not end (URLError \(urlError.code.rawValue))")
        case .badServerResponse, .cannotParseResponse, .cannotDecodeRawData, .cannotDecodeContentData:
            return TransportError(
                .badResponse,
                "\(host) sent a response that is not valid HTTP or cannot be decoded (URLError \(urlError.code.rawValue))"
            )
        case .notConnectedToInternet:
            return TransportError(.other, "no network connection")
        case .cancelled:
            return TransportError(.cancelled, "the request was cancelled")
        default:
            return TransportError(.other, "the request to \(host) failed (URLError \(urlError.code.rawValue))")
        }
    }
}

/// Routes URLSession's callbacks to the exchange each task belongs to.
private final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: `exchanges` is read and written only while holding `lock`.
    private let lock = NSLock()
    private var exchanges: [Int: Exchange] = [:]

    func register(_ exchange: Exchange, for task: URLSessionTask) {
        lock.lock()
        exchanges[task.taskIdentifier] = exchange
        lock.unlock()
    }

    func unregister(_ task: URLSessionTask) {
        lock.lock()
        exchanges[task.taskIdentifier] = nil
        lock.unlock()
    }

    private func exchange(for task: URLSessionTask) -> Exchange? {
        lock.lock()
        defer { lock.unlock() }
        return exchanges[task.taskIdentifier]
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let exchange = exchange(for: dataTask), let http = response as? HTTPURLResponse else {
            completionHandler(.allow)
            return
        }
        completionHandler(exchange.receive(http) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let exchange = exchange(for: dataTask) else { return }
        if !exchange.receive(data) { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let exchange = exchange(for: task) else {
            completionHandler(request)
            return
        }
        guard exchange.redirect(status: response.statusCode, from: response.url) else {
            completionHandler(nil)
            return
        }
        var next = request
        if let from = response.url, let to = request.url, !SessionDelegate.sameOrigin(from, to) {
            // Credentials meant for one origin must not travel to another.
            for header in exchange.request.headers
            where Redactor.isSensitiveHeader(header.name)
                || exchange.request.credentialHeaders.contains(header.name.lowercased())
            {
                next.setValue(nil, forHTTPHeaderField: header.name)
            }
        }
        completionHandler(next)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        exchange(for: task)?.complete(error: error)
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }
}
#endif
