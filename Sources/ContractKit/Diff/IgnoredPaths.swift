/// The `--ignore` globs of a diff, made into one automaton that a walk going down a body advances a step at a time, so
/// that a value's path is matched without being written out.
///
/// It answers as ``Glob/matches(_:_:)`` would for the path's text (``JSONPath/description``: `$.users[3].name`,
/// `$["first name"]`): `*` matches any run of characters and `?` one. The automaton has one bit per position in each
/// glob, set when the text so far can have matched the glob up to there; a step's characters move the bits on, and a
/// path is ignored when a glob's last position is reached. A bit at a `*` stays set whatever follows, so a glob such
/// as `$.users[*].updatedAt` costs a few word operations per character of a step, whatever the index or key.
struct IgnoredPaths: Sendable {
    /// The number of 64-bit words a state takes.
    let words: Int
    /// For each ASCII character, the positions where it moves a state on (its own and `?`), `words` words each,
    /// then the positions of `?` alone (for every other character), of `*`, and of each glob's end.
    fileprivate let masks: [UInt64]
    /// The positions where a glob names a character outside ASCII, by character. Kept as positions, not as a mask
    /// like an ASCII character's: a mask each would take memory and time to build that grow as the number of
    /// characters times the length of the globs (a glob of 20,000 different CJK characters, 100 MB).
    fileprivate let otherCharacters: [Unicode.Scalar: [Int]]
    /// The state before any character: each glob's first position, and those a leading `*` reaches.
    fileprivate let start: [UInt64]

    /// Where in `masks`, counted in masks of `words` words, the positions of `?`, of `*` and of the globs' ends
    /// are (after the 128 ASCII characters'); and how many masks there are.
    static let anyOffset = 128
    static let starOffset = 129
    static let endOffset = 130
    static let maskCount = 131

    /// The automaton of `globs`; nil when there are none.
    init?(_ globs: [String]) {
        guard !globs.isEmpty else { return nil }
        // A run of `*` matches what one does.
        let patterns = globs.map { glob -> [Unicode.Scalar] in
            var scalars: [Unicode.Scalar] = []
            for scalar in glob.unicodeScalars where !(scalar == "*" && scalars.last == "*") { scalars.append(scalar) }
            return scalars
        }
        let positions = patterns.reduce(0) { $0 + $1.count + 1 }
        let words = (positions + 63) / 64
        var masks = [UInt64](repeating: 0, count: Self.maskCount * words)
        var otherCharacters: [Unicode.Scalar: [Int]] = [:]
        var start = [UInt64](repeating: 0, count: words)
        func set(_ mask: Int, _ bit: Int) { masks[mask * words + bit / 64] |= 1 << UInt64(bit % 64) }
        var base = 0
        for pattern in patterns {
            start[base / 64] |= 1 << UInt64(base % 64)
            for (index, scalar) in pattern.enumerated() {
                switch scalar {
                case "*": set(Self.starOffset, base + index)
                case "?":
                    set(Self.anyOffset, base + index)
                    for ascii in 0..<128 { set(ascii, base + index) }
                default:
                    if scalar.isASCII {
                        set(Int(scalar.value), base + index)
                    } else {
                        otherCharacters[scalar, default: []].append(base + index)
                    }
                }
            }
            set(Self.endOffset, base + pattern.count)
            base += pattern.count + 1
        }
        self.words = words
        self.masks = masks
        self.otherCharacters = otherCharacters
        // A leading `*` may match nothing.
        var carry: UInt64 = 0
        for word in 0..<words {
            let atStar = start[word] & masks[Self.starOffset * words + word]
            start[word] |= (atStar << 1) | carry
            carry = atStar >> 63
        }
        self.start = start
    }

    /// How many words the automaton keeps: its masks, and a word for each position of a character outside ASCII.
    var storedWords: Int { masks.count + otherCharacters.values.reduce(0) { $0 + $1.count } }
}

