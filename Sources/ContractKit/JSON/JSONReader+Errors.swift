// Building errors is the cold path: these functions may be slow, they run once per failed parse.

extension JSONReader {
    /// 1-based line and column of the byte at `byteOffset`; columns count Unicode scalars, as `SourceLocation` does.
    ///
    /// A byte-order mark is not counted, so the first character of the text is at column 1 either way.
    func location(at byteOffset: Int) -> SourceLocation {
        Self.location(at: byteOffset, in: bytes, count: count, contentStart: contentStart, file: file)
    }

    /// ``location(at:)`` in the `count` bytes at `bytes`, whose text starts at `contentStart` (after a byte-order
    /// mark), with no reader made: a reader sets up a tape to write.
    static func location(
        at byteOffset: Int, in bytes: UnsafePointer<UInt8>, count: Int, contentStart: Int, file: String
    ) -> SourceLocation {
        let target = min(max(byteOffset, contentStart), count)
        var line = 1
        var lineStart = contentStart
        for index in contentStart..<target where bytes[index] == JSONByte.lineFeed {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<target where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(file: file, line: line, column: column)
    }

    /// `3:5`: a place quoted inside a message, where the file name would only repeat the error's own location.
    private func lineAndColumn(at byteOffset: Int) -> String {
        let place = location(at: byteOffset)
        return "\(place.line):\(place.column)"
    }

    private func error(_ message: String, at byteOffset: Int, hint: String? = nil) -> ContractError {
        ContractError(.jsonSyntax, message, at: location(at: byteOffset), hint: hint)
    }

    /// How the input at `index` reads in a message: `']'`, `'True'`, `a line break`, `end of input`.
    func describeInput(at index: Int) -> String {
        guard index < count else { return "end of input" }
        let byte = bytes[index]
        switch byte {
        case JSONByte.space: return "a space"
        case JSONByte.tab: return "a tab"
        case JSONByte.lineFeed, JSONByte.carriageReturn: return "a line break"
        case 0x00..<0x20, 0x7F: return "control character \(Self.scalarName(UInt32(byte)))"
        case 0x21..<0x7F:
            guard JSONByte.isWordByte(byte) else { return "'\(Character(Unicode.Scalar(byte)))'" }
            return "'\(word(at: index))'"
        default:
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            if index + length <= count,
                let character = String(
                    validating: UnsafeBufferPointer(start: bytes + index, count: length), as: UTF8.self),
                let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1
            {
                return "'\(character)' (\(Self.scalarName(scalar.value)))"
            }
            return "invalid UTF-8 byte \(Self.hexByte(byte))"
        }
    }

    /// The bare word starting at `index`, cut short if it is long.
    private func word(at index: Int) -> String {
        var end = index
        while end < count, end - index < 24, JSONByte.isWordByte(bytes[end]) { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(start: bytes + index, count: end - index), as: UTF8.self)
        return end < count && JSONByte.isWordByte(bytes[end]) ? text + "..." : text
    }

    private static func scalarName(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// A hint for a value-shaped mistake people make often: Python literals, single quotes, comments.
    private func valueHint(at index: Int) -> String? {
        guard index < count else { return nil }
        let byte = bytes[index]
        switch byte {
        case JSONByte.apostrophe: return "JSON strings use double quotes, not single quotes"
        case JSONByte.plus: return "a JSON number cannot start with '+'; drop it"
        case JSONByte.period: return "a JSON number needs a digit before the decimal point, as in 0.5"
        case JSONByte.slash: return "JSON does not allow comments"
        case JSONByte.comma: return "there is no value before this ','; remove it"
        case 0x00..<0x80 where !JSONByte.isWordByte(byte): return looksLikeUTF16 ? Self.utf16Hint : nil
        case 0x80...:
            if looksLikeUTF16 { return Self.utf16Hint }
            return describeInput(at: index).hasPrefix("invalid")
                ? "JSON text must be UTF-8" : "strings must be in double quotes"
        default:
            let word = word(at: index)
            switch word {
            case "True", "TRUE", "False", "FALSE", "Null", "NULL", "None", "nil":
                return "JSON literals are lowercase: true, false, null"
            case "NaN", "Infinity", "inf":
                return "JSON has no NaN or Infinity; use null or a string"
            default:
                if let literal = ["true", "false", "null"].first(where: { $0.hasPrefix(word) }) {
                    return "did you mean '\(literal)'?"
                }
                return "strings must be in double quotes"
            }
        }
    }

    /// True when the input starts the way UTF-16 text does: with a UTF-16 byte-order mark, or with ASCII
    /// characters interleaved with zero bytes.
    private var looksLikeUTF16: Bool {
        guard count >= 2 else { return false }
        if (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) { return true }
        return count >= 4 && ((bytes[0] == 0 && bytes[2] == 0) || (bytes[1] == 0 && bytes[3] == 0))
    }

    private static let utf16Hint = "JSON text must be UTF-8; this input looks like UTF-16"
    private static let trailingCommaHint = "JSON does not allow a trailing comma; remove it"

    func endOfInput(innermost container: OpenContainer?) -> ContractError {
        guard let container else {
            // Outside any container, input can only run out before the document's first value.
            return error("unexpected end of input; expected a JSON value", at: count, hint: "the document is empty")
        }
        let kind = container.isObject ? "an object" : "an array"
        let closer = container.isObject ? "}" : "]"
        return error(
            "unexpected end of input; \(kind) opened at \(lineAndColumn(at: container.openedAt)) is not closed",
            at: count, hint: "add the missing '\(closer)'")
    }

    func nestingTooDeep() -> ContractError {
        error(
            "nesting deeper than \(maxDepth) levels", at: offset,
            hint:
                "arrays and objects may nest at most \(maxDepth) deep, far more than any API body needs; code that calls the library can raise JSONParser.maxDepth"
        )
    }

    func expectedValue(context: ValueContext) -> ContractError {
        let found = describeInput(at: offset)
        let byte = bytes[offset]
        switch context {
        case .afterComma where byte == JSONByte.closeBracket || byte == JSONByte.closeBrace:
            return error("expected a value after ',', found \(found)", at: offset, hint: Self.trailingCommaHint)
        case .afterComma:
            return error("expected a value after ',', found \(found)", at: offset, hint: valueHint(at: offset))
        case .afterColon:
            return error("expected a value after ':', found \(found)", at: offset, hint: valueHint(at: offset))
        case .arrayStart:
            return error("expected a value or ']', found \(found)", at: offset, hint: valueHint(at: offset))
        case .document:
            return error("expected a JSON value, found \(found)", at: offset, hint: valueHint(at: offset))
        }
    }

    func expectedKey(afterComma: Bool) -> ContractError {
        let found = describeInput(at: offset)
        let byte = bytes[offset]
        if afterComma && byte == JSONByte.closeBrace {
            return error("expected a string key after ',', found \(found)", at: offset, hint: Self.trailingCommaHint)
        }
        let hint =
            JSONByte.isWordByte(byte) || byte >= 0x80 && !looksLikeUTF16 && !found.hasPrefix("invalid")
            ? "object keys must be strings in double quotes" : valueHint(at: offset)
        let expected = afterComma ? "a string key after ','" : "a string key or '}'"
        return error("expected \(expected), found \(found)", at: offset, hint: hint)
    }

    func expected(_ what: String) -> ContractError {
        error("expected \(what), found \(describeInput(at: offset))", at: offset)
    }

    func expectedAfterElement(in container: OpenContainer) -> ContractError {
        let byte = bytes[offset]
        let what = container.isObject ? "',' or '}' after object member" : "',' or ']' after array element"
        var hint: String?
        if byte == JSONByte.closeBrace || byte == JSONByte.closeBracket {
            let opened = container.isObject ? "an object" : "an array"
            hint = "this closes \(opened) opened at \(lineAndColumn(at: container.openedAt)) with the wrong bracket"
        } else if byte == JSONByte.quote || byte == JSONByte.openBrace || byte == JSONByte.openBracket
            || JSONByte.isWordByte(byte) || byte == JSONByte.minus
        {
            hint = "is a ',' missing before it?"
        } else if byte == JSONByte.colon && !container.isObject {
            hint = "key-value pairs belong in an object, written with '{' and '}'"
        } else if byte == JSONByte.slash {
            hint = "JSON does not allow comments"
        }
        return error("expected \(what), found \(describeInput(at: offset))", at: offset, hint: hint)
    }

    func trailingContent() -> ContractError {
        let hint: String?
        switch bytes[offset] {
        case JSONByte.closeBracket, JSONByte.closeBrace: hint = "this bracket closes nothing; remove it"
        case JSONByte.slash: hint = "JSON does not allow comments"
        case 0x00 where looksLikeUTF16: hint = Self.utf16Hint
        default: hint = "a JSON document holds one value; wrap several in an array"
        }
        return error(
            "expected end of input after the JSON value, found \(describeInput(at: offset))", at: offset, hint: hint)
    }

    func unterminatedString(openedAt opening: Int) -> ContractError {
        error("unterminated string", at: opening, hint: "add the closing '\"'")
    }

    func unescapedControlCharacter(at index: Int) -> ContractError {
        let byte = bytes[index]
        if byte == JSONByte.lineFeed || byte == JSONByte.carriageReturn {
            return error(
                "unescaped line break in string", at: index,
                hint: "is the closing '\"' missing? A line break inside a string is written \\n")
        }
        let escape = byte == JSONByte.tab ? "\\t" : "\\u00" + Self.hexByte(byte).dropFirst(2).lowercased()
        return error(
            "unescaped control character \(Self.scalarName(UInt32(byte))) in string", at: index,
            hint: "write it as \(escape)")
    }

    func invalidEscape(at index: Int) -> ContractError {
        let next = bytes[index + 1]
        let escape =
            (0x21..<0x7F).contains(next)
            ? "'\\\(Character(Unicode.Scalar(next)))'" : "'\\' followed by \(describeInput(at: index + 1))"
        return error(
            "invalid escape \(escape) in string", at: index,
            hint: "the escapes are \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\")
    }

    func invalidUnicodeEscape(at index: Int) -> ContractError {
        error("invalid unicode escape; expected four hex digits after '\\u'", at: index)
    }

    func invalidUTF8(at index: Int) -> ContractError {
        let byte = bytes[index]
        return error(
            "invalid UTF-8 byte \(Self.hexByte(byte)) in string", at: index,
            hint: "JSON text must be UTF-8; was this saved as Latin-1 or UTF-16?")
    }

    func numberError(_ what: String, at index: Int) -> ContractError {
        var hint: String?
        if index < count, JSONByte.isWordByte(bytes[index]), word(at: index) == "Infinity" {
            hint = "JSON has no NaN or Infinity; use null or a string"
        } else if what.contains("decimal point") {
            hint = "a decimal point needs digits on both sides, as in 1.0"
        }
        return error("\(what), found \(describeInput(at: index))", at: index, hint: hint)
    }

    func leadingZero(at zeroAt: Int) -> ContractError {
        error(
            "a number cannot start with a leading zero", at: zeroAt,
            hint: "write the number without leading zeros, or quote it if the zeros matter")
    }
}
