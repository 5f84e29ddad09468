#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Checks JSON text and writes it indented in the same pass: the bytes ``JSONTextOutput/append(tape:node:atDepth:)``
/// writes (pretty) for the same text once ``JSONParser`` has indexed it, without a tape in between.
///
/// The recorder writes every JSON body it receives indented, and most are never read again: one pass over the text
/// does what a parse and a walk of its tape did in two. It takes exactly the text the parser takes, nested up to
/// `maxDepth`; for any other text it stops and returns nil, and the caller asks the parser, which says what is wrong.
/// As the tape writer does, it copies numbers and strings without escapes as they stand, and writes a string with
/// escapes decoded and escaped again as ``JSONTextOutput`` escapes a string; but half a surrogate pair without its
/// other half stays an escape (`\ud800`), not U+FFFD, so that the recording shows what `JSONDecoder` will refuse.
///
/// The whole pass is one function over local positions, so that they stay in registers. Strings are scanned 16 bytes
/// at a time and digits eight, runs of up to 64 bytes are copied as 16-byte words, and a key is copied with the colon
/// after it. Room in the
/// output is made only at line breaks: between two line breaks the text written is at most one byte longer than the
/// text read (the space after a colon), so each line break makes room for the rest of the input and its own indent.
struct JSONIndenter {
    /// The deepest indent, in spaces, copied from the table; deeper lines are indented a space at a time.
    private static let maximumTableIndent = 2048

    /// Room kept past what is written: for the space after a key's colon, the container's bracket after a line
    /// break, and the bytes a copy of up to 64 bytes writes past its end.
    private static let slack = 128

