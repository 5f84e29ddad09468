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
        let textWidth = Array(lines[last].unicodeScalars).lastIndex(where: { !Self.isSpace($0) }).map { $0 + 1 } ?? 0
        return SourceLocation(file: location.file, line: last + 1, column: textWidth + 1)
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
        let problemLine = line(at: location, in: lines)
        let problemValue = problemLine.flatMap(Self.plainValue(in:))
        if problem.contains("tab character") || problemLine?.prefix(while: Self.isSpace).contains("\t") == true {
            return Self.tabHint
        }
        if let character = problemLine.flatMap({ Self.scalar(in: $0, atColumn: location.column) }),
            character == "@" || character == "`"
        {
            return "'\(character)' is reserved in YAML and cannot start a plain value; put the value in quotes"
        }
        if let problemValue, location.column >= problemValue.column,
            let hint = Self.indicatorHint(for: problemValue.text)
        {
            return hint
        }
        if let hint = contextIndicatorHint(lines: lines) {
            return hint
        }
        if problem.hasPrefix("mapping values are not allowed") {
            // Past the start of the value, the ':' is inside it; before, the line is indented too far.
            if let problemValue, location.column > problemValue.column { return Self.colonInValueHint }
            return Self.indentationHint
        }
        let indentationProblems = [
            "did not find expected key", "did not find expected '-' indicator",
            "block sequence entries are not allowed",
        ]
        if indentationProblems.contains(where: problem.hasPrefix) {
            return Self.indentationHint
        }
        if problem.hasPrefix("could not find expected ':'") {
            return Self.missingColonHint
        }
        return nil
    }

    /// For a problem inside an unclosed list, mapping, alias or anchor: what its first character meant.
    private func contextIndicatorHint(lines: [Substring]) -> String? {
        guard let context, let contextLocation, ["flow", "alias", "anchor"].contains(where: context.contains)
        else { return nil }
        // A context that starts where the problem is was moved with it onto the last text.
        let place = contextLocation == location ? visibleLocation(lines: lines) : contextLocation
        guard let value = line(at: place, in: lines).flatMap(Self.plainValue(in:)) else { return nil }
        return Self.indicatorHint(for: value.text)
    }

    /// What a value's first character makes of it, when that is probably not what the writer meant.
    static func indicatorHint(for value: Substring) -> String? {
        let ifText = "put the whole value in quotes if it is text"
        switch value.first {
        case "[": return "a value that starts with '[' is read as a list; close it with ']', or \(ifText)"
        case "{": return "a value that starts with '{' is read as a mapping; close it with '}', or \(ifText)"
        case "*": return "a value that starts with '*' is read as an alias of an anchor; \(ifText)"
        case "&": return "a value that starts with '&' is read as an anchor name; \(ifText)"
        default: return nil
        }
    }

    private func line(at location: SourceLocation, in lines: [Substring]) -> Substring? {
        lines.indices.contains(location.line - 1) ? lines[location.line - 1] : nil
    }

    private static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }
    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool { scalar == " " || scalar == "\t" }

    private static func isBlankOrComment(_ line: Substring) -> Bool {
        let text = line.drop(while: isSpace)
        return text.isEmpty || text.hasPrefix("#")
    }

    private static func scalar(in line: Substring, atColumn column: Int) -> Unicode.Scalar? {
        let scalars = Array(line.unicodeScalars)
        return scalars.indices.contains(column - 1) ? scalars[column - 1] : nil
    }

    /// The unquoted value of a `key: value` line (list dashes skipped) and its 1-based column;
    /// nil when the line has no value or the value is quoted.
    static func plainValue(in line: Substring) -> (text: Substring, column: Int)? {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        func skipSpaces() {
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
        }
        skipSpaces()
        while index + 1 < scalars.count, scalars[index] == "-", scalars[index + 1] == " " {
            index += 1
            skipSpaces()
        }
        // Step over a quoted key, which may contain ': ' itself.
        if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
            let quote = scalars[index]
            index += 1
            while index < scalars.count, scalars[index] != quote { index += 1 }
            index += 1
        }
        // Find the ': ' that ends the key; a comment ends the search.
        while index < scalars.count {
            if scalars[index] == "#", index > 0, scalars[index - 1] == " " { return nil }
            if scalars[index] == ":", index + 1 < scalars.count, isSpace(scalars[index + 1]) { break }
            index += 1
        }
        guard index < scalars.count else { return nil }
        index += 1
        skipSpaces()
        guard index < scalars.count, scalars[index] != "\"", scalars[index] != "'" else { return nil }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[index...])
        return (Substring(String(value)), index + 1)
    }
}
