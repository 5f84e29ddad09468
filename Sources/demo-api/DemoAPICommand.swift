import ArgumentParser
import ContractKit
import DemoServer
import Foundation

extension Drift: ExpressibleByArgument {}

@main
struct DemoAPICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo-api",
        abstract: "A stand-in staging server for the sample suite, with drift on demand.",
        discussion: """
            Serves every endpoint in the specs with its recorded response, on 127.0.0.1 only. With --drift, the \
            JSON bodies change the way real backends drift, so `contract check` has something to catch:

            \(Drift.allCases.map { "  \($0.rawValue.padding(toLength: 17, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))

            Try it: `swift run demo-api --drift keyed-dictionary`, then in another terminal:
              STAGING_TOKEN=demo BETS_API_KEY=demo CONTRACT_BASE_URL=http://127.0.0.1:8080 swift run contract check
            """
    )

    @Option(name: .long, help: "The port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = 8080

    @Option(name: .long, parsing: .singleValue, help: "Inject this drift into JSON bodies (repeatable).")
    var drift: [Drift] = []

    @Option(name: .long, help: "The folder of YAML specs to serve.")
    var specs = "Specs"

    @Option(name: .long, help: "The folder of recordings whose responses are served.")
    var recordings = "Recordings"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Answer each request this many seconds late, like a slow staging server.", valueName: "seconds"))
    var latency: Double = 0

    @Option(name: .long, help: ArgumentHelp("Stop by itself after this many seconds.", valueName: "seconds"))
    var lifetime: Double?

    @Flag(name: .long, help: "Do not log requests.")
    var quiet = false

    func run() throws {
        let suite: SpecSuite
        do {
            suite = try SpecLoader().load(directory: specs)
        } catch {
            log(error.description)
            throw ExitCode(2)
        }
        let api = DemoAPI(suite: suite, recordingsDirectory: recordings, drifts: drift)
        for problem in api.problems { log("demo-api: warning: \(problem)") }
        let quiet = quiet
        let latency = latency
        let server: HTTPServer
        do {
            server = try HTTPServer(port: port, lifetime: lifetime) { request in
                var response = api.respond(to: request)
                response.delay = latency
                // The path only: a query may carry a token.
                if !quiet { log("\(request.method) \(request.path) -> \(response.status)") }
                return response
            }
        } catch {
            log("demo-api: \(error.description)")
            throw ExitCode(2)
        }
        let drifts = drift.isEmpty ? "no drift" : "drift: " + drift.map(\.rawValue).joined(separator: ", ")
        log(
            "demo-api: serving \(api.routes.count) endpoints from \(specs) on \(server.baseURL) (\(drifts)); Ctrl-C stops it"
        )

        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        let stop: @Sendable () -> Void = {
            server.stop()
            log("demo-api: stopped")
            Foundation.exit(0)
        }
        let sources = [SIGINT, SIGTERM].map { number -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler(handler: stop)
            source.resume()
            return source
        }
        if let lifetime {
            DispatchQueue.main.asyncAfter(deadline: .now() + lifetime, execute: stop)
        }
        withExtendedLifetime(sources) { dispatchMain() }
    }
}

private func log(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
