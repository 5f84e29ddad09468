import ArgumentParser
import ContractKit
import Foundation

struct LintCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract:
            "Check the specs themselves (syntax, names, shapes, transforms, waivers), and the specs against the models.",
        discussion: "Exit codes: 0 the specs are sound; 1 they have errors; 2 the specs folder cannot be read."
    )

    @OptionGroup var selection: SpecSelection

    /// Lint reads no recordings; the option is still accepted, unlisted, so that scripts passing the same options
    /// to every command keep working.
    @Option(name: .long, help: .hidden)
    var recordings: String?

    func run() async throws {
        let loaded: SpecSuite
        do {
            loaded = try SpecLoader().load(directory: selection.specs)
        } catch {
            Console.error(error.description)
            let count = error.errors.count
            Console.error("\(CommandName.current) lint: \(count) error\(count == 1 ? "" : "s")")
            throw ExitCode(error.errors.allSatisfy { $0.code == .io } ? 2 : 1)
        }
        if let history = loaded.history {
            do {
                try ReportOutput.requireHistory(history.path, outside: [("the specs", selection.specs)])
            } catch let error as LateUsageError {
                Console.error("\(history.location): error: \(error.message)")
                Console.error("\(CommandName.current) lint: 1 error")
                throw ExitCode(1)
            }
        }
        let endpoints = try selection.selectedEndpoints(of: loaded)
        var warnings: [String] = []
        let environment = ProcessInfo.processInfo.environment
        for endpoint in endpoints {
            let templates =
                endpoint.request.headers.map(\.value) + endpoint.request.query.map(\.value)
                + endpoint.request.params.map(\.value) + [endpoint.request.pathTemplate].compactMap { $0 }
            for template in templates {
                for variable in template.variables where environment[variable] == nil {
                    let location = template.location.map { "\($0): " } ?? ""
                    warnings.append(
                        "\(location)warning: environment variable '\(variable)' is not set; `\(CommandName.current) record` will need it"
                    )
                }
            }
        }
        for warning in Array(Set(warnings)).sorted() { Console.error(warning) }
        for warning in SpecWarnings().warnings(for: loaded, endpoints: endpoints)
            + RedactionPath.typingWarnings(for: endpoints, shapes: loaded.shapes)
        {
            Console.error(warning.description)
        }

        let models = RegisteredModels.registry
        let linter = ModelLinter(models: models, shapes: loaded.shapes)
        let modelErrors = linter.unresolvedModels(in: endpoints) + linter.lint(endpoints)
        if !modelErrors.isEmpty {
            Console.error(ContractErrors(RegisteredModels.quoted(modelErrors)).description)
            Console.error(
                "\(CommandName.current) lint: \(modelErrors.count) error\(modelErrors.count == 1 ? "" : "s") between the specs and the models"
            )
            throw ExitCode(1)
        }
        let files = loaded.files.count
        let modelCount = Set(endpoints.compactMap(\.model)).count
        let modelsChecked =
            models.isEmpty
            ? "models not checked (none are registered in this build)"
            : "\(modelCount) model\(modelCount == 1 ? "" : "s") checked"
        Console.output(
            "\(files) spec file\(files == 1 ? "" : "s"), \(endpoints.count) endpoint\(endpoints.count == 1 ? "" : "s"), \(loaded.shapes.count) named shape\(loaded.shapes.count == 1 ? "" : "s"), \(modelsChecked): no errors\n"
        )
    }
}
