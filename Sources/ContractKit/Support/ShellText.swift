/// Text for a POSIX shell command line that a user pastes: a `curl` command in a report, a command in a hint.
package enum ShellText {
    /// Single-quoted for POSIX shells: nothing inside is expanded; a `'` is written as `'\''`. Read by Unicode
    /// scalars: a `'` followed by a combining mark is one `Character` to Swift, and still a quote to the shell.
    package static func quote(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("'")
        for scalar in text.unicodeScalars {
            if scalar == "'" { out.append(contentsOf: "'\\''".unicodeScalars) } else { out.append(scalar) }
        }
        out.append("'")
        return String(out)
    }

    /// `text` as it is when the shell reads every character of it as itself (ASCII letters, digits, `.`, `_`, `/`,
    /// `-`), else quoted (``quote(_:)``).
    package static func argument(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                    || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z"))
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || "._/-".utf8.contains($0)
            }
        return plain ? text : quote(text)
    }
}
