import Foundation

/// Compiled patterns, shared, behind a lock, and what each pattern has cost in values it could not decide.
///
/// ICU, under `NSRegularExpression`, backtracks: a pattern such as `^(a+)+$` takes time exponential in the length of
/// a value that almost matches, and `^(\w|-)+$` runs out of ICU's backtracking stack on a long value that does
/// match. `firstMatch` reads both as "no match", which would blame the backend for the spec's pattern. So a match
/// the engine abandons is `undecided`, never a mismatch; and a pattern that can backtrack without bound (a repeated
/// group, a back-reference) is timed, through the engine's progress calls. Those calls come at every place a search
/// starts, which makes an unanchored search several times slower, so patterns without such parts are not timed.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()

    /// Time (the thread's CPU time) one value may take while its pattern has spent less than `patternBudget` on
    /// values it could not decide.
    static let valueBudget: Duration = .milliseconds(100)
    /// Time a pattern may spend in all on values it could not decide, in one process; past it, each value gets
    /// `spentValueBudget`, so a body of many hostile values costs little more than its count.
    static let patternBudget: Duration = .seconds(1)
    /// Time one value may take once its pattern has spent `patternBudget`: a value that matches, or fails, quickly
    /// is still decided.
    static let spentValueBudget: Duration = .milliseconds(2)
    /// Time a pattern may spend in all on values it could not decide before it is given up: later values are not
    /// run through it, so a body of tens of thousands of hostile values costs seconds, not minutes.
    static let giveUpBudget: Duration = .seconds(4)

    /// Why a match was abandoned.
    enum Abandoned: Sendable, Equatable {
        /// ICU ran out of backtracking stack (`U_REGEX_STACK_OVERFLOW`), which it reports as an internal error.
        case stackExhausted
        /// The match took longer than the time it was given.
        case tooSlow(Duration)
        /// The pattern had spent ``RegexCache/giveUpBudget`` on values it could not decide: the value was not tried.
        case givenUp(Duration)
    }

    /// What a pattern says of a text.
    enum Verdict: Sendable, Equatable {
        case matches
        case doesNotMatch
        case undecided(Abandoned)
    }

    /// A compiled pattern, and whether it is timed.
    private struct Compiled {
        var regex: NSRegularExpression
        var mayBacktrackWithoutBound: Bool
    }

    private let lock = NSLock()
    private var compiled: [String: Compiled] = [:]
    private var spentUndecided: [String: Duration] = [:]

    /// True when `pattern` matches somewhere in `text`, as OpenAPI and JSON Schema mean `pattern`: `^` and `$`
    /// anchor it where they are written. An invalid pattern, or a match the engine abandons, matches nothing.
    func matches(_ pattern: String, _ text: String) -> Bool {
        verdict(pattern, text) == .matches
    }

    /// Whether `pattern` matches somewhere in `text`, or the engine could not tell in the time it was given. An
    /// invalid pattern matches nothing.
    func verdict(_ pattern: String, _ text: String) -> Verdict {
        let (found, spent) = lock.withLock { (compiledEntry(pattern), spentUndecided[pattern, default: .zero]) }
        guard let entry = found else { return .doesNotMatch }
        let timed = entry.mayBacktrackWithoutBound
        var budget = Duration.zero
        if timed {
            if spent >= Self.giveUpBudget { return .undecided(.givenUp(spent)) }
            budget = spent < Self.patternBudget ? Self.valueBudget : Self.spentValueBudget
        }
        // The thread's own CPU time, not the wall clock: a value is never undecided because its thread waited.
        let start = timed ? Self.threadCPUTime() : .zero
        var calls = 0
        var verdict = Verdict.doesNotMatch
        entry.regex.enumerateMatches(
            in: text, options: timed ? [.reportProgress, .reportCompletion] : .reportCompletion,
            range: NSRange(text.startIndex..., in: text)
        ) { match, flags, stop in
            if match != nil {
                verdict = .matches
                stop.pointee = true
            } else if flags.contains(.internalError) {
                verdict = .undecided(.stackExhausted)
            } else if flags.contains(.progress) {
                // The clock is a system call: looked at every eighth call, well under a millisecond apart.
                calls += 1
                if calls % 8 == 0, Self.threadCPUTime() - start > budget {
                    verdict = .undecided(.tooSlow(budget))
                    stop.pointee = true
                }
            }
        }
        if timed, case .undecided = verdict {
            let used = Self.threadCPUTime() - start
            lock.withLock { spentUndecided[pattern, default: .zero] += used }
        }
        return verdict
    }

    /// The CPU time the calling thread has used.
    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    func regex(_ pattern: String) -> NSRegularExpression? {
        lock.withLock { compiledEntry(pattern)?.regex }
    }

    /// The compiled pattern; called with the lock held.
    private func compiledEntry(_ pattern: String) -> Compiled? {
        if let entry = compiled[pattern] { return entry }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let entry = Compiled(regex: regex, mayBacktrackWithoutBound: Self.mayBacktrackWithoutBound(pattern))
        compiled[pattern] = entry
        return entry
    }

    /// True when `pattern` has a group followed by a quantifier (`(a+)+`, `(\w|-)*`, `(ab){2,}`) or a
    /// back-reference (`\1`, `\k<name>`): the parts that let a backtracking engine take time exponential in a
    /// value's length. Without them the time a match takes is bounded by a small power of the length.
    static func mayBacktrackWithoutBound(_ pattern: String) -> Bool {
        var afterGroup = false
        for token in RegexSyntax.tokens(pattern) {
            guard case .syntax = token.kind else {
                if token.kind == .escaped, token.character.isNumber || token.character == "k" { return true }
                afterGroup = false
                continue
            }
            if afterGroup, "*+?{".contains(token.character) { return true }
            afterGroup = token.character == ")"
        }
        return false
    }

}
