import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A number beyond Double's range is refused by `JSONDecoder` with only "The given data was not valid JSON" at the top
/// of the body; the shape check names the key instead, and agrees with the decoder on every literal here.
@Suite struct NumberRangeTests {
    struct Price: Decodable { var amount: Double }

    static func decoderReads(_ literal: String) -> Bool {
        (try? JSONDecoder().decode(Price.self, from: Data(#"{"amount": \#(literal)}"#.utf8))) != nil
    }

    @Test(arguments: [
        ("1e400", false), ("-1e400", false), ("1E+309", false), ("1.7976931348623159e308", false),
        ("1e-400", false), ("-2e-324", false),
        ("1.7976931348623157e308", true), ("5e-324", true), ("0e-999", true), ("-0.000e999", true), ("12.5", true),
        ("123456789012345678901234567890", true),
    ])
    func aDoubleOutOfRangeIsATypeMismatchAtItsKey(literal: String, fits: Bool) throws {
        #expect(Self.decoderReads(literal) == fits, "JSONDecoder disagrees about \(literal)")
        let findings = try check(#"{"amount": \#(literal)}"#, bodyShape: "{ amount: Double }")
        if fits {
            #expect(findings.isEmpty)
        } else {
            #expect(summary(findings) == ["type-mismatch breaking $.amount"])
            #expect(findings.first?.message.contains("'amount' is \(literal), too") == true, "\(findings)")
            #expect(findings.first?.message.contains("for a Double: JSONDecoder refuses the whole body") == true)
        }
    }

    @Test func anIntBeyondDoubleIsNotToldToBecomeADouble() throws {
        let findings = try check(#"{"count": 1e400}"#, bodyShape: "{ count: Int }")
        #expect(summary(findings) == ["type-mismatch breaking $.count"])
        #expect(findings.first?.hint?.contains("no Swift number type reads this one") == true)
        let fraction = try check(#"{"count": 1.5}"#, bodyShape: "{ count: Int }")
        #expect(fraction.first?.hint == "the backend now sends a fraction: declare the property Double or Decimal")
    }

    @Test func aVeryLongLiteralIsShownByItsEnds() throws {
        let literal = "1" + String(repeating: "0", count: 400)
        let findings = try check(#"{"amount": \#(literal)}"#, bodyShape: "{ amount: Double }")
        #expect(summary(findings) == ["type-mismatch breaking $.amount"])
        #expect(findings.first?.actual == "number 10000000000000000000…000000000000")
    }

    struct Ticket: Decodable {
        var price: Double
        var count: Int
        var name: String
    }

    static func verify(_ body: String, asReceived: Bool = false) async throws -> EndpointResult {
        let spec = """
            endpoints:
              ticket:
                request: GET /t
                expect: { body: { price: Double, count: Int, name: String, legacy?: Double, at?: Any } }
                model: Ticket
            """
        let suite = try OneEndpointSuite(spec: spec, bodies: ["ticket": body], asReceived: asReceived)
        defer { suite.remove() }
        return try await suite.verify(models: [Ticket.self]).results[0]
    }

    /// JSONDecoder refuses a whole body for one number beyond Double's range, saying only "not valid JSON" at `$`.
    /// The finding is the shape check's, at the number, breaking; the model still judges every other place; and a
    /// number like it where the model reads nothing breaks nothing.
    @Test func throughTheModelTheNumberIsBlamedWhereItIsAndTheRestIsStillJudged() async throws {
        let result = try await Self.verify(#"{"price": 1e400, "count": "3", "name": "a", "legacy": 1e400}"#)
        #expect(
            summary(result.findings) == [
                "type-mismatch breaking $.price", "type-mismatch breaking $.count", "type-mismatch warning $.legacy",
            ])
        let range = try #require(result.findings.first)
        #expect(
            range.message.hasPrefix(
                "'price' is 1e400, too large for a Double: JSONDecoder refuses the whole body, saying only that it is not valid JSON; the model fails: Ticket.price"
            ), "\(range.message)")
        #expect(range.hint?.hasPrefix("ask the backend team to send a number within Double's range") == true)
        #expect(result.findings[1].message.contains("the model fails"), "the model judged the other place")
        #expect(
            result.findings[2].message.hasSuffix("Ticket decodes the body anyway"), "the model never reads 'legacy'")
        #expect(!result.findings.contains { $0.kind == .decodeFailed })

        // Where the model reads nothing, such a number breaks nothing.
        let unread = try await Self.verify(#"{"price": 1.5, "count": 3, "name": "a", "legacy": -1e-400}"#)
        #expect(summary(unread.findings) == ["type-mismatch warning $.legacy"])
    }

    /// JSONDecoder refuses a whole body for a string it reads that escapes half a surrogate pair (a string cut inside
    /// an emoji), saying only "not valid JSON" at `$`. The failure is told at the string, with the backend fix; the
    /// model still judges every other place; a whole pair, or a half the model never reads, breaks nothing.
    @Test func halfASurrogatePairIsBlamedWhereTheModelReadsIt() async throws {
        let result = try await Self.verify(
            #"{"price": 1.5, "count": "3", "name": "Alan\ud800 Turing", "at": ["\udc00", "\ud83d\ude00"]}"#,
            asReceived: true)
        #expect(summary(result.findings) == ["type-mismatch breaking $.count", "decode-failed breaking $.name"])
        let half = result.findings[1]
        #expect(
            half.message.hasPrefix(
                "Ticket.name (String) cannot be read from string \"Alan\u{FFFD} Turing\": the string escapes half of a UTF-16 surrogate pair"
            ), "\(half.message)")
        #expect(half.hint == JSONHalfSurrogates.hint)
        let whole = try await Self.verify(
            #"{"price": 1.5, "count": 3, "name": "\ud83d\ude00", "at": "\ud800"}"#, asReceived: true)
        #expect(whole.findings.isEmpty, "\(whole.findings)")
    }

    /// With transforms the app parses the body first, with the transforms' own parser
    /// (``JSONTransform/apply(to:)-(Data)``), which reads half a pair as U+FFFD as the verifier's does: the model then
    /// reads U+FFFD and nothing fails, in the app or here.
    @Test func halfASurrogatePairBehindATransformIsReadAsTheAppReadsIt() async throws {
        let body = #"{"data": {"price": 1.5, "count": 3, "name": "Alan\ud800 Turing"}}"#
        let spec = """
            endpoints:
              ticket:
                request: GET /t
                expect: { body: { data: { price: Double, count: Int, name: String } } }
                transforms:
                  - unwrap: data
                model: Ticket
            """
        let suite = try OneEndpointSuite(spec: spec, bodies: ["ticket": body], asReceived: true)
        defer { suite.remove() }
        let result = try await suite.verify(models: [Ticket.self]).results[0]
        #expect(result.findings.isEmpty, "\(result.findings)")
        let unwrapped = try UnwrapTransform(key: "data").apply(to: Data(body.utf8))
        #expect(try JSONDecoder().decode(Ticket.self, from: unwrapped).name == "Alan\u{FFFD} Turing")
    }

    @Test(arguments: [
        (#"a\ud800"#, true), (#"\udc00b"#, true), (#"\ud83d\ude00"#, false), (#"\ud83d\u0041"#, true),
        (#"\\ud800"#, false), (#"\ud83d"#, true), (#"\uD83D\uDE00\uDE00"#, true), ("plain", false),
    ])
    func halfPairsAreFoundInTheRawText(_ raw: String, _ holdsHalf: Bool) {
        let bytes = Array(raw.utf8)
        #expect(bytes.withUnsafeBufferPointer { JSONHalfSurrogates.holdsHalf($0) } == holdsHalf, "\(raw)")
    }

    /// Where the spec says `Any`, the shape check has nothing to say; the model's failure is told at the number, not
    /// lost with the zero the decoder put there.
    @Test func aNumberTheSpecLeavesOpenIsStillAFailureWhereTheModelReadsIt() async throws {
        struct Reading: Decodable { var at: Double }
        let spec = """
            endpoints:
              reading:
                request: GET /r
                expect: { body: { at: Any } }
                model: Reading
            """
        let suite = try OneEndpointSuite(spec: spec, bodies: ["reading": #"{"at": 1e400}"#])
        defer { suite.remove() }
        let result = try await suite.verify(models: [Reading.self]).results[0]
        #expect(summary(result.findings) == ["decode-failed breaking $.at"])
        let failure = try #require(result.findings.first)
        #expect(failure.message.contains("no Swift number type holds it"), "\(failure.message)")
        #expect(failure.hint == JSONNumber.beyondDoubleHint)
    }
}
