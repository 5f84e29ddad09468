/// Checks JSON text and writes it indented in the same pass: the bytes ``JSONTextOutput/append(tape:node:atDepth:)``
/// writes (pretty) for the same text once ``JSONParser`` has indexed it, without a tape in between.
///
/// The recorder writes every JSON body it receives indented, and most are never read again: one pass over the text
/// does what a parse and a walk of its tape did in two. It takes exactly the text the parser takes, nested up to
/// `maxDepth`; for any other text it stops and returns nil, and the caller asks the parser, which says what is wrong.
/// As the tape writer does, it copies numbers and strings without escapes as they stand, and writes a string with
/// escapes decoded and escaped again as ``JSONTextOutput`` escapes a string.
///
/// The state is a local value of ``indented(_:atDepth:maxDepth:)`` and every step is inlined into its loop, so that
/// the positions stay in registers rather than being stored and loaded again around each byte written.
struct JSONIndenter {
    private let bytes: UnsafePointer<UInt8>
    private let count: Int
    private var offset = 0
    /// The text written: `written` bytes of `capacity`, from `allocate`.
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

    /// The JSON text `text` indented as the value of a member `depth` deep (its first line unindented, the lines
    /// after it indented from `depth`), or nil when the parser would refuse the text or nest it deeper than
    /// `maxDepth`.
    static func indented(
        _ text: UnsafeRawBufferPointer, atDepth depth: Int, maxDepth: Int = JSONParser.defaultMaxDepth
    ) -> JSONOutputBytes? {
        guard let base = text.baseAddress, !text.isEmpty else { return nil }
        var indenter = JSONIndenter(base.assumingMemoryBound(to: UInt8.self), count: text.count)
        // The open containers, innermost last: one bit each, set for an object.
        let isObject = UnsafeMutablePointer<UInt64>.allocate(capacity: (maxDepth + 64) / 64)
        isObject.initialize(repeating: 0, count: (maxDepth + 64) / 64)
        defer { isObject.deallocate() }
        guard indenter.writeDocument(depth: depth, maxDepth: maxDepth, isObject: isObject) else {
            indenter.output.deallocate()
            return nil
        }
        return JSONOutputBytes(adopting: indenter.output, count: indenter.written, capacity: indenter.capacity)
    }

    /// Reads the whole text as one value followed only by whitespace, writing it as it goes; false where the parser
    /// would throw, or nesting passes `maxDepth`.
    @inline(__always)
    private mutating func writeDocument(depth: Int, maxDepth: Int, isObject: UnsafeMutablePointer<UInt64>) -> Bool {
        do {
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
        if written + more > capacity {
            (output, capacity) = Self.grown(output, written: written, capacity: capacity, needed: written + more)
        }
    }

    /// A larger buffer holding the `written` bytes of `output`, which is freed. Static and out of line, so that
    /// the state's address is never handed to a call and its fields can live in registers.
    @inline(never)
    private static func grown(_ output: UnsafeMutablePointer<UInt8>, written: Int, capacity: Int, needed: Int) -> (
        UnsafeMutablePointer<UInt8>, Int
    ) {
        let newCapacity = max(needed, capacity * 2)
        let newOutput = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newOutput.update(from: output, count: written)
        output.deallocate()
        return (newOutput, newCapacity)
    }

    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
        reserve(length)
        (output + written).update(from: source, count: length)
        written += length
    }

