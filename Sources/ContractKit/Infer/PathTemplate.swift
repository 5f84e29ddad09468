import Foundation

/// A request path with its ids made placeholders: `/users/42` and `/users/43` are both `/users/{id}`.
///
/// A segment is an id when it is digits, a UUID, a Firebase push id, or a long run of letters and digits with at
/// least one digit (`5f2b9c0e1d3a`); a file extension stays (`/users/42.json` → `/users/{id}.json`). Short words
/// with a number (`v1`, `v2`) are names, not ids. Words are placeholders only where ``PathWords`` finds evidence
/// that they vary (`/users/{name}`).
struct PathTemplate: Hashable {
    /// The template, e.g. `/users/{userId}/posts/{id}`.
    var text: String
    /// The placeholders' names, in order.
    var parameters: [String]
    /// The literal segments, in order, for naming the endpoint.
    var literals: [String]
    /// True when the path ends with a placeholder: one thing, not a collection.
    var endsWithParameter: Bool

    /// The template of `path`, and the values its placeholders took there. The segments at `words` (0 for the first
    /// after `/`) are placeholders too, named `name` rather than `id`.
    static func of(_ path: String, words: Set<Int> = []) -> (template: PathTemplate, values: [String]) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var parts: [String] = []
        var values: [String] = []
        var positions: [Int] = []
        var wordPositions: Set<Int> = []
        var literals: [String] = []
        for (index, segment) in segments.enumerated() {
            let (decoded, suffix) = stem(of: segment)
            let word = words.contains(index) && !decoded.isEmpty
            if word || isID(decoded) {
                if word { wordPositions.insert(parts.count) }
                positions.append(parts.count)
                parts.append(suffix)
                values.append(decoded)
            } else {
                parts.append(Self.sendable(segment))
                if !segment.isEmpty { literals.append(decoded) }
            }
        }
        let names = parameterNames(parts: parts, positions: positions, words: wordPositions)
        for (position, name) in zip(positions, names) { parts[position] = "{\(name)}" + parts[position] }
        let endsWithParameter = positions.last.map { $0 == parts.count - 1 } ?? false
        let template = PathTemplate(
            text: "/" + parts.joined(separator: "/"), parameters: names, literals: literals,
            endsWithParameter: endsWithParameter)
        return (template, values)
    }

    /// A literal segment as a spec's request line can hold it and a client sends it: a byte a URL's path does not
    /// take as it is (a space, a quote, a brace, which a spec reads as a placeholder, a byte above ASCII) is
    /// percent-encoded; the rest, `%` escapes included, is kept. A capture may show `/a b/{id}` raw; `GET /a b`
    /// is no request line, and `{id}` a placeholder with no value.
    static func sendable(_ segment: Substring) -> String {
        PercentEncoding.encode(String(segment), allowing: sendableSegment)
    }

    /// A path segment's characters, and `%` so that the escapes in it stay as they are.
    private static let sendableSegment = PercentEncoding.pathSegment.union(PercentEncoding.Allowed("%"))

    /// A segment without its file extension, percent-decoded, and the extension: `42.json` → (`42`, `.json`). An
    /// e-mail address is an id whole: its `.com` is no file extension.
    static func stem(of segment: Substring) -> (decoded: String, suffix: String) {
        var stem = segment
        var suffix: Substring = ""
        if let dot = segment.lastIndex(of: "."), dot != segment.startIndex,
            !(segment.removingPercentEncoding ?? String(segment)).contains("@")
        {
            let ext = segment[segment.index(after: dot)...]
            if !ext.isEmpty, ext.count <= 5, ext.allSatisfy(\.isLetter) {
                stem = segment[..<dot]
                suffix = segment[dot...]
            }
        }
        return (stem.removingPercentEncoding ?? String(stem), String(suffix))
    }

    /// `id` for a path's only placeholder (`name` for a word); with several, each but the last is named after the
    /// segment before it (`/users/{userId}/posts/{id}`, `/users/{userName}/repos/{name}`).
    private static func parameterNames(parts: [String], positions: [Int], words: Set<Int>) -> [String] {
        var names: [String] = []
        for (order, position) in positions.enumerated() {
            let kind = words.contains(position) ? "Name" : "Id"
            var name = kind.lowercased()
            if order < positions.count - 1, position > 0, !positions.contains(position - 1),
                let word = KeyWords.typeName(parts[position - 1], singular: true)
            {
                name = word.prefix(1).lowercased() + word.dropFirst() + kind
            }
            var unique = name
            var ordinal = 2
            while names.contains(unique) {
                unique = name + String(ordinal)
                ordinal += 1
            }
            names.append(unique)
        }
        return names
    }

    /// True for a segment or key that is an id, never a name: digits, a UUID, an opaque run of letters and digits,
    /// an e-mail address, a prefixed id (`ord_9f8e7d`, `cus_NffrFeUf2Hib`) or a letter or three and digits
    /// (`u42`, `U43`; not a version such as `v12`).
    static func isID(_ segment: String) -> Bool {
        let utf8 = segment.utf8
        guard !utf8.isEmpty else { return false }
        if IDText.isPlainID(segment) { return true }
        if segment.contains("@"), segment.contains(".") { return true }
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        func isDigit(_ byte: UInt8) -> Bool { (48...57).contains(byte) }
        let bytes = Array(utf8)
        if let underscore = bytes.firstIndex(of: UInt8(ascii: "_")), (2...8).contains(underscore),
            bytes[..<underscore].allSatisfy(isLetter)
        {
            let rest = bytes[(underscore + 1)...]
            if rest.count >= 6, rest.allSatisfy({ isLetter($0) || isDigit($0) }), rest.contains(where: isDigit) {
                return true
            }
        }
        let letters = bytes.prefix(while: isLetter)
        let number = bytes.dropFirst(letters.count)
        if (1...3).contains(letters.count), number.count >= 2, number.allSatisfy(isDigit),
            !(letters.count == 1 && (letters.first == UInt8(ascii: "v") || letters.first == UInt8(ascii: "V")))
        {
            return true
        }
        let opaque = utf8.allSatisfy { byte in
            (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        let digits = utf8.filter { (48...57).contains($0) }.count
        return opaque && utf8.count >= 8 && digits >= 2 && !segment.contains("_")
    }
}
