import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct DateSnifferTests {
    @Test func theBytesSayWhatTheTextSaysOfDates() {
        // `contract diff` reads every string's bytes in place; it must find the dates the text reader finds.
        let texts = [
            "2026-01-10T09:30:00Z", "2026-01-10T09:30:00.250Z", "2026-01-10T10:30:00+01:00", "2026-01-10",
            "2026-01-10 09:30:00", "Sat, 21 Nov 2026 03:00:00 GMT", "21 Nov 2026 03:00:00 +0000", "10/01/2026",
            "2026/01/10", "12345", "-37.3159", "92998-3874", "1-770-736-8031 x56442", "", "a/b/c", "1 2 3 4 5:",
            "Ada", "2026-13-40", "2026-01-10T25:00:00Z", "\u{0661}/\u{0662}/\u{0663}",
            "Saturday, 21 November 2026 03:00:00 GMT", "Mon, 2 Feb 2026 3:00", "abcdefgh/ijklmnop/", "a b c d e f g:",
        ]
        for text in texts {
            var copy = text
            let fromBytes = copy.withUTF8 { DateSniffer.dateStyle(ofUTF8: $0) }
            let fromText = DateSniffer.style(ofText: text)
            switch fromText {
            case .numericString, .unrecognised, .epochSeconds, .epochMilliseconds, .epochMicroseconds:
                #expect(fromBytes == nil, "\(text)")
            default:
                #expect(fromBytes == fromText, "\(text)")
            }
        }
    }

    /// The first test of a string for a date finds a colon or a slash wherever it is: in a whole word of 8 bytes or
    /// in the bytes after the last one.
    @Test func aColonOrASlashIsFoundAtEveryPosition() {
        for length in 0...20 {
            var plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(!plain.withUnsafeBufferPointer { DateSniffer.hasColonOrSlash($0) })
            for position in 0..<length {
                for mark in [UInt8(ascii: ":"), UInt8(ascii: "/")] {
                    plain[position] = mark
                    #expect(plain.withUnsafeBufferPointer { DateSniffer.hasColonOrSlash($0) }, "\(length) \(position)")
                    plain[position] = UInt8(ascii: "a")
                }
            }
        }
        // Bytes one away from them, or with the high bit set, are neither.
        let near = Array(";.0\u{BA}\u{AF}".utf8) + [0xBA, 0xAF, 0x3A ^ 0x80]
        #expect(!near.withUnsafeBufferPointer { DateSniffer.hasColonOrSlash($0) })
    }

    static func style(_ literal: String) -> DateSniffer.Style? {
        DateSniffer.style(of: .number(JSONNumber(literal: literal)))
    }

    @Test(arguments: [
        ("0", DateSniffer.Style.epochSeconds),
        ("1795230000", .epochSeconds),
        ("99999999999", .epochSeconds),
        ("100000000000", .epochMilliseconds),
        ("1795230000000", .epochMilliseconds),
        ("99999999999999", .epochMilliseconds),
        ("100000000000000", .epochMicroseconds),
        ("1795230000000000", .epochMicroseconds),
        ("100000000000000000", .epochMicroseconds),
        ("1e17", .epochMicroseconds),
        ("-1e17", .epochMicroseconds),
        ("100000000000000016", .unrecognised),  // the next Double after 10^17
        ("1.0000001e17", .unrecognised),
        ("1795230000000000000", .unrecognised),
        ("1.2e29", .unrecognised),
        ("-1.2e29", .unrecognised),
        ("1e400", .unrecognised),
    ])
    func numbersAreToldApartBySizeUpToAPlausibleEpoch(_ literal: String, _ expected: DateSniffer.Style) {
        #expect(Self.style(literal) == expected)
    }

    /// Each text form is told by its own rules; the bytes a form cannot do without (spaces and a ':' for RFC 2822,
    /// two '/' for slashes) are looked for first, and texts without them are not dates of that form.
    @Test(arguments: [
        ("2026-11-21T03:00:00Z", DateSniffer.Style.iso8601(fraction: false, offset: false)),
        ("2026-11-21T03:00:00.5+01:00", .iso8601(fraction: true, offset: true)),
        ("2026-11-21", .iso8601DateOnly),
        ("2026-11-21T03:00:00", .iso8601NoZone),
        ("-37.3159", .numericString),
        ("Sat, 21 Nov 2026 03:00:00 GMT", .rfc2822),
        ("21 Nov 2026 03:00 +0000", .rfc2822),
        ("  21  Nov 2026 03:00:00 GMT", .rfc2822),
        ("21 Nov 2026 03-00-00 GMT", .unrecognised),
        ("21 Nov 2026 03:00:00", .unrecognised),
        ("22/11/2026", .slashed),
        ("/22/11/2026", .slashed),
        ("22/11", .unrecognised),
        ("22/11/x", .unrecognised),
        ("92998-3874", .unrecognised),
        ("Leanne Graham", .unrecognised),
        ("", .unrecognised),
    ])
    func textIsToldApartByItsForm(_ text: String, _ expected: DateSniffer.Style) {
        #expect(DateSniffer.style(ofText: text) == expected)
    }

    @Test func anImplausibleNumberIsDescribedAsANumber() {
        let value = JSONValue.number(JSONNumber(literal: "1.2e29"))
        #expect(DateSniffer.style(of: value)?.description(for: value) == "a number that is not a plausible timestamp")
        let text = JSONValue.string("next tuesday")
        #expect(DateSniffer.style(of: text)?.description(for: text) == "text that is not a recognised date")
    }

    @Test func flexibleDatesDoNotReadImplausibleNumbers() {
        #expect(FlexibleDate.parse(.number(JSONNumber(literal: "1.2e29"))) == nil)
        #expect(!DateSniffer.value(.number(JSONNumber(literal: "1.2e29")), matches: .flexible))
    }

    @Test func theCheckerSaysAnImplausibleNumberIsNotATimestamp() throws {
        let findings = try check(#"{"at": 1.2e29}"#, bodyShape: "{ at: Date }")
        #expect(summary(findings) == ["date-format-mismatch breaking $.at"])
        #expect(findings[0].actual == "number 1.2e29 (looks like a number that is not a plausible timestamp)")
        #expect(findings[0].message == "'at' is written as a number that is not a plausible timestamp, not as iso8601")
        #expect(
            findings[0].hint
                == "the value is not a date the app can read; ask the backend team, or declare the property Double")
    }
}

