/// Short object keys seen recently in one parse, looked up by their bytes.
///
/// API payloads repeat the same keys in every object of an array; finding a key here is cheaper than
/// checking and copying its bytes into a new `String` each time. Setting the table up costs more than a
/// small document saves, so it starts only once a document has shown enough keys.
struct JSONKeyCache: ~Copyable {
    private static let slotCount = 128
    private static let keysBeforeCaching = 32

    /// A key of at most 16 ASCII bytes, as two little-endian words padded with zeros.
    struct PackedKey: Equatable {
        var first: UInt64
        var second: UInt64
        var length: Int

        /// The first of the two slots, in 0..<128, where this key may be kept.
        @inline(__always)
        var slot: Int {
            var hash = (first &+ second &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            hash &*= 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: hash >> 57) & ~1
        }
    }

    /// The packed form of each slot's key; a length of -1 marks a free slot. Nil until caching starts.
    private var packed: UnsafeMutablePointer<PackedKey>?
    /// Each slot's key; initialized only where `packed` holds a key.
    private var keys: UnsafeMutablePointer<String>?
    private var keysUncached = 0

    init() {}

    deinit {
        guard let packed, let keys else { return }
        for slot in 0..<Self.slotCount where packed[slot].length >= 0 { (keys + slot).deinitialize(count: 1) }
        packed.deallocate()
        keys.deallocate()
    }

    /// The string stored for `key`, if one of its two slots still holds it.
    @inline(__always)
    func lookUp(_ key: PackedKey) -> String? {
        guard let packed, let keys else { return nil }
        let slot = key.slot
        if packed[slot] == key { return keys[slot] }
        if packed[slot + 1] == key { return keys[slot + 1] }
        return nil
    }

    /// Keeps `string` as the key for `key`, in a free slot of its pair or else in place of the second one.
    @inline(never)
    mutating func store(_ string: String, for key: PackedKey) {
        if packed == nil {
            keysUncached += 1
            guard keysUncached >= Self.keysBeforeCaching else { return }
            let free = PackedKey(first: 0, second: 0, length: -1)
            packed = UnsafeMutablePointer<PackedKey>.allocate(capacity: Self.slotCount)
            packed!.initialize(repeating: free, count: Self.slotCount)
            keys = UnsafeMutablePointer<String>.allocate(capacity: Self.slotCount)
        }
        guard let packed, let keys else { return }
        let slot = packed[key.slot].length < 0 ? key.slot : key.slot + 1
        if packed[slot].length >= 0 {
            keys[slot] = string
        } else {
            (keys + slot).initialize(to: string)
        }
        packed[slot] = key
    }
}

extension JSONReader {
    /// Reads the key whose string starts at the position when it is plain ASCII of at most 16 bytes, through the
    /// cache; nil, without moving, for any other key.
    @inline(__always)
    mutating func readShortKey() -> String? {
        let start = offset + 1
        // Two whole words, and the byte after them, must be readable from the key's first byte.
        guard start + 16 < count else { return nil }
        let raw = UnsafeRawPointer(bytes + start)
        var first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let highBits: UInt64 = 0x8080_8080_8080_8080
        let length: Int
        let firstFlags = JSONByte.stringSpecialFlags(first)
        if firstFlags != 0 {
            length = firstFlags.trailingZeroBitCount >> 3
            first &= (UInt64(1) << UInt64(8 * length)) &- 1
            second = 0
            guard first & highBits == 0 else { return nil }
        } else {
            let secondFlags = JSONByte.stringSpecialFlags(second)
            if secondFlags != 0 {
                length = 8 + secondFlags.trailingZeroBitCount >> 3
                second &= (UInt64(1) << UInt64(8 * (length - 8))) &- 1
            } else {
                length = 16
            }
            guard (first | second) & highBits == 0 else { return nil }
        }
        guard bytes[start + length] == JSONByte.quote else { return nil }

        let packed = JSONKeyCache.PackedKey(first: first, second: second, length: length)
        offset = start + length + 1
        if let key = keyCache.lookUp(packed) { return key }
        let key = makeString(from: start, length: length)
        keyCache.store(key, for: packed)
        return key
    }
}
