/// One parse of one document: the input bytes, the read position, and what the parser has open.
///
/// The grammar is walked with a loop rather than recursion, and the open containers are a chain through their tape
/// entries, so nesting depth costs no call stack: a document at `maxDepth` parses on a thread with a small stack,
/// and a deeper one fails with a message instead of a crash.
struct JSONReader: ~Copyable {
    /// An array or object whose closing bracket has not been read yet, as error messages describe it.
    struct OpenContainer {
        var isObject: Bool
        /// Byte offset of the opening bracket, for "opened at" messages.
        var openedAt: Int
    }

    /// What came just before the value being read; it decides the wording of "expected a value" errors.
    enum ValueContext {
        case document, arrayStart, afterComma, afterColon
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    let file: String
    let maxDepth: Int
    /// Where the JSON text starts: 3 when the input opens with a UTF-8 byte-order mark, else 0.
    let contentStart: Int
    /// The read position, a byte offset into `bytes`.
    var offset: Int
    /// The index being written; it also keeps the chain of open arrays and objects.
    var tape: JSONTapeWriter
    /// Told the read position when it passes `nextProgressOffset` (checked as containers close), then about every
    /// `progressStride` bytes.
    var progress: ((Int) -> Void)?
    var progressStride = 0
    var nextProgressOffset = Int.max

    init(bytes: UnsafePointer<UInt8>, count: Int, file: String, maxDepth: Int) {
        self.bytes = bytes
        self.count = count
        self.file = file
        self.maxDepth = maxDepth
        let hasByteOrderMark = count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.contentStart = hasByteOrderMark ? 3 : 0
        self.offset = contentStart
        self.tape = JSONTapeWriter(textLength: count, maxDepth: maxDepth)
    }

    /// Reads the whole input as one JSON value followed only by whitespace, writing one tape entry per value.
    ///
    /// An array or object entry is written when the container opens and completed when it closes. While it is
    /// open, its entry counts its members and links to the container around it (``JSONTapeWriter/open(_:at:in:)``),
    /// so the open containers need no stack beside the tape: `current` is the innermost one's entry, -1 for none.
    mutating func readDocument() throws(ContractError) {
        var context = ValueContext.document
        var current = -1
        var depth = 0

        readingValues: while true {
            skipWhitespace()
            guard offset < count else { throw endOfInput(innermost: openContainer(current)) }
            switch bytes[offset] {
            case JSONByte.quote:
                try readString()
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                try readNumber()
            case JSONByte.openBrace:
                guard depth < maxDepth else { throw nestingTooDeep() }
                let openedAt = offset
                offset += 1
                skipWhitespace()
                if offset < count && bytes[offset] == JSONByte.closeBrace {
                    offset += 1
                    tape.close(tape.append(JSONTape.Entry(.object, offset: openedAt, tail: 0)), memberCount: 0)
                } else {
                    current = tape.open(.object, at: openedAt, in: current)
                    depth += 1
                    try readKey(in: current, afterComma: false)
                    context = .afterColon
                    continue readingValues
                }
            case JSONByte.openBracket:
                guard depth < maxDepth else { throw nestingTooDeep() }
                let openedAt = offset
                offset += 1
                skipWhitespace()
                if offset < count && bytes[offset] == JSONByte.closeBracket {
                    offset += 1
                    tape.close(tape.append(JSONTape.Entry(.array, offset: openedAt, tail: 0)), memberCount: 0)
                } else {
                    current = tape.open(.array, at: openedAt, in: current)
                    depth += 1
                    context = .arrayStart
                    continue readingValues
                }
            case JSONByte.lowercaseT:
                guard readLiteral(0x6575_7274, length: 4) else { throw expectedValue(context: context) }  // "true"
                tape.append(JSONTape.Entry(.true, offset: offset - 4, tail: 4))
            case JSONByte.lowercaseF:
                // "alse", after the "f".
                guard readLiteral(0x6573_6c61, length: 5, from: 1) else { throw expectedValue(context: context) }
                tape.append(JSONTape.Entry(.false, offset: offset - 5, tail: 5))
            case JSONByte.lowercaseN:
                guard readLiteral(0x6c6c_756e, length: 4) else { throw expectedValue(context: context) }  // "null"
                tape.append(JSONTape.Entry(.null, offset: offset - 4, tail: 4))
            default:
                throw expectedValue(context: context)
            }

            // A value is complete: count it in its container, close the containers that end here, then find where
            // the next value starts.
            while current >= 0 {
                tape.countMember(of: current)
                let isObject = tape.entry(current).kind == .object
                skipWhitespace()
                guard offset < count else { throw endOfInput(innermost: openContainer(current)) }
                let byte = bytes[offset]
                if byte == JSONByte.comma {
                    offset += 1
                    if isObject {
                        try readKey(in: current, afterComma: true)
                        context = .afterColon
                    } else {
                        context = .afterComma
                    }
                    continue readingValues
                }
                guard byte == (isObject ? JSONByte.closeBrace : JSONByte.closeBracket) else {
                    throw expectedAfterElement(in: openContainer(current)!)
                }
                offset += 1
                current = tape.close(current)
                depth -= 1
                if offset >= nextProgressOffset { reportProgress() }
            }

            skipWhitespace()
            guard offset == count else { throw trailingContent() }
            return
        }
    }

