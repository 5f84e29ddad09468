import ArgumentParser
import ContractKit
import Foundation

extension RegisteredModels {
    /// Exits 2, listing every problem, when models are registered but a spec names one that is not.
    ///
    /// With no models registered at all (the plain `contract` tool run on a team's own specs), every endpoint
    /// is verified by shape only, and the report says so.
    static func requireResolvable(_ endpoints: [Endpoint]) throws {
        let errors = ModelLinter(models: registry).unresolvedModels(in: endpoints)
        guard !errors.isEmpty else { return }
        Console.error(ContractErrors(quoted(errors)).description)
        Console.error(
            "\(CommandName.current): \(errors.count) spec\(errors.count == 1 ? " names a model" : "s name models") this build does not register; nothing was verified"
        )
        throw ExitCode(2)
    }

    /// The errors with the spec line they point at, read from their files.
    static func quoted(_ errors: [ContractError]) -> [ContractError] {
        var sources: [String: SourceText] = [:]
        return errors.map { error in
            guard let file = error.location?.file else { return error }
            if sources[file] == nil, let text = try? String(contentsOfFile: file, encoding: .utf8) {
                sources[file] = SourceText(path: file, text: text)
            }
            return error.quoting(sources[file])
        }
    }
}
