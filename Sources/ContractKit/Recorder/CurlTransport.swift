#if os(Linux)
internal import CCurl
import Foundation

/// Sends requests with libcurl directly: one multi handle driven by one thread, so connections are kept alive and
/// reused across requests, HTTP/2 is used where a TLS server offers it, and waiting costs no CPU.
///
/// URLSession on Linux is libcurl underneath, but drives it with busy timers and loads FoundationNetworking into every
/// process; this is the same library with neither. Redirects are followed here rather than by libcurl, so each hop is
/// policed as ``URLSessionTransport`` polices it: credential headers stay with their origin, the whole exchange has
/// one deadline, and the chain is reported. A body over the limit stops the transfer as soon as it passes the limit.
package final class CurlTransport: HTTPTransport, @unchecked Sendable {
    /// Opens libcurl and sets it up on a thread of its own, so that a command can do its own start-up (loading the
    /// specs) meanwhile: opening libcurl and the thirty libraries it needs takes 10-15 ms, which the first transport
    /// otherwise waits for. A transport made before it is done waits for it, once.
    package static func prepareInBackground() {
        guard let thread = PosixThread.start({ _ = CurlLibrary.ready }) else { return }
        pthread_detach(thread)
    }

    /// Waits until libcurl is set up (doing it here if no thread has begun to), so that a command ending early, on a
    /// bad spec say, does not exit while ``prepareInBackground()``'s thread is inside `dlopen` or OpenSSL's set-up.
    package static func waitForPreparation() {
        _ = CurlLibrary.ready
    }

    // @unchecked: every member is set once in init; the engines guard their own state.
    private let engines: [CurlEngine]
    private let caFile: String?
    private let proxies: ProxySettings

    /// A transport with at most `maximumConnectionsPerHost` connections to one host, trusting the CA certificates in
    /// `caFile` (PEM) instead of the system's when given, and using the proxies `environment` names.
    ///
    /// `lanes` engines each drive their own connections on a thread of their own, which also runs the tasks that
    /// prefer it (``laneExecutors``); the connections are shared out between them.
    package init(
        maximumConnectionsPerHost: Int = 8, caFile: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment, lanes: Int = 1
    ) {
        // No more lanes than connections: each lane has its own.
        let lanes = max(1, min(lanes, maximumConnectionsPerHost))
        let connections = max(1, (max(1, maximumConnectionsPerHost) + lanes - 1) / lanes)
        engines = (0..<lanes).map { _ in CurlEngine(maximumConnectionsPerHost: connections) }
        self.caFile = caFile
        proxies = ProxySettings(environment: environment)
    }

    deinit {
        for engine in engines { engine.shutdown() }
    }

    /// The engines, one per lane, when libcurl could be set up: a task that prefers one sends its requests through
    /// it and is run on its thread.
    package var laneExecutors: [any TaskExecutor] {
        engines.allSatisfy(\.isUsable) ? engines : []
    }

    /// The engine whose thread this is (a task that prefers it), or the first.
    private var currentEngine: CurlEngine {
        if engines.count > 1, let current = engines.first(where: \.isCurrent) { return current }
        return engines[0]
    }

    package func send(_ request: TransportRequest) async throws(TransportError) -> TransportResponse {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int64((request.timeout * 1000).rounded(.up)))
        var hop = Hop(method: request.method, url: request.url, headers: request.headers, body: request.body)
        var redirects: [(status: Int, url: URL)] = []
        var elapsed: Duration? = .zero
        while true {
            let remaining = deadline - clock.now
            guard remaining > .zero else { throw CurlTransport.timedOut(request) }
            let answer = try await perform(hop, request: request, within: remaining)
            elapsed = elapsed.flatMap { sum in answer.elapsed.map { sum + $0 } }
            guard [301, 302, 303, 307, 308].contains(answer.status), let location = answer.header("Location") else {
                return TransportResponse(
                    status: answer.status, headers: answer.headers, body: answer.body, url: hop.url,
                    redirects: redirects, elapsed: elapsed)
            }
            redirects.append((answer.status, hop.url))
            guard redirects.count <= request.maxRedirects else {
                throw TransportError(
                    .tooManyRedirects, "more than \(request.maxRedirects) redirects (a redirect loop?)")
            }
            hop = try CurlTransport.next(after: hop, status: answer.status, location: location, request: request)
        }
    }

    /// The request a redirect asks for: its URL resolved against the one that answered, `GET` without a body after
    /// a 303 (and after a 301 or 302 to a `POST`, as every client does), and no credentials for another origin.
    private static func next(after hop: Hop, status: Int, location: String, request: TransportRequest)
        throws(TransportError) -> Hop
    {
        let host = hostText(hop.url)
        guard let target = URL(string: location, relativeTo: hop.url)?.absoluteURL,
            let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
        else {
            throw TransportError(
                .redirectRefused, "\(host) redirected to a location that is not an http or https URL")
        }
        // What was sent over TLS is not sent again in clear text.
        if hop.url.scheme?.lowercased() == "https", scheme == "http" {
            throw TransportError(.redirectRefused, "\(host) redirected from https down to http, which is not followed")
        }
        var next = Hop(method: hop.method, url: target, headers: hop.headers, body: hop.body)
        if (status == 303 && hop.method != "HEAD") || ((status == 301 || status == 302) && hop.method == "POST") {
            next.method = "GET"
            next.body = nil
            next.headers.removeAll {
                ["content-type", "content-length", "content-encoding"].contains($0.name.lowercased())
            }
        }
        if !sameOrigin(hop.url, target), next.body != nil {
            // A 307 or 308 sends the body again; it may hold values from the environment, meant for this origin.
            throw TransportError(
                .redirectRefused,
                "\(host) answered \(status), which would send the request's body to another origin; it is not followed")
        }
        if !sameOrigin(hop.url, target) {
            // Credentials meant for one origin must not travel to another.
            next.headers.removeAll {
                Redactor.isSensitiveHeader($0.name) || request.credentialHeaders.contains($0.name.lowercased())
            }
        }
        return next
    }

    /// Sends one hop and waits for its whole answer, or for the task to be cancelled.
    private func perform(_ hop: Hop, request: TransportRequest, within remaining: Duration)
        async throws(TransportError) -> CurlAnswer
    {
        let transfer = try CurlTransfer(
            hop, request: request, within: remaining, caFile: caFile, proxy: proxies.proxy(for: hop.url),
            noProxy: proxies.noProxy)
        let engine = currentEngine
        // libcurl loaded but could not make a multi handle (out of memory): no request, rather than a thread polling
        // a handle that is not there.
        guard engine.isUsable else {
            throw TransportError(.clientUnavailable, "libcurl could not set up its transfers (curl_multi_init failed)")
        }
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<CurlAnswer, TransportError>, Never>) in
                transfer.wait(with: continuation)
                engine.start(transfer)
            }
        } onCancel: {
            if transfer.finish(.failure(TransportError(.cancelled, "the request was cancelled"))) {
                engine.cancel(transfer)
            }
        }
        return try result.get()
    }

    private static func sameOrigin(_ a: URL, _ b: URL) -> Bool {
        a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && a.port == b.port
    }

    static func hostText(_ url: URL) -> String {
        url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? "the server"
    }

    static func timedOut(_ request: TransportRequest) -> TransportError {
        TransportError(.timedOut, "no complete response within \(Seconds.text(request.timeout))")
    }
}

