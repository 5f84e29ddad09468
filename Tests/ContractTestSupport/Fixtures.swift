import Foundation

/// Paths into the repository for tests: fixtures, the sample suite, golden files.
package enum Fixtures {
    /// The repository root (the folder holding Package.swift).
    package static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Tests/Fixtures/<relative>`.
    package static func url(_ relative: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative)
    }
}