/// A walk's states of ``IgnoredPaths``: one for each level of the path it is at, the root's first, so that a step
/// down starts from the state of the level above and a step back up costs nothing.
///
/// Kept in memory of its own, with a copy of the automaton's masks, so that a step reads and writes plain memory; the
/// walk that makes one gives it back with ``deallocate()`` (a plain struct, not a noncopyable one, which the
/// optimiser inlines less readily into the walks).
struct IgnoredPathsCursor {
    private let words: Int
    private let masks: UnsafeMutablePointer<UInt64>
    private let otherCharacters: [Unicode.Scalar: [Int]]
    /// The mask of a character outside ASCII, made here for a step: the positions of `?`, with those where a glob
    /// names the character set for the step and cleared after it.
    private let otherMask: UnsafeMutablePointer<UInt64>
    private var levels: UnsafeMutablePointer<UInt64>
    private var levelCapacity = 16

    /// A cursor at the path `root`; `rootIsIgnored` says whether a glob matches it or one of its ancestors.
    init(_ paths: IgnoredPaths, at root: JSONPath, rootIsIgnored: inout Bool) {
        words = paths.words
        masks = .allocate(capacity: paths.masks.count)
        masks.initialize(from: paths.masks, count: paths.masks.count)
        otherCharacters = paths.otherCharacters
        otherMask = .allocate(capacity: words)
        otherMask.initialize(from: masks + IgnoredPaths.anyOffset * words, count: words)
        levels = .allocate(capacity: levelCapacity * words)
        levels.initialize(from: paths.start, count: words)
        rootIsIgnored = false
        advance(levels, over: "$")
        rootIsIgnored = isAtEnd(levels)
        for component in root.components {
            switch component {
            case .key(let key): advance(levels, over: Substring(ShapeComparison.step(forKey: key)))
            case .index(let index): advance(levels, overIndex: index)
            }
            rootIsIgnored = rootIsIgnored || isAtEnd(levels)
        }
    }

    /// Gives back the cursor's memory; it is not used again.
    func deallocate() {
        masks.deallocate()
        otherMask.deallocate()
        levels.deallocate()
    }

    /// Sets level `level` to the state of level `level - 1` moved on over the member whose key is at `node`; true
    /// when a glob matches the member's path.
    mutating func isIgnored(level: Int, key node: Int, in view: JSONTapeView) -> Bool {
        guard let state = enter(level) else { return false }
        let entry = view.entries[node]
        if !view.mayBeSpelledOtherwise(node), entry.length > 0 {
            // `.key`, read off the text when the key is an identifier (plain ASCII, as the key is), checked on the way.
            let bytes = view.bytes + entry.offset
            if words == 1 {
                // One word: the state in a register.
                let star = masks[IgnoredPaths.starOffset]
                var word = Self.advance(state[0], mask: masks[Int(UInt8(ascii: "."))], star: star)
                var isIdentifier = Self.startsIdentifier(bytes[0])
                for index in 0..<entry.length {
                    let byte = bytes[index]
                    isIdentifier = isIdentifier && Self.continuesIdentifier(byte)
                    word = Self.advance(word, mask: masks[Int(byte & 0x7F)], star: star)
                }
                if isIdentifier {
                    state[0] = word
                    return word & masks[IgnoredPaths.endOffset] != 0
                }
            } else if Self.startsIdentifier(bytes[0]),
                (0..<entry.length).allSatisfy({ Self.continuesIdentifier(bytes[$0]) })
            {
                advance(state, ascii: UInt8(ascii: "."))
                for index in 0..<entry.length { advance(state, ascii: bytes[index]) }
                return isAtEnd(state)
            }
        }
        advance(state, over: Substring(ShapeComparison.step(forKey: view.string(node))))
        return isAtEnd(state)
    }

    /// Sets level `level` to the state of level `level - 1` moved on over the element at `index`; true when a glob
    /// matches the element's path.
    mutating func isIgnored(level: Int, index: Int) -> Bool {
        guard let state = enter(level) else { return false }
        advance(state, overIndex: index)
        return isAtEnd(state)
    }

