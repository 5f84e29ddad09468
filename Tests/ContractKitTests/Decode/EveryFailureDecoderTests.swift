import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct EveryFailureDecoderTests {
    func decode(
        _ type: any Decodable.Type, _ json: String, keys: KeyStrategy = .useDefaultKeys, dates: DateFormat = .iso8601
    ) -> DecodeReport {
        EveryFailureDecoder(model: ModelType(type: type), options: DecodingOptions(keys: keys, dates: dates)).decode(
            TestSuites.json(json))
    }

    func lines(_ report: DecodeReport) -> [String] {
        report.failures.map {
            "\($0.kind.rawValue) \($0.path) \($0.place) \($0.expectedType)"
                + ($0.inferredFromSibling ? " inferred" : "")
        }
    }

    @Test func fiveIndependentFailuresAreFiveFailures() {
        let report = decode(
            TestModels.Person.self,
            #"""
            {"id": "7", "email": null, "role": "owner", "created_at": "2026-11-21T03:00:00Z",
             "address": {"street": null, "city": 3}, "tags": ["a"]}
            """#)
        #expect(
            lines(report) == [
                "typeMismatch $.id Person.id Int",
                "keyNotFound $.name Person.name String",
                "dataCorrupted $.role Person.role Role",
                "keyNotFound $.createdAt Person.createdAt Date",
                "valueNotFound $.address.street Address.street String",
                "typeMismatch $.address.city Address.city String",
            ])
        #expect(report.completed)
        #expect(report.attempts == 7)
        #expect(report.failures[1].summary == "Person.name (String, not Optional) is required, but the key is absent")
        #expect(report.failures[4].modelView == "Address.street: Swift type String, property is not Optional")
        #expect(report.failures[5].summary == "Address.city is String, but the value is number 3")
    }

    @Test func aMissingDecodableOnlyEnumIsPatchedWithItsFirstCase() {
        // Decodable-only enums could not be made up, so decoding stopped at the first one, with Foundation's
        // "No value associated with key CodingKeys(...)" in the report's note.
        let report = decode(TestModels.Subscription.self, "{}")
        #expect(
            lines(report) == [
                "keyNotFound $.plan Subscription.plan Plan",
                "keyNotFound $.priority Subscription.priority Priority",
                "keyNotFound $.seats Subscription.seats Int",
            ])
        #expect(report.completed)
        #expect(report.stopReason == nil)
    }

    @Test func keysAreLocatedAsTheStrategySpellsThem() {
        let report = decode(
            TestModels.Person.self,
            #"""
            {"id": 1, "name": "A", "role": "admin", "created_at": 12, "address": {"street": "s", "city": "c"}, "tags": []}
            """#, keys: .convertFromSnakeCase)
        #expect(lines(report) == ["typeMismatch $.created_at Person.createdAt Date"])
        let missing = decode(
            TestModels.Person.self,
            #"{"id": 1, "name": "A", "role": "admin", "address": {"street": "s", "city": "c"}, "tags": []}"#,
            keys: .convertFromSnakeCase)
        #expect(lines(missing) == ["keyNotFound $.created_at Person.createdAt Date"])
    }

    @Test func aWrongContainerIsOneFailureNotOnePerMissingField() {
        let report = decode(
            TestModels.Person.self,
            #"""
            {"id": 1, "name": "A", "role": "admin", "createdAt": "2026-11-21T03:00:00Z", "address": ["Main St", "Springfield"], "tags": []}
            """#)
        #expect(lines(report) == ["typeMismatch $.address Person.address Address"])
        #expect(report.completed)
    }

    @Test func aRepeatedDriftAcrossAListCostsOneAttempt() {
        let elements = (1...200).map { #"{"id": "\#($0)", "title": "t", "severity": "low"}"# }.joined(separator: ",")
        let report = decode(TestModels.NoticeList.self, #"{"notices": [\#(elements)]}"#)
        #expect(report.failures.count == 200)
        #expect(report.failures.filter(\.inferredFromSibling).count == 199)
        #expect(report.attempts == 2)
        #expect(report.completed)
    }

    @Test func anEnumCaseIsPatchedFromAnotherElement() {
        let report = decode(
            TestModels.NoticeList.self,
            #"""
            {"notices": [{"id": 1, "title": "a", "severity": "low"}, {"id": 2, "title": "b", "severity": "critical"},
                         {"id": 3, "severity": "high"}]}
            """#)
        #expect(
            lines(report) == [
                "dataCorrupted $.notices[1].severity Notice.severity Severity",
                "keyNotFound $.notices[2].title Notice.title String",
            ])
        #expect(report.completed)
    }

    @Test func stopsWhenNoValueCanBeMadeUpAndSaysWhy() {
        let report = decode(TestModels.Notice.self, #"{"id": 1, "title": "a", "severity": "critical"}"#)
        #expect(lines(report) == ["dataCorrupted $.severity Notice.severity Severity"])
        #expect(!report.completed)
        #expect(report.stopReason?.hasPrefix("no value could be made up that Notice.severity accepts") == true)
    }

    @Test func stopsAfterTheAttemptLimit() {
        let decoder = EveryFailureDecoder(model: ModelType(type: TestModels.Person.self), maxAttempts: 2)
        let report = decoder.decode(TestSuites.json("{}"))
        #expect(report.failures.count == 2)
        #expect(!report.completed)
        #expect(report.stopReason == "decoding stopped after 2 attempts; later failures may be hidden")
    }

    @Test func rootFailuresNameTheModel() {
        let report = decode([TestModels.Notice].self, #"{"a": 1}"#)
        #expect(lines(report) == ["typeMismatch $ the body [Notice]"])
        #expect(report.failures[0].modelView == "the body: Swift type [Notice]")
    }

    @Test func datesAreJudgedByTheConfiguredStrategy() {
        let report = decode(
            TestModels.Person.self,
            #"""
            {"id": 1, "name": "A", "role": "admin", "createdAt": "21/11/2026", "address": {"street": "s", "city": "c"}, "tags": []}
            """#, dates: .flexible)
        #expect(lines(report) == ["dataCorrupted $.createdAt Person.createdAt Date"])
        #expect(report.failures[0].found == .string("21/11/2026"))
        #expect(report.completed)
    }
}

@Suite struct ISO8601PathRepairTests {
    struct Stamped: Decodable {
        var name: String
        var createdAt: Date
        var expiresOn: Date?
    }

    @Test func anUnreadableISODateIsReportedAtItsOwnKey() {
        // Foundation's .iso8601 strategy names the enclosing object's path; the failure must still name the date.
        let report = EveryFailureDecoder(
            model: ModelType(type: [Stamped].self), options: DecodingOptions(dates: .iso8601)
        )
        .decode(TestSuites.json(#"[{"name": "a", "createdAt": "2026-11-21T03:00:00Z", "expiresOn": "21/11/2026"}]"#))
        #expect(report.failures.map(\.path) == [path(0, "expiresOn")])
        #expect(report.failures.first?.place == "Stamped.expiresOn")
        #expect(report.completed)
    }
}
