/// Checks JSON text and writes it indented in the same pass: the bytes ``JSONTextOutput/append(tape:node:atDepth:)``
/// writes (pretty) for the same text once ``JSONParser`` has indexed it, without a tape in between.
///
/// The recorder writes every JSON body it receives indented, and most are never read again: one pass over the text
/// does what a parse and a walk of its tape did in two. It takes exactly the text the parser takes, nested up to
/// `maxDepth`; for any other text it stops and returns nil, and the caller asks the parser, which says what is wrong.
/// As the tape writer does, it copies numbers and strings without escapes as they stand, and writes a string with
/// escapes decoded and escaped again as ``JSONTextOutput`` escapes a string.
struct JSONIndenter: ~Copyable {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private var offset = 0
    /// The text written: `written` bytes of `capacity`, from `malloc`, handed over by ``finish()``.
    private var output: UnsafeMutablePointer<UInt8>
    private var written = 0
    private var capacity: Int
    /// A line feed followed by ``maximumTableIndent`` spaces: a line break and its indent are one copy from here.
    private let lineBreaks: UnsafePointer<UInt8>

    /// The deepest indent, in spaces, copied from the table; deeper lines are indented a space at a time.
    private static let maximumTableIndent = 2048

    // nonisolated(unsafe): written once, when first used, and only read after.
    nonisolated(unsafe) private static let lineBreakTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumTableIndent + 1)
        table.initialize(to: JSONByte.lineFeed)
        (table + 1).initialize(repeating: JSONByte.space, count: maximumTableIndent)
        return UnsafePointer(table)
    }()

    private init(_ bytes: UnsafePointer<UInt8>, count: Int) {
        self.bytes = bytes
        self.count = count
        // Indented text is rarely more than twice as long as compact text; growing past that doubles.
        capacity = 2 * count + 256
        output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        lineBreaks = Self.lineBreakTable
    }

    deinit { output.deallocate() }

    /// The JSON text `text` indented as the value of a member `depth` deep (its first line unindented, the lines
    /// after it indented from `depth`), or nil when the parser would refuse the text or nest it deeper than
    /// `maxDepth`.
    static func indented(
        _ text: UnsafeRawBufferPointer, atDepth depth: Int, maxDepth: Int = JSONParser.defaultMaxDepth
    ) -> JSONOutputBytes? {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        var indenter = JSONIndenter(base.assumingMemoryBound(to: UInt8.self), count: text.count)
        guard indenter.writeDocument(depth: depth, maxDepth: maxDepth) else { return nil }
        return indenter.finish()
    }

    /// Hands the text written over.
    private consuming func finish() -> JSONOutputBytes {
        let result = JSONOutputBytes(adopting: output, count: written, capacity: capacity)
        discard self
        return result
    }

    /// Reads the whole text as one value followed only by whitespace, writing it as it goes; false where the parser
    /// would throw, or nesting passes `maxDepth`.
    private mutating func writeDocument(depth: Int, maxDepth: Int) -> Bool {
        // The open containers, innermost last: one bit each, set for an object.
        let words = (maxDepth + 64) / 64
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { isObject in
            isObject.initialize(repeating: 0)
            var level = 0
            if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }
            readingValues: while true {
                skipWhitespace()
                guard offset < count else { return false }
                let byte = bytes[offset]
                switch byte {
                case JSONByte.quote:
                    guard copyString() else { return false }
                case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                    guard copyNumber() else { return false }
                case JSONByte.openBrace, JSONByte.openBracket:
                    guard level < maxDepth else { return false }
                    let opensObject = byte == JSONByte.openBrace
                    let closing = opensObject ? JSONByte.closeBrace : JSONByte.closeBracket
                    offset += 1
                    skipWhitespace()
                    guard offset < count else { return false }
                    reserve(2)
                    output[written] = byte
                    if bytes[offset] == closing {
                        offset += 1
                        output[written + 1] = closing
                        written += 2
                    } else {
                        written += 1
                        if opensObject { isObject[level >> 6] |= 1 << UInt64(level & 63) }
                        level += 1
                        lineBreak(indent: depth + level)
                        if opensObject {
                            guard copyKey() else { return false }
                        }
                        continue readingValues
                    }
                case JSONByte.lowercaseT:
                    guard copyLiteral("true", 0x6575_7274, length: 4) else { return false }
                case JSONByte.lowercaseF:
                    // "alse", after the "f".
                    guard copyLiteral("false", 0x6573_6c61, length: 5, from: 1) else { return false }
                case JSONByte.lowercaseN:
                    guard copyLiteral("null", 0x6c6c_756e, length: 4) else { return false }
                default:
                    return false
                }
                // A value is complete: close the containers that end here, then find where the next value starts.
                while level > 0 {
                    let inObject = isObject[(level - 1) >> 6] & (1 << UInt64((level - 1) & 63)) != 0
                    skipWhitespace()
                    guard offset < count else { return false }
                    let next = bytes[offset]
                    if next == JSONByte.comma {
                        offset += 1
                        reserve(1)
                        output[written] = JSONByte.comma
                        written += 1
                        lineBreak(indent: depth + level)
                        if inObject {
                            guard copyKey() else { return false }
                        }
                        continue readingValues
                    }
                    guard next == (inObject ? JSONByte.closeBrace : JSONByte.closeBracket) else { return false }
                    offset += 1
                    level -= 1
                    isObject[level >> 6] &= ~(1 << UInt64(level & 63))
                    lineBreak(indent: depth + level)
                    reserve(1)
                    output[written] = next
                    written += 1
                }
                skipWhitespace()
                return offset == count
            }
        }
    }

    // MARK: - Output

    @inline(__always)
    private mutating func reserve(_ more: Int) {
        if written + more > capacity { grow(to: written + more) }
    }

    @inline(never)
    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newOutput = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newOutput.update(from: output, count: written)
        output.deallocate()
        output = newOutput
        capacity = newCapacity
    }

    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length)
        (output + written).update(from: source, count: length)
        written += length
    }

    /// A line break and the indent of a line `depth` deep.
    @inline(__always)
    private mutating func lineBreak(indent depth: Int) {
        let spaces = 2 * depth
        guard spaces <= Self.maximumTableIndent else {
            reserve(1 + spaces)
            output[written] = JSONByte.lineFeed
            (output + written + 1).initialize(repeating: JSONByte.space, count: spaces)
            written += 1 + spaces
            return
        }
        append(lineBreaks, 1 + spaces)
    }

    // MARK: - Reading and copying

    @inline(__always)
    private mutating func skipWhitespace() {
        // Compact text has no whitespace between tokens: one test says so.
        while offset < count, JSONByte.isWhitespace(bytes[offset]) { offset += 1 }
    }

    /// `"key": `, after checking the key and the colon.
    @inline(__always)
    private mutating func copyKey() -> Bool {
        skipWhitespace()
        guard offset < count, bytes[offset] == JSONByte.quote, copyString() else { return false }
        skipWhitespace()
        guard offset < count, bytes[offset] == JSONByte.colon else { return false }
        offset += 1
        reserve(2)
        output[written] = JSONByte.colon
        output[written + 1] = JSONByte.space
        written += 2
        return true
    }

    /// A literal that `expected` (four of its bytes from `skip`, read little-endian) identifies, not running on into a
    /// longer word, as the parser reads it.
    @inline(__always)
    private mutating func copyLiteral(_ text: StaticString, _ expected: UInt32, length: Int, from skip: Int = 0) -> Bool
    {
        guard count - offset >= length,
            UInt32(littleEndian: UnsafeRawPointer(bytes + offset + skip).loadUnaligned(as: UInt32.self)) == expected,
            offset + length == count || !JSONByte.isWordByte(bytes[offset + length])
        else { return false }
        offset += length
        append(text.utf8Start, length)
        return true
    }

    /// A number, checked against RFC 8259's grammar as ``JSONReader`` checks it, copied as it is spelled.
    @inline(__always)
    private mutating func copyNumber() -> Bool {
        let start = offset
        var index = offset
        if bytes[index] == JSONByte.minus {
            index += 1
            guard index < count, JSONByte.isDigit(bytes[index]) else { return false }
        }
        if bytes[index] == JSONByte.zero {
            index += 1
            if index < count, JSONByte.isDigit(bytes[index]) { return false }
        } else {
            index += 1
            while index < count, JSONByte.isDigit(bytes[index]) { index += 1 }
        }
        if index < count, bytes[index] == JSONByte.period {
            index += 1
            guard index < count, JSONByte.isDigit(bytes[index]) else { return false }
            while index < count, JSONByte.isDigit(bytes[index]) { index += 1 }
        }
        if index < count, bytes[index] | 0x20 == JSONByte.lowercaseE {
            index += 1
            if index < count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus { index += 1 }
            guard index < count, JSONByte.isDigit(bytes[index]) else { return false }
            while index < count, JSONByte.isDigit(bytes[index]) { index += 1 }
        }
        offset = index
        append(bytes + start, index - start)
        return true
    }

    /// A string, checked as ``JSONReader`` checks it; copied as it stands when it has no escapes, else decoded and
    /// escaped again as ``JSONTextOutput`` writes a string.
    @inline(__always)
    private mutating func copyString() -> Bool {
        let start = offset + 1
        var isASCII = true
        var stop = JSONByte.firstStringSpecialOrNonASCII(in: bytes, from: start, to: count)
        guard stop < count else { return false }
        if bytes[stop] >= 0x80 {
            isASCII = false
            stop = JSONByte.firstStringSpecial(in: bytes, from: stop, to: count)
            guard stop < count else { return false }
        }
        let hasEscapes = bytes[stop] == JSONByte.backslash
        if hasEscapes {
            guard let end = closingQuote(firstEscape: stop, isASCII: &isASCII) else { return false }
            stop = end
        } else if bytes[stop] != JSONByte.quote {
            return false
        }
        if !isASCII, JSONByte.firstInvalidUTF8Byte(in: bytes, start..<stop) != nil { return false }
        offset = stop + 1
        reserve(stop - start + 2)
        output[written] = JSONByte.quote
        written += 1
        if hasEscapes {
            copyDecodingEscapes(from: start, to: stop)
        } else {
            (output + written).update(from: bytes + start, count: stop - start)
            written += stop - start
        }
        output[written] = JSONByte.quote
        written += 1
        return true
    }

    /// The offset of the closing quote of a string whose first escape is at `firstEscape`, its escapes checked; nil
    /// when the parser would refuse the string. Clears `isASCII` when a byte in it is not ASCII.
    private func closingQuote(firstEscape: Int, isASCII: inout Bool) -> Int? {
        var index = firstEscape
        while true {
            guard index < count else { return nil }
            let byte = bytes[index]
            if byte == JSONByte.quote { return index }
            guard byte == JSONByte.backslash, index + 1 < count else { return nil }
            switch bytes[index + 1] {
            case JSONByte.quote, JSONByte.backslash, JSONByte.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:
                index += 2
            case JSONByte.lowercaseU:
                guard JSONByte.hexQuad(in: UnsafeBufferPointer(start: bytes, count: count), at: index + 2) != nil else {
                    return nil
                }
                index += 6
            default:
                return nil
            }
            index = JSONByte.firstStringSpecial(in: bytes, from: index, to: count, isASCII: &isASCII)
        }
    }

    /// Writes the checked string content `bytes[start..<end]` with its escapes decoded, then escaped again as
    /// ``JSONTextOutput`` escapes: `"`, `\\` and control characters only, everything else as UTF-8. A decoded string is
    /// never longer than its escaped text, for which the caller has made room.
    private mutating func copyDecodingEscapes(from start: Int, to end: Int) {
        let raw = UnsafeBufferPointer(start: bytes, count: end)
        var index = start
        while index < end {
            // The bytes up to the next escape are neither quotes, backslashes nor control characters.
            var next = index
            while next < end, bytes[next] != JSONByte.backslash { next += 1 }
            (output + written).update(from: bytes + index, count: next - index)
            written += next - index
            index = next
            guard index < end else { return }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case 0x62: writeEscaped(0x08)
            case 0x66: writeEscaped(0x0C)
            case 0x6E: writeEscaped(JSONByte.lineFeed)
            case 0x72: writeEscaped(JSONByte.carriageReturn)
            case 0x74: writeEscaped(JSONByte.tab)
            case JSONByte.lowercaseU:
                let unit = JSONByte.hexQuad(in: raw, at: index) ?? 0xFFFD
                index += 4
                var scalar = unit
                switch unit {
                case 0xD800...0xDBFF:
                    if index + 6 <= end, bytes[index] == JSONByte.backslash, bytes[index + 1] == JSONByte.lowercaseU,
                        let low = JSONByte.hexQuad(in: raw, at: index + 2), (0xDC00...0xDFFF).contains(low)
                    {
                        scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        index += 6
                    } else {
                        scalar = 0xFFFD
                    }
                case 0xDC00...0xDFFF:
                    scalar = 0xFFFD
                default:
                    break
                }
                writeScalar(scalar)
            default:
                writeEscaped(escaped)  // \" \\ \/
            }
        }
    }

    /// A decoded byte below 0x80, escaped as the string writer escapes it.
    @inline(__always)
    private mutating func writeEscaped(_ byte: UInt8) {
        // Every escape in the text is at least two bytes; written again, a control character takes up to six, so
        // make room for the difference.
        reserve(6)
        switch byte {
        case JSONByte.quote, JSONByte.backslash:
            output[written] = JSONByte.backslash
            output[written + 1] = byte
            written += 2
        case JSONByte.lineFeed, JSONByte.tab, JSONByte.carriageReturn, 0x08, 0x0C:
            output[written] = JSONByte.backslash
            switch byte {
            case JSONByte.lineFeed: output[written + 1] = 0x6E  // n
            case JSONByte.tab: output[written + 1] = 0x74  // t
            case JSONByte.carriageReturn: output[written + 1] = 0x72  // r
            case 0x08: output[written + 1] = 0x62  // b
            default: output[written + 1] = 0x66  // f
            }
            written += 2
        case ..<JSONByte.space:
            // \u00XX with lowercase hex; the byte is below 0x20, so its high digit is 0 or 1.
            let low = byte & 0x0F
            output[written] = JSONByte.backslash
            output[written + 1] = JSONByte.lowercaseU
            output[written + 2] = JSONByte.zero
            output[written + 3] = JSONByte.zero
            output[written + 4] = JSONByte.zero + byte >> 4
            output[written + 5] = low < 10 ? JSONByte.zero + low : 0x61 + low - 10
            written += 6
        default:
            output[written] = byte
            written += 1
        }
    }

    /// A scalar from a `\u` escape: escaped again when it is ASCII the writer escapes, else as UTF-8.
    @inline(__always)
    private mutating func writeScalar(_ scalar: UInt32) {
        guard scalar >= 0x80 else {
            writeEscaped(UInt8(scalar))
            return
        }
        reserve(4)
        if scalar < 0x800 {
            output[written] = UInt8(0xC0 | scalar >> 6)
            output[written + 1] = UInt8(0x80 | scalar & 0x3F)
            written += 2
        } else if scalar < 0x10000 {
            output[written] = UInt8(0xE0 | scalar >> 12)
            output[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[written + 2] = UInt8(0x80 | scalar & 0x3F)
            written += 3
        } else {
            output[written] = UInt8(0xF0 | scalar >> 18)
            output[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
            output[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
            output[written + 3] = UInt8(0x80 | scalar & 0x3F)
            written += 4
        }
    }
}
