import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct ModelProbeTests {
    @Test func recordsTypesOwnersAndOptionalityEvenPastBrokenValues() {
        let probe = ModelProbe(keys: .convertFromSnakeCase, dates: .iso8601)
        probe.walk(TestModels.Person.self, over: TestSuites.json(#"{"id": "7", "created_at": 5, "address": []}"#))
        #expect(probe.records[path("id")]?.type == Int.self)
        #expect(probe.records[path("email")]?.optional == true)
        #expect(probe.records[path("name")]?.optional == false)
        #expect(probe.records[path("createdAt")]?.type == Date.self)
        #expect(probe.records[path("address", "city")]?.owner == TestModels.Address.self)
        #expect(probe.records[path("role")]?.type == TestModels.Role.self)
    }

    @Test func recordsElementsOfArraysAndDictionaries() {
        let probe = ModelProbe(keys: .useDefaultKeys, dates: .iso8601)
        probe.walk([String: [TestModels.Notice]].self, over: TestSuites.json(#"{"a": [{"id": 1}], "b": []}"#))
        #expect(probe.records[path("a")]?.type == [TestModels.Notice].self)
        #expect(probe.records[path("a", 0)]?.type == TestModels.Notice.self)
        #expect(probe.records[path("a", 0, "severity")]?.owner == TestModels.Notice.self)
    }

    @Test func synthesizesValuesTheRealDecoderAccepts() throws {
        let probe = ModelProbe(keys: .convertFromSnakeCase, dates: .millisecondsSince1970)
        let value = try #require(probe.synthesize(TestModels.Person.self, at: .root))
        #expect(
            JSONWriter(style: .compact).write(value)
                == #"{"id":0,"name":"x","role":"admin","createdAt":978307200000,"address":{"street":"x","city":"x"},"tags":[]}"#
        )
        let decoder = DecodingOptions(keys: .convertFromSnakeCase, dates: .millisecondsSince1970).makeDecoder()
        _ = try decoder.decode(TestModels.Person.self, from: Data(JSONWriter().writeBytes(value)))
    }

    @Test func anEnumThatDoesNotListItsCasesCannotBeMadeUp() {
        let probe = ModelProbe(keys: .useDefaultKeys, dates: .iso8601)
        #expect(probe.synthesize(TestModels.Severity.self, at: .root) == nil)
        #expect(probe.synthesize(TestModels.Role.self, at: .root) == .string("admin"))
    }
}
