import ContractTestSupport
import Foundation
import SampleModels

@testable import ContractKit

/// The drifted sample suite (see ``DriftedSuite``), verified.
enum DriftedSampleSuite {
    /// Verifies a drifted copy of the sample suite and hands the report to `body` with a function that makes the
    /// copy's paths relative, as a run from the copy's folder would write them.
    static func withReport<T>(
        today: Date = DriftedSuite.today, _ body: (VerificationReport, _ relative: (String) -> String) throws -> T
    ) async throws -> T {
        let root = try DriftedSuite.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let suite = try SpecLoader().load(directory: root + "/Specs")
        // Decoded through the sample app's models, as the shipped `contract` does: reports show the model's verdicts.
        let verifier = Verifier(
            suite: suite, options: .init(recordingsDirectory: root + "/Recordings", today: today),
            models: ModelRegistry(SampleModels.all))
        let report = await verifier.verify(suite.endpoints)
        return try body(report) { $0.replacing(root + "/", with: "") }
    }
}
