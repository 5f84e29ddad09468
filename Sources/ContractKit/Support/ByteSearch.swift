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
        guard needle.count <= haystack.count, let text = haystack.baseAddress, let secret = needle.baseAddress else {
            return false
        }
        // memchr finds each candidate first byte at memory speed; memcmp checks the rest.
        let end = text + (haystack.count - needle.count + 1)
        var start = text
        while start < end, let found = memchr(start, Int32(secret.pointee), end - start) {
            let candidate = found.assumingMemoryBound(to: UInt8.self)
            if memcmp(candidate, secret, needle.count) == 0 { return true }
            start = UnsafePointer(candidate + 1)
        }
        return false
    }
}
