#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension AnyCaseKeys {
    /// ``canonical(_:)`` through a small per-thread cache of the keys last seen, for the `anyCase` strategy.
    ///
    /// `JSONDecoder` calls a `.custom` key strategy once for every key of every keyed container, so an array of
    /// records asks for the same few keys over and over. A hit costs a hash and a comparison of the key's bytes,
    /// instead of rewriting the key and building a new `String`. Each thread has its own table of
    /// ``KeyCache/slotCount`` slots, so no lock is taken. A key may sit in either slot of the pair its hash
    /// picks, so two keys of one object that pick the same pair both stay; a third pushes out the older one.
    ///
    /// Keys are matched byte for byte, not by `String` equality: `"E\u{301}TAT"` equals `"ÉTAT"` as a `String`,
    /// but the combining accent splits it into other words.
    @inline(__always)
    static func cachedCanonical(_ key: consuming String) -> String {
        guard let slots = KeyCache.slotsOfThisThread(), let hash = KeyCache.hash(key) else { return canonical(key) }
        let pair = slots + (Int(truncatingIfNeeded: hash >> (64 - KeyCache.slotBits)) & ~1)
        if KeyCache.sameValue(pair.pointee.key, key) {
            // A key already in canonical form is stored as its own canonical form. Handing back the key itself
            // then spares a retain of the cached copy and a release of the key.
            if KeyCache.sameValue(pair.pointee.canonical, key) { return key }
            return pair.pointee.canonical
        }
        return KeyCache.canonical(key, missedIn: pair)
    }

    enum KeyCache {
        struct Slot {
            var key: String
            var canonical: String
        }

        /// 512 slots; each holds two strings (32 bytes), so a table is 16 KB.
        static let slotBits = 9
        static var slotCount: Int { 1 << slotBits }

        /// Whether the two `String` values are the same in memory: then they hold the same bytes. A string of up
        /// to 15 UTF-8 bytes is kept inline in the value, so two equal short keys are normally the same in memory,
        /// whatever made them; longer keys are the same only when they share their storage.
        @inline(__always)
        static func sameValue(_ first: String, _ second: String) -> Bool {
            guard MemoryLayout<String>.size == 16 else { return false }
            return withUnsafeBytes(of: first) { first in
                withUnsafeBytes(of: second) { second in
                    first.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                        == second.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                        && first.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                            == second.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                }
            }
        }

        /// Whether the two keys have the same UTF-8 bytes.
        static func sameBytes(_ cached: String, _ key: String) -> Bool {
            if sameValue(cached, key) { return true }
            guard cached.utf8.count == key.utf8.count else { return false }
            let compared = cached.utf8.withContiguousStorageIfAvailable { cached in
                key.utf8.withContiguousStorageIfAvailable { key in
                    equal(UnsafeRawBufferPointer(cached), UnsafeRawBufferPointer(key))
                }
            }
            return (compared ?? nil) ?? cached.utf8.elementsEqual(key.utf8)
        }

        /// Whether two buffers of the same length hold the same bytes, compared a word at a time.
        private static func equal(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) -> Bool {
            var offset = 0
            while offset + 8 <= first.count {
                guard
                    first.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == second.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < first.count {
                guard first[offset] == second[offset] else { return false }
                offset += 1
            }
            return true
        }

        /// The canonical form of a key that the first slot of its pair does not hold as the same value. The pair
        /// may still hold its bytes (a long key, in storage of its own, or the key in the second slot); else the
        /// key is rewritten and takes the first slot, whose key moves to the second.
        @inline(never)
        static func canonical(_ key: String, missedIn pair: UnsafeMutablePointer<Slot>) -> String {
            if sameBytes(pair[0].key, key) { return pair[0].canonical }
            if sameBytes(pair[1].key, key) { return pair[1].canonical }
            let canonical = AnyCaseKeys.canonical(key)
            pair[1] = pair.move()
            pair.initialize(to: Slot(key: key, canonical: canonical))
            return canonical
        }

        /// The key's hash: equal bytes, equal hash. Nil when the key's bytes are not at hand (a bridged string).
        ///
        /// A key of up to 15 bytes is hashed by the words of its `String` value (its bytes, inline; see
        /// ``sameValue(_:_:)``), without a pass over the bytes. Should such a key not be inline, its words hold a
        /// pointer instead, and it lands in some slot where it misses (and is rewritten) or finds itself. Longer
        /// keys are hashed by their bytes, a word at a time.
        @inline(__always)
        static func hash(_ key: String) -> UInt64? {
            if MemoryLayout<String>.size == 16, key.utf8.count <= 15 {
                return withUnsafeBytes(of: key) { raw in
                    let low = raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)
                    let high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                    return (low ^ (high >> 32 | high << 32)) &* 0x9E37_79B9_7F4A_7C15
                }
            }
            return hashOfBytes(key)
        }

        /// The hash of a longer key, by its bytes. Kept out of line, so that the hash of a short key, inlined
        /// into every call of the strategy, stays a few instructions.
        @inline(never)
        private static func hashOfBytes(_ key: String) -> UInt64? {
            key.utf8.withContiguousStorageIfAvailable { bytes in
                let bytes = UnsafeRawBufferPointer(bytes)
                var hash = UInt64(bytes.count)
                var offset = 0
                while offset + 8 <= bytes.count {
                    hash =
                        (hash ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash >> 29
                    offset += 8
                }
                while offset < bytes.count {
                    hash = (hash ^ UInt64(bytes[offset])) &* 0x0000_0100_0000_01B3
                    offset += 1
                }
                return hash &* 0x9E37_79B9_7F4A_7C15
            }
        }

        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        /// The thread-specific key under which each thread keeps its table; the table is freed when its thread
        /// exits.
        private static let threadKey: pthread_key_t? = {
            var key = pthread_key_t()
            guard pthread_key_create(&key, { freeSlots($0) }) == 0 else { return nil }
            return key
        }()

        private static func freeSlots(_ pointer: UnsafeMutableRawPointer?) {
            guard let slots = pointer?.assumingMemoryBound(to: Slot.self) else { return }
            slots.deinitialize(count: slotCount)
            slots.deallocate()
        }

        /// This thread's table, made on first use; nil only when the system has no thread-specific keys left.
        @inline(__always)
        static func slotsOfThisThread() -> UnsafeMutablePointer<Slot>? {
            guard let threadKey else { return nil }
            if let pointer = pthread_getspecific(threadKey) { return pointer.assumingMemoryBound(to: Slot.self) }
            return makeSlots(threadKey)
        }

        @inline(never)
        private static func makeSlots(_ threadKey: pthread_key_t) -> UnsafeMutablePointer<Slot>? {
            let slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
            // An empty key is its own canonical form, so a fresh slot already holds a true pair.
            slots.initialize(repeating: Slot(key: "", canonical: ""), count: slotCount)
            guard pthread_setspecific(threadKey, slots) == 0 else {
                freeSlots(slots)
                return nil
            }
            return slots
        }
        #else
        static func slotsOfThisThread() -> UnsafeMutablePointer<Slot>? { nil }
        #endif
    }
}
