/// Media type comparison: `application/json; charset=utf-8` is `application/json`.
enum MediaType {
    /// The type and subtype, lower-cased, without parameters or the spaces around them.
    static func essence(of value: String) -> String {
        let utf8 = value.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: ";")) ?? utf8.endIndex
        let type = utf8[..<end]
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = type.firstIndex(where: { !isSpace($0) }), let last = type.lastIndex(where: { !isSpace($0) })
        else { return "" }
        let trimmed = type[first...last]
        // Media types are ASCII: lower-cased byte by byte; anything else as the standard library lower-cases it.
        guard !trimmed.contains(where: { $0 >= 0x80 }) else { return String(Substring(trimmed)).lowercased() }
        // Into the string's own storage: `String(decoding:)` of a lazy map took the generic path, with a dynamic cast.
        return String(unsafeUninitializedCapacity: trimmed.count) { buffer in
            var count = 0
            for byte in trimmed {
                buffer[count] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                count += 1
            }
            return count
        }
    }
}
