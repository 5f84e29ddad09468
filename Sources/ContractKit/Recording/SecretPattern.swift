/// An ASCII secret found however a server spelled each of its characters, one character at a time: as itself,
/// percent-encoded once or twice (`%2F`, `%252F`, hex in either case), as a JSON escape (`\/`, `\u002f`), or `+` for
/// a space.
///
/// The fixed spellings (``PercentEncoding/spellings(of:)``) are what one encoder writes; servers differ in which
/// characters they encode (Python's `quote` leaves `/` and encodes `+`, PHP's `json_encode` writes `/` as `\/`), and a
/// URL wrapped in another URL's query is encoded twice. A pattern is found by its anchor, the longest run of the
/// secret's characters that no encoder touches (letters, digits, `-._~`), and the rest of the secret is matched
/// outward from there in any mix of spellings.
struct SecretPattern: Sendable {
    private let secret: [UInt8]
    /// Where the anchor is in the secret.
    private let anchorStart: Int
    /// The anchor's bytes: where the pattern occurs, they do (used to rule a text out quickly). Kept, as every
    /// string of a body the secret may show in is searched for it.
    let anchor: [UInt8]

    /// The most bytes one occurrence can take: every character as a `\u00XX` escape.
    var reach: Int { secret.count * 6 }

    /// Fewer anchor bytes than this, and a secret is left to its fixed spellings: an anchor of one letter would
    /// stop at every other byte of a text.
    static let shortestAnchor = 3

    /// Nil when the secret is not ASCII, has nothing an encoder would change (its fixed spellings find it), or has
    /// no anchor long enough.
    init?(_ secret: String) {
        let bytes = Array(secret.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }), bytes.contains(where: { !PercentEncoding.unreserved.contains($0) })
        else { return nil }
        var best = (start: 0, length: 0)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, PercentEncoding.unreserved.contains(bytes[end]) { end += 1 }
            if end - start > best.length { best = (start, end - start) }
            start = end + 1
        }
        guard best.length >= Self.shortestAnchor else { return nil }
        self.secret = bytes
        anchorStart = best.start
        anchor = Array(bytes[best.start..<best.start + best.length])
    }

    /// Calls `body` with the byte range of each occurrence in `text`, front to back (occurrences that share an
    /// anchor are one range, from the earliest start to the latest end).
    func forEachOccurrence(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        anchor.withUnsafeBufferPointer { anchor in
            ByteSearch.forEachOccurrence(of: anchor, in: text) { offset in
                var ends = [offset + anchor.count]
                for index in (anchorStart + anchor.count)..<secret.count {
                    ends = Self.step(ends, over: secret[index], in: text, forward: true)
                    if ends.isEmpty { return true }
                }
                var starts = [offset]
                for index in stride(from: anchorStart - 1, through: 0, by: -1) {
                    starts = Self.step(starts, over: secret[index], in: text, forward: false)
                    if starts.isEmpty { return true }
                }
                body(starts.min()!..<ends.max()!)
                return true
            }
        }
    }

    /// The positions reached from each of `positions` by one spelling of `byte`: after it (forward), or before it.
    private static func step(_ positions: [Int], over byte: UInt8, in text: UnsafeBufferPointer<UInt8>, forward: Bool)
        -> [Int]
    {
        var reached: [Int] = []
        for position in positions {
            for width in widths(of: byte, in: text, at: position, forward: forward) {
                let next = forward ? position + width : position - width
                if !reached.contains(next) { reached.append(next) }
            }
        }
        return reached
    }

    /// The lengths of the spellings of `byte` that start at `position` (forward) or end there.
    private static func widths(of byte: UInt8, in text: UnsafeBufferPointer<UInt8>, at position: Int, forward: Bool)
        -> [Int]
    {
        var widths: [Int] = []
        func spelled(_ prefix: [UInt8], hex: Bool) {
            let width = prefix.count + (hex ? 2 : 0)
            let start = forward ? position : position - width
            guard start >= 0, start + width <= text.count else { return }
            for (index, expected) in prefix.enumerated() where text[start + index] != expected { return }
            if hex {
                guard JSONByte.hexDigit(text[start + prefix.count]) == byte >> 4,
                    JSONByte.hexDigit(text[start + prefix.count + 1]) == byte & 0x0F
                else { return }
            }
            widths.append(width)
        }
        spelled([byte], hex: false)
        let percent = UInt8(ascii: "%")
        let backslash = UInt8(ascii: "\\")
        spelled([percent], hex: true)
        spelled([percent, UInt8(ascii: "2"), UInt8(ascii: "5")], hex: true)
        spelled([backslash, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")], hex: true)
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "\""), backslash: spelled([backslash, byte], hex: false)
        case UInt8(ascii: " "): spelled([UInt8(ascii: "+")], hex: false)
        default: break
        }
        return widths
    }
}
