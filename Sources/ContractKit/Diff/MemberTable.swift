/// The members of a large old object by key, for ``MemberLookUp``'s look-ups: the last member of each name, with keys
/// compared as Swift compares strings.
///
/// When every key of the object is plain ASCII without escapes, a key is found by its bytes in a table of the
/// members' key entries (open addressing over a hash of the bytes), so that a collection keyed by 150,000 ids costs
/// no `String` and no `Hasher` per id, where a dictionary by text cost a third of such a diff. A key that may be
/// spelled otherwise (an escape, a byte outside ASCII), in the object or asked for, goes through a dictionary by text,
/// made the first time one is asked.
struct MemberTable {
    private let view: JSONTapeView
    private let object: Int
    /// The members' key entries by the hash of their bytes (-1 where empty); a power of two long. Empty when a key of
    /// the object is not plain.
    private let slots: [Int]
    /// The members by text, made when first needed.
    private let byText: TextTable

    /// The members by text, made on demand; a class so that a table read by a walk can fill it in.
    private final class TextTable {
        let view: JSONTapeView
        let object: Int
        lazy var members: [String: Int] = MemberLookUp.table(of: object, in: view)

        init(view: JSONTapeView, object: Int) {
            self.view = view
            self.object = object
        }
    }

    init(object: Int, in view: JSONTapeView) {
        self.view = view
        self.object = object
        byText = TextTable(view: view, object: object)
        let end = view.entries[object].end
        var plain = true
        var member = object + 1
        while member < end, plain {
            plain = !view.mayBeSpelledOtherwise(member)
            member = view.next(after: member + 1)
        }
        guard plain else {
            slots = []
            return
        }
        var capacity = 16
        while capacity < view.entries[object].memberCount * 2 { capacity *= 2 }
        var slots = [Int](repeating: -1, count: capacity)
        member = object + 1
        while member < end {
            var slot = Int(truncatingIfNeeded: Self.hash(ofKeyAt: member, in: view)) & (capacity - 1)
            // A later member of a name takes the place of the earlier: a look-up finds the last.
            while slots[slot] >= 0 && !Self.sameKey(slots[slot], in: view, as: member, in: view) {
                slot = (slot + 1) & (capacity - 1)
            }
            slots[slot] = member
            member = view.next(after: member + 1)
        }
        self.slots = slots
    }

    /// The tape entry of the value of the last member whose key equals the key at entry `key` of `keyView`, or nil.
    func value(forKeyAt key: Int, in keyView: JSONTapeView) -> Int? {
        guard !slots.isEmpty, !keyView.mayBeSpelledOtherwise(key) else { return byText.members[keyView.string(key)] }
        var slot = Int(truncatingIfNeeded: Self.hash(ofKeyAt: key, in: keyView)) & (slots.count - 1)
        while slots[slot] >= 0 {
            if Self.sameKey(slots[slot], in: view, as: key, in: keyView) { return slots[slot] + 1 }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    @inline(__always)
    private static func hash(ofKeyAt node: Int, in view: JSONTapeView) -> UInt64 {
        let entry = view.entries[node]
        return view.hash(ofBytesAt: entry.offset, count: entry.length)
    }

    /// True when the keys at `first` of `firstView` and `second` of `secondView` have the same bytes.
    @inline(__always)
    static func sameKey(_ first: Int, in firstView: JSONTapeView, as second: Int, in secondView: JSONTapeView)
        -> Bool
    {
        let entry = firstView.entries[first]
        let other = secondView.entries[second]
        return entry.length == other.length
            && firstView.sameBytes(at: entry.offset, as: secondView, at: other.offset, count: entry.length)
    }
}

extension JSONTapeView {
    /// A hash of the `count` bytes of the text at `offset`, every one of them, taken a word at a time (keys that
    /// differ only in their middle, such as URLs, must not share a slot of a table), and mixed at the end so that
    /// its low bits, a table's slot, depend on every byte (ids that differ only in their last bytes, such as
    /// `user0a3`, must not crowd into a few runs of slots).
    @inline(__always)
    func hash(ofBytesAt offset: Int, count: Int) -> UInt64 {
        let start = UnsafeRawPointer(bytes + offset)
        var hash = UInt64(count) &* 0x9E37_79B9_7F4A_7C15
        var index = 0
        while index + 8 <= count {
            hash = (hash ^ start.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            index += 8
        }
        if index < count {
            hash = (hash ^ shortWord(at: offset + index, length: count - index)) &* 0x94D0_49BB_1331_11EB
        }
        // A product's low bits depend only on the factors' low bits: the last word's high bytes reach them only
        // through a fold and a multiplication after it.
        hash = (hash ^ (hash >> 32)) &* 0xD6E8_FEB8_6659_FD93
        return hash ^ (hash >> 32)
    }
}