    /// `,` and a line feed, followed by ``maximumTableIndent`` spaces and 32 more: a line break and its indent, with
    /// or without the comma before it, are copied from here 16 bytes at a time.
    // nonisolated(unsafe): written once, when first used, and only read after.
    nonisolated(unsafe) private static let lineBreakTable: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumTableIndent + 34)
        table.initialize(to: JSONByte.comma)
        (table + 1).initialize(to: JSONByte.lineFeed)
        (table + 2).initialize(repeating: JSONByte.space, count: maximumTableIndent + 32)
        return UnsafePointer(table)
    }()

    /// The JSON text `text` indented as the value of a member `depth` deep (its first line unindented, the lines
    /// after it indented from `depth`), or nil when the parser would refuse the text or nest it deeper than
    /// `maxDepth`.
    static func indented(
        _ text: UnsafeRawBufferPointer, atDepth depth: Int, maxDepth: Int = JSONParser.defaultMaxDepth
    ) -> JSONOutputBytes? {
        var watch = NoWatch()
        guard case .written(let output) = indented(text, atDepth: depth, maxDepth: maxDepth, watching: &watch) else {
            return nil
        }
        return output
    }

    /// As ``indented(_:atDepth:maxDepth:)``, but stopping with ``Outcome/tooLong`` once the text written passes
    /// `maxLength` bytes, before it takes more memory.
    static func indented(
        _ text: UnsafeRawBufferPointer, atDepth depth: Int, maxDepth: Int = JSONParser.defaultMaxDepth,
        maxLength: Int
    ) -> Outcome {
        var watch = NoWatch()
        return indented(text, atDepth: depth, maxDepth: maxDepth, maxLength: maxLength, watching: &watch)
    }

    /// What ``indented(_:atDepth:maxDepth:watching:)`` made of a text.
    enum Outcome {
        /// The text, indented, with the watch's placeholders in place of the values it reached.
        case written(JSONOutputBytes)
        /// The parser would refuse the text, or nest it deeper than allowed.
        case refused
        /// The watch reached a container, or met a key it cannot compare as it stands: the caller does it otherwise.
        /// The text after that point was not read, so it may still be text the parser refuses.
        case declined
        /// The text is one the parser takes, but written indented it would be longer than the length allowed.
        case tooLong
    }

    /// The JSON text `text` indented as ``indented(_:atDepth:maxDepth:)`` indents it, with each scalar that `watch`
    /// reaches written as the watch's placeholder for it.
    static func indented<Watch: IndentWatch>(
        _ text: UnsafeRawBufferPointer, atDepth depth: Int, maxDepth: Int = JSONParser.defaultMaxDepth,
        maxLength: Int = .max, watching watch: inout Watch
    ) -> Outcome {
        guard let base = text.baseAddress, !text.isEmpty else { return .refused }
        // Indented text is rarely more than twice as long as compact text; growing past that doubles.
        var capacity = 2 * text.count + 256
        var output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        // The open containers, innermost last: one bit each, set for an object.
        let isObject = UnsafeMutablePointer<UInt64>.allocate(capacity: (maxDepth + 64) / 64)
        isObject.initialize(repeating: 0, count: (maxDepth + 64) / 64)
        defer { isObject.deallocate() }
        var limit = maxLength
        let written = write(
            base.assumingMemoryBound(to: UInt8.self), count: text.count, depth: depth, maxDepth: maxDepth,
            isObject: isObject, into: &output, capacity: &capacity, limit: &limit, watching: &watch)
        guard written >= 0, written <= maxLength, limit >= 0 else {
            output.deallocate()
            return written == declinedByWatch ? .declined : written == -1 ? .refused : .tooLong
        }
        return .written(JSONOutputBytes(adopting: output, count: written, capacity: capacity))
    }

    /// What ``write(_:count:depth:maxDepth:isObject:into:capacity:watching:)`` returns when the watch declines.
    private static let declinedByWatch = -2

    /// Reads the whole text as one value followed only by whitespace, writing it to `buffer` as it goes: the number of
    /// bytes written, or -1 where the parser would throw, or nesting passes `maxDepth`, or ``declinedByWatch``.
    ///
    /// Once the text written would pass `limit` bytes, `limit` becomes -1 and the buffer stops growing: the rest is
    /// read and checked, and written over the start of the buffer, to be thrown away.
    @inline(__always)
    private static func write<Watch: IndentWatch>(
        _ bytes: UnsafePointer<UInt8>, count: Int, depth: Int, maxDepth: Int, isObject: UnsafeMutablePointer<UInt64>,
        into buffer: inout UnsafeMutablePointer<UInt8>, capacity bufferCapacity: inout Int, limit: inout Int,
        watching watch: inout Watch
    ) -> Int {
        var output = buffer
        var capacity = bufferCapacity
        defer {
            buffer = output
            bufferCapacity = capacity
        }
        let lineBreaks = lineBreakTable
        var offset = 0
        var written = 0
        var level = 0
        // Whether the innermost open container is an object, and whether a key comes next.
        var inObject = false
        var expectsKey = false
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { offset = 3 }

        readingValues: while true {
            if expectsKey {
                guard let quote = nextByte(bytes, count: count, at: &offset), quote == JSONByte.quote else { return -1 }
                let end = plainStringEnd(bytes, count: count, from: offset &+ 1)
                guard end < count else { return -1 }
                if Watch.watches {
                    // The key as it stands when it is plain ASCII; nil when it has escapes or other bytes.
                    let key =
                        bytes[end] == JSONByte.quote
                        ? UnsafeBufferPointer(start: bytes + (offset &+ 1), count: end &- offset &- 1) : nil
                    guard watch.member(key: key) else { return declinedByWatch }
                }
                if bytes[end] == JSONByte.quote, end &+ 1 < count, bytes[end &+ 1] == JSONByte.colon {
                    // `"key":` as it stands, and the space after it.
                    copyShort(bytes + offset, end &+ 2 &- offset, readable: count &- offset, to: output + written)
                    written &+= end &+ 2 &- offset
                    offset = end &+ 2
                } else {
                    if bytes[end] == JSONByte.quote {
                        copyShort(bytes + offset, end &+ 1 &- offset, readable: count &- offset, to: output + written)
                        written &+= end &+ 1 &- offset
                        offset = end &+ 1
                    } else {
                        let copied = copyEscapedOrUnicode(
                            bytes, count: count, from: offset, firstSpecial: end, to: output + written)
                        guard copied.next >= 0 else { return -1 }
                        offset = copied.next
                        written &+= copied.written
                    }
                    guard let colon = nextByte(bytes, count: count, at: &offset), colon == JSONByte.colon else {
                        return -1
                    }
                    offset &+= 1
                    output[written] = JSONByte.colon
                    written &+= 1
                }
                output[written] = JSONByte.space
                written &+= 1
            }
            guard let byte = nextByte(bytes, count: count, at: &offset) else { return -1 }
            switch byte {
            case _ where Watch.watches && watch.reachesValue:
                // A scalar reached is written as its placeholder; a container reached is the caller's to do.
                guard byte != JSONByte.openBrace, byte != JSONByte.openBracket else { return declinedByWatch }
                offset = writePlaceholder(
                    bytes, count: count, at: offset, watch: &watch, output: &output, written: &written,
                    capacity: &capacity, limit: &limit)
                guard offset >= 0 else { return -1 }
            case JSONByte.quote:
                let end = plainStringEnd(bytes, count: count, from: offset &+ 1)
                guard end < count else { return -1 }
                if bytes[end] == JSONByte.quote {
                    copyShort(bytes + offset, end &+ 1 &- offset, readable: count &- offset, to: output + written)
                    written &+= end &+ 1 &- offset
                    offset = end &+ 1
                } else {
                    let copied = copyEscapedOrUnicode(
                        bytes, count: count, from: offset, firstSpecial: end, to: output + written)
                    guard copied.next >= 0 else { return -1 }
                    offset = copied.next
                    written &+= copied.written
                }
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                let end = numberEnd(bytes, count: count, from: offset)
                guard end >= 0 else { return -1 }
                copyShort(bytes + offset, end &- offset, readable: count &- offset, to: output + written)
                written &+= end &- offset
                offset = end
            case JSONByte.openBrace, JSONByte.openBracket:
                guard level < maxDepth else { return -1 }
                let opensObject = byte == JSONByte.openBrace
                offset &+= 1
                guard let next = nextByte(bytes, count: count, at: &offset) else { return -1 }
                output[written] = byte
                if next == (opensObject ? JSONByte.closeBrace : JSONByte.closeBracket) {
                    offset &+= 1
                    output[written &+ 1] = next
                    written &+= 2
                } else {
                    written &+= 1
                    let bit: UInt64 = 1 << UInt64(level & 63)
                    if opensObject { isObject[level >> 6] |= bit } else { isObject[level >> 6] &= ~bit }
                    level += 1
                    inObject = opensObject
                    expectsKey = opensObject
                    if Watch.watches { watch.open(isObject: opensObject) }
                    lineBreak(
                        comma: false, indent: depth &+ level, remaining: count &- offset, table: lineBreaks,
                        output: &output,
                        written: &written, capacity: &capacity, limit: &limit)
                    continue readingValues
                }
            case JSONByte.lowercaseT:
                guard isLiteral(bytes, count: count, at: offset, 0x6575_7274, length: 4) else { return -1 }
                store(0x6575_7274 as UInt32, at: output + written)
                offset &+= 4
                written &+= 4
            case JSONByte.lowercaseF:
                // "alse", after the "f".
                guard isLiteral(bytes, count: count, at: offset, 0x6573_6c61, length: 5, from: 1) else { return -1 }
                store(0x65_736c_6166 as UInt64, at: output + written)  // "false" and three zeros
                offset &+= 5
                written &+= 5
            case JSONByte.lowercaseN:
                guard isLiteral(bytes, count: count, at: offset, 0x6c6c_756e, length: 4) else { return -1 }
                store(0x6c6c_756e as UInt32, at: output + written)
                offset &+= 4
                written &+= 4
            default:
                return -1
            }
            // A value is complete: close the containers that end here, then find where the next value starts.
            while level > 0 {
                guard let next = nextByte(bytes, count: count, at: &offset) else { return -1 }
                if next == JSONByte.comma {
                    offset &+= 1
                    expectsKey = inObject
                    if Watch.watches, !inObject { watch.nextElement() }
                    lineBreak(
                        comma: true, indent: depth &+ level, remaining: count &- offset, table: lineBreaks,
                        output: &output,
                        written: &written, capacity: &capacity, limit: &limit)
                    continue readingValues
                }
                guard next == (inObject ? JSONByte.closeBrace : JSONByte.closeBracket) else { return -1 }
                offset &+= 1
                level -= 1
                if Watch.watches { watch.close() }
                if level > 0 { inObject = isObject[(level - 1) >> 6] & (1 << UInt64((level - 1) & 63)) != 0 }
                lineBreak(
                    comma: false, indent: depth &+ level, remaining: count &- offset, table: lineBreaks,
                    output: &output,
                    written: &written, capacity: &capacity, limit: &limit)
                output[written] = next
                written &+= 1
            }
            while offset < count, JSONByte.isWhitespace(bytes[offset]) { offset &+= 1 }
            return offset == count ? written : -1
        }
    }

    /// Writes the placeholder `watch` gives for the scalar at `offset` (a value it reaches), after checking the scalar
    /// as the parser would; the offset after the scalar, or -1 where the parser would refuse it. Out of line: only a
    /// text with `redact:` paths comes here, once per value they reach.
    @inline(never)
    private static func writePlaceholder<Watch: IndentWatch>(
        _ bytes: UnsafePointer<UInt8>, count: Int, at offset: Int, watch: inout Watch,
        output: inout UnsafeMutablePointer<UInt8>, written: inout Int, capacity: inout Int, limit: inout Int
    ) -> Int {
        let end: Int
        let value: JSONValue
        switch bytes[offset] {
        case JSONByte.quote:
            let plainEnd = plainStringEnd(bytes, count: count, from: offset &+ 1)
            guard plainEnd < count else { return -1 }
            if bytes[plainEnd] == JSONByte.quote {
                end = plainEnd &+ 1
                value = .string(
                    String(
                        decoding: UnsafeBufferPointer(start: bytes + (offset &+ 1), count: plainEnd &- offset &- 1),
                        as: UTF8.self))
            } else {
                // Escapes or bytes above ASCII: the parser reads (and checks) the string up to its closing quote.
                var index = plainEnd
                while index < count, bytes[index] != JSONByte.quote {
                    index &+= bytes[index] == JSONByte.backslash ? 2 : 1
                }
                guard index < count else { return -1 }
                end = index &+ 1
                guard
                    let string = try? JSONParser().parse(
                        UnsafeRawBufferPointer(start: bytes + offset, count: end &- offset))
                else { return -1 }
                value = string
            }
        case JSONByte.minus, JSONByte.zero...JSONByte.nine:
            end = numberEnd(bytes, count: count, from: offset)
            guard end >= 0 else { return -1 }
            value = .number(
                JSONNumber(
                    literal: String(
                        decoding: UnsafeBufferPointer(start: bytes + offset, count: end &- offset), as: UTF8.self)))
        case JSONByte.lowercaseT:
            guard isLiteral(bytes, count: count, at: offset, 0x6575_7274, length: 4) else { return -1 }
            (end, value) = (offset &+ 4, .bool(true))
        case JSONByte.lowercaseF:
            guard isLiteral(bytes, count: count, at: offset, 0x6573_6c61, length: 5, from: 1) else { return -1 }
            (end, value) = (offset &+ 5, .bool(false))
        case JSONByte.lowercaseN:
            guard isLiteral(bytes, count: count, at: offset, 0x6c6c_756e, length: 4) else { return -1 }
            (end, value) = (offset &+ 4, .null)
        default:
            return -1
        }
        let text = watch.placeholder(for: value)
        // Room for the placeholder and, as a line break makes, for the rest of the text.
        let needed = written &+ text.count &+ (count &- end) &+ slack
        if needed > capacity {
            grow(&output, written: &written, capacity: &capacity, needed: needed, limit: &limit)
        }
        text.withUnsafeBufferPointer { (output + written).update(from: $0.baseAddress!, count: $0.count) }
        written &+= text.count
        return end
    }

    // MARK: - Reading

    /// The byte at `offset` after any whitespace, `offset` moved onto it; nil at the end of the text.
    @inline(__always)
    private static func nextByte(_ bytes: UnsafePointer<UInt8>, count: Int, at offset: inout Int) -> UInt8? {
        guard offset < count else { return nil }
        // Compact text has no whitespace between tokens: one test says so.
        if bytes[offset] <= JSONByte.space {
            while offset < count, JSONByte.isWhitespace(bytes[offset]) { offset &+= 1 }
            guard offset < count else { return nil }
        }
        return bytes[offset]
    }

    /// The offset of the first `"`, `\\`, control character or byte above 0x7F from `start`, or `count`: 16 bytes at a
    /// time, so that most keys and short values take one step.
    @inline(__always)
    private static func plainStringEnd(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        var index = start
        while index &+ 16 <= count {
            #if arch(x86_64)
            // SSE2, which every x86-64 processor has: one mask of the 16 bytes, with no carries to chain.
            let word = _mm_loadu_si128(UnsafeRawPointer(bytes + index).assumingMemoryBound(to: __m128i.self))
            let quotes = _mm_cmpeq_epi8(word, _mm_set1_epi8(Int8(bitPattern: JSONByte.quote)))
            let backslashes = _mm_cmpeq_epi8(word, _mm_set1_epi8(Int8(bitPattern: JSONByte.backslash)))
            // Signed, bytes above 0x7F are negative: below 0x20 are both they and the control characters.
            let belowSpace = _mm_cmplt_epi8(word, _mm_set1_epi8(Int8(bitPattern: JSONByte.space)))
            let mask = _mm_movemask_epi8(_mm_or_si128(_mm_or_si128(quotes, backslashes), belowSpace))
            if mask != 0 { return index &+ Int(mask.trailingZeroBitCount) }
            #else
            let low = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let high = UInt64(littleEndian: UnsafeRawPointer(bytes + (index &+ 8)).loadUnaligned(as: UInt64.self))
            // A byte's own high bit flags it exactly; the flags from borrows are exact below the lowest flag.
            let lowFlags = (JSONByte.stringSpecialFlags(low) | low) & 0x8080_8080_8080_8080
            let highFlags = (JSONByte.stringSpecialFlags(high) | high) & 0x8080_8080_8080_8080
            if lowFlags | highFlags != 0 {
                let bit = lowFlags != 0 ? lowFlags.trailingZeroBitCount : 64 + highFlags.trailingZeroBitCount
                return index &+ bit >> 3
            }
            #endif
            index &+= 16
        }
        return JSONByte.firstStringSpecialOrNonASCII(in: bytes, from: index, to: count)
    }

    /// Whether the literal that `expected` (four of its bytes from `skip`, read little-endian) identifies is at
    /// `offset`, not running on into a longer word, as the parser reads it.
    @inline(__always)
    private static func isLiteral(
        _ bytes: UnsafePointer<UInt8>, count: Int, at offset: Int, _ expected: UInt32, length: Int, from skip: Int = 0
    ) -> Bool {
        count &- offset >= length
            && UInt32(littleEndian: UnsafeRawPointer(bytes + (offset &+ skip)).loadUnaligned(as: UInt32.self))
                == expected
            && (offset &+ length == count || !JSONByte.isWordByte(bytes[offset &+ length]))
    }

    /// The end of the number at `start`, checked against RFC 8259's grammar as ``JSONReader`` checks it; -1 when the
    /// parser would refuse it.
    @inline(__always)
    private static func numberEnd(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        var index = start
        if bytes[index] == JSONByte.minus {
            index &+= 1
            guard index < count, JSONByte.isDigit(bytes[index]) else { return -1 }
        }
        if bytes[index] == JSONByte.zero {
            index &+= 1
            if index < count, JSONByte.isDigit(bytes[index]) { return -1 }
        } else {
            index = digitsEnd(bytes, count: count, from: index &+ 1)
        }
        if index < count, bytes[index] == JSONByte.period {
            index &+= 1
            guard index < count, JSONByte.isDigit(bytes[index]) else { return -1 }
            index = digitsEnd(bytes, count: count, from: index &+ 1)
        }
        if index < count, bytes[index] | 0x20 == JSONByte.lowercaseE {
            index &+= 1
            if index < count, bytes[index] == JSONByte.plus || bytes[index] == JSONByte.minus { index &+= 1 }
            guard index < count, JSONByte.isDigit(bytes[index]) else { return -1 }
            index = digitsEnd(bytes, count: count, from: index &+ 1)
        }
        return index
    }

    /// The offset of the first byte from `start` that is not a digit, or `count`; eight bytes at a time.
    @inline(__always)
    private static func digitsEnd(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int {
        var index = start
        while index &+ 8 <= count {
            // A digit less "0" is below 10: adding 0x76 leaves its high bit clear, and a byte's own high bit flags it.
            let word = UInt64(littleEndian: UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self))
            let digits = word ^ 0x3030_3030_3030_3030
            let flags = ((digits & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7676_7676_7676_7676 | digits) & 0x8080_8080_8080_8080
            if flags != 0 { return index &+ flags.trailingZeroBitCount >> 3 }
            index &+= 8
        }
        while index < count, JSONByte.isDigit(bytes[index]) { index &+= 1 }
        return index
    }

    // MARK: - Writing

    /// Copies `length` bytes from `source`, where at least `readable` bytes may be read, to `target`, where at least
    /// 64 bytes may be written: a run of up to 64 bytes (most keys, values and numbers) as one, two or four 16-byte
    /// words, over-reading and over-writing within bounds, rather than by a call to `memmove`.
    @inline(__always)
    private static func copyShort(
        _ source: UnsafePointer<UInt8>, _ length: Int, readable: Int, to target: UnsafeMutablePointer<UInt8>
    ) {
        let target = UnsafeMutableRawPointer(target)
        let from = UnsafeRawPointer(source)
        if length <= 16, readable >= 16 {
            target.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
        } else if length <= 32, readable >= 32 {
            target.storeBytes(of: from.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            target.storeBytes(
                of: from.loadUnaligned(fromByteOffset: 16, as: SIMD16<UInt8>.self), toByteOffset: 16,
                as: SIMD16<UInt8>.self)
        } else if length <= 64, readable >= 64 {
            for word in 0..<4 {
                target.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: 16 &* word, as: SIMD16<UInt8>.self),
                    toByteOffset: 16 &* word, as: SIMD16<UInt8>.self)
            }
        } else {
            target.copyMemory(from: from, byteCount: length)
        }
    }

    /// Writes `value`'s bytes, little-endian, to `target`.
    @inline(__always)
    private static func store<Word: FixedWidthInteger>(_ value: Word, at target: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(target).storeBytes(of: value.littleEndian, as: Word.self)
    }

    /// A comma if `comma`, a line break and the indent of a line `depth` deep, after making room for them and for
    /// `remaining` bytes more (the rest of the text, which is never written longer until the next line break).
    @inline(__always)
    private static func lineBreak(
        comma: Bool, indent depth: Int, remaining: Int, table: UnsafePointer<UInt8>,
        output: inout UnsafeMutablePointer<UInt8>, written: inout Int, capacity: inout Int, limit: inout Int
    ) {
        let spaces = 2 &* depth
        let needed = written &+ spaces &+ remaining &+ slack
        if needed > capacity {
            grow(&output, written: &written, capacity: &capacity, needed: needed, limit: &limit)
        }
        guard spaces <= maximumTableIndent else {
            if comma {
                output[written] = JSONByte.comma
                written += 1
            }
            output[written] = JSONByte.lineFeed
            (output + written + 1).initialize(repeating: JSONByte.space, count: spaces)
            written += 1 + spaces
            return
        }
        let from = UnsafeRawPointer(table + (comma ? 0 : 1))
        let target = UnsafeMutableRawPointer(output + written)
        let length = spaces &+ (comma ? 2 : 1)
        var copied = 0
        repeat {
            target.storeBytes(
                of: from.loadUnaligned(fromByteOffset: copied, as: SIMD16<UInt8>.self), toByteOffset: copied,
                as: SIMD16<UInt8>.self)
            copied &+= 16
        } while copied < length
        written &+= length
    }

    /// Makes room in `output` for `needed` bytes: a larger buffer holding the `written` bytes, the old one freed. Out
    /// of line: it is rarely needed.
    ///
    /// Once more than `limit` bytes are written, the text written so far is given up instead: `limit` becomes -1, and
    /// the writing starts again at the start of the buffer, which grows only if what is needed from there does not
    /// fit. (Checked only here, so the buffer holds at most about twice `limit` and the rest of the text.)
    @inline(never)
    private static func grow(
        _ output: inout UnsafeMutablePointer<UInt8>, written: inout Int, capacity: inout Int, needed: Int,
        limit: inout Int
    ) {
        var needed = needed
        if limit < 0 || written > limit {
            limit = -1
            needed -= written
            written = 0
            guard needed > capacity else { return }
        }
        let newCapacity = limit < 0 ? needed : max(needed, capacity * 2)
        let newOutput = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newOutput.update(from: output, count: written)
        output.deallocate()
        output = newOutput
        capacity = newCapacity
    }

    /// Copies the string whose opening quote is at `start` and whose first quote, backslash, control character or
    /// byte above 0x7F is at `firstSpecial` to `target`, checking it as ``JSONReader`` checks a string as it goes: its
    /// escapes decoded and escaped again as ``JSONTextOutput`` escapes (`"`, `\\` and control characters only,
    /// everything else as UTF-8), other bytes as they stand. The offset after its closing quote (-1 when the parser
    /// would refuse the string) and the number of bytes written, never more than were read.
    @inline(never)
    private static func copyEscapedOrUnicode(
        _ bytes: UnsafePointer<UInt8>, count: Int, from start: Int, firstSpecial: Int,
        to target: UnsafeMutablePointer<UInt8>
    ) -> (next: Int, written: Int) {
        let raw = UnsafeBufferPointer(start: bytes, count: count)
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
        /// The half's escape: six bytes, as many as were read.
        func writeHalfSurrogate(_ unit: UInt32) {
            for byte in JSONHalfSurrogates.escape(unit) {
                target[written] = byte
                written += 1
            }
        }
        // The opening quote and the plain bytes after it, before the first special one.
        target.update(from: bytes + start, count: firstSpecial - start)
        written = firstSpecial - start
        var index = firstSpecial
        while index < count {
            let byte = bytes[index]
            if byte == JSONByte.quote {
                target[written] = JSONByte.quote
                return (index + 1, written + 1)
            }
            if byte >= 0x80 {
                let length = JSONByte.utf8SequenceLength(in: bytes, at: index, end: count)
                guard length > 0 else { break }
                (target + written).update(from: bytes + index, count: length)
                written += length
                index += length
                continue
            }
            if byte != JSONByte.backslash {
                // Plain bytes, up to the next special one; a control character stops the string.
                let next = JSONByte.firstStringSpecialOrNonASCII(in: bytes, from: index, to: count)
                guard next > index else { break }
                (target + written).update(from: bytes + index, count: next - index)
                written += next - index
                index = next
                continue
            }
            guard index + 1 < count else { break }
            let escaped = bytes[index + 1]
            index += 2
            switch escaped {
            case 0x62: writeEscaped(0x08)
            case 0x66: writeEscaped(0x0C)
            case 0x6E: writeEscaped(JSONByte.lineFeed)
            case 0x72: writeEscaped(JSONByte.carriageReturn)
            case 0x74: writeEscaped(JSONByte.tab)
            case JSONByte.quote, JSONByte.backslash, JSONByte.slash: writeEscaped(escaped)
            case JSONByte.lowercaseU:
                guard let unit = JSONByte.hexQuad(in: raw, at: index) else { return (-1, 0) }
                index += 4
                let (scalar, consumed) = JSONByte.escapedScalar(unit, followedBy: raw, at: index)
                index += consumed
                if scalar == 0xFFFD, unit != 0xFFFD {
                    // Half a surrogate pair without its other half is kept as its escape: `JSONDecoder` refuses the
                    // body for it (``JSONHalfSurrogates``), and U+FFFD in its place would hide that from verify.
                    writeHalfSurrogate(unit)
                } else {
                    writeScalar(scalar)
                }
            default:
                return (-1, 0)
            }
        }
        return (-1, 0)
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

/// What ``JSONIndenter`` tells a watch as it writes a text, container by container and member by member, and asks it
/// before each value: whether the value is one it reaches, and then what to write in its place. The recorder's
/// `redact:` paths are such a watch (``RedactionPathWatch``), so that a body with them is indented in one pass.
protocol IndentWatch {
    /// False for a watch that reaches nothing: the indenter then tells it nothing, at no cost.
    static var watches: Bool { get }
    /// A container with at least one member or element opened; for an array, its first element comes next.
    mutating func open(isObject: Bool)
    /// The innermost container closed.
    mutating func close()
    /// The next member's key as it stands in the text when that is plain ASCII (no escape, no byte above 0x7F), or
    /// nil; false to decline the text.
    mutating func member(key: UnsafeBufferPointer<UInt8>?) -> Bool
    /// The next element of the innermost array comes next.
    mutating func nextElement()
    /// Whether the value that comes next is one the watch reaches.
    var reachesValue: Bool { get }
    /// The JSON text to write in place of `value`, a scalar the watch reaches.
    mutating func placeholder(for value: JSONValue) -> [UInt8]
}

/// The watch of a text written as it is.
struct NoWatch: IndentWatch {
    static var watches: Bool { false }
    func open(isObject: Bool) {}
    func close() {}
    func member(key: UnsafeBufferPointer<UInt8>?) -> Bool { true }
    func nextElement() {}
    var reachesValue: Bool { false }
    func placeholder(for value: JSONValue) -> [UInt8] { [] }
}
