/// JSON text being written for ``JSONWriter``, and the containers it is inside of.
///
/// Containers are tracked on an explicit stack rather than by recursion, so writing a deeply nested value
/// needs no more call stack than writing a flat one.
struct JSONTextOutput {
    /// An array or object partly written: its children and the next one to write.
    private struct OpenContainer {
        enum Children {
            case elements([JSONValue])
            case entries([JSONObject.Entry])
        }
        var children: Children
        var next: Int
    }

    let pretty: Bool
    /// The text written so far.
    private let output = JSONOutputBytes()
    private var open: [OpenContainer] = []
    /// How deep the value being written sits in a document written around it: its lines are indented from there.
    private var baseDepth = 0
    /// The writing of a tree stops once more than this many bytes are written (``append(_:atDepth:maxLength:)``).
    private var maxLength = Int.max

    init(pretty: Bool) {
        self.pretty = pretty
    }

    /// The text written so far.
    var bytes: [UInt8] { output.array }

    /// The buffer written to, to keep once the text is written.
    var buffer: JSONOutputBytes { output }

    /// How many bytes have been written.
    var count: Int { output.count }

    /// Runs `body` with the text written so far, not copied.
    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: output.base, count: output.count))
    }

    /// Makes room for `count` more bytes at once, so that a large value is not copied as the text grows.
    func reserve(_ count: Int) { output.reserve(count) }

    /// Appends one byte as it is.
    mutating func append(byte: UInt8) { output.append(byte) }

    /// Appends text written elsewhere as it is.
    mutating func append(_ text: JSONOutputBytes) {
        output.append(UnsafeBufferPointer(start: text.base, count: text.count))
    }

    mutating func append(_ root: JSONValue) {
        appendOpening(root)
        while !open.isEmpty {
            guard output.count <= maxLength else {
                open.removeAll()
                return
            }
            let depth = open.count
            let next = open[depth - 1].next
            switch open[depth - 1].children {
            case .elements(let elements):
                guard next < elements.count else {
                    closeContainer(with: JSONByte.closeBracket)
                    continue
                }
                open[depth - 1].next = next + 1
                startChild(isFirst: next == 0, depth: depth)
                appendOpening(elements[next])
            case .entries(let entries):
                guard next < entries.count else {
                    closeContainer(with: JSONByte.closeBrace)
                    continue
                }
                open[depth - 1].next = next + 1
                startChild(isFirst: next == 0, depth: depth)
                appendQuoted(entries[next].key)
                output.append(JSONByte.colon)
                if pretty { output.append(JSONByte.space) }
                appendOpening(entries[next].value)
            }
        }
    }

    /// Writes a scalar or an empty container whole, or the opening bracket of a non-empty one.
    private mutating func appendOpening(_ value: JSONValue) {
        switch value {
        case .null:
            output.append("null")
        case .bool(let flag):
            output.append(flag ? "true" : "false")
        case .number(let number):
            var literal = number.literal
            literal.withUTF8 { output.append($0) }
        case .string(let string):
            appendQuoted(string)
        case .array(let elements):
            output.append(JSONByte.openBracket)
            if elements.isEmpty {
                output.append(JSONByte.closeBracket)
            } else {
                open.append(OpenContainer(children: .elements(elements), next: 0))
            }
        case .object(let object):
            output.append(JSONByte.openBrace)
            if object.isEmpty {
                output.append(JSONByte.closeBrace)
            } else {
                open.append(OpenContainer(children: .entries(object.entries), next: 0))
            }
        }
    }

    private mutating func startChild(isFirst: Bool, depth: Int) {
        if !isFirst { output.append(JSONByte.comma) }
        if pretty { appendNewline(indent: depth) }
    }

    private mutating func closeContainer(with bracket: UInt8) {
        open.removeLast()
        if pretty { appendNewline(indent: open.count) }
        output.append(bracket)
    }

    private mutating func appendNewline(indent depth: Int) {
        output.append(JSONByte.lineFeed)
        output.appendSpaces(2 * (baseDepth + depth))
    }

    /// Writes `value` as the member of containers `depth` deep that the caller is writing itself; the writing stops
    /// once more than `maxLength` bytes are written.
    mutating func append(_ value: JSONValue, atDepth depth: Int, maxLength: Int = .max) {
        baseDepth = depth
        self.maxLength = maxLength
        append(value)
        baseDepth = 0
        self.maxLength = .max
    }

    /// What `write` writes, told the most it may write: indented, with room for `reserving` bytes made first, when
    /// that stays within `limit` bytes; else compact. A body in a recording: nested hundreds of levels deep, each
    /// value on a line of its own, a 4 MB body would be a 2 GB file.
    static func indentedOrCompact(
        within limit: Int, reserving: Int = 0, _ write: (inout JSONTextOutput, Int) -> Void
    ) -> JSONTextOutput {
        var indented = JSONTextOutput(pretty: true)
        if reserving > 0 { indented.reserve(min(reserving, limit) + 256) }
        write(&indented, limit)
        guard indented.count > limit else { return indented }
        var compact = JSONTextOutput(pretty: false)
        write(&compact, .max)
        return compact
    }

    /// Writes `{`, `[` or a member's key for a document the caller writes piece by piece: the line break and indent
    /// before a member `depth` deep, after a comma unless it is the first.
    mutating func startMember(isFirst: Bool, depth: Int) {
        if !isFirst { output.append(JSONByte.comma) }
        if pretty { appendNewline(indent: depth) }
    }

    /// `"key": ` (pretty) or `"key":`.
    mutating func appendKey(_ key: String) {
        appendQuoted(key)
        output.append(JSONByte.colon)
        if pretty { output.append(JSONByte.space) }
    }

    /// The line break and indent before the closing bracket of a container `depth` deep, then `bracket`.
    mutating func close(with bracket: UInt8, depth: Int) {
        if pretty { appendNewline(indent: depth) }
        output.append(bracket)
    }

    /// Writes the value at tape entry `root` as ``append(_:atDepth:)`` writes the same value built as a tree, byte for
    /// byte, without building it: strings without escapes and numbers are copied from the text as they stand (the
    /// parser checked them, so they need no escaping), and only strings with escapes are decoded and written again.
    /// The one difference: half a surrogate pair, which the tree holds as U+FFFD, keeps its escape (`\ud800`).
    ///
    /// `replacing` gives scalars to write in place of some scalar entries, and strings in place of some keys, in the
    /// order of their entries. The writing stops at a line break once more than `maxLength` bytes are written.
    mutating func append(
        tape view: JSONTapeView, node root: Int, atDepth depth: Int, replacing: [(node: Int, value: JSONValue)] = [],
        maxLength: Int = .max
    ) {
        // The containers open around the entry being written: where each ends on the tape, and whether it is an
        // object (whose members start with a key).
        var stack: [(end: Int, isObject: Bool)] = []
        var index = root
        var replaced = 0
        func replacement(of index: Int) -> JSONValue? {
            guard replaced < replacing.count, replacing[replaced].node == index else { return nil }
            replaced += 1
            return replacing[replaced - 1].value
        }
        while true {
            let entry = view.entries[index]
            if let value = replacement(of: index) {
                appendOpening(value)
                index += 1
            } else {
                switch entry.kind {
                case .null:
                    output.append("null")
                    index += 1
                case .false:
                    output.append("false")
                    index += 1
                case .true:
                    output.append("true")
                    index += 1
                case .integer, .fraction:
                    output.append(view.rawBytes(index))
                    index += 1
                case .string, .escapedString:
                    appendTapeString(view, index)
                    index += 1
                case .array, .object:
                    let isObject = entry.kind == .object
                    output.append(isObject ? JSONByte.openBrace : JSONByte.openBracket)
                    index += 1
                    if entry.memberCount == 0 {
                        output.append(isObject ? JSONByte.closeBrace : JSONByte.closeBracket)
                    } else {
                        stack.append((entry.end, isObject))
                        if pretty { appendNewline(indent: depth + stack.count) }
                        if isObject {
                            appendTapeKey(view, index, replacement: replacement(of: index))
                            index += 1
                        }
                        continue
                    }
                }
            }
            // The value is written: the next member of the innermost open container, or its end.
            while let (end, isObject) = stack.last {
                if index < end {
                    output.append(JSONByte.comma)
                    if pretty {
                        guard output.count <= maxLength else { return }
                        appendNewline(indent: depth + stack.count)
                    }
                    if isObject {
                        appendTapeKey(view, index, replacement: replacement(of: index))
                        index += 1
                    }
                    break
                }
                stack.removeLast()
                if pretty { appendNewline(indent: depth + stack.count) }
                output.append(isObject ? JSONByte.closeBrace : JSONByte.closeBracket)
            }
            if stack.isEmpty { return }
        }
    }

    private mutating func appendTapeKey(_ view: JSONTapeView, _ index: Int, replacement: JSONValue?) {
        if case .string(let key) = replacement { appendQuoted(key) } else { appendTapeString(view, index) }
        output.append(JSONByte.colon)
        if pretty { output.append(JSONByte.space) }
    }

    private mutating func appendTapeString(_ view: JSONTapeView, _ index: Int) {
        guard view.kind(index) == .string else {
            let raw = view.rawBytes(index)
            if JSONHalfSurrogates.holdsHalf(raw) {
                appendKeepingHalfSurrogates(raw)
            } else {
                appendQuoted(view.string(index))
            }
            return
        }
        output.append(JSONByte.quote)
        output.append(view.rawBytes(index))
        output.append(JSONByte.quote)
    }

    /// What ``append(tape:node:atDepth:replacing:)`` writes between the quotes of a string whose raw text (escapes
    /// undecoded) is `raw` and holds half a surrogate pair: for the redactor, which must search those very bytes.
    static func writtenKeepingHalfSurrogates(_ raw: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output = JSONTextOutput(pretty: false)
        output.appendKeepingHalfSurrogates(raw)
        return Array(output.bytes.dropFirst().dropLast())
    }

    /// A string's raw text with its escapes decoded and escaped again, but for each half of a surrogate pair
    /// without its other half, kept as its escape in lowercase hex (`\ud800`), as ``JSONIndenter`` keeps it.
    private mutating func appendKeepingHalfSurrogates(_ raw: UnsafeBufferPointer<UInt8>) {
        output.append(JSONByte.quote)
        func appendDecoded(_ range: Range<Int>) {
            var text = JSONTapeView.decodeEscapes(UnsafeBufferPointer(rebasing: raw[range]))
            text.withUTF8 { appendEscaped(utf8: $0) }
        }
        var pieceStart = 0
        JSONHalfSurrogates.forEachHalf(in: raw) { half, unit in
            appendDecoded(pieceStart..<half.lowerBound)
            for byte in JSONHalfSurrogates.escape(unit) { output.append(byte) }
            pieceStart = half.upperBound
            return true
        }
        appendDecoded(pieceStart..<raw.count)
        output.append(JSONByte.quote)
    }

    mutating func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { appendQuoted(utf8: $0) }
    }

    private mutating func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>) {
        output.append(JSONByte.quote)
        appendEscaped(utf8: text)
        output.append(JSONByte.quote)
    }

    /// A string's UTF-8 written between its quotes: `"`, `\\` and control characters escaped.
    private mutating func appendEscaped(utf8 text: UnsafeBufferPointer<UInt8>) {
        guard let base = text.baseAddress else { return }
        var segmentStart = 0
        while true {
            let index = JSONByte.firstStringSpecial(in: base, from: segmentStart, to: text.count)
            guard index < text.count else { break }
            let byte = text[index]
            output.append(UnsafeBufferPointer(rebasing: text[segmentStart..<index]))
            segmentStart = index + 1
            output.append(JSONByte.backslash)
            switch byte {
            case JSONByte.quote, JSONByte.backslash: output.append(byte)
            case JSONByte.lineFeed: output.append(0x6E)  // n
            case JSONByte.tab: output.append(0x74)  // t
            case JSONByte.carriageReturn: output.append(0x72)  // r
            case 0x08: output.append(0x62)  // b
            case 0x0C: output.append(0x66)  // f
            default:
                // \u00XX with lowercase hex; the byte is below 0x20, so its high digit is 0 or 1.
                let low = byte & 0x0F
                output.append(JSONByte.lowercaseU)
                output.append(JSONByte.zero)
                output.append(JSONByte.zero)
                output.append(JSONByte.zero + byte >> 4)
                output.append(low < 10 ? JSONByte.zero + low : 0x61 + low - 10)
            }
        }
        output.append(UnsafeBufferPointer(rebasing: text[segmentStart...]))
    }
}

/// The bytes of ``JSONTextOutput``: a buffer from `malloc` that appends without the checks an `Array` makes on
/// every append (a recording's body is written a few bytes at a time, millions of times).
final class JSONOutputBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 256
        base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    }

    /// Bytes written elsewhere: `count` of `capacity` at `base`, from `allocate`, now owned by this buffer.
    init(adopting base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
        self.base = base
        self.count = count
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Makes room for `more` bytes.
    @inline(__always)
    func reserve(_ more: Int) {
        if count + more > capacity { grow(to: count + more) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    func appendSpaces(_ spaces: Int) {
        reserve(spaces)
        (base + count).initialize(repeating: JSONByte.space, count: spaces)
        count += spaces
    }
}

extension UnsafeRawBufferPointer {
    /// The bytes written to `bytes`, not copied: use them only while `bytes` is alive.
    init(_ bytes: JSONOutputBytes) { self.init(start: bytes.base, count: bytes.count) }
}
