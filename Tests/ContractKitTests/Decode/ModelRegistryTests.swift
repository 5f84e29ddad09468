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

    /// The registry names types with `_typeName`, which skips reflection: it must print what `String(reflecting:)`
    /// and `String(describing:)` print, which the names were before, for every kind of type a model can be.
    @Test func typeNamesWithoutReflectionAreTheReflectedOnes() {
        enum Local {
            struct Person: Decodable {}
            final class Box: Decodable {}
            enum Kind: String, Decodable { case a }
        }
        let types: [Any.Type] = [
            TestModels.Person.self, Local.Person.self, Local.Box.self, Local.Kind.self,
            TestModels.Envelope<[TestModels.Notice]>.self, [String: Int?].self, Int.self, (Int, name: String).self,
        ]
        for type in types {
            #expect(_typeName(type, qualified: true) == String(reflecting: type))
            #expect(_typeName(type, qualified: false) == String(describing: type))
        }
        #expect(registry.names.contains("Person"))
        #expect(ModelRegistry([Local.Box.self]).names == ["Box"])
    }

    @Test func sugaredTypeNames() {
        #expect(SwiftTypeName.of([TestModels.Notice].self) == "[Notice]")
        #expect(SwiftTypeName.of([String: [Int?]].self) == "[String: [Int?]]")
        #expect(SwiftTypeName.of(TestModels.Envelope<[TestModels.Notice]>.self) == "Envelope<[Notice]>")
    }
}
