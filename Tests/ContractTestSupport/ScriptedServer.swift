import DemoServer
import Foundation

/// A loopback HTTP server for tests: routes by path, counts the requests each path gets, and stops by itself
/// after a minute even if a test forgets to stop it.
package final class ScriptedServer: @unchecked Sendable {
    // @unchecked: `hits` is read and written only while holding `lock`; the rest is set once.

    /// Answers a request; `hit` is 1 for the first request to this path, 2 for the second, ...
    package typealias Route = @Sendable (_ request: HTTPRequest, _ hit: Int) -> HTTPResponse

    private let lock = NSLock()
    private var hits: [String: Int] = [:]
    private var server: HTTPServer?

    /// Starts a server on 127.0.0.1 and a free port; a path not in `routes` gets `fallback`, or a 404.
    package init(routes: [String: Route], fallback: Route? = nil) throws {
        let box = RouteTable(routes: routes, fallback: fallback)
        let lock = self.lock
        server = try HTTPServer(lifetime: 60) { [weak self] request in
            lock.lock()
            let hit = (self?.hits[request.path] ?? 0) + 1
            self?.hits[request.path] = hit
            lock.unlock()
            return box.respond(request, hit)
        }
    }

    /// `http://127.0.0.1:<port>`.
    package var baseURL: String { server?.baseURL ?? "" }

    /// How many requests `path` has had.
    package func hits(_ path: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return hits[path] ?? 0
    }

    /// Stops the server; its port refuses connections from then on.
    package func stop() { server?.stop() }

    deinit { server?.stop() }
}

private struct RouteTable: Sendable {
    let routes: [String: ScriptedServer.Route]
    let fallback: ScriptedServer.Route?

    func respond(_ request: HTTPRequest, _ hit: Int) -> HTTPResponse {
        if let route = routes[request.path] { return route(request, hit) }
        if let fallback { return fallback(request, hit) }
        return .text("no route for \(request.path)\n", status: 404)
    }
}
