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

/// The timestamps the recorder stamps recordings with, and history runs sort by.
@Suite struct UTCSecondsTests {
    @Test func aTimestampIsTheDateInUTCToTheSecondAsFoundationWritesIt() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SystemRandomNumberGenerator()
        // Whole seconds and fractions from year 1600 to 9999 (Foundation's calendar is Julian before October 1582, where
        // ISO 8601 and gmtime count on in Gregorian), and the edges of a day, a leap day and the range.
        var dates = [0, 59.999, 86_399.5, 946_684_799, 951_782_400, -11_676_096_000, 253_402_300_799].map {
            Date(timeIntervalSince1970: $0)
        }
        for _ in 0..<2_000 {
            dates.append(
                Date(timeIntervalSince1970: Double.random(in: -11_676_096_000...253_402_300_799, using: &generator)))
        }
        for date in dates {
            let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
            #expect(ISO8601.utcSeconds(date) == formatter.string(from: whole), "\(date.timeIntervalSince1970)")
        }
    }

    /// Years 0 to 9999 are written with four digits; a date outside them (which a HAR's offset can reach from
    /// `0000-01-01T00:30:00+01:00` or `9999-12-31T23:30:00-01:00`) as the epoch, never as a fifth digit or a sign.
    @Test func theYearsOfFourDigitsAreWrittenAndOthersAsTheEpoch() {
        let cases: [(Double, String)] = [
            (-62_167_219_200, "0000-01-01T00:00:00Z"), (-62_167_219_200.5, "1970-01-01T00:00:00Z"),
            (-62_167_219_201, "1970-01-01T00:00:00Z"), (253_402_300_799.9, "9999-12-31T23:59:59Z"),
            (253_402_300_800, "1970-01-01T00:00:00Z"), (-0.5, "1969-12-31T23:59:59Z"),
            // Beyond any time_t, or no number at all: the epoch, not a trap.
            (1e300, "1970-01-01T00:00:00Z"), (-1e300, "1970-01-01T00:00:00Z"),
            (.infinity, "1970-01-01T00:00:00Z"), (.nan, "1970-01-01T00:00:00Z"),
        ]
        for (seconds, text) in cases {
            #expect(ISO8601.utcSeconds(Date(timeIntervalSince1970: seconds)) == text, "\(seconds)")
        }
    }
}
