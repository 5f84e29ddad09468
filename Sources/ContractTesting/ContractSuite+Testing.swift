#if canImport(Testing)
import ContractKit
import Testing

extension ContractEndpoint: CustomTestStringConvertible {
    /// The endpoint's id, as the test's name.
    public var testDescription: String { id }
}

extension ContractSuite {
    /// Verifies `endpoint` and records a Swift Testing issue listing its findings when it fails.
    ///
    /// ```swift
    /// @Test(arguments: contracts.endpoints)
    /// func contract(_ endpoint: ContractEndpoint) {
    ///     contracts.expectNoDrift(endpoint)
    /// }
    /// ```
    public func expectNoDrift(
        _ endpoint: ContractEndpoint, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        if let message = failureMessage(for: endpoint) {
            Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
    }

    /// Verifies every endpoint (or those matching `filter`) in one test, recording an issue per failing endpoint.
    public func expectNoDrift(filter: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for endpoint in endpoints(matching: filter) { expectNoDrift(endpoint, sourceLocation: sourceLocation) }
    }
}
#endif
