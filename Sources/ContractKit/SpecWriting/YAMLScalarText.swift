/// Scalars written as YAML text: plain where the spec loader reads the plain text back as the same string, quoted
/// only where it would not.
enum YAMLScalarText {
    /// `text` as a YAML scalar; `inFlow` for text inside `{ }` or `[ ]`, where `,` and brackets end a scalar.
    static func scalar(_ text: String, inFlow: Bool = false) -> String {
        isPlainSafe(text, inFlow: inFlow) ? text : doubleQuoted(text)
    }

    /// A key of a mapping; the same rules as a value.
    static func key(_ text: String, inFlow: Bool = false) -> String {
        scalar(text, inFlow: inFlow)
    }

    /// `"text"`, with `"`, `\` and control characters escaped.
    static func doubleQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\t": output += "\\t"
            case "\r": output += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
                    || scalar.properties.generalCategory == .lineSeparator
                    || scalar.properties.generalCategory == .paragraphSeparator
                {
                    output +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16, uppercase: true)
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output + "\""
    }

    /// Words YAML (1.1 or 1.2) may read as something other than a string.
    private static let specialWords: Set<String> = [
        "null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", ".inf", "-.inf", "+.inf", ".nan",
    ]

    /// True when `text` written plain reads back as the same string, and as a string.
    static func isPlainSafe(_ text: String, inFlow: Bool) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return false }
        if first == " " || last == " " || last == ":" { return false }
        if "-?:,[]{}#&*!|>'\"%@`".unicodeScalars.contains(first) {
            // `-`, `?` and `:` start a plain scalar when a non-space follows, but a reader may stumble; quote.
            return false
        }
        if specialWords.contains(text.lowercased()) { return false }
        // `<<` is a merge key to the spec loader.
        if text == "<<" { return false }
        if looksNumeric(text) { return false }
        if text.contains(": ") || text.contains(" #") || text.contains("\t") { return false }
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format
                || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator || scalar == "\u{FEFF}"
                || scalar == "\u{85}" || scalar == "\u{A0}"
            {
                return false
            }
            if inFlow, ",[]{}".unicodeScalars.contains(scalar) { return false }
        }
        return true
    }

    /// True for text a YAML or JSON reader could take for a number: `12`, `-1.5e3`, `0x1F`, `1_000`, `12:30`.
    private static func looksNumeric(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" || body.first == "+" { body = body.dropFirst() }
        if body.hasPrefix(".") { body = body.dropFirst() }
        guard let first = body.unicodeScalars.first, ("0"..."9").contains(first) else { return false }
        return body.unicodeScalars.allSatisfy { scalar in
            ("0"..."9").contains(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
                || "._:+-xXoO".unicodeScalars.contains(scalar)
        }
    }
}
