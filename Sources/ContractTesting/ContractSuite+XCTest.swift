#if canImport(XCTest)
import ContractKit
import XCTest

// XCTest names its assertions XCTAssert...; these two follow it.
// swift-format-ignore: AlwaysUseLowerCamelCase
/// Verifies every endpoint of `suite` (or those matching `filter`, such as `users/*`), failing the test once
/// per failing endpoint with its findings.
///
/// ```swift
/// final class ContractTests: XCTestCase {
///     func testContracts() {
///         XCTAssertContracts(ContractSuite(models: [User.self, ObjectsResponse.self]))
///     }
/// }
/// ```
public func XCTAssertContracts(
    _ suite: ContractSuite, filter: [String] = [], file: StaticString = #filePath, line: UInt = #line
) {
    for endpoint in suite.endpoints(matching: filter) {
        if let message = suite.failureMessage(for: endpoint) { XCTFail(message, file: file, line: line) }
    }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
/// Verifies the endpoint with this id, failing the test with its findings.
public func XCTAssertContract(
    _ suite: ContractSuite, endpoint id: String, file: StaticString = #filePath, line: UInt = #line
) {
    if let message = suite.failureMessage(forEndpoint: id) { XCTFail(message, file: file, line: line) }
}
#endif
