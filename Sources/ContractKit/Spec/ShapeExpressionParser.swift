import Foundation

/// Parses shape expressions in Swift type syntax: `[String: User]`, `Date("yyyy-MM-dd")?`, `enum(a, b)`,
/// `Int(1, 2, 3)`.
package struct ShapeExpressionParser {
    /// Built-in type names and their shapes; anything else is a named shape resolved later.
    static let builtins: [String: Shape.Kind] = [
        "String": .string, "Int": .int, "Int64": .int, "Int32": .int, "Double": .double, "Float": .double,
        "Decimal": .double, "Bool": .bool, "Date": .date(nil), "URL": .url, "UUID": .uuid, "Any": .any,
    ]

    /// How deep arrays, dictionaries and optionals may nest in one expression. Real shapes stay in single digits;
    /// the bound keeps a hostile spec (`'[[[[...'`, `'String????...'`) from exhausting the stack here or in every
    /// stage that walks the shape later.
    static let maximumDepth = 64

    private let scalars: [Unicode.Scalar]
    private let text: String
    private let start: SourceLocation
    private var position = 0
    private var depth = 0

    /// Parses `text`, whose first character is at `location`.
    package static func parse(_ text: String, at location: SourceLocation) throws(ContractError) -> Shape {
        // Most expressions are one name, `User` or `String`: read as the parser would read them, without a copy of
        // the text's scalars (a spec of a thousand endpoints spent half a millisecond here).
        if let name = plainName(text) {
            return Shape(builtins[name] ?? .named(name), at: location)
        }
        var parser = ShapeExpressionParser(text: text, start: location)
        parser.skipSpaces()
        let shape = try parser.parseType()
        parser.skipSpaces()
        if parser.position < parser.scalars.count {
            throw parser.error("unexpected '\(parser.scalars[parser.position])' after the shape \(shape)")
        }
        return shape
    }

    /// `text` when it is one ASCII name and nothing else (not `enum`, which needs its cases), else nil.
    private static func plainName(_ text: String) -> String? {
        guard !text.isEmpty, text != "enum" else { return nil }
        let isPlain = text.utf8.allSatisfy { byte in
            let letter = byte | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
        return isPlain ? text : nil
    }

    private init(text: String, start: SourceLocation) {
        self.text = text
        self.scalars = Array(text.unicodeScalars)
        self.start = start
    }

    private var here: SourceLocation { start.advanced(byColumns: position) }

    private func error(_ message: String, at offset: Int? = nil, hint: String? = nil) -> ContractError {
        ContractError(
            .invalidShape, message, at: start.advanced(byColumns: offset ?? position),
            hint: hint
                ?? "shapes are written as Swift types: String, Int, Date?, [User], [String: User], enum(a, b), String(/regex/), Int(1, 2), String | User"
        )
    }

    private mutating func skipSpaces() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    private func peek() -> Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }

    private mutating func expect(_ scalar: Unicode.Scalar, _ what: String) throws(ContractError) {
        skipSpaces()
        guard peek() == scalar else {
            throw error(peek().map { "expected \(what), found '\($0)'" } ?? "expected \(what) at the end")
        }
        position += 1
    }

    /// A type, or a union of types: `String | Customer`.
    private mutating func parseType() throws(ContractError) -> Shape {
        skipSpaces()
        try enterLevel()
        defer { depth -= 1 }
        let first = try parseOptionalType()
        skipSpaces()
        guard peek() == "|" else { return first }
        var members: [Shape] = []
        var next = first
        while true {
            // A group written in parentheses inside a union adds its members: `(A | B) | C` is `A | B | C`.
            if case .union(let inner) = next.kind { members += inner } else { members.append(next) }
            skipSpaces()
            guard peek() == "|" else { break }
            position += 1
            skipSpaces()
            guard peek() != nil, peek() != "|", peek() != ")", peek() != "]" else {
                throw error("expected a type after '|'", hint: "a union lists two or more types: String | Customer")
            }
            next = try parseOptionalType()
        }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.description).inserted {
            var listed: Set<String> = []
            let once = members.map(\.description).filter { listed.insert($0).inserted }
            throw error(
                "the union lists \(member) twice", at: member.location.column - start.column,
                hint: "list each type once: \(once.joined(separator: " | "))")
        }
        return Shape(.union(members), at: first.location)
    }

    /// A type with its `?`s, not a union.
    private mutating func parseOptionalType() throws(ContractError) -> Shape {
        skipSpaces()
        var shape = try parsePrimary()
        var optionals = 0
        while peek() == "?" {
            optionals += 1
            guard depth + optionals <= ShapeExpressionParser.maximumDepth else { throw tooDeep() }
            shape = Shape(.optional(shape), at: shape.location)
            position += 1
        }
        return shape
    }

    private mutating func enterLevel() throws(ContractError) {
        depth += 1
        guard depth <= ShapeExpressionParser.maximumDepth else { throw tooDeep() }
    }

    private func tooDeep() -> ContractError {
        error(
            "the shape nests deeper than \(ShapeExpressionParser.maximumDepth) levels",
            hint: "give the inner parts names under 'shapes:' (User, [User]) instead of nesting them in one expression")
    }

    private mutating func parsePrimary() throws(ContractError) -> Shape {
        let location = here
        guard let first = peek() else { throw error("expected a type") }
        if first == "(" {
            // A group, so that `?` or an array can take a whole union: `(String | Customer)?`.
            position += 1
            let inner = try parseType()
            try expect(")", "')' to close the group")
            return Shape(inner.kind, at: location)
        }
        if first == "[" {
            position += 1
            let element = try parseType()
            skipSpaces()
            if peek() == ":" {
                position += 1
                guard case .string = element.kind else {
                    throw error(
                        "dictionary keys must be String, not \(element)", at: element.location.column - start.column,
                        hint: "JSON object keys are always strings: write [String: T]")
                }
                let value = try parseType()
                try expect("]", "']' to close the dictionary")
                return Shape(.dictionary(value), at: location)
            }
            try expect("]", "']' to close the array")
            return Shape(.array(element), at: location)
        }
        let name = readIdentifier()
        guard !name.isEmpty else { throw error("expected a type name, found '\(first)'") }
        skipSpaces()
        switch name {
        case "enum":
            return Shape(.enumeration(try parseEnumCases()), at: location)
        case "Date" where peek() == "(":
            return Shape(.date(try parseDateArgument()), at: location)
        case "String" where peek() == "(":
            return Shape(.pattern(try parsePatternArgument()), at: location)
        case "Int" where peek() == "(":
            return Shape(.integers(try parseIntegerCases()), at: location)
        default:
            if peek() == "(" {
                guard ShapeExpressionParser.builtins[name] != nil else {
                    throw error(
                        "unknown type '\(name)(...)'\(Suggestions.didYouMean(name, in: ["enum", "Date", "String", "Int"]))",
                        at: location.column - start.column)
                }
                throw error("'\(name)' takes no arguments; only Date(...), String(/regex/), Int(1, 2) and enum(...) do")
            }
            if let kind = ShapeExpressionParser.builtins[name] { return Shape(kind, at: location) }
            return Shape(.named(name), at: location)
        }
    }

    private mutating func readIdentifier() -> String {
        var name = ""
        while let scalar = peek(), ShapeName.allows(scalar) {
            name.unicodeScalars.append(scalar)
            position += 1
        }
        return name
    }

    private mutating func readQuoted() throws(ContractError) -> String? {
        guard let quote = peek(), quote == "\"" || quote == "'" else { return nil }
        let opening = position
        position += 1
        var value = ""
        while let scalar = peek(), scalar != quote {
            value.unicodeScalars.append(scalar)
            position += 1
        }
        guard peek() == quote else { throw error("unterminated quote", at: opening) }
        position += 1
        return value
    }

    private mutating func parseEnumCases() throws(ContractError) -> [String] {
        try expect("(", "'(' after enum")
        var cases: [String] = []
        var seen: Set<String> = []
        while true {
            skipSpaces()
            if peek() == ")", cases.isEmpty { throw error("enum(...) needs at least one case") }
            let value: String
            if let quoted = try readQuoted() {
                value = quoted
            } else {
                var bare = ""
                while let scalar = peek(), scalar != ",", scalar != ")" {
                    bare.unicodeScalars.append(scalar)
                    position += 1
                }
                value = bare.trimmingSpaces()
                guard !value.isEmpty else { throw error("empty enum case") }
            }
            guard seen.insert(value).inserted else { throw error("enum case '\(value)' is listed twice") }
            cases.append(value)
            skipSpaces()
            if peek() == "," {
                position += 1
                continue
            }
            try expect(")", "',' or ')' in enum(...)")
            return cases
        }
    }

    /// `Int(1, 2, 3)`: whole numbers, each listed once.
    private mutating func parseIntegerCases() throws(ContractError) -> [Int] {
        try expect("(", "'(' after Int")
        let hint = "Int(...) lists the whole numbers the value may be, each once: Int(1, 2, 3)"
        var values: [Int] = []
        while true {
            skipSpaces()
            let valueStart = position
            var text = ""
            while let scalar = peek(), scalar != ",", scalar != ")" {
                text.unicodeScalars.append(scalar)
                position += 1
            }
            text = text.trimmingSpaces()
            if text.isEmpty {
                throw error(
                    values.isEmpty && peek() == ")" ? "Int(...) needs at least one value" : "empty value in Int(...)",
                    at: valueStart, hint: hint)
            }
            guard let value = Self.integer(text) else {
                throw error("'\(text)' is not a whole number that fits in Int", at: valueStart, hint: hint)
            }
            guard !values.contains(value) else {
                throw error(
                    "Int(...) lists \(value) twice", at: valueStart,
                    hint: "list each value once: Int(\(values.map(String.init).joined(separator: ", ")))")
            }
            values.append(value)
            skipSpaces()
            if peek() == "," {
                position += 1
                continue
            }
            try expect(")", "',' or ')' in Int(...)")
            return values
        }
    }

    /// `-12` or `7` as an Int; nil for fractions, exponents, hexadecimal, `+1`, and numbers beyond Int's range.
    static func integer(_ text: String) -> Int? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
        return Int(text)
    }

    private mutating func parseDateArgument() throws(ContractError) -> DateFormat {
        try expect("(", "'('")
        skipSpaces()
        let argumentStart = position
        let format: DateFormat
        if let quoted = try readQuoted() {
            guard !quoted.isEmpty else { throw error("empty date format", at: argumentStart) }
            format = .formatted(quoted)
        } else {
            let name = readIdentifier()
            guard let named = DateFormat.namedStrategies[name] else {
                let suggestion = Suggestions.didYouMean(name, in: DateFormat.namedStrategies.keys.sorted())
                throw error(
                    "unknown date format '\(name)'\(suggestion)", at: argumentStart,
                    hint:
                        "use one of iso8601, secondsSince1970, millisecondsSince1970, flexible, or a quoted format such as Date(\"yyyy-MM-dd\")"
                )
            }
            format = named
        }
        try expect(")", "')' to close Date(...)")
        return format
    }

    private mutating func parsePatternArgument() throws(ContractError) -> String {
        try expect("(", "'('")
        skipSpaces()
        guard peek() == "/" else {
            throw error("String(...) takes a regular expression between slashes: String(/^[a-z]+$/)")
        }
        let opening = position
        // The pattern runs to a "/" that is followed by ")"; the pattern itself may contain both. The last such
        // "/" is taken, unless what it encloses is not a regular expression and an earlier one's is: in
        // `String(/a/) | String(/b/)` the first pattern is `a`, not `a/) | String(/b`.
        var closings: [Int] = []
        var index = scalars.count - 1
        while index > opening {
            if scalars[index] == "/" {
                var after = index + 1
                while after < scalars.count, scalars[after] == " " { after += 1 }
                if after < scalars.count, scalars[after] == ")" { closings.append(index) }
            }
            index -= 1
        }
        guard let last = closings.first else {
            throw error("unterminated regular expression; close it with /)", at: opening)
        }
        func pattern(closedAt closing: Int) -> String {
            var pattern = ""
            pattern.unicodeScalars.append(contentsOf: scalars[(opening + 1)..<closing])
            return pattern
        }
        let closing =
            closings.first {
                !pattern(closedAt: $0).isEmpty && (try? NSRegularExpression(pattern: pattern(closedAt: $0))) != nil
            }
            ?? last
        let pattern = pattern(closedAt: closing)
        guard !pattern.isEmpty else { throw error("empty regular expression", at: opening) }
        guard (try? NSRegularExpression(pattern: pattern)) != nil else {
            throw error(
                "'\(pattern)' is not a valid regular expression", at: opening,
                hint:
                    "patterns are ICU regular expressions (NSRegularExpression), found anywhere in the string unless anchored: String(/^[a-z]+$/)"
            )
        }
        position = closing + 1
        try expect(")", "')'")
        return pattern
    }
}