/// One request of a redirect chain.
private struct Hop {
    var method: String
    var url: URL
    var headers: [Recording.Header]
    var body: Data?
}

/// One hop's answer.
private struct CurlAnswer {
    var status: Int
    var headers: [Recording.Header]
    var body: Data
    /// The transfer's time as libcurl measured it (`CURLINFO_TOTAL_TIME_T`), from its start to its last byte: not the
    /// time its task waited for its lane's thread.
    var elapsed: Duration?

    func header(_ name: String) -> String? {
        headers.first { Recording.Response.sameHeaderName($0.name, name) }?.value
    }
}

/// The proxies the environment names, read as curl reads them (`https_proxy` for https URLs, `http_proxy` for
/// http ones, `all_proxy` for both, `no_proxy` for exceptions), upper-case spellings included.
private struct ProxySettings {
    var http: Proxy?
    var https: Proxy?
    var noProxy: String?

    init(environment: [String: String]) {
        func value(_ name: String) -> (text: String, variable: String)? {
            let variable = environment[name] != nil ? name : name.uppercased()
            guard let found = environment[variable], !found.isEmpty else { return nil }
            return (found, variable)
        }
        let all = value("all_proxy").map(Proxy.init)
        http = value("http_proxy").map(Proxy.init) ?? all
        https = value("https_proxy").map(Proxy.init) ?? all
        noProxy = value("no_proxy")?.text
    }

    /// The proxy for `url`, if any.
    func proxy(for url: URL) -> Proxy? {
        url.scheme?.lowercased() == "https" ? https : http
    }
}

/// A proxy the environment names, and the variable that names it: what a message about it may show.
struct Proxy {
    /// The proxy's URL as given, credentials included: for libcurl only.
    var url: String
    /// The variable that names it (`https_proxy`, `ALL_PROXY`, ...).
    var variable: String

    init(url: String, variable: String) {
        self.url = url
        self.variable = variable
    }

    /// The proxy's host name, without its port or credentials; "" when the URL has none.
    var hostName: String {
        components?.host ?? ""
    }

    /// `the proxy host:port that https_proxy names`, without the credentials the URL may carry.
    var named: String {
        // Taken apart once, for the host and the port.
        guard let components, let host = components.host, !host.isEmpty else {
            return "the proxy that \(variable) names"
        }
        return "the proxy \(components.port.map { "\(host):\($0)" } ?? host) that \(variable) names"
    }

    /// The URL taken apart, as libcurl reads it (``RequestBuilder/proxyURLWithScheme(_:)``).
    private var components: URLComponents? {
        URLComponents(string: RequestBuilder.proxyURLWithScheme(url))
    }
}

/// libcurl set up once a process, before any thread uses it.
private enum CurlLibrary {
    static let ready: Bool = {
        contract_curl_available() == 1 && contract_curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK
    }()
}

