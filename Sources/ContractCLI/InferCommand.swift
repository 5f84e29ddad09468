import ArgumentParser
import ContractKit
import Foundation

struct InferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Write a spec from responses: recordings, HAR files, raw JSON files, or one live request.",
        discussion: """
            Merges every sample of an endpoint (HAR entries with the same method and path template, recordings of \
            one endpoint, numbered raw files such as user-1.json and user-2.json) into one shape: keys missing \
            from some samples are 'key?:', values sometimes null are 'T?', dates, URLs, UUIDs and collections keyed \
            by id are recognised, and repeated objects become named shapes. Writes <output>/<name>.yaml, and a \
            recording per endpoint into <recordings>/<name>/ (redacted as 'record' does), so that \
            '\(CommandName.current) verify' checks them at once.

            Exit codes: 0 a spec was written; 2 nothing could be inferred, or a file could not be written; \
            64 usage error.
            """
    )

    @Argument(help: "Recordings, HAR files, raw JSON files, or folders of them.", transform: PathOption.nonEmpty)
    var inputs: [String] = []

    @Option(name: .long, help: "The spec file's name (<output>/<name>.yaml), and the endpoints' group.")
    var name: String?

    @Option(name: .long, help: "The folder the spec is written to.", transform: PathOption.nonEmpty)
    var output = "Specs"

    @Option(name: .long, help: "The folder recordings are written to.", transform: PathOption.nonEmpty)
    var recordings = "Recordings"

    @Flag(name: .long, help: "Infer enums for strings and integers with few distinct values across many samples.")
    var enums = false

    @Flag(name: .long, help: "Replace a spec file that exists and says something else.")
    var force = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Record one live request first, e.g. \"GET /users/42\" (needs --base-url); with raw JSON files and no --base-url, the request they answered.",
            valueName: "method path"))
    var request: String?

    @OptionGroup var live: InferLiveOptions

    func validate() throws {
        guard ParseOrder.validates else { return }
        if inputs.isEmpty && request == nil {
            throw ValidationError(
                "give recordings, HAR files, raw JSON files or folders to infer from, or --base-url URL --request \"GET /path\""
            )
        }
        try SpecFileName.validate(option: name)
        if let request, InferCommand.parseRequest(request) == nil {
            throw ValidationError(
                "--request '\(request.escapingNonPrintables())' is not a request line: write it as \"GET /path\"")
        }
        if isLive { try live.validateBaseURL() }
        if !live.headers.isEmpty {
            guard isLive else {
                throw ValidationError(
                    "--header is sent with a live request: give --base-url URL --request \"GET /path\" too")
            }
            _ = try live.parsedHeaders()
        }
        if !isLive, live.caFile != nil || live.fsync {
            throw ValidationError(
                "\(live.caFile != nil ? "--ca-file" : "--fsync") is for a live request: give --base-url URL --request \"GET /path\" too"
            )
        }
    }

    /// True when `--request` is sent to a server: without inputs, or with `--base-url` given. With inputs and no
    /// `--base-url`, it names the request the raw JSON files answered.
    var isLive: Bool { request != nil && (inputs.isEmpty || live.baseURL != nil) }

    func run() async throws {
        let specName = name ?? InferCommand.defaultName(for: inputs)
        let path = (output.hasSuffix("/") ? output : output + "/") + specName + ".yaml"
        var samples: [ResponseSample] = []
        var problems: [ContractError] = []
        let requestLine = request.flatMap(InferCommand.parseRequest)
        if isLive, let (method, requestPath) = requestLine {
            // Nothing is sent, and no recording replaced, when the spec could not be written afterwards.
            if !force, FileManager.default.fileExists(atPath: path) {
                Console.error(
                    "error: '\(path)' exists; nothing was sent\n  hint: pass --force to replace it with what the request shows, or --name to write another file"
                )
                throw ExitCode(2)
            }
            switch try await live.record(method: method, path: requestPath, group: specName, into: recordings) {
            case .success(let sample): samples.append(sample)
            case .failure(let error): problems.append(error)
            }
        }
        let read = SampleReader(request: isLive ? nil : requestLine).read(inputs)
        if !isLive, request != nil, read.rawFiles == 0 {
            throw ValidationError(
                "--request without --base-url names the request raw JSON files answered, but no raw JSON file was read; to record a live request, give --base-url URL"
            )
        }
        samples += read.samples
        problems += read.problems
        for problem in problems { Console.error(problem.description) }

        let taken = SpecInferrer.shapeNamesDeclared(in: output, except: path)
        let spec = SpecInferrer(enums: enums, takenShapeNames: taken).infer(samples, name: specName)
        guard !spec.endpoints.isEmpty else {
            Console.error(
                "\(CommandName.current) infer: no endpoint with a JSON response in \(samples.count) sample\(samples.count == 1 ? "" : "s"); nothing was written"
            )
            throw ExitCode(2)
        }
        let text = InferredSpecWriter().yaml(for: spec)
        do {
            let existing = try? String(contentsOfFile: path, encoding: .utf8)
            if let existing, existing != text, !force {
                Console.error(
                    "error: '\(path)' exists and says something else; nothing was written\n  hint: pass --force to replace it, or --name to write another file"
                )
                throw ExitCode(2)
            }
            // The spec and its recordings go together: what would stop the recordings stops the spec too.
            if let obstacle = spec.recordingsObstacle(in: recordings) {
                let (found, written) =
                    obstacle.isFolder ? ("a folder", "a recording") : ("a file", "a folder of recordings")
                Console.error(
                    "error: '\(obstacle.path)' is \(found), where infer writes \(written); nothing was written\n"
                        + "  hint: move it away, or pass --recordings to write the recordings elsewhere")
                throw ExitCode(2)
            }
            if existing != text { try InferredSpecWriter.write(text, to: path) }
            let written = try spec.writeRecordings(into: recordings)
            let shapes = spec.shapes.count
            var summary =
                "inferred \(spec.endpoints.count) endpoint\(spec.endpoints.count == 1 ? "" : "s") and \(shapes) named shape\(shapes == 1 ? "" : "s") from \(samples.count) sample\(samples.count == 1 ? "" : "s") into \(path); "
                + "recordings in \(recordings)/\(specName): \(written.written) written, \(written.unchanged) unchanged"
            if !spec.skipped.isEmpty {
                summary +=
                    "; \(spec.skipped.count) endpoint\(spec.skipped.count == 1 ? "" : "s") without a JSON body left out"
            }
            let errors = spec.leftOutErrorStatuses
            if !errors.isEmpty {
                let statuses = Array(Set(errors)).sorted().map(String.init).joined(separator: ", ")
                summary +=
                    "; \(errors.count) error response\(errors.count == 1 ? "" : "s") (\(statuses)) skipped"
            }
            Console.output(summary + "\n")
            let guessed = spec.guessedEndpoints
            if !guessed.isEmpty {
                let lines = guessed.map { "\($0.method) \($0.path)" }.joined(separator: ", ")
                Console.error(
                    "note: \(guessed.count == 1 ? "the request line" : "the request lines") of \(guessed.count) endpoint\(guessed.count == 1 ? "" : "s") (\(lines)) \(guessed.count == 1 ? "is" : "are") guessed from raw JSON file names: correct \(guessed.count == 1 ? "it" : "them") in \(path), or infer again with --request \"GET /path\" to name the files' request"
                )
            }
        } catch let error as ContractError {
            Console.error(error.description)
            throw ExitCode(2)
        }
    }

    /// `GET /users/42` → (`GET`, `/users/42`).
    static func parseRequest(_ line: String) -> (method: String, path: String)? {
        let parts = line.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].allSatisfy({ $0.isLetter }), parts[1].hasPrefix("/") else { return nil }
        return (parts[0].uppercased(), String(parts[1]))
    }

    /// The name for a spec inferred from `inputs`: the one file's or folder's name, else `inferred`.
    static func defaultName(for inputs: [String]) -> String {
        guard inputs.count == 1 else { return "inferred" }
        var last = (inputs[0] as NSString).lastPathComponent
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
        return SpecFileName.made(from: last.lowercased()) ?? "inferred"
    }
}
