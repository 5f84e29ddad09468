import Foundation

/// Percent-encoding for the parts of a URL the recorder builds, shared with ``Redactor`` so that it finds a
/// secret in a URL in exactly the spelling the URL carries.
enum PercentEncoding {
    /// RFC 3986 unreserved characters: everything else is encoded in query names and values.
    static let unreserved: CharacterSet = {
        var set = CharacterSet()
        set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return set
    }()

    /// One path segment's characters: unreserved plus the sub-delimiters, `:` and `@` (not `/`).
    static let pathSegment: CharacterSet = unreserved.union(CharacterSet(charactersIn: "!$&'()*+,;=:@"))

    /// A literal path as written in a spec: segment characters, `/`, `%` so existing escapes stay as they are, and
    /// `?` so a query written into the path itself is kept.
    static let literalPath: CharacterSet = pathSegment.union(CharacterSet(charactersIn: "/%?"))

    /// A query parameter's name or value.
    static func queryComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// A value filling a `{placeholder}` in a path.
    static func pathComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: pathSegment) ?? text
    }

    /// A literal part of a spec's path.
    static func literalPathText(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: literalPath) ?? text
    }

    /// Every spelling `text` may take inside a URL: as is, encoded by each rule above, in upper- and lower-case hex,
    /// and form-encoded (`+` for spaces).
    static func spellings(of text: String) -> [String] {
        var spellings = [text]
        for encoded in [
            queryComponent(text), pathComponent(text),
            text.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? text,
        ] {
            spellings.append(encoded)
            spellings.append(lowercasingEscapes(encoded))
        }
        if text.contains(" ") {
            let form = queryComponent(text).replacingOccurrences(of: "%20", with: "+")
            spellings.append(form)
        }
        var seen = Set<String>()
        return spellings.filter { seen.insert($0).inserted }
    }

    /// `%2F` as `%2f`: some servers and clients write escapes in lower case.
    private static func lowercasingEscapes(_ text: String) -> String {
        var result = ""
        var remaining = 0
        for character in text {
            if character == "%" {
                remaining = 2
                result.append(character)
            } else if remaining > 0 {
                remaining -= 1
                result += character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
