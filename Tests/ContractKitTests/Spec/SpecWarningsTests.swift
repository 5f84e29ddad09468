import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct PatternSearchTests {
    @Test func aPatternIsASearchAnchoredOnlyWhereWritten() throws {
        #expect(try check(#""cus_QXg1o8vcGmoR32""#, bodyShape: "String(/^cus_/)").isEmpty)
        #expect(try check(#""a cus_ b""#, bodyShape: "String(/cus_/)").isEmpty)
        #expect(try check(#""ab""#, bodyShape: "String(/^a$/)").map(\.kind) == [.patternMismatch])
        #expect(try check(#""xab""#, bodyShape: "String(/^a|^ab/)").map(\.kind) == [.patternMismatch])
        #expect(try check(#""ch_1""#, bodyShape: "String(/^cus_/)").map(\.kind) == [.patternMismatch])
    }
}

@Suite struct SpecWarningsTests {
    static let today = ISO8601DateFormatter().date(from: "2026-11-23T12:00:00Z")!

    static func warnings(_ yaml: String) throws -> [SpecWarnings.Warning] {
        let suite = try TestSuites.suite(("Specs/users.yaml", yaml))
        return SpecWarnings(today: today).warnings(for: suite, endpoints: suite.endpoints)
    }

    @Test func aPatternNotAnchoredAtBothEndsIsWarnedAbout() throws {
        let found = try Self.warnings(
            """
            shapes:
              Customer: { id: 'String(/^cus_/)', code: 'String(/^[A-Z]{3}$/)', tag: 'String(/x\\$/)' }
            endpoints:
              get: { request: GET /c, expect: { body: '[String(/[0-9]+/)]' } }
            """)
        #expect(found.map(\.message).filter { $0.contains("/^cus_/") }.count == 1)
        #expect(found.contains { $0.message.contains("/[0-9]+/") })
        #expect(found.contains { $0.message.contains(#"/x\$/"#) }, "an escaped '$' is no anchor")
        #expect(!found.contains { $0.message.contains("[A-Z]{3}") })
        let first = try #require(found.first { $0.message.contains("/^cus_/") })
        #expect(first.hint == "if the whole string must match, anchor it: String(/^(?:cus_)$/)")
        #expect(first.location.line == 2)
    }

    @Test func theAnchoredHintKeepsTheOldMeaning() throws {
        // Applying the hint: the anchored pattern refuses what only the old whole-string meaning refused.
        #expect(
            try check(#""cus_1 trailing""#, bodyShape: "String(/^(?:cus_[0-9]+)$/)").map(\.kind) == [.patternMismatch])
        #expect(try check(#""cus_1""#, bodyShape: "String(/^(?:cus_[0-9]+)$/)").isEmpty)
    }

    @Test func anAlternationThatSplitsTheAnchorsIsWarnedAboutAndItsHintAnchorsTheWhole() throws {
        let found = try Self.warnings(
            """
            shapes:
              Price:
                currency: 'String(/^USD|EUR$/)'
                grouped: 'String(/^(?:USD|EUR)$/)'
                inClass: 'String(/^[|a]+$/)'
                escaped: 'String(/^a\\|b$/)'
                quoted: 'String(/^\\Q|\\E$/)'
                each: 'String(/^USD$|^EUR$/)'
                bracket: 'String(/^[]|]$/)'
                negated: 'String(/^[^]|]+$/)'
                bare: 'String(/USD|EUR/)'
            endpoints:
              get: { request: GET /p, expect: { body: Price } }
            """)
        #expect(found.map(\.location.line) == [3, 11], "only a top-level '|' splits anchors: \(found)")
        #expect(
            found.last?.message.hasSuffix(
                "it matches anywhere in the string (before contract 2 it had to match the whole string)") == true)
        let warning = try #require(found.first)
        #expect(warning.message.contains("its '|' splits the anchors"))
        #expect(warning.hint == "if the whole string must match, anchor it: String(/^(?:USD|EUR)$/)")
        // The pattern as written lets these through; the hint's pattern does not, and still takes the codes.
        #expect(try check(#""USDX""#, bodyShape: "String(/^USD|EUR$/)").isEmpty)
        #expect(try check(#""XEUR""#, bodyShape: "String(/^USD|EUR$/)").isEmpty)
        for text in ["USDX", "XEUR"] {
            #expect(try check("\"\(text)\"", bodyShape: "String(/^(?:USD|EUR)$/)").map(\.kind) == [.patternMismatch])
        }
        for text in ["USD", "EUR"] {
            #expect(try check("\"\(text)\"", bodyShape: "String(/^(?:USD|EUR)$/)").isEmpty)
        }
    }

    @Test func expiredAndExpiringWaiversAreWarnedAbout() throws {
        let found = try Self.warnings(
            """
            endpoints:
              get:
                request: GET /c
                waivers:
                  - { kind: extra-key, until: 2026-11-01, reason: old }
                  - { kind: type-mismatch, until: 2026-12-01, reason: soon }
                  - { kind: missing-key, until: 2027-06-01, reason: later }
            """)
        #expect(
            found.map(\.message) == [
                "the waiver for extra-key in users/get expired on 2026-11-01; verify fails on it",
                "the waiver for type-mismatch in users/get expires on 2026-12-01, within 14 days",
            ])
    }
}
