extension JSONReader {
    /// Reads a string literal; the position is at its opening quote and ends after its closing one.
    ///
    /// Strings without escapes, by far the most common, become a `String` straight from the input bytes.
    mutating func readString() throws(ContractError) -> String {
        let opening = offset
        let start = offset + 1
        var isASCII = true
        let stop = findSpecialStringByte(from: start, isASCII: &isASCII)
        guard stop < count else { throw unterminatedString(openedAt: opening) }
        switch bytes[stop] {
        case JSONByte.quote:
            offset = stop + 1
            // `String(decoding:)` would quietly repair bad UTF-8, where JSON text must be rejected instead.
            if !isASCII, let bad = firstInvalidUTF8Byte(in: start..<stop) { throw invalidUTF8(at: bad) }
            return makeString(from: start, length: stop - start)
        case JSONByte.backslash:
            return try readEscapedString(openedAt: opening, firstEscape: stop, isASCII: isASCII)
        default:
            throw unescapedControlCharacter(at: stop)
        }
    }

    /// A string of the `length` bytes at `start`, which are valid UTF-8.
    ///
    /// Up to 15 bytes fit in a `String` without an allocation, and building one through a buffer is cheaper than
    /// `String(decoding:as:)`, which looks for bad UTF-8 to repair twice before it copies; longer strings are
    /// cheaper the other way.
    @inline(__always)
    func makeString(from start: Int, length: Int) -> String {
        let source = bytes + start
        guard length <= 15 else {
            return String(decoding: UnsafeBufferPointer(start: source, count: length), as: UTF8.self)
        }
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer.baseAddress!.initialize(from: source, count: length)
            return length
        }
    }

    /// Reads the rest of a string that has escapes, decoding it into `scratch` first.
    private mutating func readEscapedString(
        openedAt opening: Int, firstEscape: Int, isASCII: Bool
    ) throws(ContractError) -> String {
        scratch.removeAll(keepingCapacity: true)
        var isASCII = isASCII
        var segmentStart = opening + 1
        var index = firstEscape
        while true {
            guard index < count else { throw unterminatedString(openedAt: opening) }
            let byte = bytes[index]
            if byte == JSONByte.quote { break }
            guard byte == JSONByte.backslash else { throw unescapedControlCharacter(at: index) }
            scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + segmentStart, count: index - segmentStart))
            index = try decodeEscape(at: index, inStringOpenedAt: opening)
            segmentStart = index
            index = findSpecialStringByte(from: index, isASCII: &isASCII)
        }
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + segmentStart, count: index - segmentStart))
        offset = index + 1
        // Escapes decode to well-formed UTF-8, so only the raw bytes between them need checking, and they
        // are checked in place so that an error can point at the bad byte.
        if !isASCII, let bad = firstInvalidUTF8Byte(in: (opening + 1)..<index) {
            throw invalidUTF8(at: bad)
        }
        return scratch.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`; returns the offset just after it.
    ///
    /// A `\u` escape naming half of a surrogate pair without its other half decodes to U+FFFD, as RFC 8259
    /// leaves the choice to the parser and a replacement character loses less than rejecting the document.
    private mutating func decodeEscape(at index: Int, inStringOpenedAt opening: Int) throws(ContractError) -> Int {
        guard index + 1 < count else { throw unterminatedString(openedAt: opening) }
        let simple: UInt8
        switch bytes[index + 1] {
        case JSONByte.quote: simple = JSONByte.quote
        case JSONByte.backslash: simple = JSONByte.backslash
        case JSONByte.slash: simple = JSONByte.slash
        case 0x62: simple = 0x08  // \b
        case 0x66: simple = 0x0C  // \f
        case 0x6E: simple = JSONByte.lineFeed  // \n
        case 0x72: simple = JSONByte.carriageReturn  // \r
        case 0x74: simple = JSONByte.tab  // \t
        case JSONByte.lowercaseU:
            return try decodeUnicodeEscape(at: index)
        default:
            throw invalidEscape(at: index)
        }
        scratch.append(simple)
        return index + 2
    }

    private mutating func decodeUnicodeEscape(at index: Int) throws(ContractError) -> Int {
        guard let unit = hexQuad(at: index + 2) else { throw invalidUnicodeEscape(at: index) }
        var next = index + 6
        var scalar = UInt32(unit)
        switch unit {
        case 0xD800...0xDBFF:
            if next + 6 <= count, bytes[next] == JSONByte.backslash, bytes[next + 1] == JSONByte.lowercaseU,
                let low = hexQuad(at: next + 2), (0xDC00...0xDFFF).contains(low)
            {
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                next += 6
            } else {
                scalar = 0xFFFD
            }
        case 0xDC00...0xDFFF:
            scalar = 0xFFFD
        default:
            break
        }
        appendUTF8(of: scalar)
        return next
    }

    /// The value of the four hex digits at `index`, or nil when there are not four.
    private func hexQuad(at index: Int) -> UInt16? {
        guard index + 4 <= count else { return nil }
        var value: UInt16 = 0
        for position in index..<(index + 4) {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    private mutating func appendUTF8(of scalar: UInt32) {
        switch scalar {
        case ..<0x80:
            scratch.append(UInt8(scalar))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// The offset of the first `"`, `\\` or control character at or after `start`, or `count` when there is none;
    /// clears `isASCII` when a byte before it is not ASCII.
    @inline(__always)
    func findSpecialStringByte(from start: Int, isASCII: inout Bool) -> Int {
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var seenHighBits: UInt64 = 0
        while index + 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let flags = JSONByte.stringSpecialFlags(word)
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
        while index < count {
            let byte = bytes[index]
            if byte == JSONByte.quote || byte == JSONByte.backslash || byte < 0x20 { return index }
            if byte >= 0x80 { isASCII = false }
            index += 1
        }
        return count
    }

    /// The offset of the first byte in `range` that does not start a well-formed UTF-8 sequence.
    ///
    /// Escapes are ASCII and pass through, so a string's raw bytes can be checked with their escapes in place.
    func firstInvalidUTF8Byte(in range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            let lead = bytes[index]
            let continuationCount: Int
            var secondByteRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0x00...0x7F: index += 1; continue
            case 0xC2...0xDF: continuationCount = 1
            case 0xE0: continuationCount = 2; secondByteRange = 0xA0...0xBF
            case 0xED: continuationCount = 2; secondByteRange = 0x80...0x9F
            case 0xE1...0xEF: continuationCount = 2
            case 0xF0: continuationCount = 3; secondByteRange = 0x90...0xBF
            case 0xF4: continuationCount = 3; secondByteRange = 0x80...0x8F
            case 0xF1...0xF3: continuationCount = 3
            default: return index
            }
            guard index + continuationCount < range.upperBound, secondByteRange.contains(bytes[index + 1]) else {
                return index
            }
            for position in (index + 2)..<(index + 1 + continuationCount) where bytes[position] & 0xC0 != 0x80 {
                return index
            }
            index += 1 + continuationCount
        }
        return nil
    }
}
