import ContractKit
import Foundation

/// A suite of one spec file and its recordings in a temporary folder, for tests that need a spec and a body of
/// their own.
package struct OneEndpointSuite {
    /// The temporary folder holding `Specs/` and `Recordings/`.
    package let root: String

    /// Writes `spec` as `Specs/<group>.yaml` and each body as the recording of `<group>/<endpoint>`.
    /// With `asReceived`, each body is kept as the recorder keeps a body it received (its text indented as it
    /// stands, escapes the parser would change included), not parsed into a tree first.
    package init(
        group: String = "api", spec: String, bodies: [String: String], status: Int = 200, asReceived: Bool = false
    ) throws {
        root = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        try spec.write(toFile: root + "/Specs/\(group).yaml", atomically: true, encoding: .utf8)
        for (endpoint, body) in bodies {
            let recording = Recording(
                endpoint: "\(group)/\(endpoint)",
                request: .init(method: "GET", url: "https://staging.example.com/\(endpoint)"),
                response: .init(
                    status: status, headers: [.init(name: "Content-Type", value: "application/json")],
                    body: asReceived
                        ? Recording.Body.redacted(
                            received: Data(body.utf8), contentType: "application/json", by: Redactor(secrets: []))
                        : .json(TestSuites.json(body))))
            try FileManager.default.createDirectory(
                atPath: root + "/Recordings/\(group)", withIntermediateDirectories: true)
            _ = try recording.write(to: root + "/Recordings/\(group)/\(endpoint).json")
        }
    }

    /// Verifies every endpoint through `models`.
    package func verify(models: [any Decodable.Type]) async throws -> VerificationReport {
        let suite = try SpecLoader().load(directory: root + "/Specs")
        let verifier = Verifier(
            suite: suite, options: .init(recordingsDirectory: root + "/Recordings"), models: ModelRegistry(models))
        return await verifier.verify(suite.endpoints)
    }

    /// Removes the folder.
    package func remove() { try? FileManager.default.removeItem(atPath: root) }
}
