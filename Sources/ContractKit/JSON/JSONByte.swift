/// The bytes the JSON grammar cares about.
enum JSONByte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let one: UInt8 = 0x31
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let uppercaseE: UInt8 = 0x45
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let lowercaseE: UInt8 = 0x65
    static let lowercaseF: UInt8 = 0x66
    static let lowercaseN: UInt8 = 0x6E
    static let lowercaseT: UInt8 = 0x74
    static let lowercaseU: UInt8 = 0x75
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    /// The scalar a `\u` escape stands for: `unit` itself, or, when `unit` is the high half of a surrogate pair, the
    /// pair with the `\uXXXX` low half at `index` of `bytes` (then `consumed` is 6). Half a pair without its other
    /// half is U+FFFD (`JSONDecoder` refuses the whole text for it: ``JSONHalfSurrogates``).
    static func escapedScalar(_ unit: UInt32, followedBy bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (
        scalar: UInt32, consumed: Int
    ) {
        switch unit {
        case 0xD800...0xDBFF:
            if index + 6 <= bytes.count, bytes[index] == backslash, bytes[index + 1] == lowercaseU,
                let low = hexQuad(in: bytes, at: index + 2), (0xDC00...0xDFFF).contains(low)
            {
                return (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 6)
            }
            return (0xFFFD, 0)
        case 0xDC00...0xDFFF:
            return (0xFFFD, 0)
        default:
            return (unit, 0)
        }
    }

    /// The value of the four hex digits at `index` of `bytes`, or nil when there are not four there.
    static func hexQuad(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt32? {
        guard index >= 0, index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for position in index..<(index + 4) {
            guard let digit = hexDigit(bytes[position]) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The value of a hex digit in either case, or nil for another byte.
    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    /// Space, tab, line feed and carriage return: the whitespace JSON allows between tokens.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        let mask: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D
        return byte <= space && mask & (1 << UInt64(byte)) != 0
    }

    /// Letters, digits and `_`: bytes that continue a bare word such as `true` or `NaN`.
    static func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- 0x61 < 26 || byte == 0x5F
    }

    /// Flags, in the high bit of each byte, the bytes of `word` (eight bytes read little-endian) that a JSON
    /// string cannot hold as they are: `"`, `\\` and control characters.
    ///
    /// A flag can be spurious only above a real one (a borrow runs upwards), so the lowest flag is always exact.
    @inline(__always)
    static func stringSpecialFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* UInt64(quote))
        let backslashes = word ^ (ones &* UInt64(backslash))
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let belowSpace = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | belowSpace) & 0x8080_8080_8080_8080
    }

    /// The offset of the first `"`, `\\`, control character or byte above 0x7F in `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstStringSpecialOrNonASCII(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A byte's own high bit flags it exactly; the flags from borrows are exact below the lowest flag.
            let flags = (stringSpecialFlags(word) | word) & 0x8080_8080_8080_8080
            if flags != 0 { return index + flags.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == quote || byte == backslash || byte < 0x20 || byte >= 0x80 { return index }
            index += 1
        }
        return end
    }

    /// The offset of the first `"`, `\\` or control character in `base[start..<end]`, or `end`.
    @inline(__always)
    static func firstStringSpecial(in base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let flags = stringSpecialFlags(word)
            if flags != 0 { return index + flags.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == quote || byte == backslash || byte < 0x20 { return index }
            index += 1
        }
        return end
    }

    /// The offset of the first `"`, `\\` or control character in `base[start..<end]`, or `end`; clears `isASCII` when a
    /// byte before it is not ASCII.
    @inline(__always)
    static func firstStringSpecial(
        in base: UnsafePointer<UInt8>, from start: Int, to end: Int, isASCII: inout Bool
    ) -> Int {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var seenHighBits: UInt64 = 0
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let flags = stringSpecialFlags(word)
            if flags != 0 {
                // Only the bytes below the first flag belong to the string.
                let below = (UInt64(1) << UInt64(flags.trailingZeroBitCount)) &- 1
                if (seenHighBits | word & highBits & below) != 0 { isASCII = false }
                return index + flags.trailingZeroBitCount >> 3
            }
            seenHighBits |= word & highBits
            index += 8
        }
        if seenHighBits != 0 { isASCII = false }
        while index < end {
            let byte = base[index]
            if byte == quote || byte == backslash || byte < 0x20 { return index }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        return end
    }

    /// The offset of the first byte in `base[range]` that does not start a well-formed UTF-8 sequence.
    ///
    /// Escapes are ASCII and pass through, so a string's raw bytes can be checked with their escapes in place.
    static func firstInvalidUTF8Byte(in base: UnsafePointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let length = utf8SequenceLength(in: base, at: index, end: range.upperBound)
            guard length > 0 else { return index }
            index += length
        }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `index` of `base`, ending by `end`; 0 when there is none.
    @inline(__always)
    static func utf8SequenceLength(in base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int {
        let lead = base[index]
        let continuationCount: Int
        var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: continuationCount = 1
        case 0xE0:
            continuationCount = 2
            secondByteRange = 0xA0...0xBF
        case 0xED:
            continuationCount = 2
            secondByteRange = 0x80...0x9F
        case 0xE1...0xEF: continuationCount = 2
        case 0xF0:
            continuationCount = 3
            secondByteRange = 0x90...0xBF
        case 0xF4:
            continuationCount = 3
            secondByteRange = 0x80...0x8F
        case 0xF1...0xF3: continuationCount = 3
        default: return 0
        }
        guard index + continuationCount < end, secondByteRange.contains(base[index + 1]) else { return 0 }
        for position in (index + 2)..<(index + 1 + continuationCount) where base[position] & 0xC0 != 0x80 {
            return 0
        }
        return 1 + continuationCount
    }
}
