/// A syntax error as libyaml reports it, in Swift values, and the work of explaining it to a person:
/// a message that says where the enclosing construct started, a location that lands on visible text,
/// and a hint when the text shows a common mistake.
struct YAMLSyntaxProblem: Sendable {
    /// What libyaml found wrong, such as `did not find expected key`.
    var problem: String
    /// Where libyaml found it.
    var location: SourceLocation
    /// What libyaml was reading, such as `while parsing a block mapping`.
    var context: String?
    /// Where that construct started.
    var contextLocation: SourceLocation?

    /// The lines of `text`, which the loader has already normalized to `\n` line endings.
    static func lines(of text: String) -> [Substring] {
        // Split on scalars: as a Character, "\r\n" would not match "\n".
        text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The problem as a ``ContractError`` with a hint when one applies (the snippet is added by the loader).
    func contractError(lines: [Substring]) -> ContractError {
        var message = problem
        if let context {
            message += " " + context
            if let contextLocation, contextLocation != location {
                message += " that started at \(contextLocation.line):\(contextLocation.column)"
            }
        }
        return ContractError(.yamlSyntax, message, at: visibleLocation(lines: lines), hint: hint(lines: lines))
    }

    /// At the end of the input libyaml points at column 1 of a line after the text, where a snippet would
    /// show nothing; point just after the last text instead.
    func visibleLocation(lines: [Substring]) -> SourceLocation {
        let index = location.line - 1
        guard location.column == 1, index >= 0, lines.dropFirst(index).allSatisfy(Self.isBlankOrComment),
              let last = lines.prefix(index).lastIndex(where: { !Self.isBlankOrComment($0) })
        else { return location }
        let text = lines[last].unicodeScalars
        let end = text.lastIndex(where: { $0 != " " && $0 != "\t" }).map { text.distance(from: text.startIndex, to: $0) + 1 } ?? 0
        return SourceLocation(file: location.file, line: last + 1, column: end + 1)
    }

    // MARK: - Hints

    static let tabHint = "YAML does not allow tabs for indentation; use spaces"
    static let indentationHint =
        "check the indentation: keys of one mapping and items of one list must start in the same column, "
        + "and nested content must be indented further than the key that holds it"
    static let colonInValueHint =
        "the value contains ': ', which YAML reads as the start of a nested mapping; put the whole value in quotes"
    static let missingColonHint = "a mapping entry needs 'key: value'; add the missing ':' after the key"

    /// A likely fix judged from the text around the problem, or nil when nothing common fits.
    func hint(lines: [Substring]) -> String? {
        let visible = visibleLocation(lines: lines)
        let problemLine = line(at: location, in: lines)
        if let problemLine, problemLine.prefix(while: { $0 == " " || $0 == "\t" }).contains("\t") || problem.contains("tab character") {
            return Self.tabHint
        }
        if let problemLine, let character = Self.scalar(in: problemLine, atColumn: location.column),
           character == "@" || character == "`" {
            return "'\(character)' is reserved in YAML and cannot start a plain value; put the value in quotes"
        }
        if let problemLine, let value = Self.plainValue(in: problemLine), location.column >= value.column,
           let hint = Self.indicatorHint(for: value.text) {
            return hint
        }
        // A context that starts where the problem is was moved with it to the last text.
        if let context, let contextLocation, ["flow", "alias", "anchor"].contains(where: context.contains),
           let contextLine = line(at: contextLocation == location ? visible : contextLocation, in: lines), let value = Self.plainValue(in: contextLine),
           let hint = Self.indicatorHint(for: value.text) {
            return hint
        }
        if problem.hasPrefix("mapping values are not allowed") {
            if let problemLine, let value = Self.plainValue(in: problemLine), location.column > value.column {
                return Self.colonInValueHint
            }
            return Self.indentationHint
        }
        if problem.hasPrefix("did not find expected key") || problem.hasPrefix("did not find expected '-' indicator")
            || problem.hasPrefix("block sequence entries are not allowed") {
            return Self.indentationHint
        }
        if problem.hasPrefix("could not find expected ':'") {
            return Self.missingColonHint
        }
        return nil
    }

    /// What a value's first character makes of it, when that is probably not what the writer meant.
    static func indicatorHint(for value: Substring) -> String? {
        switch value.first {
        case "[": return "a value that starts with '[' is read as a list; close it with ']', or put the whole value in quotes if it is text"
        case "{": return "a value that starts with '{' is read as a mapping; close it with '}', or put the whole value in quotes if it is text"
        case "*": return "a value that starts with '*' is read as an alias of an anchor; put the value in quotes if it is text"
        case "&": return "a value that starts with '&' is read as an anchor name; put the value in quotes if it is text"
        default: return nil
        }
    }

    private func line(at location: SourceLocation, in lines: [Substring]) -> Substring? {
        lines.indices.contains(location.line - 1) ? lines[location.line - 1] : nil
    }

    private static func isBlankOrComment(_ line: Substring) -> Bool {
        let text = line.drop(while: { $0 == " " || $0 == "\t" })
        return text.isEmpty || text.hasPrefix("#")
    }

    private static func scalar(in line: Substring, atColumn column: Int) -> Unicode.Scalar? {
        let scalars = Array(line.unicodeScalars)
        return scalars.indices.contains(column - 1) ? scalars[column - 1] : nil
    }

    /// The unquoted value of a `key: value` line (list dashes skipped) and its 1-based column.
    static func plainValue(in line: Substring) -> (text: Substring, column: Int)? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func skipSpaces() { while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" { index += 1 } }
        skipSpaces()
        while index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] == " " {
            index += 1
            skipSpaces()
        }
        // Step over the key, which may be quoted and contain ': ' itself.
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
            let quote = scalars[index]
            index += 1
            while index < scalars.count, scalars[index] != quote { index += 1 }
            index += 1
        }
        while index < scalars.count {
            if scalars[index] == "#", index > 0, scalars[index - 1] == " " { return nil }
            if scalars[index] == ":", index + 1 < scalars.count, scalars[index + 1] == " " || scalars[index + 1] == "\t" { break }
            index += 1
        }
        guard index < scalars.count else { return nil }
        index += 1
        skipSpaces()
        guard index < scalars.count, scalars[index] != "\"", scalars[index] != "'" else { return nil }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars[index...])
        return (Substring(String(text)), index + 1)
    }
}
