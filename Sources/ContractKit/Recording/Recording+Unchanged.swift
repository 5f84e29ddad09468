import Foundation

extension Recording {
    /// The members whose values differ between two recordings of the same response, as ``encodedText()`` lays them
    /// out: each on a line of its own at its own indent (`recordedAt` a member of the root, `durationMs` of the
    /// response), before any body. No other line starts so: strings hold no line breaks, and the members of a body or
    /// of the headers are indented further.
    private static let volatileMembers: [(key: [UInt8], isString: Bool)] = [
        (Array("\n  \"recordedAt\": ".utf8), true),
        (Array("\n    \"durationMs\": ".utf8), false),
    ]

    /// True when `existing` is `written`, a recording's text as ``encodedText()`` writes it, byte for byte but for the
    /// values of `recordedAt` and `durationMs`, and its values there are ones the writer writes as they stand and the
    /// reader takes (a timestamp of printable ASCII without escapes, a whole number of milliseconds below 10^15).
    ///
    /// The file then holds this recording but for those two, and re-recording need not parse it, nor write the
    /// recording again with its values. False says only that this look cannot tell: the file may have been written by
    /// hand, by another version, or something changed.
    static func differsOnlyInVolatileValues(_ existing: UnsafeRawBufferPointer, _ written: UnsafeRawBufferPointer)
        -> Bool
    {
        guard let old = existing.baseAddress?.assumingMemoryBound(to: UInt8.self),
            let new = written.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return existing.isEmpty && written.isEmpty }
        var oldAt = 0
        var newAt = 0
        for member in volatileMembers {
            guard let found = firstIndex(of: member.key, in: new, from: newAt, to: written.count) else { continue }
            // Up to the value, the texts are the same.
            let length = found + member.key.count - newAt
            guard oldAt + length <= existing.count, memcmp(old + oldAt, new + newAt, length) == 0 else { return false }
            oldAt += length
            newAt += length
            let measure = member.isString ? plainStringLength : wholeMillisecondsLength
            guard let oldValue = measure(old, oldAt, existing.count), let newValue = measure(new, newAt, written.count)
            else { return false }
            oldAt += oldValue
            newAt += newValue
        }
        let rest = written.count - newAt
        return existing.count - oldAt == rest && memcmp(old + oldAt, new + newAt, rest) == 0
    }

    /// Where `needle` first starts in `text[from..<to]`, or nil.
    private static func firstIndex(of needle: [UInt8], in text: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        needle.withUnsafeBufferPointer { needle in
            guard let first = needle.first, let pattern = needle.baseAddress, to - from >= needle.count else {
                return nil
            }
            let end = to - needle.count + 1
            var start = from
            // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
            while start < end, let found = memchr(text + start, Int32(first), end - start) {
                let index = text.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if memcmp(text + index, pattern, needle.count) == 0 { return index }
                start = index + 1
            }
            return nil
        }
    }

    /// The length of the JSON string at `text[at]`, quotes included, when it holds only printable ASCII other than `"`
    /// and `\` (which the writer writes as they stand); else nil.
    private static func plainStringLength(_ text: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        guard at < count, text[at] == JSONByte.quote else { return nil }
        var index = at + 1
        while index < count {
            let byte = text[index]
            if byte == JSONByte.quote { return index + 1 - at }
            guard byte >= JSONByte.space, byte < 0x7F, byte != JSONByte.backslash else { return nil }
            index += 1
        }
        return nil
    }

    /// The length of the whole number at `text[at]` when it is one the reader takes as `durationMs` and the writer
    /// writes so: 1 to 15 digits, no leading zero; else nil.
    private static func wholeMillisecondsLength(_ text: UnsafePointer<UInt8>, _ at: Int, _ count: Int) -> Int? {
        var index = at
        while index < count, JSONByte.isDigit(text[index]) { index += 1 }
        let length = index - at
        guard (1...15).contains(length), length == 1 || text[at] != JSONByte.zero else { return nil }
        return length
    }
}
