extension String {
    /// This text with the characters a reader cannot see, or that act on the terminal, written as `\u{1B}`.
    ///
    /// Keys and values come from the backend: one holding ESC `[2J` would clear the reader's terminal, a colour
    /// sequence could make a FAIL look like a PASS, U+2028 or a line feed would break a report's lines, and a
    /// right-to-left override or a zero-width space would make two different keys look the same. Escaped are the
    /// control characters (C0, DEL, C1), the line and paragraph separators, and the format characters (bidirectional
    /// controls, zero-width space, byte-order mark, soft hyphen, ...) but for the zero-width joiner and non-joiner,
    /// which emoji and several scripts need to be written at all.
    ///
    /// - Parameter keepingLineBreaks: keep line feeds, for text whose lines are its own (a multi-line message).
    package func escapingNonPrintables(keepingLineBreaks: Bool = false) -> String {
        // Most text (ids, paths, messages) is printable ASCII: one pass over its bytes says so.
        if utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return self }
        guard unicodeScalars.contains(where: { $0.isNonPrintable(keepingLineBreaks: keepingLineBreaks) }) else {
            return self
        }
        var out = ""
        for scalar in unicodeScalars {
            if scalar.isNonPrintable(keepingLineBreaks: keepingLineBreaks) {
                out += scalar.escapedText
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Unicode.Scalar {
    /// True for a scalar ``Swift/String/escapingNonPrintables(keepingLineBreaks:)`` escapes.
    package func isNonPrintable(keepingLineBreaks: Bool = false) -> Bool {
        if (0x20..<0x7F).contains(value) { return false }
        if self == "\n" { return !keepingLineBreaks }
        switch properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: return true
        case .format: return self != "\u{200C}" && self != "\u{200D}"
        default: return false
        }
    }

    /// The scalar written as `\u{1B}`.
    package var escapedText: String { "\\u{\(String(value, radix: 16, uppercase: true))}" }
}