/// A suggested date format is one that reads the value seen, and applying it to the spec clears the finding.
@Suite struct SuggestedDateFormatTests {
    @Test(arguments: [
        ("2026-11-20 10:00:00", "yyyy-MM-dd HH:mm:ss"), ("2026-11-20T10:00:00", "yyyy-MM-dd'T'HH:mm:ss"),
        ("2026-11-20 10:00:00.123", "yyyy-MM-dd HH:mm:ss.SSS"), ("2026-11-20", "yyyy-MM-dd"),
        ("Sat, 21 Nov 2026 03:00:00 GMT", "EEE, dd MMM yyyy HH:mm:ss zzz"), ("22/11/2026", "dd/MM/yyyy"),
    ])
    func theSuggestedFormatReadsTheValueAndClearsTheFinding(_ text: String, _ format: String) throws {
        let style = try #require(DateSniffer.style(of: .string(text)))
        #expect(style.suggestedStrategy(for: .string(text)) == "\"\(format)\"")
        let before = try check(#"{"at": "\#(text)"}"#, bodyShape: "{ at: 'Date(iso8601)' }")
        if text.contains("T") && text.count == 19 {
            // Foundation's iso8601 strategy needs a zone; the finding names the format that reads it.
            #expect(before.first?.hint?.contains("`Date(\"\(format)\")`") == true, "\(before)")
        }
        let quoted = format.replacingOccurrences(of: "'", with: "''")  // YAML's single-quoted escape
        let after = try check(#"{"at": "\#(text)"}"#, bodyShape: "{ at: 'Date(\"\(quoted)\")' }")
        #expect(after.isEmpty, "\(after)")
    }
}
