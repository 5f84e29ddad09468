import ContractTestSupport
import Testing

@testable import ContractKit

/// `lint` warns when a `redact:` path points at a value typed so narrowly that its placeholder fails the check.
@Suite struct RedactionTypingTests {
    func warnings(_ spec: String) throws -> [SpecWarnings.Warning] {
        let suite = try TestSuites.suite(("Specs/a.yaml", spec))
        return RedactionPath.typingWarnings(for: suite.endpoints, shapes: suite.shapes)
    }

    @Test func aRedactedEnumOrPatternIsWarnedAboutWhereItIsTyped() throws {
        let found = try warnings(
            """
            shapes:
              Card:
                brand: enum(visa, amex)
                last4: String(/^[0-9]{4}$/)
                token: String
            endpoints:
              cards:
                request: GET /cards
                redact: ["$.cards[*].brand", "$..last4", "$.cards[*].token", "$.owner"]
                expect:
                  body:
                    cards: "[Card]"
                    owner: UUID

            """)
        #expect(found.map { "\($0.location.line):\($0.location.column)" } == ["3:12", "4:12"])
        #expect(found[0].message.contains("'$.cards[*].brand' is redacted in a/cards's recordings"), "\(found[0])")
        #expect(found[0].message.contains("enum(visa, amex) (a value from a list)"), "\(found[0])")
        #expect(found[1].message.contains("'$..last4'") && found[1].message.contains("(a pattern)"), "\(found[1])")
        #expect(found[0].hint.contains("type it String in the spec, or stop redacting it"))
    }

    @Test func redactedValuesWhosePlaceholderKeepsTheirFormAreNotWarnedAbout() throws {
        // A string, a UUID, a date, a number: the recorder's placeholder has the same form.
        let found = try warnings(
            """
            endpoints:
              me:
                request: GET /me
                redact: ["$.token", "$.id", "$.since", "$.pin", "$.missing"]
                expect:
                  body: { token: String, id: UUID, since: Date, pin: Int }

            """)
        #expect(found.isEmpty, "\(found)")
    }
}