    /// Level `level`, set to a copy of the level above; nil when that one matches no glob whatever follows (it has
    /// no position set), and so does this one.
    @inline(__always)
    private mutating func enter(_ level: Int) -> UnsafeMutablePointer<UInt64>? {
        if level >= levelCapacity { grow(to: level + 1) }
        let above = levels + (level - 1) * words
        let state = levels + level * words
        var any: UInt64 = 0
        for word in 0..<words {
            state[word] = above[word]
            any |= above[word]
        }
        return any == 0 ? nil : state
    }

    private mutating func grow(to count: Int) {
        var capacity = levelCapacity
        while capacity < count { capacity *= 2 }
        let grown = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity * words)
        grown.moveInitialize(from: levels, count: levelCapacity * words)
        levels.deallocate()
        levels = grown
        levelCapacity = capacity
    }

    /// True when `state` has a glob's end set.
    @inline(__always)
    private func isAtEnd(_ state: UnsafeMutablePointer<UInt64>) -> Bool {
        let end = masks + IgnoredPaths.endOffset * words
        for word in 0..<words where state[word] & end[word] != 0 { return true }
        return false
    }

    /// Moves `state` on over `[index]`.
    private func advance(_ state: UnsafeMutablePointer<UInt64>, overIndex index: Int) {
        advance(state, ascii: UInt8(ascii: "["))
        var divisor = 1
        while divisor <= index / 10 { divisor *= 10 }
        while divisor > 0 {
            advance(state, ascii: UInt8(ascii: "0") + UInt8(index / divisor % 10))
            divisor /= 10
        }
        advance(state, ascii: UInt8(ascii: "]"))
    }

    private func advance(_ state: UnsafeMutablePointer<UInt64>, over text: Substring) {
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                advance(state, ascii: UInt8(scalar.value))
            } else if let positions = otherCharacters[scalar] {
                for bit in positions { otherMask[bit / 64] |= 1 << UInt64(bit % 64) }
                advance(state, mask: otherMask)
                // A position that names a character is no `?`'s.
                for bit in positions { otherMask[bit / 64] &= ~(1 << UInt64(bit % 64)) }
            } else {
                advance(state, mask: masks + IgnoredPaths.anyOffset * words)
            }
        }
    }

    @inline(__always)
    private func advance(_ state: UnsafeMutablePointer<UInt64>, ascii: UInt8) {
        advance(state, mask: masks + Int(ascii) * words)
    }

    /// Moves `state` on over a character whose positions are `mask`: a position it matches passes to the next one,
    /// a `*` keeps its own, and a `*` reached may match nothing, so the position after it is set too.
    @inline(__always)
    private func advance(_ state: UnsafeMutablePointer<UInt64>, mask: UnsafeMutablePointer<UInt64>) {
        let star = masks + IgnoredPaths.starOffset * words
        var carry: UInt64 = 0
        for word in 0..<words {
            let moved = state[word] & mask[word]
            state[word] = (moved << 1) | carry | (state[word] & star[word])
            carry = moved >> 63
        }
        carry = 0
        for word in 0..<words {
            let atStar = state[word] & star[word]
            state[word] |= (atStar << 1) | carry
            carry = atStar >> 63
        }
    }

    /// ``advance(_:mask:)`` for a state of one word.
    @inline(__always)
    private static func advance(_ state: UInt64, mask: UInt64, star: UInt64) -> UInt64 {
        let moved = ((state & mask) << 1) | (state & star)
        return moved | ((moved & star) << 1)
    }

    /// True when `byte` may start a key written `.key` (``JSONPath/isIdentifier(_:)``): a letter or `_`.
    @inline(__always)
    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        byte != UInt8(ascii: "-") && byte > UInt8(ascii: "9") && continuesIdentifier(byte)
    }

    /// True when `byte` may follow in a key written `.key`: a letter, a digit, `_` or `-`.
    @inline(__always)
    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        // Bits 45 ('-') and 48-57 (digits) of the first word; 65-90, 95 and 97-122 of the second.
        let low: UInt64 = 0x03FF_2000_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        return byte < 64 ? (low >> UInt64(byte)) & 1 != 0 : byte < 128 && (high >> UInt64(byte - 64)) & 1 != 0
    }
}
