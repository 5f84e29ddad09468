import Foundation

/// Compiled patterns, shared, behind a lock, and what each pattern has cost in values it could not decide.
///
/// ICU, under `NSRegularExpression`, backtracks: a pattern such as `^(a+)+$` takes time exponential in the length of
/// a value that almost matches, and `^(\w|-)+$` runs out of ICU's backtracking stack on a long value that does
/// match. `firstMatch` reads both as "no match", which would blame the backend for the spec's pattern. So a match
/// here is timed, through the engine's progress calls, and a match the engine abandons is `undecided`, never a
/// mismatch.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()

    /// Time one value may take while its pattern has spent less than `patternBudget` on values it could not decide.
    static let valueBudget: Duration = .milliseconds(100)
    /// Time a pattern may spend in all on values it could not decide, in one process; past it, each value gets
    /// `spentValueBudget`, so a body of many hostile values costs little more than its count.
    static let patternBudget: Duration = .seconds(1)
    /// Time one value may take once its pattern has spent `patternBudget`: a value that matches, or fails, quickly
    /// is still decided.
    static let spentValueBudget: Duration = .milliseconds(2)

    /// Why a match was abandoned.
    enum Abandoned: Sendable, Equatable {
        /// ICU ran out of backtracking stack (`U_REGEX_STACK_OVERFLOW`), which it reports as an internal error.
        case stackExhausted
        /// The match took longer than the time it was given.
        case tooSlow(Duration)
    }

    /// What a pattern says of a text.
    enum Verdict: Sendable, Equatable {
        case matches
        case doesNotMatch
        case undecided(Abandoned)
    }

    private let lock = NSLock()
    private var compiled: [String: NSRegularExpression] = [:]
    private var spentUndecided: [String: Duration] = [:]

    /// True when `pattern` matches somewhere in `text`, as OpenAPI and JSON Schema mean `pattern`: `^` and `$`
    /// anchor it where they are written. An invalid pattern, or a match the engine abandons, matches nothing.
    func matches(_ pattern: String, _ text: String) -> Bool {
        verdict(pattern, text) == .matches
    }

    /// Whether `pattern` matches somewhere in `text`, or the engine could not tell in the time it was given. An
    /// invalid pattern matches nothing.
    func verdict(_ pattern: String, _ text: String) -> Verdict {
        guard let regex = regex(pattern) else { return .doesNotMatch }
        let budget = lock.withLock {
            spentUndecided[pattern, default: .zero] < Self.patternBudget ? Self.valueBudget : Self.spentValueBudget
        }
        let clock = ContinuousClock()
        let start = clock.now
        var verdict = Verdict.doesNotMatch
        regex.enumerateMatches(
            in: text, options: [.reportProgress, .reportCompletion], range: NSRange(text.startIndex..., in: text)
        ) { match, flags, stop in
            if match != nil {
                verdict = .matches
                stop.pointee = true
            } else if flags.contains(.internalError) {
                verdict = .undecided(.stackExhausted)
            } else if flags.contains(.progress), start.duration(to: clock.now) > budget {
                verdict = .undecided(.tooSlow(budget))
                stop.pointee = true
            }
        }
        if case .undecided = verdict {
            let spent = start.duration(to: clock.now)
            lock.withLock { spentUndecided[pattern, default: .zero] += spent }
        }
        return verdict
    }

    func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        compiled[pattern] = regex
        return regex
    }
}
