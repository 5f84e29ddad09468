import Foundation
import Synchronization

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
    /// Where the members of the large containers that ``path(to:)`` has passed through start, shared by the copies
    /// of this body (the summaries keep one each).
    private let memberStarts = MemberStarts()

    init(view: JSONTapeView, root: Int, rootPath: JSONPath) {
        self.view = view
        self.root = root
        self.rootPath = rootPath
    }

    /// The path from the root to the value at tape entry `node`, which is inside the root's subtree.
    ///
    /// Found by stepping down from the root: in a container of a few members by passing over the members before
    /// the one holding `node`, in a larger one by a binary search of where its members start (listed the first time
    /// a path passes through it), so that a body with a finding in each of 80,000 elements is not 80,000 scans of
    /// the elements before each.
    func path(to node: Int) -> JSONPath {
        var components = rootPath.components
        var current = root
        while current != node {
            let isObject = view.kind(current) == .object
            let (index, member) =
                view.entries[current].memberCount > MemberStarts.smallest
                ? memberStarts.member(holding: node, in: current, of: view)
                : Self.member(holding: node, in: current, of: view)
            components.append(isObject ? .key(view.string(member)) : .index(index))
            current = isObject ? member + 1 : member
        }
        return JSONPath(components: components)
    }

    /// The index of the member of the container at `container` whose subtree holds `node`, and its entry (an
    /// object's key, an array's element), found by passing over the members before it.
    fileprivate static func member(holding node: Int, in container: Int, of view: JSONTapeView) -> (Int, Int) {
        let isObject = view.kind(container) == .object
        var member = container + 1
        var index = 0
        while true {
            let next = view.next(after: isObject ? member + 1 : member)
            if node < next { return (index, member) }
            member = next
            index += 1
        }
    }
}

/// Where each member of a large container starts on the tape, listed once per container and kept for the later
/// paths through it.
private final class MemberStarts: Sendable {
    /// Containers with more members than this are listed; in smaller ones a scan is as quick.
    static let smallest = 32

    private let starts = Mutex<[Int: [UInt32]]>([:])

    /// As ``DiffBody/member(holding:in:of:)``, by a binary search of the container's member starts.
    func member(holding node: Int, in container: Int, of view: JSONTapeView) -> (Int, Int) {
        let list = starts.withLock { starts in
            if let known = starts[container] { return known }
            let isObject = view.kind(container) == .object
            let end = view.entries[container].end
            var list: [UInt32] = []
            list.reserveCapacity(view.entries[container].memberCount)
            var member = container + 1
            while member < end {
                list.append(UInt32(member))
                member = view.next(after: isObject ? member + 1 : member)
            }
            starts[container] = list
            return list
        }
        // The last member that starts at or before `node`.
        var low = 0
        var high = list.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if Int(list[middle]) <= node { low = middle } else { high = middle }
        }
        return (low, Int(list[low]))
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
    ///
    /// With `tellingHalves`, strings that escape halves of surrogate pairs without the other half are equal only when
    /// they escape the same halves: each decodes as U+FFFD, so `"\ud800"`, `"\udbff"` and `"\ufffd"` would read alike.
    @inline(__always)
    func string(
        _ node: Int, equals other: Int, in otherView: JSONTapeView, mayDiffer: Bool, tellingHalves: Bool = false
    ) -> Bool {
        let entry = entries[node]
        let otherEntry = otherView.entries[other]
        if entry.kind == otherEntry.kind, entry.length == otherEntry.length,
            sameBytes(at: entry.offset, as: otherView, at: otherEntry.offset, count: entry.length)
        {
            return true
        }
        guard mayDiffer, mayBeSpelledOtherwise(node) || otherView.mayBeSpelledOtherwise(other) else { return false }
        guard string(node) == otherView.string(other) else { return false }
        return !tellingHalves || halves(node) == otherView.halves(other)
    }

    /// The units of the halves of surrogate pairs that the string at `node` escapes without the other half.
    private func halves(_ node: Int) -> [UInt32] {
        guard entries[node].kind == .escapedString else { return [] }
        var units: [UInt32] = []
        JSONHalfSurrogates.forEachHalf(in: rawBytes(node)) { _, unit in
            units.append(unit)
            return true
        }
        return units
    }
}
