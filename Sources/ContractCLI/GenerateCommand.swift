import ArgumentParser
import ContractKit
import Foundation

struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate code from the specs.",
        subcommands: [GenerateModelsCommand.self]
    )
}

extension ModelAccess: ExpressibleByArgument {}

struct GenerateModelsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "Write Swift Codable models for the bodies the specs describe, after their transforms.",
        discussion: """
            Writes one Swift file per spec file (or per type with --split): a struct for each named shape and for each \
            endpoint's body as the app decodes it after its transforms, enums with an unknown(String) case, and a \
            JSONDecoder per endpoint configured as its decoding: says. The same specs give the same bytes; files \
            already up to date are not rewritten. --update-specs adds a model: line to each endpoint that has none.

            Exit codes: 0 written; 2 a spec cannot be read, an endpoint's model cannot be worked out, or a file cannot \
            be written (the other files are written).
            """
    )

    @OptionGroup var selection: SpecSelection

    @Option(name: .long, help: "The folder to write the Swift files into.")
    var output = "Sources/APIModels"

    @Option(name: .long, help: "The access level of the generated types: public, package or internal.")
    var access: ModelAccess = .internal

    @Flag(name: .long, help: "One file per top-level type instead of one per spec file.")
    var split = false

    @Flag(name: .long, help: "Add a model: line naming the generated model to each endpoint that has none.")
    var updateSpecs = false

    func run() async throws {
        let suite = try selection.loadSuite(done: "generated")
        let endpoints = try selection.selectedEndpoints(of: suite)
        let generator = ModelGenerator(
            suite: suite, endpoints: selection.patterns.isEmpty ? nil : endpoints,
            options: ModelGenerator.Options(access: access, split: split), command: CommandName.current)
        let generated = generator.generate()
        for warning in generated.warnings { Console.error(Self.describe(warning, as: "warning")) }
        for error in generated.errors { Console.error(error.description) }
        var failed = !generated.errors.isEmpty
        do {
            let result = try generated.write(to: output)
            Console.output(
                "\(generated.files.count) file\(generated.files.count == 1 ? "" : "s") in \(output): \(result.written.count) written, \(result.unchanged.count) unchanged\n"
            )
        } catch {
            Console.error(error.description)
            failed = true
        }
        if updateSpecs {
            let result = SpecModelLines.write(generated.newModelLines)
            for error in result.errors { Console.error(error.description) }
            failed = failed || !result.errors.isEmpty
            for id in result.written {
                let model = generated.models[id] ?? ""
                Console.output("added `model: \(model)` to \(id)\n")
            }
        } else if !generated.newModelLines.isEmpty {
            let ids = generated.newModelLines.map(\.endpoint.id).joined(separator: ", ")
            Console.output("endpoints without a model: line: \(ids); --update-specs adds one naming its model\n")
        }
        if failed { throw ExitCode(2) }
    }

    /// A warning in the form of an error's text: `file:line:col: warning: …`.
    static func describe(_ warning: ContractError, as severity: String) -> String {
        var text = warning.location.map { "\($0): \(severity): " } ?? "\(severity): "
        text += warning.message
        if let hint = warning.hint { text += "\n  hint: " + hint }
        return text
    }
}
