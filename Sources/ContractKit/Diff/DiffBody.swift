import Foundation

/// A JSON body being compared, read in place on the tape of the document it came from: the diff walks the tape and
/// builds no tree.
///
/// It holds the view's pointers: use it only inside the ``JSONDocument/withView(_:)`` that made the view.
struct DiffBody {
    let view: JSONTapeView
    /// The entry of the value compared.
    let root: Int
    /// The path that `root` is given in messages: `$` for a body compared as a whole.
    let rootPath: JSONPath

    /// The path from the root to the value at tape entry `node`, which is inside the root's subtree.
    ///
    /// Found by stepping down from the root over whole subtrees, so it costs the number of siblings passed on the
    /// way: asked only for the few places a finding or an ignored path names.
    func path(to node: Int) -> JSONPath {
        var components = rootPath.components
        var current = root
        while current != node {
            let isObject = view.kind(current) == .object
            var child = current + 1
            var index = 0
            while true {
                let value = isObject ? child + 1 : child
                let next = view.next(after: value)
                if node < next {
                    components.append(isObject ? .key(view.string(child)) : .index(index))
                    current = value
                    break
                }
                child = next
                index += 1
            }
        }
        return JSONPath(components: components)
    }
}

extension JSONTapeView {
    /// True when the string at `node` has a byte outside ASCII or an escape: only then can it equal a string spelled
    /// with other bytes (`é` as one scalar or two, `K` as the Kelvin sign), as Swift compares strings.
    ///
    /// Read from the tape: the parser marks a string with a byte outside ASCII.
    @inline(__always)
    func mayBeSpelledOtherwise(_ node: Int) -> Bool {
        let entry = entries[node]
        return entry.kind != .string || entry.hasNonASCII
    }

    /// The `length` bytes (fewer than 8) of the text at `offset` as the low bytes of a word, the others zero.
    ///
    /// One load of a whole word, masked, where the text has 8 bytes from `offset` on (a short string is followed by
    /// its closing quote and more, so only one near the end of the text is read a byte at a time).
    @inline(__always)
    func shortWord(at offset: Int, length: Int) -> UInt64 {
        if offset + 8 <= byteCount {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
            // A shift by 64 or more gives zero, so an empty string's word is zero.
            return word & (UInt64.max >> (64 - 8 * length))
        }
        var word: UInt64 = 0
        for index in 0..<length { word |= UInt64(bytes[offset + index]) << (8 * index) }
        return word
    }

    /// True when the `count` bytes of this text at `offset` and of `other`'s text at `otherOffset` are the same:
    /// for most keys and short values, fewer than 8 bytes, one word each.
    @inline(__always)
    func sameBytes(at offset: Int, as other: JSONTapeView, at otherOffset: Int, count: Int) -> Bool {
        guard count >= 8 else {
            return shortWord(at: offset, length: count) == other.shortWord(at: otherOffset, length: count)
        }
        return Self.sameBytes(bytes + offset, other.bytes + otherOffset, count: count)
    }

    /// How many of the `count` bytes at `first` and `second` are the same before the first that differs (`count` when
    /// none does); compared a word at a time.
    static func firstDifference(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int) -> Int {
        let (first, second) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
        var index = 0
        while index + 8 <= count {
            let difference =
                UInt64(littleEndian: first.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                ^ UInt64(littleEndian: second.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            // The lowest byte that differs is the first in memory.
            if difference != 0 { return index + difference.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count,
            first.load(fromByteOffset: index, as: UInt8.self) == second.load(fromByteOffset: index, as: UInt8.self)
        {
            index += 1
        }
        return index
    }

    /// True when the `count` bytes at `first` and `second` are the same; compared a word at a time, without a call,
    /// as most are keys of a few bytes.
    @inline(__always)
    static func sameBytes(_ first: UnsafePointer<UInt8>, _ second: UnsafePointer<UInt8>, count: Int) -> Bool {
        let (first, second) = (UnsafeRawPointer(first), UnsafeRawPointer(second))
        var index = 0
        while index + 8 <= count {
            guard
                first.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    == second.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            else { return false }
            index += 8
        }
        guard index < count else { return true }
        // The last bytes of a run of 8 or more: the word that ends with them, overlapping the last one compared.
        if count >= 8 {
            return first.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == second.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        }
        while index < count {
            guard
                first.load(fromByteOffset: index, as: UInt8.self) == second.load(fromByteOffset: index, as: UInt8.self)
            else { return false }
            index += 1
        }
        return true
    }

    /// True when the strings at `node` here and at `other` in `otherView` are equal as Swift compares them
    /// (canonically equivalent). Their bytes are compared first; they are decoded only when the bytes differ, and
    /// `mayDiffer` (false when both are known to be plain ASCII) and ``mayBeSpelledOtherwise(_:)`` say they could still
    /// spell the same text.
    @inline(__always)
    func string(_ node: Int, equals other: Int, in otherView: JSONTapeView, mayDiffer: Bool) -> Bool {
        let entry = entries[node]
        let otherEntry = otherView.entries[other]
        if entry.kind == otherEntry.kind, entry.length == otherEntry.length,
            sameBytes(at: entry.offset, as: otherView, at: otherEntry.offset, count: entry.length)
        {
            return true
        }
        guard mayDiffer, mayBeSpelledOtherwise(node) || otherView.mayBeSpelledOtherwise(other) else { return false }
        return string(node) == otherView.string(other)
    }
}
