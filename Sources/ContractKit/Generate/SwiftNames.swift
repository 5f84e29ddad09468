/// Swift spellings for what a spec names: property, case and type names from JSON keys and values, and literals.
enum SwiftNames {
    /// Words Swift reserves in a declaration's name: a property or case named so is written in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "await",
    ]

    /// Type names a generated nested type must not take: they would hide the standard type in that scope (`Data`)
    /// or are refused by Swift as a member's name (`Type`).
    static let reservedTypeNames: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Data", "Date",
        "DateFormatter", "Decimal", "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Error",
        "Float", "Hashable", "Int", "JSONDecoder", "Locale", "Optional", "Protocol", "RawRepresentable", "Result",
        "Self", "Sendable", "Set", "String", "TimeZone", "Type", "URL", "UUID",
    ]

    /// True for a letter, an ASCII digit or `_`: what a Swift identifier is made of here.
    static func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("0"..."9").contains(scalar) || scalar.properties.isAlphabetic
    }

    /// The words of a key or value: split at anything that is not a letter or digit, and at case changes
    /// (`createdAt`, `URLString`, `user_id`, `in-progress`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        for part in text.unicodeScalars.split(whereSeparator: { !isIdentifierScalar($0) || $0 == "_" }) {
            let scalars = Array(part)
            var word = String.UnicodeScalarView()
            for index in scalars.indices {
                let scalar = scalars[index]
                if !word.isEmpty, scalar.properties.isUppercase {
                    let previous = scalars[index - 1]
                    let nextIsLower = index + 1 < scalars.count && scalars[index + 1].properties.isLowercase
                    if !previous.properties.isUppercase || nextIsLower {
                        words.append(String(word))
                        word = String.UnicodeScalarView()
                    }
                }
                word.append(scalar)
            }
            if !word.isEmpty { words.append(String(word)) }
        }
        return words
    }

    /// A property or case name in lower camel case: `first_name`, `FirstName`, `first-name` give `firstName`;
    /// `userID` gives `userId` (the spelling `anyCase` reads); a leading `_` is kept, a leading digit gets one.
    static func memberName(_ text: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return "_" + String(text.unicodeScalars.count) }
        var name = first.lowercased()
        for word in parts.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        let leading = text.prefix { $0 == "_" }
        name = leading + name
        if let scalar = name.unicodeScalars.first, ("0"..."9").contains(scalar) { name = "_" + name }
        // `self` and `super` cannot be a member's name even in backticks: an initializer could not assign them.
        if name == "self" || name == "super" { name += "Value" }
        return name
    }

    /// A type name in upper camel case: `line_items` gives `LineItems`, `2fa` gives `_2fa`.
    static func typeName(_ text: String) -> String {
        let parts = words(text)
        var name = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if name.isEmpty { name = "Value" }
        if let scalar = name.unicodeScalars.first, ("0"..."9").contains(scalar) { name = "_" + name }
        return name
    }

    /// The name of one element of a collection named `text`: `bets` gives `Bet`, `categories` `Category`,
    /// `addresses` `Address`; a word that does not end like a plural gets `Item` (`data` gives `DataItem`).
    static func elementTypeName(_ text: String) -> String {
        let name = typeName(text)
        let lower = name.lowercased()
        if lower.hasSuffix("ies"), name.count > 3 { return String(name.dropLast(3)) + "y" }
        if lower.hasSuffix("sses") || lower.hasSuffix("xes") || lower.hasSuffix("ches") || lower.hasSuffix("shes") {
            return String(name.dropLast(2))
        }
        if lower.hasSuffix("s"), !lower.hasSuffix("ss"), !lower.hasSuffix("us"), name.count > 1 {
            return String(name.dropLast())
        }
        return name + "Item"
    }

    /// `name` as written in a declaration or a reference: backticks around a keyword.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// `text` as a Swift string literal: quotes, backslashes and control characters escaped.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    /// `text` made safe for a one-line comment: line breaks and other control characters shown escaped.
    static func commentText(_ text: String) -> String {
        let literal = stringLiteral(text)
        return String(literal.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// `name`, or `name2`, `name3`... : the first that is not in `taken`.
    static func unique(_ name: String, avoiding taken: Set<String>) -> String {
        guard taken.contains(name) else { return name }
        return "\(name)\(firstFreeNumber(after: name, from: 2, avoiding: taken))"
    }

    /// The first of `number`, `number + 1`... that, written after `name`, is not in `taken`.
    private static func firstFreeNumber(after name: String, from number: Int, avoiding taken: Set<String>) -> Int {
        var number = number
        while taken.contains("\(name)\(number)") { number += 1 }
        return number
    }

    /// Names handed out one by one in one scope (an enum's cases, a struct's properties), each as ``unique(_:avoiding:)``
    /// gives it, without counting up from 2 again for every name that wants the same one: 20,000 enum values of
    /// punctuation alone (`!@#`), each wanting `_3`, took 25 s to name.
    struct Taker {
        private(set) var taken: Set<String>
        /// For a wanted name already taken, the number to try next after it.
        private var next: [String: Int] = [:]

        init(taken: Set<String> = []) { self.taken = taken }

        /// `name`, or the first of `name2`, `name3`... not taken yet; taken from now on.
        mutating func take(_ name: String) -> String {
            var chosen = name
            if taken.contains(name) {
                let number = SwiftNames.firstFreeNumber(after: name, from: next[name, default: 2], avoiding: taken)
                next[name] = number + 1
                chosen = "\(name)\(number)"
            }
            taken.insert(chosen)
            return chosen
        }
    }
}
