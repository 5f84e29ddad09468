import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A loopback server that answers every request with the same bytes, written as given: for answers no well-behaved
/// server gives (a trailer that lies, a malformed head). Stops with ``stop()``, or when the process ends.
package final class RawServer: @unchecked Sendable {
    // @unchecked: every member is set once in init.
    private let descriptor: Int32
    /// The port it listens on.
    package let port: UInt16

    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Starts listening on 127.0.0.1 and a free port, answering each request on a connection with `answer`.
    package init(answer: Data) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = NginxServer.loopback(0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1"])
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let listening = descriptor
        Thread {
            while true {
                let client = accept(listening, nil, nil)
                guard client >= 0 else { return }
                Thread { RawServer.serve(client, answer) }.start()
            }
        }.start()
    }

    /// Reads each request's head and writes `answer`, until the client closes the connection.
    private static func serve(_ client: Int32, _ answer: Data) {
        defer { close(client) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = read(client, &buffer, buffer.count)
            guard count > 0 else { return }
            received += buffer[0..<count]
            while let end = received.firstRange(of: Array("\r\n\r\n".utf8)) {
                received.removeSubrange(0..<end.upperBound)
                let written = answer.withUnsafeBytes { write(client, $0.baseAddress, $0.count) }
                guard written == answer.count else { return }
            }
        }
    }

    /// Stops listening; its port refuses connections from then on.
    package func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
