import ContractTesting
import SampleModels
import XCTest

/// The sample suite through the XCTest helpers.
final class SampleSuiteXCTests: XCTestCase {
    func testEveryEndpoint() {
        XCTAssertContracts(ContractSuite(models: SampleModels.all))
    }

    func testOneEndpoint() {
        XCTAssertContract(ContractSuite(models: SampleModels.all), endpoint: "users/list-users")
    }
}
