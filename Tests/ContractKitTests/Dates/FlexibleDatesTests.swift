import Foundation
import Testing

@testable import ContractKit

@Suite struct FlexibleDatesTests {
    struct Stamp: Decodable {
        var at: Date
    }

    func decode(_ value: String, _ strategy: JSONDecoder.DateDecodingStrategy = .flexible) throws -> Date {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = strategy
        return try decoder.decode(Stamp.self, from: Data(#"{"at": \#(value)}"#.utf8)).at
    }

    @Test(arguments: [
        (#""2026-11-21T03:00:00Z""#, 1_795_230_000.0),
        (#""2026-11-21T03:00:00.250Z""#, 1_795_230_000.25),
        (#""2026-11-21T04:00:00+01:00""#, 1_795_230_000.0),
        (#""2026-11-21T04:00:00.5+0100""#, 1_795_230_000.5),
        (#""2026-11-21 03:00:00Z""#, 1_795_230_000.0),
        (#""2026-11-21T03:00:00""#, 1_795_230_000.0),
        (#""2026-11-21""#, 1_795_219_200.0),
        ("1795230000", 1_795_230_000.0),
        ("1795230000.5", 1_795_230_000.5),
        ("1795230000000", 1_795_230_000.0),
        (#""1795230000""#, 1_795_230_000.0),
    ])
    func readsTheCommonForms(_ json: String, _ seconds: Double) throws {
        #expect(try decode(json).timeIntervalSince1970 == seconds)
    }

    @Test func configuredFormatsComeAfterTheBuiltInForms() throws {
        #expect(try decode(#""21/11/2026""#, .flexible(formats: ["dd/MM/yyyy"])).timeIntervalSince1970 == 1_795_219_200)
        #expect(throws: DecodingError.self) { try decode(#""21/11/2026""#) }
    }

    @Test func saysWhatItAcceptsWhenAValueIsNotADate() {
        do {
            _ = try decode(#""next tuesday""#)
            Issue.record("decoded")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["at"])
            #expect(
                context.debugDescription
                    == "Expected a date (ISO 8601, yyyy-MM-dd, epoch seconds or milliseconds) but found \"next tuesday\"."
            )
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func nullIsValueNotFoundAsWithTheStandardStrategies() {
        #expect {
            try decode("null")
        } throws: { error in
            guard case DecodingError.valueNotFound(let type, _) = error else { return false }
            return type == Date.self
        }
    }

    @Test func optionsMakeTheDecoderTheSpecDeclares() throws {
        let decoder = DecodingOptions(keys: .convertFromSnakeCase, dates: .millisecondsSince1970).makeDecoder()
        struct Notice: Decodable { var updatedAt: Date }
        let notice = try decoder.decode(Notice.self, from: Data(#"{"updated_at": 1795230000000}"#.utf8))
        #expect(notice.updatedAt.timeIntervalSince1970 == 1_795_230_000)
        let formatted = DecodingOptions(dates: .formatted("yyyy-MM-dd")).makeDecoder()
        #expect(
            try formatted.decode([Date].self, from: Data(#"["2026-11-21"]"#.utf8))[0].timeIntervalSince1970
                == 1_795_219_200)
    }
}
