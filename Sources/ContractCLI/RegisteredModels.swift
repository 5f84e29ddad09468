import ArgumentParser
import ContractKit

extension RegisteredModels {
    /// Exits 2, listing every problem, when models are registered but a spec names one that is not.
    ///
    /// With no models registered at all (the plain `contract` tool run on a team's own specs), every endpoint
    /// is verified by shape only, and the report says so.
    static func requireResolvable(_ endpoints: [Endpoint]) throws {
        let errors = ModelLinter(models: registry).unresolvedModels(in: endpoints)
        guard !errors.isEmpty else { return }
        Console.error(ContractErrors(errors).description)
        Console.error("contract: \(errors.count) spec\(errors.count == 1 ? " names a model" : "s name models") this build does not register; nothing was verified")
        throw ExitCode(2)
    }
}
