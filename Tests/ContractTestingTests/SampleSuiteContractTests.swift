import ContractTesting
import SampleModels
import Testing

/// The sample suite, verified as an app team would verify theirs: one test case per endpoint.
let sampleContracts = ContractSuite(models: SampleModels.all)

@Test(arguments: sampleContracts.endpoints)
func sampleContract(_ endpoint: ContractEndpoint) {
    sampleContracts.expectNoDrift(endpoint)
}

@Test func theSampleSuiteHasOneCasePerEndpoint() {
    #expect(
        sampleContracts.endpoints.map(\.id) == [
            "accounts/get-account", "accounts/get-locked-account", "bets/my-bets", "directory/list-users",
            "notices/list-notices", "users/list-users", "users/get-user",
        ])
}