/// One easy handle for one hop: its options, what has arrived, and the caller waiting for it.
final class CurlTransfer: @unchecked Sendable {
    // @unchecked: `headers`, `body`, `refusal` are touched only by the engine's thread while the transfer runs (in
    // libcurl's callbacks, then in `complete`); `continuation` and `outcome` only while holding `lock`.
    let easy: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let limit: Int
    private let isHead: Bool
    private let request: TransportRequest
    private let url: URL
    /// The proxy the transfer goes through, unless `no_proxy` exempts its host.
    private let proxy: Proxy?
    /// True when no `no_proxy` could exempt the host from ``proxy``: the transfer surely goes through it.
    private let isProxyCertain: Bool
    /// Whether the transfer goes over TLS, where its connection may be shared (HTTP/2).
    let isTLS: Bool
    private var headers: [Recording.Header] = []
    /// Where each name is in `headers` (by its ASCII lower case), kept once there are more than
    /// ``Recording/linearlySearchedHeaders``: a server may send tens of thousands of distinct names within libcurl's
    /// limit, and scanning all those before for each one held the lane's thread for minutes.
    private var headerPositions: [String: Int] = [:]
    /// The bytes of every response head so far (`100 Continue`'s too), as libcurl counts them against its limit.
    private var headerBytes = 0
    /// True once the last head so far has ended (its blank line): from then on, a failure is not about the headers.
    private var headEnded = false
    /// The status of the head being read, from its status line.
    private var headStatus = 0
    /// Where in `headers` the last header line of this head went: a folded line that follows continues it.
    private var lastHeader: Int?
    /// The head's `Content-Length`, and a second value that contradicts it (repeated headers or a list).
    private var announcedLength: Substring?
    private var contradictingLength: Substring?
    /// Whether the head's `Transfer-Encoding` is chunked, which frames the body whatever `Content-Length` says.
    private var isChunked = false
    /// libcurl's message for the error it ends a transfer with, read to tell a broken chunked body from a broken
    /// connection; never shown as it is (it may quote the URL).
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    private var body = Data()
    private var refusal: TransportError?
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<CurlAnswer, TransportError>, Never>?
    private var outcome: Result<CurlAnswer, TransportError>?

    fileprivate init(
        _ hop: Hop, request: TransportRequest, within remaining: Duration, caFile: String?, proxy: Proxy?,
        noProxy: String?
    ) throws(TransportError) {
        guard CurlLibrary.ready, let easy = contract_curl_easy_init() else {
            throw TransportError(
                .clientUnavailable,
                "libcurl (libcurl.so.4, 7.68 or later) cannot be loaded; install it (apt-get install libcurl4) to record"
            )
        }
        self.easy = easy
        self.request = request
        self.url = hop.url
        self.proxy = proxy
        isProxyCertain = noProxy == nil
        isTLS = hop.url.scheme?.lowercased() == "https"
        limit = request.maxBodyBytes
        isHead = hop.method == "HEAD"

        // An option the request cannot do without stops it when libcurl refuses it: sent without its deadline, its
        // proxy settings or its CA file, it would be another request than the one asked for.
        func require(_ code: CURLcode, _ option: String) throws(TransportError) {
            guard code == CURLE_OK else { throw CurlTransfer.refused(option, curlError: Int(code.rawValue)) }
        }
        try require(contract_curl_set_string(easy, CURLOPT_URL, hop.url.absoluteString), "CURLOPT_URL")
        try require(contract_curl_set_long(easy, CURLOPT_NOSIGNAL, 1), "CURLOPT_NOSIGNAL")
        if contract_curl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK {
            // Before libcurl 7.85, protocols are a bit mask.
            try require(
                contract_curl_set_long(easy, CURLOPT_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS)),
                "CURLOPT_PROTOCOLS")
        }
        // Redirects are followed by CurlTransport, hop by hop, so each is policed.
        try require(contract_curl_set_long(easy, CURLOPT_FOLLOWLOCATION, 0), "CURLOPT_FOLLOWLOCATION")
        // Refused only by a libcurl without HTTP/2, multiplexing or a decoder, which then speaks HTTP/1.1, opens
        // another connection, or asks for the body as it is: the same answer, more slowly.
        _ = contract_curl_set_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
        // Over TLS, wait for a connection that can multiplex (HTTP/2) rather than open another: its handshake says
        // whether it can. Not over plain HTTP, which is never multiplexed here (`2TLS`) and says its version only in
        // its first answer: against a server that closes each connection after one answer, every request waited for
        // the one before it.
        if isTLS { _ = contract_curl_set_long(easy, CURLOPT_PIPEWAIT, 1) }
        // Reads of up to 100 KB from the socket, as the curl tool makes (libcurl's own default is 16 KB): a large body
        // takes a sixth of the reads, polls and body callbacks.
        _ = contract_curl_set_long(easy, CURLOPT_BUFFERSIZE, 102_400)
        // Every coding libcurl can undo is offered and undone: the body arrives decoded.
        _ = contract_curl_set_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        let milliseconds = max(
            1, remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000)
        try require(contract_curl_set_long(easy, CURLOPT_TIMEOUT_MS, Int(milliseconds)), "CURLOPT_TIMEOUT_MS")
        // Always set: left unset, libcurl would read the process's proxy variables rather than the run's
        // environment. A libcurl built without proxies refuses both, and reads no variables either: that is only
        // an error when the run names a proxy.
        let proxied = proxy != nil || noProxy != nil
        func requireProxyOption(_ code: CURLcode, _ option: String) throws(TransportError) {
            if !proxied, code == CURLE_UNKNOWN_OPTION || code == CURLE_NOT_BUILT_IN { return }
            try require(code, option)
        }
        // "" for none, which also stops libcurl reading the environment on its own.
        try requireProxyOption(contract_curl_set_string(easy, CURLOPT_PROXY, proxy?.url ?? ""), "CURLOPT_PROXY")
        try requireProxyOption(contract_curl_set_string(easy, CURLOPT_NOPROXY, noProxy ?? ""), "CURLOPT_NOPROXY")
        if let caFile {
            // The CA file instead of the system's trust store, not beside it: the folder of CAs is switched off too.
            try require(contract_curl_set_string(easy, CURLOPT_CAINFO, caFile), "CURLOPT_CAINFO")
            let noFolder = contract_curl_set_pointer(easy, CURLOPT_CAPATH, nil)
            // A TLS library without folders of CAs has none to switch off.
            if noFolder != CURLE_NOT_BUILT_IN, noFolder != CURLE_UNKNOWN_OPTION {
                try require(noFolder, "CURLOPT_CAPATH")
            }
        }

