import ArgumentParser
import ContractKit
import Foundation

/// `contract import`: specs drafted from a description the backend already publishes.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write specs from a description the backend publishes.",
        subcommands: [ImportOpenAPICommand.self]
    )
}

struct ImportOpenAPICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openapi",
        abstract: "Write specs from an OpenAPI 3.0 or 3.1 document (YAML or JSON).",
        discussion: """
            Each operation becomes an endpoint (named from its operationId), each schema of components/schemas a \
            named shape of the same name. What cannot be imported is listed with its JSON pointer; the rest is \
            still written. Importing the same document again writes the same bytes.

            Exit codes: 0 imported (problems, if any, are listed); 2 nothing could be imported, or the document \
            cannot be read.
            """
    )

    @Argument(help: "The OpenAPI document.", transform: PathOption.nonEmpty)
    var file: String

    @Option(name: .long, help: "The folder the spec files are written to.", transform: PathOption.nonEmpty)
    var output = "Specs"

    @Option(
        name: .long,
        help: "The spec file's name, without .yaml (default: the document's file name; for a pipe, its title).")
    var name: String?

    @Option(
        name: .long, parsing: .upToNextOption,
        help: "Import only operations whose operationId, endpoint name or path matches one of these globs.")
    var filter: [String] = []

    @Option(name: .long, help: "Written before every path, such as /v1.")
    var basePath = ""

    @Option(name: .long, help: "'tags': one spec file per operation tag, beside the file of shared shapes.")
    var split: SplitMode?

    @Flag(name: .long, help: "Replace spec files that were not written by `contract import openapi`.")
    var force = false

    enum SplitMode: String, ExpressibleByArgument, CaseIterable {
        case tags
    }

    func validate() throws {
        guard ParseOrder.validates else { return }
        try SpecFileName.validate(option: name)
        if !basePath.isEmpty, !basePath.hasPrefix("/") {
            throw ValidationError("--base-path '\(basePath)' must start with '/': --base-path /\(basePath)")
        }
    }

    func run() async throws {
        let importer = OpenAPIImporter(
            options: .init(
                name: name, filters: filter, basePath: basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath,
                splitByTags: split == .tags))
        let result: OpenAPIImporter.Result
        do {
            result = try importer.importDocument(at: file)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        for problem in result.problems {
            // A problem in another file names that file from the document's folder: `schemas/pet.yaml#/Pet`.
            let folder = (file as NSString).deletingLastPathComponent
            let prefix = problem.pointer.hasPrefix("#") ? file : folder.isEmpty ? "" : folder + "/"
            Console.error("\(prefix)\(problem)")
        }
        guard result.endpointCount > 0 || result.shapeCount > 0 else {
            Console.error(
                "\(CommandName.current) import openapi: nothing could be imported from \(file)"
                    + (filter.isEmpty ? "" : " (no operation matches --filter \(filter.joined(separator: " ")))")
            )
            throw ExitCode(2)
        }
        let written: OpenAPIImporter.Result.Written
        do {
            written = try result.write(into: output, force: force)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        // The shapes the files declare, objects named to be written included.
        var summary =
            "imported \(result.endpointCount) endpoint\(result.endpointCount == 1 ? "" : "s") and \(written.shapeCount) named shape\(written.shapeCount == 1 ? "" : "s") into \(written.paths.joined(separator: ", "))"
        if !result.problems.isEmpty {
            summary +=
                "; \(result.problems.count) problem\(result.problems.count == 1 ? "" : "s") listed above"
                + (result.skippedOperations > 0
                    ? ", \(result.skippedOperations) operation\(result.skippedOperations == 1 ? "" : "s") skipped" : "")
        }
        Console.output(summary + "\n")
    }
}
