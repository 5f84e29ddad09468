import ContractKit
import ContractTestSupport
import ContractTesting
import Foundation
import SampleModels
import Testing

@Suite struct ContractSuiteTests {
    /// A copy of the sample suite with a drifted recording, and a suite over it.
    func driftedCopy() throws -> (root: String, suite: ContractSuite) {
        let root = TestSuites.copyOfSampleSuite()
        let path = root + "/Recordings/users/list-users.json"
        var recording = try Recording.read(from: path)
        guard case .json(var body)? = recording.response.body, var users = body.objectValue,
            var ada = users["u1"]?.objectValue
        else { throw ContractError(.io, "unexpected sample recording") }
        ada["role"] = .string("owner")
        ada["createdAt"] = .number(JSONNumber(literal: "1768037400000"))
        users["u1"] = .object(ada)
        body = .object(users)
        recording.response.body = .json(body)
        _ = try recording.write(to: path)
        return (root, ContractSuite(specs: root + "/Specs", recordings: root + "/Recordings", models: SampleModels.all))
    }

    /// A suite over one spec file, `e.yaml` holding `yaml`, in a temporary folder the caller removes.
    func oneFileSuite(_ yaml: String, models: [any Decodable.Type] = []) throws -> (root: String, suite: ContractSuite)
    {
        let root = TestSuites.temporaryDirectory()
        try yaml.write(toFile: root + "/e.yaml", atomically: true, encoding: .utf8)
        return (root, ContractSuite(specs: root, recordings: root, models: models))
    }

    @Test func resolvesRelativePathsAgainstThePackageOfTheTestFile() {
        let suite = ContractSuite(models: [])
        #expect(suite.specsPath == Fixtures.repositoryRoot.path + "/Specs")
        #expect(suite.recordingsPath == Fixtures.repositoryRoot.path + "/Recordings")
    }

    @Test func aDriftedEndpointFailsWithItsFindings() throws {
        let (root, suite) = try driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let endpoint = try #require(suite.endpoints.first { $0.id == "users/list-users" })
        let message = try #require(suite.failureMessage(for: endpoint))
        let shown = message.replacingOccurrences(of: root + "/", with: "")
        if let mismatch = Golden.mismatch(shown + "\n", named: "contract-testing-failure.txt") {
            Issue.record(Comment(rawValue: mismatch))
        }
        withKnownIssue {
            suite.expectNoDrift(endpoint)
        }
        #expect(suite.failureMessage(for: suite.endpoints.first { $0.id == "users/get-user" }!) == nil)
    }

    @Test func specsThatDoNotLoadAreOneFailingCase() throws {
        let root = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "endpoints:\n  e:\n    request: GET /e\n    model: Nope\n".write(
            toFile: root + "/bad.yaml", atomically: true, encoding: .utf8)
        try "endpoints: [".write(toFile: root + "/broken.yaml", atomically: true, encoding: .utf8)
        let suite = ContractSuite(specs: root, recordings: root, models: [])
        #expect(suite.endpoints.map(\.id) == ["specs"])
        let message = try #require(suite.failureMessage(for: suite.endpoints[0]))
        #expect(message.hasPrefix("the contract suite cannot be verified:\n\(root)/broken.yaml:"))
    }

    @Test func oneEndpointOfSpecsThatDoNotLoadFailsWithTheSpecErrors() throws {
        // XCTAssertContract(suite, endpoint:) said "no endpoint 'e/e'...; endpoints: specs" instead of the spec's error.
        let (root, suite) = try oneFileSuite("endpoints:\n  e:\n    request: GET /e\n    expect: { body: Strng }\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let message = try #require(suite.failureMessage(forEndpoint: "e/e"))
        #expect(
            message.hasPrefix(
                "the contract suite cannot be verified:\n\(root)/e.yaml:4:21: error: unknown type 'Strng'"))
    }

    @Test func failureMessagesEscapeNonPrintablesFromTheBody() {
        // Keys and values come from the backend; an ESC in a key reached the test log as is.
        let message = ContractFailureMessage().render(NonPrintableFinding.result)
        #expect(NonPrintableFinding.unescaped(in: message).isEmpty)
        #expect(
            message.contains(
                "- breaking extra-key at $[\"\(NonPrintableFinding.shownKey)\"]\n    '\(NonPrintableFinding.shownKey)' is not in the spec"
            ))
        #expect(message.contains("actual string \"\\u{9B}31m\""))
        #expect(message.contains("note: decoding: a note about '\(NonPrintableFinding.shownKey)'"))
    }

    @Test func specErrorsKeepTheirLinesAndEscapeTheRest() throws {
        let (root, suite) = try oneFileSuite(
            "endpoints:\n  e:\n    request: GET /e\n    expect: { body: \"Str\\eng\" }\n")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let message = try #require(suite.failureMessage(for: suite.endpoints[0]))
        #expect(NonPrintableFinding.unescaped(in: message).isEmpty)
        #expect(message.contains("error: unexpected '\\u{1B}' after the shape Str"))
        #expect(
            message.split(separator: "\n").count >= 4, "the error, its source line, its caret and its hint: \(message)")
    }

    @Test func oneEndpointByIdPassesFailsOrIsUnknown() throws {
        let (root, suite) = try driftedCopy()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(suite.failureMessage(forEndpoint: "users/get-user") == nil)
        #expect(
            suite.failureMessage(forEndpoint: "users/list-users")?.hasPrefix("users/list-users: 2 findings") == true)
        #expect(
            suite.failureMessage(forEndpoint: "users/nope")?.hasPrefix(
                "no endpoint 'users/nope' in the contract suite; endpoints: accounts/get-account,") == true)
    }

    @Test func anUnregisteredModelFailsTheCaseAndNamesTheRegisteredOnes() throws {
        let (root, suite) = try oneFileSuite(
            "endpoints:\n  e:\n    request: GET /e\n    model: Usr\n", models: [User.self])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let message = try #require(suite.failureMessage(for: suite.endpoints[0]))
        #expect(message.contains("error: unknown model 'Usr'; did you mean 'User'?"))
    }
}
