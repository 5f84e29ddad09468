import ContractTestSupport
import Foundation

/// The JSONTestSuite parsing cases under `Tests/Fixtures/JSONTestSuite/test_parsing`.
enum JSONTestSuiteFiles {
    static let folder = Fixtures.url("JSONTestSuite/test_parsing")

    /// Names of the cases starting with `prefix` (`y_`, `n_` or `i_`), sorted.
    static func names(prefix: String) -> [String] {
        let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    /// The bytes of the case `name`.
    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
    }
}
