/// A secret found however a server spelled each of its characters, one character at a time: as itself,
/// percent-encoded once or twice (`%2F`, `%252F`, `%C3%A9`, hex in either case), as a JSON escape (`\/`, `\"`,
/// `\u002f`, `\u00e9`), or `+` for a space.
///
/// The fixed spellings (``PercentEncoding/spellings(of:)``) are what one encoder writes; servers differ in which
/// characters they encode (Python's `quote` leaves `/` and encodes `+`, PHP's `json_encode` writes `/` as `\/`, a
/// JSON text echoed inside a string has its `"` and `\` escaped, and `ensure_ascii` escapes every character past
/// ASCII), and a URL wrapped in another URL's query is encoded twice. A pattern is found by its anchor, the longest
/// run of the secret's characters that no encoder touches (letters, digits, `-._~`), and the rest of the secret is
/// matched outward from there in any mix of spellings.
struct SecretPattern: Sendable {
    /// The ways each of the secret's characters (Unicode scalars) may be spelled, worked out once: every occurrence
    /// of the anchor in every text tries them.
    private let characters: [[Spelling]]
    /// Where the anchor is in ``characters``.
    private let anchorStart: Int
    /// The anchor's bytes: where the pattern occurs, they do (used to rule a text out quickly). Kept, as every
    /// string of a body the secret may show in is searched for it.
    let anchor: [UInt8]

    /// The most bytes one occurrence can take: each character in its longest spelling (an ASCII one as a `\u00XX`
    /// escape, any other with each of its bytes encoded twice, `%25XX`).
    var reach: Int { characters.reduce(0) { $0 + ($1.map(\.width).max() ?? 0) } }

    /// Fewer anchor bytes than this, and a secret is left to its fixed spellings: an anchor of one letter would
    /// stop at every other byte of a text.
    static let shortestAnchor = 3

    /// Nil when the secret has nothing an encoder would change (its fixed spellings find it), or no anchor long
    /// enough.
    init?(_ secret: String) {
        let characters = secret.unicodeScalars.map { Array(String($0).utf8) }
        func untouched(_ character: [UInt8]) -> Bool {
            character.count == 1 && PercentEncoding.unreserved.contains(character[0])
        }
        guard characters.contains(where: { !untouched($0) }) else { return nil }
        var best = (start: 0, length: 0)
        var start = 0
        while start < characters.count {
            var end = start
            while end < characters.count, untouched(characters[end]) { end += 1 }
            if end - start > best.length { best = (start, end - start) }
            start = end + 1
        }
        guard best.length >= Self.shortestAnchor else { return nil }
        self.characters = characters.map(Self.spellings(of:))
        anchorStart = best.start
        anchor = characters[best.start..<best.start + best.length].flatMap { $0 }
    }

    /// Calls `body` with the byte range of each occurrence in `text`, front to back (occurrences that share an
    /// anchor are one range, from the earliest start to the latest end).
    func forEachOccurrence(in text: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>) -> Void) {
        let anchorEnd = anchorStart + anchor.count
        anchor.withUnsafeBufferPointer { anchor in
            ByteSearch.forEachOccurrence(of: anchor, in: text) { offset in
                var ends = [offset + anchor.count]
                for index in anchorEnd..<characters.count {
                    ends = Self.step(ends, over: characters[index], in: text, forward: true)
                    if ends.isEmpty { return true }
                }
                var starts = [offset]
                for index in stride(from: anchorStart - 1, through: 0, by: -1) {
                    starts = Self.step(starts, over: characters[index], in: text, forward: false)
                    if starts.isEmpty { return true }
                }
                body(starts.min()!..<ends.max()!)
                return true
            }
        }
    }

    /// The positions reached from each of `positions` by one spelling of a character: after it (forward), or
    /// before it.
    private static func step(
        _ positions: [Int], over character: [Spelling], in text: UnsafeBufferPointer<UInt8>, forward: Bool
    ) -> [Int] {
        var reached: [Int] = []
        for position in positions {
            for width in widths(of: character, in: text, at: position, forward: forward) {
                let next = forward ? position + width : position - width
                if !reached.contains(next) { reached.append(next) }
            }
        }
        return reached
    }

    /// One piece of a spelling: bytes as they are, then (when `hex` is given) that byte as two hex digits.
    private typealias Piece = (prefix: [UInt8], hex: UInt8?)

    /// One way a character may be spelled: its pieces, and how many bytes they take.
    private struct Spelling: Sendable {
        let pieces: [Piece]
        let width: Int

        init(_ pieces: [Piece]) {
            self.pieces = pieces
            width = pieces.reduce(0) { $0 + $1.prefix.count + ($1.hex == nil ? 0 : 2) }
        }
    }

    /// The ways a character (its UTF-8 bytes) may be spelled.
    private static func spellings(of character: [UInt8]) -> [Spelling] {
        let percent = UInt8(ascii: "%")
        let backslash = UInt8(ascii: "\\")
        let escape = [backslash, UInt8(ascii: "u")]
        var spellings: [[Piece]] = [
            [(character, nil)],
            character.map { ([percent], $0) },
            character.map { ([percent, UInt8(ascii: "2"), UInt8(ascii: "5")], $0) },
        ]
        // A JSON `\u` escape is of the character's UTF-16 code units, not its bytes.
        let scalar = String(decoding: character, as: UTF8.self)
        spellings.append(
            scalar.utf16.flatMap { unit -> [Piece] in [(escape, UInt8(unit >> 8)), ([], UInt8(unit & 0xFF))] })
        switch character {
        case [UInt8(ascii: "/")], [UInt8(ascii: "\"")], [backslash]: spellings.append([([backslash] + character, nil)])
        case [UInt8(ascii: " ")]: spellings.append([([UInt8(ascii: "+")], nil)])
        default: break
        }
        return spellings.map(Spelling.init)
    }

    /// The lengths of a character's spellings that start at `position` (forward) or end there.
    private static func widths(
        of character: [Spelling], in text: UnsafeBufferPointer<UInt8>, at position: Int, forward: Bool
    ) -> [Int] {
        var widths: [Int] = []
        spellings: for spelling in character {
            let width = spelling.width
            var at = forward ? position : position - width
            guard at >= 0, at + width <= text.count else { continue }
            for piece in spelling.pieces {
                for expected in piece.prefix {
                    guard text[at] == expected else { continue spellings }
                    at += 1
                }
                if let byte = piece.hex {
                    guard JSONByte.hexDigit(text[at]) == byte >> 4, JSONByte.hexDigit(text[at + 1]) == byte & 0x0F
                    else { continue spellings }
                    at += 2
                }
            }
            widths.append(width)
        }
        return widths
    }
}