    @inline(never)
    private mutating func reportProgress() {
        progress?(offset)
        nextProgressOffset = offset + progressStride
    }

    /// The open container whose entry is at `index`, as error messages describe it; nil for -1.
    func openContainer(_ index: Int) -> OpenContainer? {
        guard index >= 0 else { return nil }
        let entry = tape.entry(index)
        return OpenContainer(isObject: entry.kind == .object, openedAt: entry.offset)
    }

    /// Reads `"key"` and the `:` after it, leaving the position at the member's value; `container` is the object's
    /// entry.
    @inline(__always)
    private mutating func readKey(in container: Int, afterComma: Bool) throws(ContractError) {
        skipWhitespace()
        guard offset < count else { throw endOfInput(innermost: openContainer(container)) }
        guard bytes[offset] == JSONByte.quote else { throw expectedKey(afterComma: afterComma) }
        try readString()
        skipWhitespace()
        guard offset < count else { throw endOfInput(innermost: openContainer(container)) }
        guard bytes[offset] == JSONByte.colon else { throw expected("':' after object key") }
        offset += 1
    }

    /// Steps over a `length`-byte literal whose four bytes from `skip` on are `expected` (read little-endian);
    /// false, without moving, when the literal is not there or runs on into a longer word.
    @inline(__always)
    private mutating func readLiteral(_ expected: UInt32, length: Int, from skip: Int = 0) -> Bool {
        guard count - offset >= length,
            UInt32(littleEndian: UnsafeRawPointer(bytes + offset + skip).loadUnaligned(as: UInt32.self)) == expected,
            offset + length == count || !JSONByte.isWordByte(bytes[offset + length])
        else { return false }
        offset += length
        return true
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Compact text has no whitespace between tokens: one test says so.
        guard offset < count, bytes[offset] <= JSONByte.space else { return }
        skipWhitespaceRun()
    }

    @inline(never)
    private mutating func skipWhitespaceRun() {
        while offset < count && JSONByte.isWhitespace(bytes[offset]) {
            offset += 1
            // Pretty-printed text indents with runs of spaces: read eight bytes at a time, and step to the first
            // that is not a space (the lowest set byte of the word XOR eight spaces, in memory order).
            while count - offset >= 8 {
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
                let others = word ^ 0x2020_2020_2020_2020
                guard others == 0 else {
                    offset += others.trailingZeroBitCount >> 3
                    break
                }
                offset += 8
            }
        }
    }
}

extension JSONReader {
    /// The tape of a document read to its end.
    consuming func finishTape() -> JSONTape {
        tape.finish()
    }
}
