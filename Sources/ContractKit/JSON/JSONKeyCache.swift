/// Short object keys seen recently in one parse, looked up by their bytes.
///
/// API payloads repeat the same keys in every object of an array; finding a key here is cheaper than
/// checking and copying its bytes into a new `String` each time. Setting the table up costs more than a
/// small document saves, so it starts only once a document has shown enough keys.
struct JSONKeyCache {
    private static let slotCount = 128
    private static let keysBeforeCaching = 32

    /// A key of at most 16 ASCII bytes, as two little-endian words padded with zeros.
    struct PackedKey: Equatable {
        var first: UInt64
        var second: UInt64
        var length: Int

        /// The first of the two slots, in 0..<128, where this key may be kept.
        var slot: Int {
            var hash = (first &+ second &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(length)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 29
            hash &*= 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: hash >> 57) & ~1
        }
    }

    private var packed: [PackedKey] = []
    private var keys: [String] = []
    private var keysUncached = 0

    /// The string stored for `key`, if one of its two slots still holds it.
    @inline(__always)
    func lookUp(_ key: PackedKey) -> String? {
        guard !packed.isEmpty else { return nil }
        let slot = key.slot
        if packed[slot] == key { return keys[slot] }
        if packed[slot + 1] == key { return keys[slot + 1] }
        return nil
    }

    /// Keeps `string` as the key for `key`, in a free slot of its pair or else in place of the second one.
    mutating func store(_ string: String, for key: PackedKey) {
        if packed.isEmpty {
            keysUncached += 1
            guard keysUncached >= Self.keysBeforeCaching else { return }
            packed = Array(repeating: PackedKey(first: 0, second: 0, length: -1), count: Self.slotCount)
            keys = Array(repeating: "", count: Self.slotCount)
        }
        let slot = packed[key.slot].length < 0 ? key.slot : key.slot + 1
        packed[slot] = key
        keys[slot] = string
    }
}

extension JSONReader {
    /// Reads the key whose string starts at the position when it is short plain ASCII, through the cache;
    /// nil, without moving, for any other key.
    @inline(__always)
    mutating func readShortKey() -> String? {
        let start = offset + 1
        // Two whole words must be loadable from the key's first byte.
        guard start + 16 <= count else { return nil }
        var isASCII = true
        let stop = findSpecialStringByte(from: start, isASCII: &isASCII)
        let length = stop - start
        guard length <= 16, isASCII, stop < count, bytes[stop] == JSONByte.quote else { return nil }

        let raw = UnsafeRawPointer(bytes + start)
        var first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        var second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        if length < 8 {
            first &= (UInt64(1) << UInt64(8 * length)) &- 1
            second = 0
        } else if length < 16 {
            second &= (UInt64(1) << UInt64(8 * (length - 8))) &- 1
        }
        let packed = JSONKeyCache.PackedKey(first: first, second: second, length: length)
        offset = stop + 1
        if let key = keyCache.lookUp(packed) { return key }
        let key = String(decoding: UnsafeBufferPointer(start: bytes + start, count: length), as: UTF8.self)
        keyCache.store(key, for: packed)
        return key
    }
}
