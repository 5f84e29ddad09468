import Foundation
import Testing

@testable import ContractKit

/// `infer --header`: what is written into the spec may name variables and schemes, never spell out a credential.
@Suite struct LiveSampleHeaderTests {
    @Test(arguments: [
        "Authorization: Bearer ${API_TOKEN}",
        "Authorization: ${API_TOKEN}",
        "Cookie: session=${SESSION}; lang=${LANG}",
        "X-Api-Key: ${API_KEY}",
        "X-Tenant: acme",
        "Accept: application/json",
    ])
    func variablesSchemesAndPlainValuesAreAccepted(line: String) throws {
        _ = try LiveSample.header(parsing: line)
    }

    @Test(arguments: [
        "Authorization: Bearer abc123",
        "Cookie: session=abc123; lang=${LANG}",
        "Cookie: session=${SESSION}; csrf=f00dcafe",
        "Authorization: Basic dXNlcjpwYXNz ${EXTRA}",
        "X-Api-Key: sk_live_4eC39HqLyjWDarjtT1zdp7dc",
    ])
    func aCredentialWrittenOutIsRefused(line: String) throws {
        let error = try #require(throws: ContractError.self) { try LiveSample.header(parsing: line) }
        #expect(error.message.contains("holds a credential written out"), "\(error.message)")
        let written = line.split(separator: ":", maxSplits: 1)[1]
        #expect(!error.message.contains(written.trimmingCharacters(in: .whitespaces)))
    }
}
