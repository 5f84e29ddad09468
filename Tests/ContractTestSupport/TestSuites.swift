import ContractKit
import Foundation

/// Building specs, bodies and temporary folders in tests.
package enum TestSuites {
    /// Parses JSON text, failing loudly on a typo in the test itself.
    package static func json(_ text: String) -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            fatalError("test JSON does not parse: \(error)")
        }
    }

    /// Loads a suite from YAML sources given as (path, text).
    package static func suite(_ sources: (String, String)...) throws(ContractErrors) -> SpecSuite {
        try SpecLoader().load(sources: sources.map { (path: $0.0, text: $0.1) })
    }

    /// A fresh temporary folder, removed by the caller with `FileManager.default.removeItem`.
    package static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "contract-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Copies the repository's sample suite (Specs and Recordings) into a temporary folder and returns it.
    package static func copyOfSampleSuite() -> String {
        let directory = temporaryDirectory()
        for folder in ["Specs", "Recordings"] {
            try? FileManager.default.copyItem(
                at: Fixtures.repositoryRoot.appendingPathComponent(folder),
                to: URL(fileURLWithPath: directory).appendingPathComponent(folder))
        }
        return directory
    }
}
