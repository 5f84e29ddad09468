import ArgumentParser
import ContractKit
import Foundation

/// How `record` and `check` talk to the server.
struct LiveRequestOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The server's root URL, e.g. https://staging.example.com (default: $CONTRACT_BASE_URL).", valueName: "url"))
    var baseURL: String?

    @Option(name: .long, help: "How many requests are in flight at once.")
    var concurrency = 4

    @Option(
        name: .long,
        help: ArgumentHelp("Seconds one attempt may take, redirects and body included.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(name: .long, help: "Attempts after the first, for connection errors, 429 and 5xx.")
    var retries = 2

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Seconds before the first retry; each later retry waits twice as long.", valueName: "seconds"))
    var retryBackoff: Double = 0.5

    @Option(
        name: .long, help: ArgumentHelp("The longest wait before a retry, Retry-After included.", valueName: "seconds"))
    var maxRetryDelay: Double = 30

    @Option(
        name: .long,
        help: ArgumentHelp("The largest response body accepted (decoded); larger ones are refused.", valueName: "bytes")
    )
    var maxBodyBytes = 64 << 20

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PEM file of CA certificates to trust instead of the system's, for a server with a private CA (Linux).",
            valueName: "path"), transform: PathOption.nonEmpty)
    var caFile: String?

    @Flag(
        name: .long,
        help: """
            Flush each recording to disk before it replaces the old one, so that a power cut cannot leave it empty \
            (a killed run never leaves half a file either way).
            """)
    var fsync = false

    /// The base URL from the flag or the environment.
    var resolvedBaseURL: String? {
        if let baseURL { return baseURL }
        let fromEnvironment = ProcessInfo.processInfo.environment["CONTRACT_BASE_URL"] ?? ""
        return fromEnvironment.isEmpty ? nil : fromEnvironment
    }

    func validate() throws {
        guard ParseOrder.validates else { return }
        guard let url = resolvedBaseURL else {
            throw ValidationError(
                "give the server to record from with --base-url URL or the CONTRACT_BASE_URL environment variable")
        }
        do {
            try RequestBuilder.validateBaseURL(url)
        } catch {
            throw ValidationError(error.message + (error.hint.map { "; \($0)" } ?? ""))
        }
        // More requests at once than any server or machine takes; the recorder makes a task and a connection for each.
        guard (1...1_000).contains(concurrency) else {
            throw ValidationError("--concurrency must be from 1 to 1000, not \(concurrency)")
        }
        // A day is longer than any request or wait a run should make; inf, nan and 1e300 are typing mistakes.
        let day = 86_400.0
        guard timeout > 0, timeout <= day else {
            throw ValidationError(
                "--timeout must be more than 0 and at most \(Int(day)) seconds (a day), not \(timeout)")
        }
        guard (0...100).contains(retries) else {
            throw ValidationError("--retries must be from 0 to 100, not \(retries)")
        }
        guard (0...day).contains(retryBackoff), (0...day).contains(maxRetryDelay) else {
            throw ValidationError(
                "--retry-backoff and --max-retry-delay must be from 0 to \(Int(day)) seconds (a day), not \(retryBackoff) and \(maxRetryDelay)"
            )
        }
        guard maxBodyBytes > 0 else { throw ValidationError("--max-body-bytes must be more than 0") }
        try Self.validateCAFile(caFile)
    }

    /// Checks `--ca-file`: a readable file, on Linux (on macOS, URLSession trusts the keychain's CAs).
    static func validateCAFile(_ caFile: String?) throws {
        guard let caFile else { return }
        #if os(Linux)
        guard FileManager.default.isReadableFile(atPath: caFile) else {
            throw ValidationError("--ca-file \(caFile): no readable file there; give a PEM file of CA certificates")
        }
        #else
        throw ValidationError(
            "--ca-file is supported on Linux only; on macOS, trust the CA in the keychain (URLSession reads it)")
        #endif
    }

    /// A recorder writing into `directory`; says on standard error when the open files allowed (`ulimit -n`) hold
    /// fewer requests in flight than `--concurrency` asks for.
    func recorder(into directory: String, mode: Recorder.Mode) -> Recorder {
        let recorder = Recorder(options: recorderOptions(into: directory, mode: mode))
        if recorder.options.concurrency < concurrency {
            Console.error(
                "note: --concurrency \(concurrency) lowered to \(recorder.options.concurrency): that many requests in "
                    + "flight fit the open files allowed (ulimit -n); raise the limit for more")
        }
        return recorder
    }

    /// Recorder options writing into `directory`.
    func recorderOptions(into directory: String, mode: Recorder.Mode) -> Recorder.Options {
        Recorder.Options(
            baseURL: resolvedBaseURL ?? "", recordingsDirectory: directory, mode: mode, concurrency: concurrency,
            timeout: timeout, retry: RetryPolicy(retries: retries, backoff: retryBackoff, maxDelay: maxRetryDelay),
            maxBodyBytes: maxBodyBytes, caFile: caFile, flushesToDisk: fsync)
    }
}

extension Recorder.Mode: ExpressibleByArgument {}
