import Foundation

/// Substring search over UTF-8 bytes, for the hot loops that ask it of every string of every body.
package enum ByteSearch {
    /// True when `text` holds `needle`, compared byte for byte (no Unicode equivalence). Foundation's `contains` goes
    /// through `NSString` and costs microseconds a call, and the redactor asks it of every string of every body for
    /// every secret, and infer of every key for every secret-name fragment (a 10 MB HAR spent most of its time there).
    package static func contains(_ text: String, _ needle: String) -> Bool {
        var text = text
        var needle = needle
        return text.withUTF8 { haystack in needle.withUTF8 { contains(haystack, $0) } }
    }

    /// True when `needle` occurs in `haystack`.
    package static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !needle.isEmpty else { return true }
        var found = false
        forEachOccurrence(of: needle, in: haystack) { _ in
            found = true
            return false
        }
        return found
    }

    /// Calls `body` with the offset of each occurrence of `needle` in `haystack`, overlapping ones included, front to
    /// back, until it returns false.
    @inline(__always)
    package static func forEachOccurrence(
        of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, _ body: (Int) -> Bool
    ) {
        guard !needle.isEmpty, needle.count <= haystack.count, let text = haystack.baseAddress,
            let secret = needle.baseAddress
        else { return }
        // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
        let end = text + (haystack.count - needle.count + 1)
        var start = text
        while start < end, let found = memchr(start, Int32(secret.pointee), end - start) {
            let candidate = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
            if memcmp(candidate, secret, needle.count) == 0, !body(candidate - text) { return }
            start = candidate + 1
        }
    }

    /// Bytes looked for in many texts, found by their rarest byte: `memchr` stops only where that byte is, and
    /// `memcmp` checks the rest around it. A secret's first byte is often a lower-case letter, which JSON text holds
    /// every few bytes; an upper-case letter, a digit past the first few or a `-` is far rarer there.
    package struct Needle: Sendable {
        package let bytes: [UInt8]
        /// Where in ``bytes`` the byte `memchr` looks for is.
        let anchor: Int

        package init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var anchor = 0
            for index in bytes.indices where Needle.commonness(bytes[index]) <= Needle.commonness(bytes[anchor]) {
                anchor = index
            }
            self.anchor = anchor
        }

        /// True when the bytes occur in `haystack`.
        package func occurs(in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
            guard !bytes.isEmpty else { return true }
            guard bytes.count <= haystack.count, let text = haystack.baseAddress else { return false }
            return bytes.withUnsafeBufferPointer { needle in
                let first = needle.baseAddress!
                let wanted = Int32(needle[anchor])
                // The anchor's place in every candidate from the first to the last.
                var start = text + anchor
                let end = text + (haystack.count - bytes.count + anchor + 1)
                while start < end, let found = memchr(start, wanted, end - start) {
                    let anchorByte = found.assumingMemoryBound(to: UInt8.self)
                    let candidate = anchorByte - anchor
                    // The first and last bytes before a call to compare all of them.
                    if candidate[0] == first[0], candidate[bytes.count - 1] == first[bytes.count - 1],
                        memcmp(candidate, first, bytes.count) == 0
                    {
                        return true
                    }
                    start = UnsafePointer(anchorByte + 1)
                }
                return false
            }
        }

        /// How often a byte shows in JSON text, roughly, in ranks: indentation and punctuation most, then the
        /// commonest letters and digits, then the rest of the lower case, then the upper case and other symbols.
        static func commonness(_ byte: UInt8) -> Int {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\""), UInt8(ascii: ","), UInt8(ascii: ":"), 0x0A: return 6
            case UInt8(ascii: "e"), UInt8(ascii: "t"), UInt8(ascii: "a"), UInt8(ascii: "o"), UInt8(ascii: "i"),
                UInt8(ascii: "n"), UInt8(ascii: "s"), UInt8(ascii: "r"), UInt8(ascii: "l"), UInt8(ascii: "0"),
                UInt8(ascii: "1"), UInt8(ascii: "2"):
                return 5
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "3")...UInt8(ascii: "9"), UInt8(ascii: "{"),
                UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "."), UInt8(ascii: "-"):
                return 4
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: "/"): return 3
            case 0x20..<0x7F: return 2
            default: return 1
            }
        }
    }
}
