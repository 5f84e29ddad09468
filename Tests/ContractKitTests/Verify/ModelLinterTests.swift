import ContractTestSupport
import Foundation
import SampleModels
import Testing

@testable import ContractKit

@Suite struct ModelLinterTests {
    /// The sample specs, read from the repository, with `edit` applied to the named file.
    func sampleSources(editing file: String? = nil, _ edit: (String) -> String = { $0 }) throws -> [(
        path: String, text: String
    )] {
        try ["accounts", "bets", "directory", "notices", "users"].map { name in
            let text = try String(
                contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Specs/\(name).yaml"), encoding: .utf8)
            return ("Specs/\(name).yaml", name == file ? edit(text) : text)
        }
    }

    func lint(_ sources: [(path: String, text: String)], models: [any Decodable.Type] = SampleModels.all) throws
        -> [ContractError]
    {
        let suite = try SpecLoader().load(sources: sources)
        let linter = ModelLinter(models: ModelRegistry(models), shapes: suite.shapes)
        let texts = Dictionary(
            uniqueKeysWithValues: sources.map { ($0.path, SourceText(path: $0.path, text: $0.text)) })
        return (linter.unresolvedModels(in: suite.endpoints) + linter.lint(suite.endpoints)).map {
            $0.quoting($0.location.flatMap { texts[$0.file] })
        }
    }

    @Test func theSampleSpecsAgreeWithTheSampleModels() throws {
        #expect(try lint(sampleSources()).map(\.description) == [])
    }

    struct TreeNode: Decodable {
        var name: String
        var children: [TreeNode]
        var byName: [String: TreeNode]?
    }

    @Test func aShapeThatContainsItselfIsLintedWithoutAMadeUpNull() throws {
        // The made-up body ended the recursion with null, and lint said "model TreeNode requires a value at
        // $.children[0]…[0], but the spec says it may be null": an empty array ends it as the spec allows.
        let spec = """
            shapes:
              Node:
                name: String
                children: [Node]
                byName: "[String: Node]?"
            endpoints:
              tree:
                request: GET /tree
                expect: { body: Node }
                model: TreeNode
            """
        #expect(try lint([("Specs/tree.yaml", spec)], models: [TreeNode.self]).map(\.description) == [])
    }

    @Test func aModelThatDemandsMoreThanTheSpecGuarantees() throws {
        let sources = try sampleSources(editing: "notices") { text in
            text.replacingOccurrences(of: "    title: String\n", with: "    title?: String\n")
                .replacingOccurrences(of: "enum(low, medium, high)", with: "enum(low, medium, high, critical)")
                .replacingOccurrences(of: "dates: flexible", with: "dates: iso8601")
                .replacingOccurrences(of: "    link: URL?\n", with: "    link: URL?\n    author: String?\n")
        }
        let errors = try lint(sources)
        #expect(
            errors.map(\.message) == [
                "model NoticeList requires 'title' at $.notices[0].title (Notice.title is String, not Optional), but the spec says it may be absent",
                "model NoticeList cannot read the date at $.generated_at, written as the spec says (number 978307200), with dates: iso8601",
                "model NoticeList cannot read the date at $.notices[0].updated_at, written as the spec says (number 978307200000), with dates: iso8601",
                "model NoticeList cannot read the date at $.notices[0].expires_on, written as the spec says (string \"2001-01-01\"), with dates: iso8601",
                "model NoticeList rejects string \"critical\" at $.notices[0].severity, which the spec allows (enum(low, medium, high, critical)): Cannot initialize Severity from invalid String value critical",
            ])
        if let mismatch = Golden.mismatch(ContractErrors(errors).description + "\n", named: "model-lint.txt") {
            Issue.record(Comment(rawValue: mismatch))
        }
    }

    @Test func aNullTheSpecAllowsAndATypeItDisagreesOn() throws {
        let sources = try sampleSources(editing: "directory") { text in
            text.replacingOccurrences(of: "    email: String\n", with: "    email: String?\n")
                .replacingOccurrences(of: "    id: Int\n", with: "    id: String\n")
        }
        let messages = try lint(sources).map(\.message)
        #expect(
            messages == [
                "model [PlaceholderUser] reads $[0].id as Int (PlaceholderUser.id), but the spec says String",
                "model [PlaceholderUser] requires 'email' at $[0].email (PlaceholderUser.email is String, not Optional), but the spec says it may be absent",
                "model [PlaceholderUser] requires a value at $[0].email (PlaceholderUser.email is String, not Optional), but the spec says it may be null",
            ])
    }

    @Test func aTransformTheShapeCannotFeed() throws {
        let sources = try sampleSources(editing: "accounts") {
            $0.replacingOccurrences(of: "- unwrap: Data", with: "- unwrap: data")
        }
        let errors = try lint(sources)
        #expect(
            errors.map(\.description) == [
                """
                Specs/accounts.yaml:25:9: error: the unwrap transform fails on a body the spec describes: unwrap expected an object with key 'data' at $, found object with keys 'Data', 'Error'
                25 |       - unwrap: data
                   |         ^
                  hint: the transform and the body shape disagree; fix whichever is wrong
                """
            ])
    }

    @Test func anUnregisteredModelListsTheRegisteredOnes() throws {
        let sources = try sampleSources(editing: "users") {
            $0.replacingOccurrences(of: "model: ObjectsResponse", with: "model: ObjectResponse")
        }
        let errors = try lint(sources)
        #expect(errors.count == 1)
        #expect(errors[0].code == .unknownModel)
        #expect(
            errors[0].description == """
                Specs/users.yaml:22:12: error: unknown model 'ObjectResponse'; did you mean 'ObjectsResponse'?
                22 |     model: ObjectResponse
                   |            ^
                  hint: registered models: APIErrorResponse, Account, Bettor, NoticeList, ObjectsResponse, PlaceholderUser, User; a type that is not listed must be registered in your runner: ContractCLI.main(models: [ObjectResponse.self, ...])
                """)
    }

    @Test func withNoModelsRegisteredNothingIsUnresolved() throws {
        #expect(try lint(sampleSources(), models: []).isEmpty)
    }
}
