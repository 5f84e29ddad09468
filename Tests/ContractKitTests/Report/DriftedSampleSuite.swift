import ContractTestSupport
import Foundation
@testable import ContractKit

/// The drifted sample suite (see ``DriftedSuite``), verified.
enum DriftedSampleSuite {
    /// Verifies a drifted copy of the sample suite and hands the report to `body` with a function that makes the
    /// copy's paths relative, as a run from the copy's folder would write them.
    static func withReport<T>(today: Date = DriftedSuite.today, _ body: (VerificationReport, _ relative: (String) -> String) throws -> T) async throws -> T {
        let root = try DriftedSuite.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let suite = try SpecLoader().load(directory: root + "/Specs")
        let report = await Verifier(suite: suite, options: .init(recordingsDirectory: root + "/Recordings", today: today)).verify(suite.endpoints)
        return try body(report) { $0.replacing(root + "/", with: "") }
    }
}
