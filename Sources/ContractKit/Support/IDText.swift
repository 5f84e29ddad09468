import Foundation

/// What a key or a path segment looks like: an id (`"42"`, a UUID, `u42`) or a name. `infer` reads collections
/// keyed by id and ids in URL paths with it, and `contract diff` which objects are such collections.
enum IDText {
    /// True for keys that are ids rather than names: digits (`"42"`), a UUID, a Firebase push id
    /// (`-Nf3xK2...`, 20 characters), or a long run of letters and digits with at least one digit and no word
    /// breaks (`u8f2c1a9e77`, hex object ids).
    static func isID(_ key: String) -> Bool {
        let utf8 = key.utf8
        guard !utf8.isEmpty else { return false }
        if utf8.allSatisfy({ (48...57).contains($0) }) { return true }
        if utf8.count == 36, UUID(uuidString: key) != nil { return true }
        let alphanumeric = utf8.allSatisfy { isAlphanumeric($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") }
        guard alphanumeric else { return false }
        if utf8.count == 20, utf8.first == UInt8(ascii: "-") { return true }
        let digits = utf8.filter { (48...57).contains($0) }.count
        // `u1`, `u42`: a short prefix and a number; `abc123def456`: a long opaque id.
        if digits > 0, utf8.count >= 12, !utf8.contains(UInt8(ascii: "_")) { return true }
        if let letters = key.firstIndex(where: \.isNumber), digits == key.distance(from: letters, to: key.endIndex),
            key.distance(from: key.startIndex, to: letters) <= 3
        {
            return true
        }
        return false
    }

    /// Digits, a UUID, or a Firebase push id: keys no object would use as names.
    static func isPlainID(_ key: String) -> Bool {
        let utf8 = key.utf8
        if !utf8.isEmpty, utf8.allSatisfy({ (48...57).contains($0) }) { return true }
        if utf8.count == 36, UUID(uuidString: key) != nil { return true }
        return utf8.count == 20 && utf8.first == UInt8(ascii: "-")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }
}
