import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Hints that change the spec (not the model) are applied as written, and the endpoint verified again: the
/// finding must be gone. The text pasted is taken from the hint itself, so a wrong hint fails here.
@Suite struct SpecHintApplicationTests {
    struct Profile: Decodable {
        var name: String
        var nickName: String?
    }

    struct Person: Decodable {
        var firstName: String
    }

    struct Account: Decodable {
        var owner: Person
    }

    func verify(_ spec: String, _ body: String) async throws -> EndpointResult {
        let suite = try OneEndpointSuite(spec: spec, bodies: ["profile": body])
        defer { suite.remove() }
        return try await suite.verify(models: [Profile.self]).results[0]
    }

    func spec(keys: String = "useDefaultKeys", nickName: String = "nickName: String") -> String {
        """
        endpoints:
          profile:
            request: GET /profile
            decoding: { keys: \(keys) }
            expect:
              body:
                name: String
                \(nickName)
            model: Profile

        """
    }

    /// The first text between `open` and `close` in `hint`.
    func quoted(_ hint: String, after marker: String, _ open: Character, _ close: Character) throws -> String {
        let rest = hint[try #require(hint.range(of: marker)).upperBound...]
        let start = try #require(rest.firstIndex(of: open))
        let body = rest[rest.index(after: start)...]
        return String(body[..<(try #require(body.firstIndex(of: close)))])
    }

    func significant(_ result: EndpointResult) -> [String] {
        result.findings.filter { $0.severity > .info }.map { "\($0.kind.rawValue) \($0.path?.description ?? "-")" }
    }

    @Test func aMissingKeyTheAppCopesWithIsFixedByItsQuestionMark() async throws {
        let result = try await verify(spec(), #"{"name": "Ada"}"#)
        let hint = try #require(result.findings.first { $0.kind == .missingKey }?.hint)
        let written = try quoted(hint, after: "write", "'", "'")
        #expect(written == "nickName?")
        let fixed = spec(nickName: "\(written): String")
        #expect(significant(try await verify(fixed, #"{"name": "Ada"}"#)).isEmpty)
    }

    @Test func aNullTheAppCopesWithIsFixedByTheOptionalTheHintNames() async throws {
        let body = #"{"name": "Ada", "nickName": null}"#
        let result = try await verify(spec(), body)
        let hint = try #require(result.findings.first { $0.kind == .nullValue }?.hint)
        let declared = try quoted(hint, after: "declare it", "`", "`")
        #expect(declared == "String?")
        #expect(significant(try await verify(spec(nickName: "nickName: \(declared)"), body)).isEmpty)
    }

    @Test func aRespeltKeyTheStrategyReadsIsFixedByTheSpellingTheHintNames() async throws {
        let body = #"{"name": "Ada", "nick_name": "Ace"}"#
        let result = try await verify(spec(keys: "anyCase"), body)
        let finding = try #require(result.findings.first { $0.kind == .keyCaseChanged })
        #expect(finding.severity == .warning)
        let spelling = try quoted(try #require(finding.hint), after: "update the spec to", "'", "'")
        #expect(spelling == "nick_name")
        let fixed = spec(keys: "anyCase", nickName: "\(spelling): String")
        let after = try await verify(fixed, body)
        #expect(after.findings.filter { $0.severity > .info }.isEmpty, "\(after.findings.map(\.message))")
    }

    func verify(_ spec: String, _ body: String, models: [any Decodable.Type]) async throws -> EndpointResult {
        let suite = try OneEndpointSuite(spec: spec, bodies: ["profile": body])
        defer { suite.remove() }
        return try await suite.verify(models: models).results[0]
    }

    @Test func aRenamedKeysFixLeadsToTheSpecsNextStepAndThenToNoDrift() async throws {
        var spec = """
            endpoints:
              profile:
                request: GET /account
                expect:
                  body:
                    owner:
                      firstName: String
                transforms: []
                model: Account

            """
        let body = #"{"owner": {"givenName": "Ada"}}"#
        var finding = try #require(try await verify(spec, body, models: [Account.self]).findings.first)
        #expect(finding.kind == .keyRenamed && finding.severity == .breaking)
        let transform = try quoted(try #require(finding.hint), after: "or add", "`", "`")
        #expect(transform == "- renameKeys: { owner.givenName: firstName }")
        spec = spec.replacingOccurrences(of: "    transforms: []\n", with: "    transforms:\n      \(transform)\n")

        finding = try #require(try await verify(spec, body, models: [Account.self]).findings.first)
        let hint = try #require(finding.hint)
        #expect(hint.contains("already reads 'givenName' as 'firstName'"), "\(hint)")
        let written = try quoted(hint, after: "so write", "'", "'")
        #expect(written == "givenName")
        spec = spec.replacingOccurrences(of: "firstName: String", with: "\(written): String")
        let result = try await verify(spec, body, models: [Account.self])
        #expect(significant(result).isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func anAnyCaseFixLeadsToTheSpellingAndThenToNoDrift() async throws {
        var spec = """
            endpoints:
              profile:
                request: GET /person
                decoding: { keys: useDefaultKeys }
                expect:
                  body:
                    firstName: String
                model: Person

            """
        let body = #"{"first_name": "Ada"}"#
        var finding = try #require(try await verify(spec, body, models: [Person.self]).findings.first)
        #expect(finding.kind == .keyCaseChanged && finding.severity == .breaking)
        let setting = try quoted(try #require(finding.hint), after: "decode with", "`", "`")
        #expect(setting == "keys: anyCase")
        spec = spec.replacingOccurrences(of: "keys: useDefaultKeys", with: setting)

        finding = try #require(try await verify(spec, body, models: [Person.self]).findings.first)
        #expect(finding.severity == .warning)
        let spelling = try quoted(try #require(finding.hint), after: "update the spec to", "'", "'")
        spec = spec.replacingOccurrences(of: "firstName: String", with: "\(spelling): String")
        let result = try await verify(spec, body, models: [Person.self])
        #expect(significant(result).isEmpty, "\(result.findings.map(\.message))")
    }

    /// A date format the key declares itself is read whatever the endpoint's `dates:` says: the hint changes the
    /// key's shape, and the spec then verifies. It told to decode with `dates:` the endpoint already had.
    @Test func aDateFormatTheKeyDeclaresIsFixedInTheKey() async throws {
        var spec = """
            endpoints:
              profile:
                request: GET /person
                decoding: { dates: flexible }
                expect:
                  body:
                    at: Date(iso8601)

            """
        let body = #"{"at": 1700000000000}"#
        let finding = try #require(try await verify(spec, body, models: []).findings.first)
        #expect(finding.kind == .dateFormatMismatch)
        let shape = try quoted(try #require(finding.hint), after: "declare it", "`", "`")
        #expect(shape == "Date(millisecondsSince1970)")
        spec = spec.replacingOccurrences(of: "Date(iso8601)", with: shape)
        let result = try await verify(spec, body, models: [])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func anExtraKeyAForbiddingObjectRefusesIsFixedByTheLineTheHintWrites() async throws {
        var spec = """
            endpoints:
              profile:
                request: GET /person
                expect:
                  body:
                    firstName: String
                    $extraKeys: forbid
                model: Person

            """
        // Keys that end in a mark's character or are the policy's name need a mark written after them; keys with
        // a line break or a control character, YAML's escapes.
        let body =
            #"{"firstName": "Ada", "age": 36, "nick name": "Ace", "admin?": true, "legacy!": 1, "$extraKeys": 2, "#
            + #""line\nbreak": "x", "bell\u0007": "y", "sep\u2028": "z"}"#
        let extra = try await verify(spec, body, models: [Person.self]).findings.filter { $0.kind == .extraKey }
        #expect(extra.count == 8)
        for finding in extra {
            let line = try quoted(try #require(finding.hint), after: "add", "`", "`")
            spec = spec.replacingOccurrences(of: "        $extraKeys", with: "        \(line)\n        $extraKeys")
        }
        #expect(spec.contains("age: Int\n") && spec.contains("\"nick name\": String\n"), "\(spec)")
        #expect(spec.contains("\"admin?!\": Bool\n") && spec.contains("\"$extraKeys!\": Int\n"), "\(spec)")
        let result = try await verify(spec, body, models: [Person.self])
        #expect(result.findings.isEmpty, "\(result.findings.map(\.message))")
    }
}
