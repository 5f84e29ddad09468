import Testing

@testable import ContractKit

@Suite struct ModelRegistryTests {
    let registry = ModelRegistry([TestModels.Person.self, TestModels.Notice.self, TestModels.NoticeList.self])

    @Test func findsTypesByNameAndQualifiedName() throws {
        #expect(try registry.resolve("Person").type == TestModels.Person.self)
        #expect(try registry.resolve("TestModels.Person").type == TestModels.Person.self)
        #expect(registry.names == ["Notice", "NoticeList", "Person"])
    }

    @Test func buildsArraysDictionariesAndOptionalsOfRegisteredTypes() throws {
        #expect(try registry.resolve("[Person]").type == [TestModels.Person].self)
        #expect(try registry.resolve("[String: Notice]").type == [String: TestModels.Notice].self)
        #expect(try registry.resolve("[[Notice]]").type == [[TestModels.Notice]].self)
        #expect(try registry.resolve("Person?").type == TestModels.Person?.self)
        #expect(try registry.resolve(" [ Person ] ").name == "[ Person ]")
    }

    @Test func anUnknownNameListsTheRegisteredOnesAndTheClosest() {
        let error = try? #require(throws: ContractError.self) { try registry.resolve("[Persn]") }
        #expect(error?.code == .unknownModel)
        #expect(error?.message == "unknown model 'Persn'; did you mean 'Person'?")
        #expect(
            error?.hint
                == "registered models: Notice, NoticeList, Person; a type that is not listed must be registered in your runner: ContractCLI.main(models: [Persn.self, ...])"
        )
    }

    @Test func twoTypesWithOneNameNeedTheirQualifiedNames() throws {
        enum Other { struct Person: Decodable {} }
        let both = ModelRegistry([TestModels.Person.self, Other.Person.self])
        let error = try? #require(throws: ContractError.self) { try both.resolve("Person") }
        #expect(error?.message.hasPrefix("model 'Person' is ambiguous") == true)
        #expect(try both.resolve("TestModels.Person").type == TestModels.Person.self)
    }

    @Test func sugaredTypeNames() {
        #expect(SwiftTypeName.of([TestModels.Notice].self) == "[Notice]")
        #expect(SwiftTypeName.of([String: [Int?]].self) == "[String: [Int?]]")
        #expect(SwiftTypeName.of(TestModels.Envelope<[TestModels.Notice]>.self) == "Envelope<[Notice]>")
    }
}
