/// One parse of one document: the input bytes, the read position, and what the parser has open.
///
/// The grammar is walked with a loop and explicit stacks rather than recursion, so nesting depth costs heap,
/// not call stack: a document at `maxDepth` parses on a thread with a small stack, and a deeper one fails
/// with a message instead of a crash.
struct JSONReader: ~Copyable {
    /// An array or object whose closing bracket has not been read yet.
    struct OpenContainer {
        var isObject: Bool
        /// Byte offset of the opening bracket, for "opened at" messages.
        var openedAt: Int
        /// Where this container's members start on its stack: the entry stack for an object, else the value stack.
        var start: Int
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
    /// Reused buffer for decoding strings that contain escapes.
    var scratch: [UInt8] = []
    /// Recently read short keys, so that a key repeated across objects is decoded once.
    var keyCache = JSONKeyCache()
    /// The finished elements of the open arrays, innermost last.
    private var elements = JSONParseStack<JSONValue>(initialCapacity: 64)
    /// The finished entries of the open objects, innermost last.
    private var entries = JSONParseStack<JSONObject.Entry>(initialCapacity: 64)
    /// The open arrays and objects, innermost last.
    private var containers = JSONParseStack<OpenContainer>(initialCapacity: 16)
    /// For each open container, the key of the member it is the value of (or "" when its parent is an array).
    private var parentKeys = JSONParseStack<String>(initialCapacity: 16)
    /// Told the read position when it passes `nextProgressOffset`, then every `progressStride` bytes.
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
    }

    /// Reads the whole input as one JSON value followed only by whitespace.
    ///
    /// Finished members wait on two stacks, array elements on one and object entries on the other, so that closing
    /// a container moves its members into the new array in one block. The key of the member being read is held in
    /// `key`; while that member's value is itself an open container, the key waits on `parentKeys`.
    /// The stacks are the reader's own, rather than locals, so that the many ways out of this function (every
    /// error is one) do not each keep a copy of their state.
    mutating func readDocument() throws(ContractError) -> JSONValue {
        var key = ""
        var context = ValueContext.document

        readingValues: while true {
            skipWhitespace()
            guard offset < count else { throw endOfInput(innermost: containers.last) }
            var value: JSONValue
            switch bytes[offset] {
            case JSONByte.quote:
                value = .string(try readString())
            case JSONByte.minus, JSONByte.zero...JSONByte.nine:
                value = .number(try readNumber())
            case JSONByte.openBrace:
                guard containers.count < maxDepth else { throw nestingTooDeep() }
                let openedAt = offset
                offset += 1
                skipWhitespace()
                if offset < count && bytes[offset] == JSONByte.closeBrace {
                    offset += 1
                    value = .object(JSONObject())
                } else {
                    let container = OpenContainer(isObject: true, openedAt: openedAt, start: entries.count)
                    containers.push(container)
                    parentKeys.push(consume key)
                    key = try readKey(in: container, afterComma: false)
                    context = .afterColon
                    continue readingValues
                }
            case JSONByte.openBracket:
                guard containers.count < maxDepth else { throw nestingTooDeep() }
                let openedAt = offset
                offset += 1
                skipWhitespace()
                if offset < count && bytes[offset] == JSONByte.closeBracket {
                    offset += 1
                    value = .array([])
                } else {
                    containers.push(OpenContainer(isObject: false, openedAt: openedAt, start: elements.count))
                    parentKeys.push(consume key)
                    key = ""
                    context = .arrayStart
                    continue readingValues
                }
            case JSONByte.lowercaseT:
                guard readLiteral(0x6575_7274, length: 4) else { throw expectedValue(context: context) }  // "true"
                value = .bool(true)
            case JSONByte.lowercaseF:
                // "alse", after the "f".
                guard readLiteral(0x6573_6c61, length: 5, from: 1) else { throw expectedValue(context: context) }
                value = .bool(false)
            case JSONByte.lowercaseN:
                guard readLiteral(0x6c6c_756e, length: 4) else { throw expectedValue(context: context) }  // "null"
                value = .null
            default:
                throw expectedValue(context: context)
            }

            // A value is complete: hand it to its container, close the containers that end here, then find where
            // the next value starts.
            while let container = containers.last {
                if container.isObject {
                    entries.push(JSONObject.Entry(key: key, value: consume value))
                } else {
                    elements.push(consume value)
                }
                skipWhitespace()
                guard offset < count else { throw endOfInput(innermost: container) }
                let byte = bytes[offset]
                if byte == JSONByte.comma {
                    offset += 1
                    if container.isObject {
                        key = try readKey(in: container, afterComma: true)
                        context = .afterColon
                    } else {
                        context = .afterComma
                    }
                    continue readingValues
                }
                if container.isObject {
                    guard byte == JSONByte.closeBrace else { throw expectedAfterElement(in: container) }
                    offset += 1
                    value = .object(JSONObject(entries.popArray(from: container.start)))
                } else {
                    guard byte == JSONByte.closeBracket else { throw expectedAfterElement(in: container) }
                    offset += 1
                    value = .array(elements.popArray(from: container.start))
                }
                _ = containers.popLast()
                key = parentKeys.popLast()
                if offset >= nextProgressOffset { reportProgress() }
            }

            skipWhitespace()
            guard offset == count else { throw trailingContent() }
            return value
        }
    }

    @inline(never)
    private mutating func reportProgress() {
        progress?(offset)
        nextProgressOffset = offset + progressStride
    }

    /// Reads `"key"` and the `:` after it, leaving the position at the member's value.
    @inline(__always)
    private mutating func readKey(in container: OpenContainer, afterComma: Bool) throws(ContractError) -> String {
        skipWhitespace()
        guard offset < count else { throw endOfInput(innermost: container) }
        guard bytes[offset] == JSONByte.quote else { throw expectedKey(afterComma: afterComma) }
        let key: String
        if let short = readShortKey() { key = short } else { key = try readString() }
        skipWhitespace()
        guard offset < count else { throw endOfInput(innermost: container) }
        guard bytes[offset] == JSONByte.colon else { throw expected("':' after object key") }
        offset += 1
        return key
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
        while offset < count && JSONByte.isWhitespace(bytes[offset]) { offset += 1 }
    }
}