    /// Appends `length` bytes from `source`, where at least `readable` bytes may be read: a short run (most keys,
    /// values and indents) is copied as one or two 16-byte words, over-reading and over-writing within bounds, rather
    /// than by a call to `memmove`.
    @inline(__always)
    private mutating func appendShort(_ source: UnsafePointer<UInt8>, _ length: Int, readable: Int) {
        reserve(length + 32)
        let target = UnsafeMutableRawPointer(output + written)
        let from = UnsafeRawPointer(source)
        if length <= 16, readable >= 16 {
            target.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        } else if length <= 32, readable >= 32 {
            target.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            target.storeBytes(
                of: from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16,
                as: SIMD16<UInt8>.self)
        } else {
            target.copyMemory(from: from, byteCount: length)
        }
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
        appendShort(lineBreaks, 1 + spaces, readable: Self.maximumTableIndent + 1)
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
        appendShort(bytes + start, index - start, readable: count - start)
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
            let end = Self.closingQuote(bytes, count: count, firstEscape: stop)
            guard end.offset >= 0 else { return false }
            stop = end.offset
            if !end.isASCII { isASCII = false }
        } else if bytes[stop] != JSONByte.quote {
            return false
        }
        if !isASCII, JSONByte.firstInvalidUTF8Byte(in: bytes, start..<stop) != nil { return false }
        offset = stop + 1
        guard !hasEscapes else {
            // Decoded and escaped again, a string is never longer than it was.
            reserve(stop - start + 2)
            output[written] = JSONByte.quote
            written += 1 + Self.copyDecodingEscapes(bytes, from: start, to: stop, into: output + written + 1)
            output[written] = JSONByte.quote
            written += 1
            return true
        }
        // The string with its quotes, as it stands.
        appendShort(bytes + start - 1, stop - start + 2, readable: count - start + 1)
        return true
    }

    /// The offset of the closing quote of a string whose first escape is at `firstEscape`, its escapes checked, and
    /// whether the string is ASCII from there on; offset -1 when the parser would refuse the string.
    @inline(never)
    private static func closingQuote(_ bytes: UnsafePointer<UInt8>, count: Int, firstEscape: Int) -> (
        offset: Int, isASCII: Bool
    ) {
        var isASCII = true
        var index = firstEscape
        while true {
            guard index < count else { return (-1, isASCII) }
            let byte = bytes[index]
            if byte == JSONByte.quote { return (index, isASCII) }
            guard byte == JSONByte.backslash, index + 1 < count else { return (-1, isASCII) }
            switch bytes[index + 1] {
            case JSONByte.quote, JSONByte.backslash, JSONByte.slash, 0x62, 0x66, 0x6E, 0x72, 0x74:
                index += 2
            case JSONByte.lowercaseU:
                guard JSONByte.hexQuad(in: UnsafeBufferPointer(start: bytes, count: count), at: index + 2) != nil else {
                    return (-1, isASCII)
                }
                index += 6
            default:
                return (-1, isASCII)
            }
            index = JSONByte.firstStringSpecial(in: bytes, from: index, to: count, isASCII: &isASCII)
        }
    }

    /// Writes the checked string content `bytes[start..<end]` to `target` with its escapes decoded, then escaped again
    /// as ``JSONTextOutput`` escapes: `"`, `\\` and control characters only, everything else as UTF-8; the number of
    /// bytes written, never more than `end - start`.
    @inline(never)
    private static func copyDecodingEscapes(
        _ bytes: UnsafePointer<UInt8>, from start: Int, to end: Int, into target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        let raw = UnsafeBufferPointer(start: bytes, count: end)
        var written = 0
        /// A decoded byte below 0x80, escaped as the string writer escapes it.
        func writeEscaped(_ byte: UInt8) {
            switch byte {
            case JSONByte.quote, JSONByte.backslash:
                target[written] = JSONByte.backslash
                target[written + 1] = byte
                written += 2
            case JSONByte.lineFeed, JSONByte.tab, JSONByte.carriageReturn, 0x08, 0x0C:
                target[written] = JSONByte.backslash
                switch byte {
                case JSONByte.lineFeed: target[written + 1] = 0x6E  // n
                case JSONByte.tab: target[written + 1] = 0x74  // t
                case JSONByte.carriageReturn: target[written + 1] = 0x72  // r
                case 0x08: target[written + 1] = 0x62  // b
                default: target[written + 1] = 0x66  // f
                }
                written += 2
            case ..<JSONByte.space:
                // \u00XX with lowercase hex; the byte is below 0x20, so its high digit is 0 or 1.
                let low = byte & 0x0F
                target[written] = JSONByte.backslash
                target[written + 1] = JSONByte.lowercaseU
                target[written + 2] = JSONByte.zero
                target[written + 3] = JSONByte.zero
                target[written + 4] = JSONByte.zero + byte >> 4
                target[written + 5] = low < 10 ? JSONByte.zero + low : 0x61 + low - 10
                written += 6
            default:
                target[written] = byte
                written += 1
            }
        }
        /// A scalar from a `\u` escape: escaped again when it is ASCII the writer escapes, else as UTF-8.
        func writeScalar(_ scalar: UInt32) {
            guard scalar >= 0x80 else {
                writeEscaped(UInt8(scalar))
                return
            }
            if scalar < 0x800 {
                target[written] = UInt8(0xC0 | scalar >> 6)
                target[written + 1] = UInt8(0x80 | scalar & 0x3F)
                written += 2
            } else if scalar < 0x10000 {
                target[written] = UInt8(0xE0 | scalar >> 12)
                target[written + 1] = UInt8(0x80 | scalar >> 6 & 0x3F)
                target[written + 2] = UInt8(0x80 | scalar & 0x3F)
                written += 3
            } else {
                target[written] = UInt8(0xF0 | scalar >> 18)
                target[written + 1] = UInt8(0x80 | scalar >> 12 & 0x3F)
                target[written + 2] = UInt8(0x80 | scalar >> 6 & 0x3F)
                target[written + 3] = UInt8(0x80 | scalar & 0x3F)
                written += 4
            }
        }
        var index = start
        while index < end {
            // The bytes up to the next escape are neither quotes, backslashes nor control characters.
            var next = index
            while next < end, bytes[next] != JSONByte.backslash { next += 1 }
            (target + written).update(from: bytes + index, count: next - index)
            written += next - index
            index = next
            guard index < end else { break }
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
                let (scalar, consumed) = JSONByte.escapedScalar(unit, followedBy: raw, at: index)
                index += consumed
                writeScalar(scalar)
            default:
                writeEscaped(escaped)  // \" \\ \/
            }
        }
        return written
    }
}

/// The two ways received JSON text is written indented, for `contract-bench` to time side by side: the indenter's one
/// pass, and the parser's tape written out by the tape writer (what the indenter replaced).
package enum JSONIndentingPaths {
    /// The length of `text` written indented `depth` deep by the indenter, or nil when it refuses the text.
    package static func indenterLength(_ text: [UInt8], atDepth depth: Int) -> Int? {
        text.withUnsafeBytes { JSONIndenter.indented($0, atDepth: depth) }?.count
    }

    /// The length of `text` parsed onto a tape and written indented `depth` deep from it, or nil when the parser
    /// refuses the text.
    package static func tapeWriterLength(_ text: [UInt8], atDepth depth: Int) -> Int? {
        guard let document = try? JSONParser().parseDocument(text) else { return nil }
        var output = JSONTextOutput(pretty: true)
        document.withView { output.append(tape: $0, node: document.root, atDepth: depth) }
        return output.count
    }
}
