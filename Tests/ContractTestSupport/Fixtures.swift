import Foundation

/// Paths into the repository for tests: fixtures, the sample suite, golden files.
public enum Fixtures {
    /// The repository root (the folder holding Package.swift).
    public static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// `Tests/Fixtures/<relative>`.
    public static func url(_ relative: String) -> URL {
        repositoryRoot.appendingPathComponent("Tests/Fixtures").appendingPathComponent(relative)
    }
}
