/// Writes a ``JSONValue`` as JSON text, deterministically: the same value always gives the same bytes.
///
/// Object entries keep their order (duplicates included) and numbers keep their spelling, so parsing the
/// output gives back an equal value. Strings escape only `"`, `\` and control characters; `/` and
/// non-ASCII characters are written as they are, in UTF-8.
package struct JSONWriter: Sendable {
    /// How the text is laid out.
    package enum Style: Sendable {
        /// No whitespace at all: `{"a":[1,2]}`.
        case compact
        /// Two-space indent, one member or element per line, `"key": value`; empty containers stay `{}` and `[]`.
        /// No trailing whitespace and no final newline.
        case pretty
    }

    private let style: Style

    /// A writer producing text in `style`.
    package init(style: Style = .pretty) {
        self.style = style
    }

    /// The JSON text of `value`.
    package func write(_ value: JSONValue) -> String {
        String(decoding: writeBytes(value), as: UTF8.self)
    }

    /// The JSON text of `value`, as UTF-8 bytes.
    package func writeBytes(_ value: JSONValue) -> [UInt8] {
        var output = JSONTextOutput(pretty: style == .pretty)
        output.append(value)
        return output.bytes
    }
}

extension JSONWriter {
    /// `string` as a JSON string literal, quotes included, escaped as ``JSONWriter`` escapes strings.
    package static func quote(_ string: String) -> String {
        var output = JSONTextOutput(pretty: false)
        output.appendQuoted(string)
        return String(decoding: output.bytes, as: UTF8.self)
    }
}
