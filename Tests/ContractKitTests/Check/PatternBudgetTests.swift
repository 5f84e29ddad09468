import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A pattern the regex engine cannot decide on a value is the spec's problem: a warning that names the pattern, never
/// a breaking mismatch blamed on the backend, and never a run that stalls.
@Suite(.timeLimit(.minutes(1))) struct PatternBudgetTests {
    @Test func aLongValueThatExhaustsTheBacktrackingStackIsAWarningNotAMismatch() throws {
        // ICU's stack gives out on a run of word characters this long (not on every long value: "ab-" repeated passes).
        let long = String(repeating: "a", count: 200_000)
        #expect(RegexCache.shared.verdict(#"^(\w|-)+$"#, long) == .undecided(.stackExhausted))
        let findings = try check("\"\(long)\"", bodyShape: #"String(/^(\w|-)+$/)"#)
        #expect(summary(findings) == ["pattern-mismatch warning $"])
        let finding = try #require(findings.first)
        #expect(
            finding.message
                == #"the body could not be checked against /^(\w|-)+$/: the regex engine ran out of backtracking stack on this 200000-character value"#
        )
        // The hint's rewrite decides the same value, and still refuses what the first pattern refused.
        #expect(try check("\"\(long)\"", bodyShape: #"String(/^[\w-]+$/)"#).isEmpty)
        #expect(summary(try check(#""a b""#, bodyShape: #"String(/^[\w-]+$/)"#)) == ["pattern-mismatch breaking $"])
    }

    @Test func aValueThatBacktracksForeverIsAbandonedInTimeAsAWarning() throws {
        let hostile = String(repeating: "a", count: 40) + "!"
        let findings = try check("[\"\(hostile)\", \"aaa\", \"b\"]", bodyShape: #"[String(/^(a+)+$/)]"#)
        #expect(summary(findings) == ["pattern-mismatch warning $[0]", "pattern-mismatch breaking $[2]"])
        #expect(findings[0].message.contains("the regex engine gave up after"))
        #expect(findings[0].message.hasSuffix("on this 41-character value"))
        #expect(try check("\"\(hostile)\"", bodyShape: #"String(/^a+$/)"#).map(\.kind) == [.patternMismatch])
    }

    @Test func aPatternThatHasSpentItsBudgetStillDecidesQuickValuesThenIsGivenUp() {
        // A pattern of its own, so that other tests' budgets do not count.
        let pattern = #"^(b+)+$|^ok$"#
        let hostile = String(repeating: "b", count: 40) + "!"
        for _ in 0..<12 {
            guard case .undecided(.tooSlow) = RegexCache.shared.verdict(pattern, hostile) else {
                Issue.record("a hostile value was decided")
                return
            }
        }
        // Past the pattern's budget each hostile value is given less time, and the plain answers still come.
        if case .undecided(.tooSlow(let budget)) = RegexCache.shared.verdict(pattern, hostile) {
            #expect(budget == RegexCache.spentValueBudget)
        } else {
            Issue.record("a hostile value was decided")
        }
        #expect(RegexCache.shared.verdict(pattern, "ok") == .matches)
        #expect(RegexCache.shared.verdict(pattern, "bbb") == .matches)
        #expect(RegexCache.shared.verdict(pattern, "no") == .doesNotMatch)
        // Once it has spent the give-up budget, values are no longer run through it: a body of many hostile values
        // costs seconds, not minutes.
        var tried = 0
        while case .undecided(.tooSlow) = RegexCache.shared.verdict(pattern, hostile), tried < 5_000 { tried += 1 }
        guard case .undecided(.givenUp(let spent)) = RegexCache.shared.verdict(pattern, "ok") else {
            Issue.record("the pattern was not given up after \(tried) more hostile values")
            return
        }
        #expect(spent >= RegexCache.giveUpBudget)
    }

    @Test(arguments: [
        (#"^(a+)+$"#, true), (#"(\w|-)*"#, true), (#"(ab){2,}"#, true), (#"(a)\1"#, true), (#"(?<x>a)\k<x>"#, true),
        (#"(?:ab)?c"#, true), (#"^[a-z]+$"#, false), (#"\(x\)+"#, false), (#"[()]+"#, false),
        (#"^cus_[0-9A-Za-z]{14}$"#, false),
        (#"a|b"#, false),
    ])
    func onlyPatternsThatCanBacktrackWithoutBoundAreTimed(pattern: String, timed: Bool) {
        #expect(RegexCache.mayBacktrackWithoutBound(pattern) == timed)
    }

    @Test func anUntimedPatternStillTellsAnAbandonedMatch() {
        // No group is repeated here, so the match is not timed; ICU's stack still runs out on a long enough value.
        let pattern = #"^(?=a)a+$"#
        #expect(!RegexCache.mayBacktrackWithoutBound(pattern))
        let long = String(repeating: "a", count: 2_000_000)
        #expect(RegexCache.shared.verdict(pattern, long) == .undecided(.stackExhausted))
        #expect(RegexCache.shared.verdict(pattern, "aaa") == .matches)
        #expect(RegexCache.shared.verdict(#"^[a-z]+$"#, long) == .matches)
    }
}
