import Foundation

/// Percent-encoding for the parts of a URL the recorder builds, shared with ``Redactor`` so that it finds a
/// secret in a URL in exactly the spelling the URL carries.
enum PercentEncoding {
    /// A set of ASCII bytes left as they are; every other byte of a text's UTF-8 is written `%XX`.
    struct Allowed: Sendable {
        /// Bit `n` of word `n / 64` is set for an allowed byte `n` (below 128).
        private let low: UInt64
        private let high: UInt64

        init(_ characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 where byte < 0x80 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.low = low
            self.high = high
        }

        private init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
        }

        /// The bytes of both sets.
        func union(_ other: Allowed) -> Allowed { Allowed(low: low | other.low, high: high | other.high) }

        @inline(__always)
        func contains(_ byte: UInt8) -> Bool {
            byte < 64 ? low >> UInt64(byte) & 1 == 1 : byte < 128 && high >> UInt64(byte - 64) & 1 == 1
        }
    }

    /// RFC 3986 unreserved characters: everything else is encoded in query names and values.
    static let unreserved = Allowed("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// One path segment's characters: unreserved plus the sub-delimiters, `:` and `@` (not `/`).
    static let pathSegment = unreserved.union(Allowed("!$&'()*+,;=:@"))

    /// A literal path as written in a spec: segment characters, `/`, `%` so existing escapes stay as they are, and
    /// `?` so a query written into the path itself is kept.
    static let literalPath = pathSegment.union(Allowed("/%?"))

    /// What Foundation's `CharacterSet.urlQueryAllowed` allows: a query's characters (segment characters, `/`, `?`).
    static let queryAllowed = pathSegment.union(Allowed("/?"))

    /// A query parameter's name or value.
    static func queryComponent(_ text: String) -> String { encode(text, allowing: unreserved) }

    /// A value filling a `{placeholder}` in a path.
    static func pathComponent(_ text: String) -> String { encode(text, allowing: pathSegment) }

    /// A literal part of a spec's path.
    static func literalPathText(_ text: String) -> String { encode(text, allowing: literalPath) }

    /// `text` with every UTF-8 byte `allowed` does not hold written `%XX` (upper-case hex), as Foundation's
    /// `addingPercentEncoding(withAllowedCharacters:)` writes it for a set of ASCII characters, without bridging.
    static func encode(_ text: String, allowing allowed: Allowed) -> String {
        let utf8 = text.utf8
        var escapes = 0
        for byte in utf8 where !allowed.contains(byte) { escapes += 1 }
        guard escapes > 0 else { return text }
        let hex: StaticString = "0123456789ABCDEF"
        return String(unsafeUninitializedCapacity: utf8.count + 2 * escapes) { output in
            hex.withUTF8Buffer { hex in
                var count = 0
                for byte in utf8 {
                    if allowed.contains(byte) {
                        output[count] = byte
                        count += 1
                    } else {
                        output[count] = UInt8(ascii: "%")
                        output[count + 1] = hex[Int(byte >> 4)]
                        output[count + 2] = hex[Int(byte & 0x0F)]
                        count += 3
                    }
                }
                return count
            }
        }
    }

    /// Every spelling `text` may take inside a URL: as is, encoded by each rule above, in upper- and lower-case hex,
    /// and form-encoded (`+` for spaces).
    static func spellings(of text: String) -> [String] {
        var spellings = [text]
        for encoded in [
            queryComponent(text), pathComponent(text),
            encode(text, allowing: queryAllowed),
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
