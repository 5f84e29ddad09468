import ContractKit
import Foundation
import Synchronization

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

    /// A fresh temporary folder. A caller may remove it once done (`FileManager.default.removeItem`); whatever is
    /// left is removed when the test process exits, so that a run leaves nothing behind in the temporary folder.
    package static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "contract-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        TemporaryFolders.shared.removeAtExit(path)
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

/// The temporary folders the tests made, removed when the process exits.
private final class TemporaryFolders: Sendable {
    static let shared = TemporaryFolders()

    private let paths = Mutex<[String]>([])

    private init() {
        atexit { TemporaryFolders.shared.removeAll() }
    }

    func removeAtExit(_ path: String) {
        paths.withLock { $0.append(path) }
    }

    private func removeAll() {
        for path in paths.withLock({ $0 }) {
            // Permissions a test took away (a read-only folder) would keep the rest of it.
            chmod(path, 0o700)
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}