        switch hop.method {
        case "GET" where hop.body == nil:
            try require(contract_curl_set_long(easy, CURLOPT_HTTPGET, 1), "CURLOPT_HTTPGET")
        case "HEAD": try require(contract_curl_set_long(easy, CURLOPT_NOBODY, 1), "CURLOPT_NOBODY")
        default:
            try require(contract_curl_set_string(easy, CURLOPT_CUSTOMREQUEST, hop.method), "CURLOPT_CUSTOMREQUEST")
        }
        if let body = hop.body {
            try require(
                contract_curl_set_size(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count)),
                "CURLOPT_POSTFIELDSIZE_LARGE")
            let copied = body.withUnsafeBytes { bytes in
                // COPYPOSTFIELDS copies, so the bytes need not outlive this call; an empty body still needs a pointer.
                let pointer = bytes.baseAddress ?? UnsafeRawPointer(("" as StaticString).utf8Start)
                return contract_curl_set_pointer(
                    easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: pointer))
            }
            try require(copied, "CURLOPT_COPYPOSTFIELDS")
        }
        var lines: [String] = []
        let names = Set(hop.headers.map { $0.name.lowercased() })
        if !names.contains("user-agent") { lines.append("User-Agent: \(ContractVersion.userAgent)") }
        // libcurl's own additions that the spec did not ask for: a form content type for a body, and a pause for
        // `100 Continue` before a large one.
        if hop.body != nil, !names.contains("content-type") { lines.append("Content-Type:") }
        if !names.contains("expect") { lines.append("Expect:") }
        // An empty value is spelled `Name;` for libcurl (`Name:` would remove the header).
        lines += hop.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        for line in lines { headerList = contract_curl_slist_append(headerList, line) }
        try require(
            contract_curl_set_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList)),
            "CURLOPT_HTTPHEADER")

        let context = Unmanaged.passUnretained(self).toOpaque()
        try require(
            contract_curl_set_callback(easy, CURLOPT_HEADERFUNCTION, curlHeaderCallback), "CURLOPT_HEADERFUNCTION")
        try require(contract_curl_set_pointer(easy, CURLOPT_HEADERDATA, context), "CURLOPT_HEADERDATA")
        try require(contract_curl_set_callback(easy, CURLOPT_WRITEFUNCTION, curlWriteCallback), "CURLOPT_WRITEFUNCTION")
        try require(contract_curl_set_pointer(easy, CURLOPT_WRITEDATA, context), "CURLOPT_WRITEDATA")
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        _ = contract_curl_set_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer))
    }

    /// The most set aside for a body on its `Content-Length` before any of it has arrived.
    static let largestReservation: Int64 = 8 << 20

    /// A refused option, named, as the reason a request was not sent; the URL is not quoted (it may carry secrets).
    /// The libcurl the recorder needs is named when the option is unknown to this one or left out of its build.
    static func refused(_ option: String, curlError: Int) -> TransportError {
        var message = "libcurl refused \(option) (curl error \(curlError)), so the request was not sent"
        if curlError == Int(CURLE_UNKNOWN_OPTION.rawValue) || curlError == Int(CURLE_NOT_BUILT_IN.rawValue) {
            message += "; the recorder needs libcurl 7.68 or later, built with HTTP and TLS"
        }
        return TransportError(.clientUnavailable, message)
    }

    deinit {
        contract_curl_easy_cleanup(easy)
        contract_curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    /// Parks the caller until the transfer ends (at once if it already has).
    fileprivate func wait(with continuation: CheckedContinuation<Result<CurlAnswer, TransportError>, Never>) {
        lock.lock()
        if let outcome {
            lock.unlock()
            continuation.resume(returning: outcome)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    /// Ends the transfer with `result` unless it has already ended, answering the caller; true when it had not.
    @discardableResult
    fileprivate func finish(_ result: Result<CurlAnswer, TransportError>) -> Bool {
        lock.lock()
        guard outcome == nil else {
            lock.unlock()
            return false
        }
        outcome = result
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume(returning: result)
        return true
    }

    var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return outcome != nil
    }

    /// One header line as libcurl hands it over, the status line included; false stops the transfer.
    ///
    /// Read as bytes: a run of a thousand requests reads ten thousand lines, and Foundation's trimming and
    /// case-insensitive comparison cost more than the rest of a header's way to the recording.
    func receiveHeader(_ line: UnsafeRawBufferPointer) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var start = 0
        var end = line.count
        headerBytes += line.count
        while start < end, isSpace(line[start]) { start += 1 }
        while end > start, isSpace(line[end - 1]) { end -= 1 }
        // A line that starts with a space or a tab continues the header before it (the obsolete line folding of
        // HTTP/1.1): its text joins that header's value after a space, as RFC 9112 tells a client to read it, rather
        // than being read as a header of its own (`  continued: here`, or ` HTTP/1.1` as a new head) or dropped.
        // Before any header it continues nothing, and the head is refused, as libcurl itself would refuse it less
        // clearly.
        if !headEnded, let first = line.first, first == 0x20 || first == 0x09 {
            guard let lastHeader else {
                // A line of spaces alone is none, as a line of spaces inside the head is.
                if start == end { return true }
                refusal = TransportError(
                    .badResponse,
                    "\(CurlTransport.hostText(url)) sent a header line that starts with a space before any header; "
                        + "the server, or a proxy in front of it, is broken")
                return false
            }
            if start < end {
                let more = String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<end]), as: UTF8.self)
                headers[lastHeader].value += headers[lastHeader].value.isEmpty ? more : " " + more
            }
            return true
        }
        // A status line starts the line: ` HTTP/1.1` is a folded line (above), not a new head.
        if start == 0, end >= 5, line[0] == UInt8(ascii: "H"), line[1] == UInt8(ascii: "T"),
            line[2] == UInt8(ascii: "T"),
            line[3] == UInt8(ascii: "P"), line[4] == UInt8(ascii: "/")
        {
            // A new response head (after `100 Continue`, say): only the last one's headers count.
            // Room for a usual head at once, rather than growing through four arrays.
            headers = []
            headers.reserveCapacity(16)
            headerPositions = [:]
            headEnded = false
            headStatus = CurlTransfer.status(inStatusLine: line[start..<end])
            lastHeader = nil
            announcedLength = nil
            contradictingLength = nil
            isChunked = false
            return true
        }
        // Only an empty line ends the head, as libcurl reads it: a line of spaces inside the head does not.
        if let first = line.first, first == 0x0D || first == 0x0A {
            headEnded = true
            if let refused = headRefusal() {
                refusal = refused
                return false
            }
            return true
        }
        guard let base = line.baseAddress, let found = memchr(base + start, Int32(UInt8(ascii: ":")), end - start)
        else { return true }
        let colon = base.distance(to: UnsafeRawPointer(found))
        var nameEnd = colon
        while nameEnd > start, isSpace(line[nameEnd - 1]) { nameEnd -= 1 }
        var valueStart = colon + 1
        while valueStart < end, isSpace(line[valueStart]) { valueStart += 1 }
        let name = String(decoding: UnsafeRawBufferPointer(rebasing: line[start..<nameEnd]), as: UTF8.self)
        let value = String(decoding: UnsafeRawBufferPointer(rebasing: line[valueStart..<end]), as: UTF8.self)
        if !headEnded, Recording.Response.sameHeaderName(name, "Content-Length") {
            noteAnnouncedLength(line[valueStart..<end])
        } else if !headEnded, Recording.Response.sameHeaderName(name, "Transfer-Encoding"),
            value.lowercased().contains("chunked")
        {
            isChunked = true
        }
        // A trailer (after the body: the head has ended) never gives the body's size, whatever it says.
        if !isHead, !headEnded, Recording.Response.sameHeaderName(name, "Content-Length"), let length = Int64(value) {
            guard length <= Int64(limit) else {
                refusal = CurlTransfer.tooLarge(limit, announced: length)
                return false
            }
            // Room for the body at once (a coded body's decoded size is larger: it grows from there). The header is
            // only the server's word: no more than 8 MB is set aside on it, so a large announced size with no body
            // behind it costs nothing (and cannot make the allocation fail, which would stop the whole run).
            if length > 0 { body.reserveCapacity(Int(min(length, Self.largestReservation))) }
        }
        // One entry a name, repeated values joined as HTTP allows, as URLSession reported them: recordings made
        // before keep their shape.
        if let index = position(ofHeader: name) {
            headers[index].value += ", " + value
            lastHeader = index
        } else {
            headers.append(Recording.Header(name: name, value: value))
            if !headerPositions.isEmpty { headerPositions[CurlTransfer.key(name)] = headers.count - 1 }
            lastHeader = headers.count - 1
        }
        return true
    }

    /// The status code a status line (`HTTP/1.1 200 OK`, `HTTP/2 204`) gives, or 0.
    private static func status(inStatusLine line: Slice<UnsafeRawBufferPointer>) -> Int {
        guard let space = line.firstIndex(of: 0x20) else { return 0 }
        var status = 0
        for byte in line[(space + 1)...].prefix(3) {
            guard (0x30...0x39).contains(byte) else { return 0 }
            status = status * 10 + Int(byte - 0x30)
        }
        return status
    }

    /// Keeps the values of a `Content-Length` header (one, or a list: `2, 2`), and the first that differs from
    /// the one before it. Lengths are compared as numbers (`02` is `2`); an empty item of a list is none.
    private func noteAnnouncedLength(_ bytes: Slice<UnsafeRawBufferPointer>) {
        let text = Substring(String(decoding: UnsafeRawBufferPointer(rebasing: bytes), as: UTF8.self))
        for item in text.split(separator: ",") {
            var item = Substring(item.trimmingCharacters(in: .whitespaces))
            if !item.isEmpty, item.utf8.allSatisfy({ (0x30...0x39).contains($0) }) {
                item = item.drop { $0 == "0" }
                if item.isEmpty { item = "0" }
            }
            guard !item.isEmpty else { continue }
            guard let announced = announcedLength else {
                announcedLength = item
                continue
            }
            if contradictingLength == nil, item != announced { contradictingLength = item }
        }
    }

    /// Why the head just ended cannot be taken as an answer, if it cannot: two lengths for one body (one of them
    /// frames it, the other is a smuggled message's), or a switch of protocols the request never asked for.
    private func headRefusal() -> TransportError? {
        let host = CurlTransport.hostText(url)
        let bodiless = isHead || headStatus == 204 || headStatus == 304 || (100..<200).contains(headStatus)
        if let announced = announcedLength, let other = contradictingLength, !isChunked, !bodiless {
            return TransportError(
                .badResponse,
                "\(host) sent two lengths for one body (Content-Length \(announced.prefix(20)) and "
                    + "\(other.prefix(20))); the server, or a proxy in front of it, is broken")
        }
        if headStatus == 101,
            !request.headers.contains(where: { Recording.Response.sameHeaderName($0.name, "Upgrade") })
        {
            return TransportError(
                .badResponse,
                "\(host) answered 101 Switching Protocols, though the request asked for no other protocol; "
                    + "the server, or a proxy in front of it, is broken")
        }
        return nil
    }

    /// Where the header named `name` (in any case) is in `headers`, if it is there.
    private func position(ofHeader name: String) -> Int? {
        guard headers.count > Recording.linearlySearchedHeaders else {
            return headers.firstIndex { Recording.Response.sameHeaderName($0.name, name) }
        }
        if headerPositions.isEmpty {
            for (index, header) in headers.enumerated() { headerPositions[CurlTransfer.key(header.name)] = index }
        }
        return headerPositions[CurlTransfer.key(name)]
    }

    /// A header name as ``headerPositions`` keys it: ASCII letters in lower case, as `sameHeaderName` compares.
    private static func key(_ name: String) -> String {
        String(decoding: name.utf8.map { ($0 | 0x20) &- 0x61 < 26 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    /// Body bytes; false when the body has passed the limit, which stops the transfer there.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard body.count + bytes.count <= limit else {
            refusal = CurlTransfer.tooLarge(limit, announced: nil)
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Ends the transfer with libcurl's verdict. Called on the engine's thread once libcurl is done with it.
    func complete(_ code: CURLcode) {
        if let refusal {
            finish(.failure(refusal))
            return
        }
        guard code == CURLE_OK else {
            finish(.failure(error(code)))
            return
        }
        var status = 0
        _ = contract_curl_get_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var microseconds: curl_off_t = 0
        let timed = contract_curl_get_off(easy, CURLINFO_TOTAL_TIME_T, &microseconds) == CURLE_OK
        let answer = CurlAnswer(
            status: status, headers: headers, body: body,
            elapsed: timed && microseconds >= 0 ? .microseconds(microseconds) : nil)
        body = Data()
        finish(.success(answer))
    }

    private static func tooLarge(_ limit: Int, announced: Int64?) -> TransportError {
        let size = announced.map { " (\(ByteCount.text(Int($0))) announced)" } ?? ""
        return TransportError(
            .bodyTooLarge,
            "the response body is larger than the \(ByteCount.text(limit)) limit\(size); reading stopped there")
    }

    /// A libcurl error as a message without the URL (libcurl's own messages may quote it).
    private func error(_ code: CURLcode) -> TransportError {
        let host = CurlTransport.hostText(url)
        let number = "curl error \(code.rawValue)"
        // libcurl refuses a header line over 100 KiB as running out of memory, and more than 300 KiB of headers in
        // all (1xx heads included) as a failed receive, which then read as the server breaking the connection. The
        // latter is told by what had come: a line over the limit is at most 100 KiB.
        if !headEnded {
            if code == CURLE_OUT_OF_MEMORY {
                return TransportError(
                    .badResponse,
                    "\(host) sent response headers libcurl does not take: a line longer than 100 KiB; "
                        + "the server, or a proxy in front of it, is broken"
                )
            }
            // libcurl 7.88 takes a line that starts with a space right after the status line for a folded line with
            // nothing to continue, and ends the transfer there, before the line reaches ``receiveHeader(_:)``.
            if code == CURLE_BAD_FUNCTION_ARGUMENT {
                return TransportError(
                    .badResponse,
                    "\(host) sent a response head libcurl cannot read, such as a line that starts with a space before "
                        + "any header (\(number)); the server, or a proxy in front of it, is broken")
            }
            if code == CURLE_RECV_ERROR, headerBytes > 200 << 10 {
                return TransportError(
                    .badResponse,
                    "\(host) sent response headers libcurl does not take: more than 300 KiB in all; "
                        + "the server, or a proxy in front of it, is broken"
                )
            }
        }
        if let proxy {
            // The proxy answered the tunnel's CONNECT with other than 2xx (407 for credentials, say): libcurl reports
            // it as a failed receive, which reads as the server breaking the connection.
            var connectStatus = 0
            _ = contract_curl_get_long(easy, CURLINFO_HTTP_CONNECTCODE, &connectStatus)
            if connectStatus >= 300 {
                // A 4xx is the proxy's answer to this client (credentials it wants, a host it will not reach), which
                // no retry changes; a 5xx, a 408 or a 429 may pass.
                let passes = connectStatus >= 500 || connectStatus == 408 || connectStatus == 429
                return TransportError(
                    passes || connectStatus < 400 ? .proxyFailed : .proxyRefused,
                    "\(proxy.named) refused the tunnel to \(host): it answered "
                        + Recorder.statusText(connectStatus))
            }
            // Which of the two refused is only certain without a `no_proxy`, which libcurl matches on its own.
            if code == CURLE_COULDNT_CONNECT {
                return isProxyCertain
                    ? TransportError(.proxyFailed, "could not connect to \(proxy.named): connection refused")
                    : TransportError(
                        .connectionRefused,
                        "could not connect to \(host), or to \(proxy.named) unless no_proxy exempts \(host): "
                            + "connection refused")
            }
        }
        switch code {
        case CURLE_COULDNT_CONNECT:
            return TransportError(.connectionRefused, "could not connect to \(host): connection refused")
        case CURLE_OPERATION_TIMEDOUT:
            return CurlTransport.timedOut(request)
        case CURLE_COULDNT_RESOLVE_HOST:
            return TransportError(.hostNotFound, "the host name '\(url.host ?? "")' does not resolve")
        case CURLE_COULDNT_RESOLVE_PROXY:
            guard let proxy else {
                return TransportError(.proxyNotFound, "the proxy's host name does not resolve (\(number))")
            }
            return TransportError(
                .proxyNotFound,
                "the proxy's host name '\(proxy.hostName)' does not resolve (\(proxy.variable) names it; \(number))")
        case CURLE_RECV_ERROR where String(cString: errorBuffer).lowercased().contains("chunk"):
            // libcurl's words for the fault (7.88: `Illegal or missing hexadecimal sequence in chunked-encoding`; 8.x:
            // `chunk hex-length char not a hex digit: 0x7a`) quote nothing of the response but a byte; the
            // connection itself was fine.
            return TransportError(
                .badResponse,
                "\(host) sent a chunked body whose framing is broken (\(String(cString: errorBuffer).prefix(100))); "
                    + "the server, or a proxy in front of it, is broken")
        case CURLE_RECV_ERROR, CURLE_PARTIAL_FILE, CURLE_SEND_ERROR, CURLE_HTTP2_STREAM:
            return TransportError(.connectionLost, "the connection to \(host) broke before the whole response arrived")
        case CURLE_GOT_NOTHING:
            return TransportError(.badResponse, "\(host) closed the connection without answering")
        case CURLE_PEER_FAILED_VERIFICATION:
            // An unknown CA (a private one not given), an expired certificate, or one for another name.
            return TransportError(
                .secureConnectionFailed, "TLS with \(host) failed: its certificate is not trusted (\(number))")
        case CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS:
            return TransportError(.secureConnectionFailed, "TLS with \(host) failed (\(number))")
        case CURLE_SSL_CACERT_BADFILE:
            return TransportError(.secureConnectionFailed, "the CA file cannot be read as PEM certificates (\(number))")
        case CURLE_WEIRD_SERVER_REPLY, CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_UNSUPPORTED_PROTOCOL,
            CURLE_RANGE_ERROR:
            return TransportError(
                .badResponse, "\(host) sent a response that is not valid HTTP or cannot be decoded (\(number))")
        case CURLE_ABORTED_BY_CALLBACK:
            return TransportError(.cancelled, "the request was cancelled")
        case CURLE_URL_MALFORMAT:
            return TransportError(.other, "the URL is not one libcurl accepts (\(number))")
        default:
            return TransportError(.other, "the request to \(host) failed (\(number))")
        }
    }
}

// libcurl's callbacks: plain C functions, finding their transfer through the context pointer.

private let curlHeaderCallback: contract_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

private let curlWriteCallback: contract_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: length)) ? length : 0
}

