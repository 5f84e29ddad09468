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

    @Test(
        arguments: [
            (#"^(a+)+$"#, .repeatedGroup), (#"(\w|-)*"#, .repeatedGroup), (#"(ab){2,}"#, .repeatedGroup),
            (#"(a)\1"#, .repeatedGroup), (#"(?<x>a)\k<x>"#, .repeatedGroup), (#"(?:ab)?c"#, .repeatedGroup),
            (#"^a*a*b"#, .repeats), (#"^\d+\.\d+$"#, .repeats), (#"^x{1,100}y{1,100}$"#, .repeats),
            (#"^a{2,}b+"#, .repeats), (#"^a?a?a?a?a?a?a?a?a?aaaaaaaaa$"#, .repeats), (#"^a{0,16}a{0,16}$"#, .repeats),
            (#"^a+?b+?$"#, .repeats), (#"a?b?c?d?e?x"#, .unanchoredRepeat),
            (#"[a-z]+b"#, .unanchoredRepeat), (#"\(x\)+"#, .unanchoredRepeat), (#"[()]+"#, .unanchoredRepeat),
            (#"^USD+|EUR$"#, .unanchoredRepeat), (#"(^a+)"#, .unanchoredRepeat),
            (#"^[a-z]+$"#, nil), (#"^[a-z]+b"#, nil), (#"\Aa+"#, nil), (#"^\(x\)+"#, nil), (#"^[()]+"#, nil),
            (#"^cus_[0-9A-Za-z]{14}$"#, nil), (#"cus_[0-9A-Za-z]{14}"#, nil), (#"x{1,16}y{2}"#, nil), (#"a{x}b"#, nil),
            (#"a|b"#, nil), (#"^[+*]{3}$"#, nil), (#"^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$"#, nil),
            (#"^\+?[1-9]\d{1,14}$"#, nil), (#"^a{2,3}?b$"#, nil), (#"^(?:ab|cd)x?y?$"#, nil), (#"^a*+b$"#, nil),
        ] as [(String, RegexCache.Slowness?)])
    func patternsThatMayTakeMoreThanLinearTimeAreTimed(pattern: String, slowness: RegexCache.Slowness?) {
        #expect(RegexCache.slowness(pattern) == slowness)
    }

    @Test(arguments: [
        // A search tries the pattern from each of the value's characters: the square of 200,000 steps.
        (#"[a-z]+b"#, String(repeating: "a", count: 200_000)),
        // Five repeats that take the same characters: the fifth power of 3,000.
        (#"^a*a*a*a*a*b"#, String(repeating: "a", count: 3_000)),
    ])
    func aPatternThatTakesAPowerOfTheLengthIsAbandonedInTimeWithAHintThatFitsIt(pattern: String, value: String)
        throws
    {
        let findings = try check("\"\(value)\"", bodyShape: "String(/\(pattern)/)")
        #expect(summary(findings) == ["pattern-mismatch warning $"])
        let finding = try #require(findings.first)
        #expect(finding.message.contains("the regex engine gave up after"))
        #expect(finding.hint == RegexCache.slowness(pattern)?.hint)
        #expect(finding.hint?.contains(pattern.hasPrefix("^") ? "no two repeats" : "anchor the pattern with ^") == true)
    }

    @Test func aValueThatMatchesInOneOfManyWaysIsNeverABreakingMismatch() throws {
        // 2^28 ways for the `a?` to share out the value: ICU gives up after about a second and answers "no match", with
        // no error, though the value matches (every `a?` empty). Timed, it is a warning, not drift blamed on the backend.
        let pattern = "^" + String(repeating: "a?", count: 28) + String(repeating: "a", count: 28) + "$"
        #expect(RegexCache.slowness(pattern) == .repeats)
        let findings = try check("\"\(String(repeating: "a", count: 28))\"", bodyShape: "String(/\(pattern)/)")
        #expect(summary(findings) == ["pattern-mismatch warning $"])
        #expect(findings.first?.message.contains("the regex engine gave up after") == true)
        // A value it decides quickly still is.
        #expect(try check(#""b""#, bodyShape: "String(/\(pattern)/)").map(\.severity) == [.breaking])
    }

    @Test func followingTheHintForASlowPatternDecidesTheSameValuesQuickly() throws {
        let long = String(repeating: "a", count: 200_000)
        // Anchored, the search is tried once: a mismatch found in linear time, and the values that matched still do.
        #expect(try summary(check("\"\(long)\"", bodyShape: #"String(/^[a-z]+b/)"#)) == ["pattern-mismatch breaking $"])
        #expect(try check(#""aab""#, bodyShape: #"String(/^[a-z]+b/)"#).isEmpty)
        // A search with its leading repeat dropped finds what it found, and refuses what it refused, in linear time.
        #expect(try summary(check("\"\(long)\"", bodyShape: #"String(/[a-z]b/)"#)) == ["pattern-mismatch breaking $"])
        #expect(try check(#""1-xab""#, bodyShape: #"String(/[a-z]b/)"#).isEmpty)
        #expect(RegexCache.slowness(#"[a-z]b"#) == nil)
        // One repeat for two: the same values match.
        #expect(try summary(check("\"\(long)\"", bodyShape: #"String(/^a*b/)"#)) == ["pattern-mismatch breaking $"])
        #expect(try check(#""aaab""#, bodyShape: #"String(/^a*b/)"#).isEmpty)
    }

    @Test func anUntimedPatternStillTellsAnAbandonedMatch() {
        // Anchored, with one repeat and no group repeated, the match is not timed; ICU's stack still runs out on a long enough value.
        let pattern = #"^(?=a)a+$"#
        #expect(RegexCache.slowness(pattern) == nil)
        let long = String(repeating: "a", count: 2_000_000)
        #expect(RegexCache.shared.verdict(pattern, long) == .undecided(.stackExhausted))
        #expect(RegexCache.shared.verdict(pattern, "aaa") == .matches)
        #expect(RegexCache.shared.verdict(#"^[a-z]+$"#, long) == .matches)
    }
}
