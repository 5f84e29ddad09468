extension JSONReader {
    /// Reads a string literal onto the tape; the position is at its opening quote and ends after its closing one.
    ///
    /// The string is checked, not decoded: its entry points at its bytes, and says whether it has escapes.
    /// Inlined: most of a document is strings, and a call costs as much as a short string's scan.
    @inline(__always)
    mutating func readString() throws(ContractError) {
        let opening = offset
        let start = offset + 1
        var isASCII = true
        // Most strings are ASCII with no escapes: one scan finds their closing quote. A byte that is not ASCII
        // stops it too, and the rest of the string is read by the scan that keeps track of UTF-8.
        var stop = JSONByte.firstStringSpecialOrNonASCII(in: bytes, from: start, to: count)
        guard stop < count else { throw unterminatedString(openedAt: opening) }
        if bytes[stop] >= 0x80 {
            isASCII = false
            stop = JSONByte.firstStringSpecial(in: bytes, from: stop, to: count)
            guard stop < count else { throw unterminatedString(openedAt: opening) }
        }
        var kind = JSONTape.Kind.string
        if bytes[stop] == JSONByte.backslash {
            kind = .escapedString
            stop = try skipEscapes(openedAt: opening, firstEscape: stop, isASCII: &isASCII)
        } else if bytes[stop] != JSONByte.quote {
            throw unescapedControlCharacter(at: stop)
        }
        // Decoding later would quietly repair bad UTF-8, where JSON text must be rejected instead.
        if !isASCII, let bad = firstInvalidUTF8Byte(in: start..<stop) { throw invalidUTF8(at: bad) }
        offset = stop + 1
        tape.append(
            JSONTape.Entry(kind, offset: start, tail: UInt64(truncatingIfNeeded: stop - start), nonASCII: !isASCII))
    }

    /// Checks the escapes of a string from its first one on; returns the offset of its closing quote.
    ///
    /// Escapes are ASCII, so the raw bytes between them can be checked for UTF-8 with the escapes in place.
    private func skipEscapes(openedAt opening: Int, firstEscape: Int, isASCII: inout Bool) throws(ContractError) -> Int
    {
        var index = firstEscape
        while true {
            guard index < count else { throw unterminatedString(openedAt: opening) }
            let byte = bytes[index]
            if byte == JSONByte.quote { return index }
            guard byte == JSONByte.backslash else { throw unescapedControlCharacter(at: index) }
            guard index + 1 < count else { throw unterminatedString(openedAt: opening) }
            switch bytes[index + 1] {
            case JSONByte.quote, JSONByte.backslash, JSONByte.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:
                index += 2
            case JSONByte.lowercaseU:
                guard JSONByte.hexQuad(in: UnsafeBufferPointer(start: bytes, count: count), at: index + 2) != nil else {
                    throw invalidUnicodeEscape(at: index)
                }
                index += 6
            default:
                throw invalidEscape(at: index)
            }
            index = findSpecialStringByte(from: index, isASCII: &isASCII)
        }
    }

    /// The offset of the first `"`, `\\` or control character at or after `start`, or `count` when there is none;
    /// clears `isASCII` when a byte before it is not ASCII.
    @inline(__always)
    func findSpecialStringByte(from start: Int, isASCII: inout Bool) -> Int {
        JSONByte.firstStringSpecial(in: bytes, from: start, to: count, isASCII: &isASCII)
    }

    /// The offset of the first byte in `range` that does not start a well-formed UTF-8 sequence.
    func firstInvalidUTF8Byte(in range: Range<Int>) -> Int? {
        JSONByte.firstInvalidUTF8Byte(in: bytes, range)
    }
}