/// The multi handle and the thread that drives it, which is also an executor for the tasks that prefer it.
///
/// libcurl is opened on first use (see Sources/CCurl/shim.h). The thread sleeps in `curl_multi_poll` until a socket is
/// ready, a timer is due or `curl_multi_wakeup` is called for new work, so an idle wait costs nothing. All libcurl
/// calls on the multi handle and its easy handles happen on this thread, except `curl_multi_wakeup`, which is made to
/// be called from anywhere.
///
/// A task that prefers the engine (`withTaskExecutorPreference`, or a child task added with it) runs on this thread
/// between passes of libcurl: its request is handed over, answered and followed by the work on its answer without
/// waking another thread, as the curl tool writes each body from its own loop. Each waking costs a switch between
/// threads, and on a virtual machine an idle processor takes 0.1-0.25 ms to wake, which the recorder paid twice per
/// request when its answers went to the shared pool (docs/Performance.md, figure 8's eighth pass).
final class CurlEngine: TaskExecutor, @unchecked Sendable {
    // @unchecked: `multi` is used by the engine's thread only (and by curl_multi_wakeup, which is thread-safe); the
    // queues and flags are read and written only while holding `lock`.
    private let multi: UnsafeMutableRawPointer?
    private let lock = NSLock()
    private var starting: [CurlTransfer] = []
    private var cancelling: [CurlTransfer] = []
    /// Jobs of the tasks that prefer this engine, in the order they came.
    private var jobs: [UnownedJob] = []
    private var stopping = false
    private var running = false
    /// True once the thread has ended: a job that comes later runs on a thread of its own.
    private var ended = false
    /// True while the thread sleeps in `curl_multi_poll` (or is about to): only then does new work need a wakeup.
    private var asleep = false
    /// True once the multi handle has been cleaned up: it is not woken from then on. Both happen holding `lock`, so
    /// a wakeup never lands on a handle being freed (libcurl allows one from any thread only before the cleanup).
    private var closed = false
    /// The engine's thread, once it has started.
    private var thread: pthread_t?

