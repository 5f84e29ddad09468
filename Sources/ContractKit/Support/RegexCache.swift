import Foundation

/// Compiled patterns, shared, behind a lock, and what each pattern has cost in values it could not decide.
///
/// ICU, under `NSRegularExpression`, backtracks: a pattern such as `^(a+)+$` takes time exponential in the length of
/// a value that almost matches, and `^(\w|-)+$` runs out of ICU's backtracking stack on a long value that does
/// match. `firstMatch` reads both as "no match", which would blame the backend for the spec's pattern. So a match
/// the engine abandons is `undecided`, never a mismatch; and a pattern whose match may take more than time linear in
/// a value's length (``slowness(_:)``: a repeated group, two long repeats, one in a search not anchored at its start,
/// short repeats with many ways to share out the value) is timed, through the engine's progress calls. Timing also
/// keeps the verdict from ICU's own limit, which after about a second of backtracking answers "no match" with no
/// error, for a value that matches. Those calls make a match slower, so other patterns are not timed.
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
        var isTimed: Bool
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
        let timed = entry.isTimed
        var budget = Duration.zero
        if timed {
            if spent >= Self.giveUpBudget { return .undecided(.givenUp(spent)) }
            budget = spent < Self.patternBudget ? Self.valueBudget : Self.spentValueBudget
        }
        // The thread's own CPU time, not the wall clock, decides: a value is never undecided because its thread
        // waited. But that clock is a system call, which for a quick value would cost more than its match; the wall
        // clock (read without one) is looked at first, and the CPU clock only once the value has taken
        // `cpuClockAfter` on it. The CPU time spent before that first reading is taken to be the wall time, the most
        // it can be.
        let wallStart = timed ? Self.monotonicTime() : .zero
        let cpuClockAfter = min(.milliseconds(1), budget / 4)
        var cpuStart: Duration?
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
                // Looked at every eighth call, well under a millisecond apart.
                calls += 1
                guard calls % 8 == 0 else { return }
                let wall = Self.monotonicTime() - wallStart
                guard wall > cpuClockAfter else { return }
                let cpu = Self.threadCPUTime()
                if cpuStart == nil { cpuStart = cpu - wall }
                if cpu - cpuStart! > budget {
                    verdict = .undecided(.tooSlow(budget))
                    stop.pointee = true
                }
            }
        }
        if timed, case .undecided = verdict {
            let used = cpuStart.map { Self.threadCPUTime() - $0 } ?? Self.monotonicTime() - wallStart
            lock.withLock { spentUndecided[pattern, default: .zero] += used }
        }
        return verdict
    }

    /// The time since some moment in the past, from a clock read without a system call where the kernel allows.
    private static func monotonicTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
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
        let entry = Compiled(regex: regex, isTimed: Self.slowness(pattern) != nil)
        compiled[pattern] = entry
        return entry
    }

    /// Why a match of a pattern may take more than time linear in a value's length, which is when it is timed.
    enum Slowness: Sendable, Equatable {
        /// A group followed by a quantifier (`(a+)+`, `(\w|-)*`, `(ab){2,}`) or a back-reference (`\1`,
        /// `\k<name>`): a backtracking engine may take time exponential in the length.
        case repeatedGroup
        /// Two long repeats (`*`, `+`, `{n,}`, or `{n,m}` with `m` over 16) anywhere (`^a*a*b`): a power of the
        /// length, as each gives back what the next might take. Or short ones (`?`, `{n,m}`) that can share out the
        /// characters in more than ``RegexCache/manyChoices`` ways (`^a?a?a?a?a?a?a?a?a?aaaaaaaaa$`): each way may be
        /// tried.
        case repeats
        /// One long repeat in a pattern not anchored at its start (`[a-z]+b`): ICU tries it from every position of
        /// the value in turn, each try as long as the rest of the value, so the square of the length. Or short repeats
        /// with more than ``RegexCache/fewChoices`` ways, tried from every position.
        case unanchoredRepeat

        /// How to write the pattern so that the engine decides every value quickly.
        var hint: String {
            switch self {
            case .repeatedGroup:
                "rewrite the pattern so it cannot backtrack: a character class, not an alternation, inside a repeat ([\\w-]+, not (\\w|-)+), and no repeat inside a repeat (a+, not (a+)+)"
            case .repeats:
                "rewrite the pattern so that no two repeats can take the same characters (^a*b, not ^a*a*b), and anchor it with ^ where it must match from the start"
            case .unanchoredRepeat:
                "anchor the pattern with ^ where it must match from the start (^[a-z]+b), so the engine tries it once and not from every character; a search can drop a leading repeat ([a-z]b finds what [a-z]+b finds)"
            }
        }
    }

    /// Why a match of `pattern` may take more than time linear in a value's length; nil when it takes time linear
    /// in the length (`^[a-z0-9-]+$`, `cus_[0-9A-Za-z]{14}`), and is not timed.
    static func slowness(_ pattern: String) -> Slowness? {
        let tokens = RegexSyntax.tokens(pattern)
        var afterGroup = false
        var longRepeats = 0
        // The ways the short repeats (`?`, `{n,m}` with `m` up to 16) can share out the characters, multiplied.
        var choices = 1
        // A `?` right after a `(` is a group's syntax (`(?:`, `(?=`), and one right after a repeat makes it lazy.
        var previous: Character = " "
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            guard case .syntax = token.kind else {
                if token.kind == .escaped, token.character.isNumber || token.character == "k" { return .repeatedGroup }
                afterGroup = false
                previous = " "
                continue
            }
            if afterGroup, "*+?{".contains(token.character) { return .repeatedGroup }
            afterGroup = token.character == ")"
            let repeated = previous != "(" && !"*+?}".contains(previous)
            previous = token.character
            switch token.character {
            case "*", "+":
                if repeated { longRepeats += 1 }
            case "?":
                if repeated { choices = min(choices * 2, Self.manyChoices + 1) }
            case "{":
                guard let (lower, upper) = Self.repeatBounds(tokens, from: &index) else {
                    previous = " "
                    break
                }
                previous = "}"
                if let upper, upper <= 16 {
                    choices = min(choices * (max(upper - lower, 0) + 1), Self.manyChoices + 1)
                } else {
                    longRepeats += 1
                }
            default:
                break
            }
        }
        if longRepeats >= 2 || choices > Self.manyChoices { return .repeats }
        if (longRepeats == 1 || choices > Self.fewChoices) && !Self.isAnchoredAtStart(tokens) {
            return .unanchoredRepeat
        }
        return nil
    }

    /// More ways than this for the short repeats of a pattern to share out a value's characters
    /// (`^a?a?a?a?a?a?a?a?a?a?a?aaaaaaaaaaa$` has 2,048), and a match may try them all: ICU, after about a second of
    /// that, answers that nothing matched, with no error to tell it from a real mismatch.
    static let manyChoices = 256
    /// More ways than this, in a search tried from every character of the value, may take as long.
    static let fewChoices = 16

    /// The bounds of the repeat whose `{` comes just before `index` in `tokens`: an upper bound of nil when it has
    /// none (`{2,}`), both the count for `{3}`; nil when the brace opens no repeat (ICU reads `a{x` as literal text).
    /// Moves `index` past the closing brace.
    private static func repeatBounds(_ tokens: [RegexSyntax.Token], from index: inout Int) -> (Int, Int?)? {
        var lower = ""
        var upper: String?
        var position = index
        while position < tokens.count, case .syntax = tokens[position].kind {
            let character = tokens[position].character
            position += 1
            if character == "}" {
                guard !lower.isEmpty else { return nil }
                index = position
                let low = Int(lower) ?? Int.max
                guard let upper else { return (low, low) }
                return (low, upper.isEmpty ? nil : Int(upper) ?? Int.max)
            }
            if character == ",", upper == nil {
                upper = ""
            } else if character.isASCII, character.isNumber {
                if upper == nil { lower.append(character) } else { upper!.append(character) }
            } else {
                return nil
            }
        }
        return nil
    }

    /// True when every match of the pattern must start at the start of the value: it begins with `^` or `\A`, and
    /// has no `|` outside every group (`^USD|EUR$` may match `EUR` anywhere).
    private static func isAnchoredAtStart(_ tokens: [RegexSyntax.Token]) -> Bool {
        guard let first = tokens.first else { return false }
        let anchored =
            (first.kind == .syntax(groups: 0) && first.character == "^")
            || (first.kind == .escaped && first.character == "A")
        return anchored && !tokens.contains { $0.kind == .syntax(groups: 0) && $0.character == "|" }
    }

}
