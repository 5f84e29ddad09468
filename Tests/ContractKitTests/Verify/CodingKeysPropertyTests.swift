import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Findings and fixes name the Swift property behind a key that `CodingKeys` maps, and print only valid Swift.
@Suite struct CodingKeysPropertyTests {
    struct UserAgentResponse: Decodable {
        var userAgent: String
        enum CodingKeys: String, CodingKey { case userAgent = "user-agent" }
    }

    struct OriginResponse: Decodable {
        var ipAddress: String
        var port: Int
        enum CodingKeys: String, CodingKey {
            case ipAddress = "origin"
            case port
        }
    }

    func verify(model: String, _ body: String, models: [any Decodable.Type]) async throws -> EndpointResult {
        let spec = "endpoints:\n  orders:\n    request: GET /o\n    expect: { body: Any }\n    model: \(model)\n"
        let suite = try OneEndpointSuite(spec: spec, bodies: ["orders": body])
        defer { suite.remove() }
        return try await suite.verify(models: models).results[0]
    }

    @Test func aRenamedKeyGetsTheRealPropertyInItsCodingKeysCase() async throws {
        let result = try await verify(
            model: "UserAgentResponse", #"{"userAgent": "curl/8"}"#, models: [UserAgentResponse.self])
        let finding = try #require(result.findings.first { $0.severity == .breaking })
        #expect(finding.message.contains("UserAgentResponse.userAgent"), "\(finding.message)")
        #expect(!finding.message.contains("user-agent ("), "\(finding.message)")
        let hint = try #require(finding.hint)
        #expect(hint.contains(#"`case userAgent = "userAgent"`"#), "\(hint)")
        #expect(!hint.contains("case user-agent"), "\(hint)")

        // The suggested case, pasted into the model, compiles and decodes the new body.
        let suggested = try #require(hint.split(separator: "`").first { $0.hasPrefix("case ") })
        let swiftc = try #require(ExternalTool.path(of: "swiftc"), "swiftc is not on PATH")
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = """
            import Foundation
            struct UserAgentResponse: Decodable {
                var userAgent: String
                enum CodingKeys: String, CodingKey { \(suggested) }
            }
            let decoded = try! JSONDecoder().decode(UserAgentResponse.self, from: Data(#"{"userAgent": "curl/8"}"#.utf8))
            print(decoded.userAgent)
            """
        try source.write(toFile: folder + "/main.swift", atomically: true, encoding: .utf8)
        let compiled = try ExternalTool.run(
            swiftc, ["-swift-version", "6", folder + "/main.swift", "-o", folder + "/fixed"])
        #expect(compiled.status == 0, "\(compiled.output)")
        let ran = try ExternalTool.run(folder + "/fixed", [])
        #expect(ran.status == 0 && ran.output.contains("curl/8"), "\(ran.output)")
    }

    @Test func aMissingMappedKeyNamesThePropertyNotTheKey() async throws {
        let result = try await verify(model: "OriginResponse", #"{"port": 80}"#, models: [OriginResponse.self])
        let finding = try #require(result.findings.first { $0.severity == .breaking })
        let hint = try #require(finding.hint)
        #expect(hint.hasPrefix("make `OriginResponse.ipAddress` Optional (`var ipAddress: String?`)"), "\(hint)")
    }

    @Test func aKeyThatIsNoSwiftNameIsNeverWrittenAsCode() {
        let failure = DecodeFailure(
            kind: .keyNotFound, codingPath: JSONPath(components: [.key("user-agent")]),
            path: JSONPath(components: [.key("user-agent")]), expectedType: "String", ownerType: "Thing",
            property: "user-agent", isOptional: false, found: nil, detail: "")
        let hint = DecodeHints.hint(for: failure, rawPath: failure.path, body: .object(JSONObject()))
        #expect(!hint.contains("case user-agent") && !hint.contains("var user-agent"), "\(hint)")
        #expect(hint.hasPrefix("make the property of Thing that reads 'user-agent' Optional"), "\(hint)")
    }
}
