import Foundation

/// The keys of the objects found at one place in a body, each given a number in the order first seen, read off the
/// tape without decoding a key twice.
///
/// Keys are told apart as Swift compares strings, so two spellings of one text (an escape, `é` as one scalar or two)
/// are one key, as they were one key of a tree's dictionary. Objects at one place mostly list the same keys in the
/// same order, so the key last seen at each position is tried first, with one comparison of bytes; a table of every
/// spelling seen catches the rest. While every spelling seen is plain ASCII without escapes, two spellings are one key
/// exactly when their bytes are, so no key is looked up by its text: a place keyed by 150,000 ids costs no dictionary
/// of them (the keys by text are made when a spelling that is not plain comes, or when ``number(of:)`` is asked).
struct KeyTable {
    /// The keys, by number.
    private(set) var keys: [String] = []
    /// The keys' numbers by text, once a spelling that is not plain has come; empty before.
    private var numbers: [String: Int] = [:]
    /// True while every spelling seen is plain (``JSONTapeView/mayBeSpelledOtherwise(_:)`` is false): `numbers` is
    /// not kept.
    private var allPlain = true
    /// The keys' numbers by text for ``number(of:)`` while `allPlain`, made when first asked and kept up with `keys`;
    /// a class, so that a table read where it cannot change fills it in. The copies of one table share it until one
    /// numbers a key, which then takes one of its own.
    private var numbersAsked = NumbersByText()

    /// The keys' numbers by text, for the first `covered` keys.
    private final class NumbersByText {
        var numbers: [String: Int] = [:]
        var covered = 0
    }
    /// Every spelling seen, as its place in the text, and the number of its key.
    private var spellings: [(offset: Int, length: Int, number: Int)] = []
    /// Open addressing over `spellings`: an index into it, or -1; the count is a power of two.
    private var slots: [Int] = []
    /// The spelling last seen at each position in an object, and its key's number.
    private var recent: [(offset: Int, length: Int, number: Int)] = []

    /// The number of keys.
    var count: Int { keys.count }

    /// The number of the key `text`, or nil when no object here has it.
    func number(of text: String) -> Int? {
        guard allPlain else { return numbers[text] }
        while numbersAsked.covered < keys.count {
            numbersAsked.numbers[keys[numbersAsked.covered]] = numbersAsked.covered
            numbersAsked.covered += 1
        }
        return numbersAsked.numbers[text]
    }

    /// The number of the key at tape entry `node`, the `position`th member of its object; a new key is numbered
    /// next. The guess at the position is tried here, inlined into the walk; the table only when it misses.
    @inline(__always)
    mutating func number(ofKeyAt node: Int, position: Int, in view: JSONTapeView) -> Int {
        let entry = view.entries[node]
        if position < recent.count {
            let guess = recent[position]
            if guess.length == entry.length
                && view.sameBytes(at: guess.offset, as: view, at: entry.offset, count: guess.length)
            {
                return guess.number
            }
        }
        return number(ofKeyNotAtItsPosition: node, position: position, in: view)
    }

    /// The number of the key at `node` when the spelling last seen at its position is another.
    @inline(never)
    private mutating func number(ofKeyNotAtItsPosition node: Int, position: Int, in view: JSONTapeView) -> Int {
        let entry = view.entries[node]
        let number = lookUp(offset: entry.offset, length: entry.length, node: node, in: view)
        if position < recent.count {
            recent[position] = (entry.offset, entry.length, number)
        } else if position == recent.count {
            recent.append((entry.offset, entry.length, number))
        }
        return number
    }

    private mutating func lookUp(offset: Int, length: Int, node: Int, in view: JSONTapeView) -> Int {
        let start = view.bytes + offset
        let hash = view.hash(ofBytesAt: offset, count: length)
        if slots.isEmpty { slots = Array(repeating: -1, count: 16) }
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let seen = spellings[slots[slot]]
            if seen.length == length && JSONTapeView.sameBytes(view.bytes + seen.offset, start, count: length) {
                return seen.number
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        // A spelling not seen before: its text may still be a key seen spelled otherwise, unless it and every
        // spelling before it are plain.
        let text = view.string(node)
        let number: Int
        if allPlain && !view.mayBeSpelledOtherwise(node) {
            number = keys.count
            keys.append(text)
            // A copy of this table that shares the numbers by text must not find the key.
            if !isKnownUniquelyReferenced(&numbersAsked) { numbersAsked = NumbersByText() }
        } else if allPlain {
            allPlain = false
            for (known, key) in keys.enumerated() { numbers[key] = known }
            number = numbers[text] ?? keys.count
            if number == keys.count {
                keys.append(text)
                numbers[text] = number
            }
        } else if let known = numbers[text] {
            number = known
        } else {
            number = keys.count
            keys.append(text)
            numbers[text] = number
        }
        slots[slot] = spellings.count
        spellings.append((offset, length, number))
        if spellings.count * 2 > slots.count { rehash(in: view) }
        return number
    }

    /// Makes room for `count` more spellings at once, so that the keys of a large object (a collection keyed by id)
    /// are not rehashed at every doubling.
    mutating func reserve(_ count: Int, in view: JSONTapeView) {
        let needed = (spellings.count + count) * 2
        guard needed > slots.count else { return }
        var capacity = max(slots.count, 16)
        while capacity < needed { capacity *= 2 }
        spellings.reserveCapacity(spellings.count + count)
        rehash(in: view, to: capacity)
    }

    private mutating func rehash(in view: JSONTapeView, to capacity: Int? = nil) {
        slots = Array(repeating: -1, count: capacity ?? slots.count * 2)
        for (index, spelling) in spellings.enumerated() {
            let hash = view.hash(ofBytesAt: spelling.offset, count: spelling.length)
            var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index
        }
    }
}
