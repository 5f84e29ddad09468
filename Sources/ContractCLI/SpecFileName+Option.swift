import ArgumentParser
import ContractKit

extension SpecFileName {
    /// Refuses a `--name` that cannot name a spec file.
    static func validate(option name: String?) throws {
        guard let name, !isValid(name) else { return }
        throw ValidationError(
            "--name '\(name.escapingNonPrintables())' cannot name a spec file: use letters, digits, '-', '_' and '.', "
                + "not starting with '.'")
    }
}
