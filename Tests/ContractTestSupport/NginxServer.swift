#if os(Linux)
import Foundation

/// nginx on 127.0.0.1 serving a folder of files, for what only a real server shows: keep-alive, TLS with a private
/// CA, HTTP/2. Each request is logged as `<connection serial> <protocol> <uri>`, so a test can count connections.
///
/// Runs as one foreground process (no master, no daemon) and stops when the test stops it, or after a minute.
/// Tests that need it skip when nginx is not installed (`apt-get install nginx-light`; `.ci/run` installs it).
package final class NginxServer: @unchecked Sendable {
    // @unchecked: everything is set once in init; `process` is thread-safe for `terminate`.

    /// nginx's path, when installed.
    package static let executable: String? =
        ExternalTool.path(of: "nginx")
        ?? ["/usr/sbin/nginx", "/usr/local/sbin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// One logged request.
    package struct LoggedRequest: Sendable, Hashable {
        /// nginx's serial number of the connection the request came on.
        package var connection: String
        /// `HTTP/1.1`, `HTTP/2.0`.
        package var httpVersion: String
        /// The path and query asked for.
        package var uri: String
    }

    /// The folder nginx runs in: `www/` holds the files, `access.log` the requests.
    package let folder: String
    /// `http://127.0.0.1:<port>` or `https://127.0.0.1:<port>`.
    package let baseURL: String
    private let process = Process()

    /// Serves `files` (path under the root: contents), over TLS with the PEM `certificate` and `key` when given, and
    /// with HTTP/2 offered (through TLS's ALPN) when `http2` is set.
    package init(files: [String: String], tls: (certificate: String, key: String)? = nil, http2: Bool = false) throws {
        guard let executable = NginxServer.executable else { throw NginxServerError("nginx is not installed") }
        let folder = TestSuites.temporaryDirectory()
        self.folder = folder
        for (path, contents) in files {
            let file = folder + "/www/" + path
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: file, atomically: true, encoding: .utf8)
        }
        let port = NginxServer.freePort()
        var listen = "listen 127.0.0.1:\(port)"
        var certificates = ""
        if let tls {
            listen += " ssl" + (http2 ? " http2" : "")
            certificates = "ssl_certificate \(tls.certificate); ssl_certificate_key \(tls.key);"
        }
        let temporary = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map { "\($0)_temp_path \(folder);" }
        let configuration = """
            daemon off;
            master_process off;
            pid \(folder)/nginx.pid;
            error_log \(folder)/error.log;
            events { worker_connections 256; }
            http {
                default_type application/json;
                log_format connections '$connection $server_protocol $request_uri';
                access_log \(folder)/access.log connections;
                keepalive_requests 10000;
                \(temporary.joined(separator: " "))
                server { \(listen); \(certificates) root \(folder)/www; }
            }

            """
        try configuration.write(toFile: folder + "/nginx.conf", atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-p", folder + "/", "-e", folder + "/error.log", "-c", folder + "/nginx.conf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        baseURL = "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)"
        let deadline = Date().addingTimeInterval(10)
        while !NginxServer.canConnect(port) {
            guard Date() < deadline, process.isRunning else {
                let log = (try? String(contentsOfFile: folder + "/error.log", encoding: .utf8)) ?? ""
                stop()
                throw NginxServerError("nginx did not start: \(log)")
            }
            usleep(20_000)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { [weak self] in self?.stop() }
    }

    deinit { stop() }

    /// Stops nginx and removes its folder.
    package func stop() {
        if process.isRunning {
            // SIGKILL: the child inherits the test process's blocked signals, and nginx in one process does not
            // unblock SIGTERM.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The requests logged so far, waiting up to a second for at least `count` of them (nginx logs each request
    /// just after answering it).
    package func requests(atLeast count: Int = 0) -> [LoggedRequest] {
        let deadline = Date().addingTimeInterval(1)
        while true {
            let text = (try? String(contentsOfFile: folder + "/access.log", encoding: .utf8)) ?? ""
            let logged = text.split(separator: "\n").compactMap { line -> LoggedRequest? in
                let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
                return parts.count == 3
                    ? LoggedRequest(connection: parts[0], httpVersion: parts[1], uri: parts[2]) : nil
            }
            if logged.count >= count || Date() > deadline { return logged }
            usleep(20_000)
        }
    }

    /// A port nothing listens on now.
    package static func freePort() -> UInt16 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(0)
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return UInt16(bigEndian: address.sin_port)
    }

    static func canConnect(_ port: UInt16) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func loopback(_ port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }
}

/// Why nginx could not serve.
package struct NginxServerError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}

/// A private certificate authority and a certificate it signed for 127.0.0.1, made with the openssl command line.
package struct PrivateCA {
    /// The CA's certificate (PEM): what a client is told to trust.
    package var caFile: String
    /// The server's certificate and key (PEM).
    package var certificate: String
    package var key: String

    /// Makes them in `folder`.
    package init(in folder: String) throws {
        guard let openssl = ExternalTool.path(of: "openssl") else { throw NginxServerError("openssl is not installed") }
        caFile = folder + "/ca.pem"
        certificate = folder + "/server.pem"
        key = folder + "/server.key"
        try "subjectAltName=IP:127.0.0.1\n".write(toFile: folder + "/san.cnf", atomically: true, encoding: .utf8)
        let key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        for arguments in [
            ["req", "-x509"] + key + [
                "-keyout", folder + "/ca.key", "-out", caFile, "-days", "2", "-subj", "/CN=contract test CA",
                "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign",
            ],
            ["req"] + key + ["-keyout", self.key, "-out", folder + "/server.csr", "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", folder + "/server.csr", "-CA", caFile, "-CAkey", folder + "/ca.key",
                "-CAcreateserial", "-out", certificate, "-days", "2", "-extfile", folder + "/san.cnf",
            ],
        ] {
            let (status, output) = try ExternalTool.run(openssl, arguments)
            guard status == 0 else { throw NginxServerError("openssl \(arguments[0]) failed: \(output)") }
        }
    }
}
#endif
