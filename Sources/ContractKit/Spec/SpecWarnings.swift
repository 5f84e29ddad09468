import Foundation

/// What `lint` warns about in a suite that loads: things that hold today but will not for long, or whose meaning
/// changed. A warning never fails a run.
package struct SpecWarnings: Sendable {
    /// One warning, with where it applies.
    package struct Warning: Sendable, Hashable, CustomStringConvertible {
        package var location: SourceLocation
        package var message: String
        package var hint: String

        package var description: String { "\(location): warning: \(message)\n    fix: \(hint)" }
    }

    /// How many days ahead an expiring waiver is warned about.
    package static let waiverNoticeDays = 14

    /// The day waivers are judged against.
    package var today: Date

    /// Warnings for `today`.
    package init(today: Date = Date()) {
        self.today = today
    }

    /// Every warning of `suite`'s `endpoints`, in file order.
    package func warnings(for suite: SpecSuite, endpoints: [Endpoint]) -> [Warning] {
        var found: [Warning] = []
        var shapes = suite.shapes.values.map { $0 }
        shapes += endpoints.compactMap(\.expect.body)
        // An imported file's patterns were always searches (OpenAPI's meaning): the notice is for specs written
        // before contract 2.
        for shape in shapes where !suite.importedFiles.contains(shape.location.file) {
            patternWarnings(in: shape, into: &found)
        }
        // Today and the notice horizon, as UTC days, once for every endpoint (a calendar is costly to ask).
        let day = CalendarDate(utc: today)
        let soon = CalendarDate(utc: today.addingTimeInterval(Double(SpecWarnings.waiverNoticeDays) * 86_400))
        for endpoint in endpoints where !endpoint.waivers.isEmpty {
            waiverWarnings(endpoint, day: day, soon: soon, into: &found)
        }
        var seen: Set<Warning> = []
        return found.filter { seen.insert($0).inserted }.sorted { $0.location < $1.location }
    }

    /// Patterns used to match whole strings; they are now a search, as in OpenAPI and JSON Schema. One that is not
    /// anchored at both ends may accept values it refused before.
    private func patternWarnings(in shape: Shape, into found: inout [Warning]) {
        switch shape.kind {
        case .pattern(let pattern):
            // `^USD|EUR$` is `^USD` or `EUR$`: each alternative is anchored at one end only, so it is still a search;
            // `^USD$|^EUR$` is anchored at both ends in each.
            let alternatives = SpecWarnings.topLevelAlternatives(pattern)
            guard !alternatives.allSatisfy({ $0.hasPrefix("^") && SpecWarnings.endsWithAnchor(String($0)) }) else {
                return
            }
            let splitsAnchors =
                alternatives.count > 1 && (pattern.hasPrefix("^") || SpecWarnings.endsWithAnchor(pattern))
            var inner = Substring(pattern)
            if inner.hasPrefix("^") { inner = inner.dropFirst() }
            if SpecWarnings.endsWithAnchor(String(inner)) { inner = inner.dropLast() }
            found.append(
                Warning(
                    location: shape.location,
                    message: splitsAnchors
                        ? "the pattern /\(pattern)/ is a search: its '|' splits the anchors, so each is bound to one alternative alone"
                        : "the pattern /\(pattern)/ is a search: it matches anywhere in the string (before contract 2 it had to match the whole string)",
                    hint: "if the whole string must match, anchor it: String(/^(?:\(inner))$/)"))
        case .optional(let inner), .array(let inner), .dictionary(let inner):
            patternWarnings(in: inner, into: &found)
        case .object(let object):
            for field in object.fields { patternWarnings(in: field.shape, into: &found) }
        case .union(let members):
            for member in members { patternWarnings(in: member, into: &found) }
        default:
            break
        }
    }

    /// The pattern cut at each `|` outside every group and character class, not escaped: its anchors bind to the
    /// first and last of them only.
    static func topLevelAlternatives(_ pattern: String) -> [Substring] {
        var alternatives: [Substring] = []
        var start = pattern.startIndex
        for token in RegexSyntax.tokens(pattern) where token.kind == .syntax(groups: 0) && token.character == "|" {
            alternatives.append(pattern[start..<token.index])
            start = pattern.index(after: token.index)
        }
        alternatives.append(pattern[start...])
        return alternatives
    }

    /// `$` at the end, not escaped.
    private static func endsWithAnchor(_ pattern: String) -> Bool {
        guard pattern.hasSuffix("$") else { return false }
        let backslashes = pattern.dropLast().reversed().prefix { $0 == "\\" }.count
        return backslashes % 2 == 0
    }

    private func waiverWarnings(
        _ endpoint: Endpoint, day: CalendarDate, soon: CalendarDate, into found: inout [Warning]
    ) {
        for waiver in endpoint.waivers {
            guard let until = CalendarDate(waiver.until) else { continue }
            let what = "the waiver for \(waiver.kind)\(waiver.path.map { " at \($0)" } ?? "") in \(endpoint.id)"
            if until < day {
                found.append(
                    Warning(
                        location: waiver.location, message: "\(what) expired on \(waiver.until); verify fails on it",
                        hint: "fix the drift and remove the waiver, or extend 'until' if the reason still holds"))
            } else if until <= soon {
                found.append(
                    Warning(
                        location: waiver.location,
                        message: "\(what) expires on \(waiver.until), within \(SpecWarnings.waiverNoticeDays) days",
                        hint: "fix the drift before then, or extend 'until' if the reason still holds"))
            }
        }
    }
}