    init(maximumConnectionsPerHost: Int) {
        // Nil when libcurl cannot be loaded: then every send fails before it gets here.
        multi = CurlLibrary.ready ? contract_curl_multi_init() : nil
        guard let multi else { return }
        _ = contract_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maximumConnectionsPerHost)
        _ = contract_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, max(16, maximumConnectionsPerHost * 2))
        _ = contract_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    /// True when libcurl could be set up, so the engine can run transfers (and jobs).
    var isUsable: Bool { multi != nil }

    /// True when called on the engine's own thread.
    var isCurrent: Bool {
        lock.lock()
        defer { lock.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    /// Hands a transfer to the thread, starting the thread on first use.
    func start(_ transfer: CurlTransfer) {
        lock.lock()
        starting.append(transfer)
        startLocked()
        // A thread at work takes the new transfer before it next sleeps.
        if asleep { wakeLocked() }
        lock.unlock()
    }

    /// Runs a job of a task that prefers this engine on its thread. Called from the thread itself (an answer resuming
    /// its task), nothing needs waking.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.lock()
        guard !ended, multi != nil else {
            lock.unlock()
            // No thread to run it on (the transport is gone, or libcurl never loaded): one of its own, so the task
            // is never left waiting.
            let executor = asUnownedTaskExecutor()
            Thread { job.runSynchronously(on: executor) }.start()
            return
        }
        jobs.append(job)
        startLocked()
        if asleep { wakeLocked() }
        lock.unlock()
    }

    /// Asks the thread to drop a transfer whose caller has been answered already.
    func cancel(_ transfer: CurlTransfer) {
        lock.lock()
        cancelling.append(transfer)
        if asleep { wakeLocked() }
        lock.unlock()
    }

    /// Stops the thread once it wakes; transfers still running end as cancelled.
    func shutdown() {
        lock.lock()
        defer { lock.unlock() }
        stopping = true
        if running {
            // Woken while holding the lock: a thread that was at work may see `stopping` and clean the handle up as
            // soon as the lock is let go.
            wakeLocked()
        } else {
            ended = true
            closeLocked()
        }
    }

    /// Interrupts `curl_multi_poll`, or the next one. Called holding `lock`.
    private func wakeLocked() {
        guard !closed, let multi else { return }
        _ = contract_curl_multi_wakeup(multi)
    }

    /// Frees the multi handle, once. Called holding `lock`.
    private func closeLocked() {
        guard !closed, let multi else { return }
        closed = true
        _ = contract_curl_multi_cleanup(multi)
    }

    /// Called holding `lock`.
    private func startLocked() {
        guard !running else { return }
        running = true
        Thread { [self] in loop() }.start()
    }

    private func loop() {
        // Named from the thread itself (Foundation's `Thread.name`, set before the start, does not reach the kernel
        // here; Glibc's module has no `pthread_setname_np`), so that `top -H` and `perf` tell the lanes from the pool.
        let comm = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        if comm >= 0 {
            _ = write(comm, "contract-curl", 13)
            close(comm)
        }
        lock.lock()
        thread = pthread_self()
        lock.unlock()
        let executor = asUnownedTaskExecutor()
        var active: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        // The longest sleep in `curl_multi_poll` while a TLS transfer is under way, in milliseconds (see below).
        var tlsPassInterval: Int32 = 20
        while true {
            lock.lock()
            let ready = jobs
            jobs = []
            lock.unlock()
            for job in ready {
                job.runSynchronously(on: executor)
                // A request a job has just made goes out before the next job, which may be a long one (an answer
                // being checked and written).
                lock.lock()
                let hasNewTransfers = !starting.isEmpty
                lock.unlock()
                if hasNewTransfers { _ = pass(&active) }
            }
            guard pass(&active) else { break }
            // Sleeps until a socket is ready, libcurl's next timer, or a wakeup; a minute at most when idle. Work that
            // came in meanwhile is taken first; work that comes in from here on wakes the poll.
            lock.lock()
            let moreWork = !starting.isEmpty || !cancelling.isEmpty || stopping || !jobs.isEmpty
            asleep = !moreWork
            lock.unlock()
            guard !moreWork else { continue }
            // With a TLS transfer under way, 20 ms at most after a socket was ready: libcurl 7.88 at times reads a
            // multiplexed stream's answer off the socket while serving another stream and sets no timer to hand it
            // over, so that the stream waits for the next pass, which no socket wakes (in 4 rounds of 660 of forty
            // requests at once over HTTP/2, up to 38 waited for their whole timeout; none in 1,250 with the cap).
            // Each pass that finds no socket ready doubles the wait, up to a second, so that transfers waiting long
            // on a slow server cost almost no passes (libcurl visits every transfer in each).
            var readySockets: Int32 = 0
            if active.values.contains(where: \.isTLS) {
                contract_curl_multi_poll(multi, tlsPassInterval, &readySockets)
                tlsPassInterval = readySockets > 0 ? 20 : min(tlsPassInterval * 2, 1_000)
            } else {
                contract_curl_multi_poll(multi, 60_000, &readySockets)
                tlsPassInterval = 20
            }
            lock.lock()
            asleep = false
            lock.unlock()
        }
        lock.lock()
        closeLocked()
        lock.unlock()
        // Tasks answered while stopping (their transfers cancelled) still run here; later ones get a thread each.
        while true {
            lock.lock()
            let ready = jobs
            jobs = []
            if ready.isEmpty { ended = true }
            lock.unlock()
            guard !ready.isEmpty else { break }
            for job in ready { job.runSynchronously(on: executor) }
        }
    }

    /// Takes new and dropped transfers, lets libcurl move every transfer on, and answers those that are done; false
    /// when the engine is stopping (every transfer has then ended as cancelled).
    private func pass(_ active: inout [UnsafeMutableRawPointer: CurlTransfer]) -> Bool {
        lock.lock()
        let added = starting
        let dropped = cancelling
        let stop = stopping
        starting = []
        cancelling = []
        lock.unlock()
        for transfer in added {
            if transfer.isFinished { continue }
            guard contract_curl_multi_add_handle(multi, transfer.easy) == CURLM_OK else {
                transfer.finish(.failure(TransportError(.other, "libcurl could not start the request")))
                continue
            }
            active[transfer.easy] = transfer
        }
        for transfer in dropped + (stop ? Array(active.values) : []) {
            guard active.removeValue(forKey: transfer.easy) != nil else { continue }
            contract_curl_multi_remove_handle(multi, transfer.easy)
            transfer.finish(.failure(TransportError(.cancelled, "the request was cancelled")))
        }
        if stop { return false }
        var stillRunning: Int32 = 0
        contract_curl_multi_perform(multi, &stillRunning)
        var left: Int32 = 0
        while let message = contract_curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
            let code = message.pointee.data.result
            contract_curl_multi_remove_handle(multi, easy)
            active.removeValue(forKey: easy)?.complete(code)
        }
        return true
    }
}
#endif
