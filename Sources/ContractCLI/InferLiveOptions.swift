import ArgumentParser
import ContractKit
import Foundation

/// The server `infer --request` records from; unlike `record`, infer needs one only with `--request`.
struct InferLiveOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --request: the server's root URL (default: $CONTRACT_BASE_URL).", valueName: "url"))
    var baseURL: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --request: seconds the request may take, redirects and body included.", valueName: "seconds"))
    var timeout: Double = 30

    @Option(
        name: .customLong("header"),
        help: ArgumentHelp(
            "With --request: a header to send, e.g. 'Authorization: Bearer ${TOKEN}' (single quotes: contract reads the variable, and the spec keeps the reference); repeatable.",
            valueName: "name: value"))
    var headers: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "With --request: a PEM file of CA certificates to trust instead of the system's, for a server with a private CA (Linux).",
            valueName: "path"))
    var caFile: String?

    @Flag(
        name: .long,
        help: "With --request: flush the recording to disk before it replaces the old one, as `record --fsync` does.")
    var fsync = false

    /// The `--header` values as a spec's headers.
    func parsedHeaders() throws -> [(name: String, value: Template)] {
        do {
            return try headers.map(LiveSample.header(parsing:))
        } catch {
            throw ValidationError(error.message + (error.hint.map { "; \($0)" } ?? ""))
        }
    }

    var resolvedBaseURL: String? {
        if let baseURL { return baseURL }
        let fromEnvironment = ProcessInfo.processInfo.environment["CONTRACT_BASE_URL"] ?? ""
        return fromEnvironment.isEmpty ? nil : fromEnvironment
    }

    func validateBaseURL() throws {
        guard let url = resolvedBaseURL else {
            throw ValidationError(
                "--request needs the server: give --base-url URL or the CONTRACT_BASE_URL environment variable")
        }
        do {
            try RequestBuilder.validateBaseURL(url)
        } catch {
            throw ValidationError(error.message + (error.hint.map { "; \($0)" } ?? ""))
        }
        guard timeout > 0, timeout <= 86_400 else {
            throw ValidationError("--timeout must be more than 0 and at most 86400 seconds (a day), not \(timeout)")
        }
        try LiveRequestOptions.validateCAFile(caFile)
    }

    /// Records `method path` with the `--header`s into `<recordings>/<group>/` and returns it as a sample.
    func record(method: String, path: String, group: String, into recordings: String) async throws -> Result<
        ResponseSample, ContractError
    > {
        let recorder = Recorder(
            options: Recorder.Options(
                baseURL: resolvedBaseURL ?? "", recordingsDirectory: recordings, timeout: timeout, caFile: caFile,
                flushesToDisk: fsync))
        return await LiveSample.record(
            method: method, path: path, headers: try parsedHeaders(), group: group, recorder: recorder)
    }
}
