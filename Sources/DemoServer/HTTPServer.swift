import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server over POSIX sockets, bound to 127.0.0.1 only, for the demo API and the recorder's tests.
///
/// One thread accepts and one thread serves each connection; every response closes its connection. That is slow
/// for production and exactly right here: it builds in seconds, needs no dependency, and can misbehave on demand
/// (late answers, resets mid-body, endless bodies) through ``HTTPResponse``.
///
/// A class, because it owns sockets: ``stop()`` (or the optional lifetime) closes them.
package final class HTTPServer: @unchecked Sendable {
    // @unchecked: `listener`, `port` and `handler` are set once in init; the mutable state is guarded by `lock`.

    /// Answers one request.
    package typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// The port bound, chosen by the system when 0 was asked for.
    package let port: UInt16
    private let listener: Int32
    private let handler: Handler
    private let lock = NSLock()
    private var stopped = false
    private var connections = Set<Int32>()
    private let acceptLoopDone = DispatchSemaphore(value: 0)

    /// Starts serving on `127.0.0.1:port` (0 picks a free port); with a `lifetime`, stops by itself after that many
    /// seconds, so a test that forgets to stop it cannot leave it running.
    package init(port: UInt16 = 0, lifetime: Double? = nil, handler: @escaping Handler) throws(HTTPServerError) {
        #if canImport(Darwin)
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #else
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #endif
        guard descriptor >= 0 else { throw HTTPServerError("cannot create a socket (errno \(errno))") }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(descriptor)
            throw HTTPServerError(
                code == EADDRINUSE
                    ? "port \(port) on 127.0.0.1 is already in use; pick another with --port, or 0 for any free port"
                    : "cannot bind 127.0.0.1:\(port) (errno \(code))")
        }
        guard listen(descriptor, 128) == 0 else {
            close(descriptor)
            throw HTTPServerError("cannot listen on 127.0.0.1:\(port) (errno \(errno))")
        }
        var boundAddress = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &boundAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: boundAddress.sin_port)
        self.listener = descriptor
        self.handler = handler
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "HTTPServer.accept"
        thread.start()
        if let lifetime {
            DispatchQueue.global().asyncAfter(deadline: .now() + lifetime) { [weak self] in self?.stop() }
        }
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// True once ``stop()`` has been called.
    package var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    /// Stops accepting, breaks open connections, and returns once the port is closed.
    package func stop() {
        lock.lock()
        guard !stopped else {
            lock.unlock()
            return
        }
        stopped = true
        for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
        lock.unlock()
        acceptLoopDone.wait()
    }

    // MARK: - Accepting

    private func acceptLoop() {
        defer {
            close(listener)
            acceptLoopDone.signal()
        }
        while !isStopped {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            lock.lock()
            if stopped {
                lock.unlock()
                close(connection)
                break
            }
            connections.insert(connection)
            lock.unlock()
            let thread = Thread { [self] in serve(connection) }
            thread.name = "HTTPServer.connection"
            thread.start()
        }
    }

    // MARK: - Serving one connection

    private func serve(_ connection: Int32) {
        var resetOnClose = false
        defer {
            if resetOnClose {
                var linger = Glue.lingerNow()
                setsockopt(connection, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout.size(ofValue: linger)))
            }
            lock.lock()
            connections.remove(connection)
            close(connection)
            lock.unlock()
        }
        Glue.prepare(connection)
        guard let request = readRequest(connection) else {
            _ = write(
                connection,
                HTTPResponse.text("malformed request\n", status: 400).head(bodyLength: 18)
                    + Data("malformed request\n".utf8))
            return
        }
        let response = handler(request)
        if response.delay > 0, !sleep(response.delay) { return }
        if let raw = response.rawAnswer {
            _ = write(connection, raw)
            return
        }
        if let filler = response.fillerBodyBytes {
            var sent = 0
            defer { response.fillerSent?(sent) }
            guard write(connection, response.head(bodyLength: filler)) else { return }
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)
            while sent < filler, !isStopped {
                let piece = chunk.prefix(min(chunk.count, filler - sent))
                guard write(connection, piece) else { return }
                sent += piece.count
            }
            return
        }
        var body = response.body
        if let limit = response.resetAfterBodyBytes {
            body = body.prefix(limit)
            resetOnClose = true
        }
        _ = write(connection, response.head(bodyLength: response.body.count) + body)
    }

    /// Reads the head and a `Content-Length` body; nil when the request is malformed or the client goes away.
    private func readRequest(_ connection: Int32) -> HTTPRequest? {
        var buffer = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        while headEnd == nil {
            guard buffer.count < 64 << 10 else { return nil }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
            headEnd = buffer.firstRange(of: terminator)?.lowerBound
        }
        guard let headEnd, let head = String(bytes: buffer[0..<headEnd], encoding: .utf8) else { return nil }
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        var body = Array(buffer[(headEnd + 4)...])
        let length = headers.first { $0.name.lowercased() == "content-length" }.flatMap { Int($0.value) } ?? 0
        guard length <= 16 << 20 else { return nil }
        while body.count < length {
            let count = recv(connection, &chunk, min(chunk.count, length - body.count), 0)
            guard count > 0 else { return nil }
            body += chunk[0..<count]
        }
        return HTTPRequest(
            method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: Data(body))
    }

    /// Writes everything; false when the client has gone away.
    private func write(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = send(connection, buffer.baseAddress! + offset, buffer.count - offset, Glue.sendFlags)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Sleeps in short steps; false when the server was stopped meanwhile.
    private func sleep(_ seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if isStopped { return false }
            Thread.sleep(forTimeInterval: min(0.02, max(0, deadline.timeIntervalSinceNow)))
        }
        return !isStopped
    }
}

/// Why the server could not start.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, and what to do.
    package var description: String
    init(_ description: String) { self.description = description }
}

/// The few places where Linux and Darwin sockets differ.
private enum Glue {
    #if canImport(Darwin)
    static let sendFlags: Int32 = 0
    #else
    static let sendFlags = Int32(MSG_NOSIGNAL)
    #endif

    /// Per-connection settings: a read timeout, so a silent client cannot hold a thread forever, and (on Darwin) no
    /// SIGPIPE when the client has gone away.
    static func prepare(_ connection: Int32) {
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var yes: Int32 = 1
        setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Linger on, zero seconds: `close` then sends RST instead of FIN.
    static func lingerNow() -> linger {
        linger(l_onoff: 1, l_linger: 0)
    }
}
