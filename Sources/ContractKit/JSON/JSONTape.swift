import Foundation

/// A parsed JSON document as a flat index over its text: one entry per value, in document order.
///
/// The parser validates the whole text and writes this index instead of building a tree, so parsing costs no
/// allocation per value. Scalars point back into the text (strings and numbers are decoded only when read), and
/// an array or object entry records how many members it has and where the entry after it starts, so that a
/// walk can step over a whole subtree in one move. An object's members are pairs of entries: the key, a string,
/// then the value.
///
/// A tape holds offsets only, never pointers: read it through a ``JSONTapeView`` together with the bytes it was
/// parsed from.
final class JSONTape: @unchecked Sendable {
    /// One value: its kind and where it starts in the text, then a kind-dependent word.
    struct Entry {
        /// The kind in the top 8 bits; below it, for a string, a bit set when its text has a byte outside ASCII
        /// (``hasNonASCII``); then the byte offset of the value's first byte (a string's first content byte,
        /// after the quote) in the low 55 bits.
        var head: UInt64
        /// Strings and numbers: their length in bytes (a string's without the quotes). Arrays and objects: the
        /// member count in the top 32 bits and the index of the entry after the subtree below, so a document holds
        /// fewer than 2^32 values (a tape of 64 GB).
        var tail: UInt64

        @inline(__always)
        init(_ kind: JSONTape.Kind, offset: Int, tail: UInt64) {
            head = UInt64(kind.rawValue) << 56 | UInt64(truncatingIfNeeded: offset)
            self.tail = tail
        }

        /// A string's entry; `nonASCII` when a byte of its text is outside ASCII (the parser knows it already, so
        /// that a reader comparing strings need not scan them to know that bytes alone decide).
        @inline(__always)
        init(_ kind: JSONTape.Kind, offset: Int, tail: UInt64, nonASCII: Bool) {
            head =
                UInt64(kind.rawValue) << 56 | (nonASCII ? Self.nonASCIIBit : 0) | UInt64(truncatingIfNeeded: offset)
            self.tail = tail
        }

        private static let nonASCIIBit: UInt64 = 1 << 55

        /// The kind; the top byte only ever holds a raw value written by `init`, so it is read without a check.
        @inline(__always) var kind: JSONTape.Kind {
            unsafeBitCast(UInt8(truncatingIfNeeded: head >> 56), to: JSONTape.Kind.self)
        }
        @inline(__always) var offset: Int { Int(truncatingIfNeeded: head & 0x007F_FFFF_FFFF_FFFF) }
        /// True for a string whose text has a byte outside ASCII; false for every other entry.
        @inline(__always) var hasNonASCII: Bool { head & Self.nonASCIIBit != 0 }
        @inline(__always) var length: Int { Int(truncatingIfNeeded: tail) }
        @inline(__always) var memberCount: Int { Int(truncatingIfNeeded: tail >> 32) }
        @inline(__always) var end: Int { Int(truncatingIfNeeded: tail & 0xFFFF_FFFF) }
    }

    /// What an entry holds.
    enum Kind: UInt8 {
        case null, `false`, `true`
        /// A number spelled without fraction or exponent.
        case integer
        /// A number with a fraction or an exponent.
        case fraction
        /// A string with no escapes: its bytes are its UTF-8.
        case string
        /// A string with at least one escape, decoded when read.
        case escapedString
        case array, object
    }

    /// The entries, `count` of them, in memory from ``TapeMemory``.
    let entries: UnsafeMutablePointer<Entry>
    let count: Int
    /// Where the entries' memory came from, and so how it is given back.
    let memory: TapeMemory

    fileprivate init(entries: UnsafeMutablePointer<Entry>, count: Int, memory: TapeMemory) {
        self.entries = entries
        self.count = count
        self.memory = memory
    }

    deinit { memory.release(entries, used: count) }
}

/// A tape being written by the parser; ``finish()`` hands the entries over to a ``JSONTape``.
///
/// The parser's own state rather than an object's, so that appending an entry is a store, and growing is a
/// `realloc`, which for a large block remaps pages rather than copying them (a mapped tape is reserved at its
/// text's most entries, ``mostEntries(_:_:)``, and does not grow).
struct JSONTapeWriter: ~Copyable {
    private var entries: UnsafeMutablePointer<JSONTape.Entry>
    private(set) var count = 0
    private var capacity: Int
    private var memory: TapeMemory

    /// An empty tape for a text `textLength` long, read with arrays and objects at most `maxDepth` deep. A large
    /// text's tape is a mapping with room for the most entries such a text can have (``TapeMemory/reserve(entries:)``),
    /// whose pages are resident only once written; another has room for one entry per 8 bytes (most texts need
    /// fewer) before it grows.
    init(textLength: Int, maxDepth: Int = 0) {
        if textLength >= TapeMemory.mappedTextLength,
            let mapped = TapeMemory.reserve(entries: min(Self.mostEntries(textLength, maxDepth), Int(UInt32.max)))
        {
            (entries, capacity, memory) = (mapped.entries, mapped.capacity, mapped.memory)
            return
        }
        capacity = max(64, min(textLength / 8, 1 << 20))
        guard let memory = malloc(capacity * MemoryLayout<JSONTape.Entry>.stride) else {
            fatalError("out of memory for a JSON tape")
        }
        entries = memory.bindMemory(to: JSONTape.Entry.self, capacity: capacity)
        self.memory = .malloc
    }

    deinit { memory.release(entries, used: count) }

    /// The most entries a text `textLength` long can put on the tape: a value takes a byte and its comma, colon or
    /// closing bracket another, so a text the parser accepts has at most one entry per 2 bytes (a lone value, one
    /// more); one it rejects can have one more for each container left open. A mapped tape is reserved at this, and
    /// at most at 2^32 - 1 entries, past which ``grow()`` stops the parse as before.
    static func mostEntries(_ textLength: Int, _ maxDepth: Int) -> Int {
        textLength / 2 + 2 + maxDepth
    }

    /// Adds an entry; returns its index.
    @inline(__always)
    @discardableResult
    mutating func append(_ entry: JSONTape.Entry) -> Int {
        if count == capacity { grow() }
        entries[count] = entry
        count += 1
        return count - 1
    }

    /// Completes the array or object entry at `index` once its members are on the tape.
    @inline(__always)
    func close(_ index: Int, memberCount: Int) {
        entries[index].tail = UInt64(truncatingIfNeeded: memberCount) << 32 | UInt64(truncatingIfNeeded: count)
    }

    // While an array or object is open, its entry's tail holds its members so far (top 32 bits, as when closed) and
    // the index of the container it is in, plus one (0 at the top level). The open containers are a chain through
    // the tape, innermost first, so the parser keeps no stack of its own.

    /// Writes the entry of an array or object opened at byte `openedAt`, inside the open container `parent` (-1 for
    /// none); returns its index. `parent + 1` fits the low 32 bits because `grow()` keeps indices below 2^32 - 1.
    @inline(__always)
    mutating func open(_ kind: JSONTape.Kind, at openedAt: Int, in parent: Int) -> Int {
        append(JSONTape.Entry(kind, offset: openedAt, tail: UInt64(truncatingIfNeeded: parent &+ 1)))
    }

    /// Counts one more member in the open container at `index`.
    @inline(__always)
    func countMember(of index: Int) {
        entries[index].tail &+= 1 << 32
    }

    /// Completes the open container at `index` and returns the container it is in (-1 for none).
    @inline(__always)
    func close(_ index: Int) -> Int {
        let tail = entries[index].tail
        entries[index].tail = tail & 0xFFFF_FFFF_0000_0000 | UInt64(truncatingIfNeeded: count)
        return Int(truncatingIfNeeded: tail & 0xFFFF_FFFF) &- 1
    }

    /// The entry at `index`, open or not.
    @inline(__always)
    func entry(_ index: Int) -> JSONTape.Entry { entries[index] }

    /// The finished tape.
    consuming func finish() -> JSONTape {
        let tape = JSONTape(entries: entries, count: count, memory: memory)
        discard self
        return tape
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        guard newCapacity <= Int(UInt32.max) else { fatalError("a JSON document of more than 2^32 values") }
        guard let grown = memory.resize(entries, from: capacity, to: newCapacity) else {
            fatalError("out of memory for a JSON tape")
        }
        (entries, memory) = grown
        capacity = newCapacity
    }
}

/// A tape read together with the text it indexes; valid only while both are.
struct JSONTapeView {
    let bytes: UnsafePointer<UInt8>
    /// The length of the text.
    let byteCount: Int
    let entries: UnsafePointer<JSONTape.Entry>
    let count: Int

    init(tape: JSONTape, bytes: UnsafePointer<UInt8>, byteCount: Int) {
        self.bytes = bytes
        self.byteCount = byteCount
        self.entries = UnsafePointer(tape.entries)
        self.count = tape.count
    }

    @inline(__always) func kind(_ node: Int) -> JSONTape.Kind { entries[node].kind }

    /// The entry after `node` and everything inside it.
    @inline(__always)
    func next(after node: Int) -> Int {
        let entry = entries[node]
        switch entry.kind {
        case .array, .object: return entry.end
        default: return node + 1
        }
    }

    /// A string's or a number's bytes as they stand in the text (a string's without quotes, escapes undecoded).
    @inline(__always)
    func rawBytes(_ node: Int) -> UnsafeBufferPointer<UInt8> {
        let entry = entries[node]
        return UnsafeBufferPointer(start: bytes + entry.offset, count: entry.length)
    }

    /// The offset of the first byte of the value at `node` (a string's opening quote).
    func startOffset(of node: Int) -> Int {
        let entry = entries[node]
        return entry.kind == .string || entry.kind == .escapedString ? entry.offset - 1 : entry.offset
    }

    /// The offset just past the value at `node` (past a string's closing quote, an array's `]`).
    ///
    /// A container ends after its last member and the whitespace and bracket that follow, so this steps along the
    /// tape to the last member, never over the text in between.
    func endOffset(of node: Int) -> Int {
        let entry = entries[node]
        var position: Int
        switch entry.kind {
        case .string, .escapedString: return entry.offset + entry.length + 1
        case .array, .object:
            if entry.memberCount == 0 {
                position = entry.offset + 1
            } else {
                var last = node + 1
                var member = last
                while member < entry.end {
                    last = member
                    member = next(after: entry.kind == .object ? member + 1 : member)
                }
                position = endOffset(of: entry.kind == .object ? last + 1 : last)
            }
            while JSONByte.isWhitespace(bytes[position]) { position += 1 }
            return position + 1
        default: return entry.offset + entry.length
        }
    }

    /// True when the string at `node` is exactly `text`.
    @inline(__always)
    func string(_ node: Int, equals text: String) -> Bool {
        let entry = entries[node]
        guard entry.kind == .string else { return string(node) == text }
        // Most keys compared are not the one sought, and most of those differ in length.
        guard text.utf8.count == entry.length else { return false }
        var text = text
        return text.withUTF8 { utf8 in
            utf8.isEmpty || memcmp(bytes + entry.offset, utf8.baseAddress!, utf8.count) == 0
        }
    }

    /// The string at `node`, decoded.
    func string(_ node: Int) -> String {
        let entry = entries[node]
        if entry.kind == .escapedString {
            return JSONTapeView.decodeEscapes(UnsafeBufferPointer(start: bytes + entry.offset, count: entry.length))
        }
        return JSONTapeView.makeString(bytes + entry.offset, entry.length)
    }

    /// The number at `node` as it was spelled.
    func numberLiteral(_ node: Int) -> String {
        let entry = entries[node]
        return JSONTapeView.makeString(bytes + entry.offset, entry.length)
    }

    /// The key entries of the object at `node`, in order; each member's value is the entry after its key.
    func memberKeys(of node: Int) -> [Int] { children(of: node, keyed: true) }

    /// The entries of the array at `node`'s elements, in order.
    func elements(of node: Int) -> [Int] { children(of: node, keyed: false) }

    private func children(of node: Int, keyed: Bool) -> [Int] {
        let entry = entries[node]
        var children: [Int] = []
        children.reserveCapacity(entry.memberCount)
        var child = node + 1
        while child < entry.end {
            children.append(child)
            child = next(after: keyed ? child + 1 : child)
        }
        return children
    }

    /// The value entry of the object at `node` for `key` (the last one when the key repeats), or nil, also when
    /// `node` is not an object.
    func value(of node: Int, forKey key: String) -> Int? {
        guard kind(node) == .object else { return nil }
        let end = entries[node].end
        var found: Int?
        var member = node + 1
        while member < end {
            if string(member, equals: key) { found = member + 1 }
            member = next(after: member + 1)
        }
        return found
    }

    /// The value at `node` as a tree.
    func value(_ node: Int) -> JSONValue {
        var materializer = JSONMaterializer(view: self, progress: nil)
        return materializer.value(at: node)
    }

    /// The tree of the value at `node`, calling `release` with the read position each time the builder has moved on
    /// by about `stride` bytes (checked as containers close), so that the text behind it can be given back.
    func value(_ node: Int, every stride: Int, release: @escaping (Int) -> Void) -> JSONValue {
        var next = startOffset(of: node) + stride
        var materializer = JSONMaterializer(view: self) { offset in
            guard offset >= next else { return }
            release(offset)
            next = offset + stride
        }
        return materializer.value(at: node)
    }

    /// A string of `length` bytes at `start`, which are valid UTF-8.
    ///
    /// Up to 15 bytes fit in a `String` without an allocation, and building one through a buffer is cheaper than
    /// `String(decoding:as:)`, which looks for bad UTF-8 to repair twice before it copies; longer strings are
    /// cheaper the other way.
    @inline(__always)
    static func makeString(_ source: UnsafePointer<UInt8>, _ length: Int) -> String {
        guard length <= 15 else {
            return String(decoding: UnsafeBufferPointer(start: source, count: length), as: UTF8.self)
        }
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            buffer.baseAddress!.initialize(from: source, count: length)
            return length
        }
    }

    /// Decodes the escapes of a string's raw bytes, which the parser has already checked.
    ///
    /// A `\u` escape naming half of a surrogate pair without its other half decodes to U+FFFD.
    static func decodeEscapes(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(raw.count)
        var index = 0
        func hexQuad(_ at: Int) -> UInt32? { JSONByte.hexQuad(in: raw, at: at) }
        while index < raw.count {
            let byte = raw[index]
            guard byte == JSONByte.backslash, index + 1 < raw.count else {
                decoded.append(byte)
                index += 1
                continue
            }
            switch raw[index + 1] {
            case 0x62: decoded.append(0x08)
            case 0x66: decoded.append(0x0C)
            case 0x6E: decoded.append(JSONByte.lineFeed)
            case 0x72: decoded.append(JSONByte.carriageReturn)
            case 0x74: decoded.append(JSONByte.tab)
            case JSONByte.lowercaseU:
                let unit = hexQuad(index + 2) ?? 0xFFFD
                index += 6
                let (scalar, consumed) = JSONByte.escapedScalar(unit, followedBy: raw, at: index)
                index += consumed
                decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
                continue
            default: decoded.append(raw[index + 1])  // \" \\ \/
            }
            index += 2
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}

/// Builds ``JSONValue`` trees from a tape, reusing the `String` of a key that repeats across objects.
struct JSONMaterializer: ~Copyable {
    let view: JSONTapeView
    /// Told the offset of each container's end as it is passed, so that a caller can let go of the text behind.
    let progress: ((Int) -> Void)?
    private var recentKeys: [(UInt64, UInt64, Int, String)] = []
    private var keysRead = 0

    /// A value left out of the tree, as `null` (a recording's body, read apart from the rest of the file).
    var skipping = -1

    init(view: JSONTapeView, progress: ((Int) -> Void)?) {
        self.view = view
        self.progress = progress
    }

    /// The tree of the value at `node`; iterative, so deep nesting costs heap rather than call stack.
    mutating func value(at node: Int) -> JSONValue {
        struct Open {
            var isObject: Bool
            var end: Int
            var items: [JSONValue]
            var entries: [JSONObject.Entry]
            var key: String
        }
        var stack: [Open] = []
        var index = node
        var key = ""
        while true {
            let entry = view.entries[index]
            var value: JSONValue
            switch index == skipping ? .null : entry.kind {
            case .null:
                value = .null
                index = view.next(after: index)
            case .false:
                value = .bool(false)
                index += 1
            case .true:
                value = .bool(true)
                index += 1
            case .integer, .fraction:
                value = .number(JSONNumber(literal: view.numberLiteral(index)))
                index += 1
            case .string, .escapedString:
                value = .string(view.string(index))
                index += 1
            case .array, .object:
                let isObject = entry.kind == .object
                if entry.memberCount == 0 {
                    value = isObject ? .object(JSONObject()) : .array([])
                    index += 1
                } else {
                    var open = Open(isObject: isObject, end: entry.end, items: [], entries: [], key: key)
                    if isObject {
                        open.entries.reserveCapacity(entry.memberCount)
                    } else {
                        open.items.reserveCapacity(entry.memberCount)
                    }
                    stack.append(open)
                    index += 1
                    if isObject {
                        key = self.key(at: index)
                        index += 1
                    }
                    continue
                }
            }
            while !stack.isEmpty {
                if stack[stack.count - 1].isObject {
                    stack[stack.count - 1].entries.append(JSONObject.Entry(key: key, value: value))
                } else {
                    stack[stack.count - 1].items.append(value)
                }
                if index < stack[stack.count - 1].end {
                    if stack[stack.count - 1].isObject {
                        key = self.key(at: index)
                        index += 1
                    }
                    break
                }
                let done = stack.removeLast()
                value = done.isObject ? .object(JSONObject(done.entries)) : .array(done.items)
                key = done.key
                if let progress, index < view.count { progress(view.entries[index].offset) }
            }
            if stack.isEmpty { return value }
        }
    }

    /// The key at `node`; a short one seen before is the same `String` again.
    private mutating func key(at node: Int) -> String {
        let entry = view.entries[node]
        guard entry.kind == .string, entry.length <= 16 else { return view.string(node) }
        var first: UInt64 = 0
        var second: UInt64 = 0
        let source = view.bytes + entry.offset
        withUnsafeMutableBytes(of: &first) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: source, count: min(8, entry.length)))
        }
        if entry.length > 8 {
            withUnsafeMutableBytes(of: &second) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: source + 8, count: entry.length - 8))
            }
        }
        let slot = Int(truncatingIfNeeded: (first &* 0x9E37_79B9_7F4A_7C15 ^ second &+ UInt64(entry.length)) >> 58)
        // A small document's keys are few: the table pays off only once keys repeat.
        if recentKeys.isEmpty {
            keysRead += 1
            guard keysRead > 32 else { return view.string(node) }
            recentKeys = Array(repeating: (0, 0, -1, ""), count: 64)
        }
        let cached = recentKeys[slot]
        if cached.0 == first && cached.1 == second && cached.2 == entry.length { return cached.3 }
        let string = view.string(node)
        recentKeys[slot] = (first, second, entry.length, string)
        return string
    }
}

/// A checked JSON document, kept as its text and a ``JSONTape`` index of it: reading a value decodes just that
/// value, so a walk over the document allocates nothing for the values it only looks at.
package struct JSONDocument: @unchecked Sendable {
    /// Where the text lives.
    enum Source {
        case bytes([UInt8])
        case mapped(MappedFile)
    }

    let source: Source
    let tape: JSONTape
    /// The entry of the value this document stands for (a recording's body is one value inside a larger text).
    let root: Int

    /// How far a reader moves on between giving back the pages of a mapped text behind it.
    static let releaseStride = 8 << 20

    /// Gives back the resident pages of a mapped text before `offset`; they are read again from the file if needed.
    /// Nil for text in memory.
    var releaseText: ((Int) -> Void)? {
        guard case .mapped(let file) = source else { return nil }
        return { file.releaseBytes(before: $0) }
    }

    /// Runs `body` with a view of the tape over the text.
    func withView<Value, Failure: Error>(_ body: (JSONTapeView) throws(Failure) -> Value) throws(Failure) -> Value {
        switch source {
        case .bytes(let bytes):
            return try bytes.withUnsafeBufferPointer { (buffer) throws(Failure) -> Value in
                try body(JSONTapeView(tape: tape, bytes: buffer.baseAddress!, byteCount: buffer.count))
            }
        case .mapped(let file):
            return try body(
                JSONTapeView(
                    tape: tape, bytes: file.bytes.baseAddress!.assumingMemoryBound(to: UInt8.self),
                    byteCount: file.bytes.count))
        }
    }

    /// The document's value as a tree. The pages of a mapped text are given back behind the builder as it goes, so
    /// that a large text and its tree are not resident together.
    package var value: JSONValue {
        withView { view in
            guard let releaseText else { return view.value(root) }
            return view.value(root, every: Self.releaseStride, release: releaseText)
        }
    }

    /// The tape entry of the value reached by `keys` (object members, from the root; the last of a repeated key),
    /// or nil.
    func entry(at keys: [String]) -> Int? {
        withView { view in
            var node = root
            for key in keys {
                guard let found = view.value(of: node, forKey: key) else { return nil }
                node = found
            }
            return node
        }
    }

    /// The document's value as JSON text, as it stands in the text it was parsed from (not copied when that text is
    /// a mapped file).
    var text: Data {
        let (start, end) = withView { view in (view.startOffset(of: root), view.endOffset(of: root)) }
        switch source {
        case .bytes(let bytes):
            return bytes.withUnsafeBytes { Data(bytes: $0.baseAddress! + start, count: end - start) }
        case .mapped(let file):
            // Not copied: the data keeps the mapping.
            return Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: file.bytes.baseAddress! + start), count: end - start,
                deallocator: .custom { _, _ in withExtendedLifetime(file) {} })
        }
    }

    /// The size of the document's value as text, in bytes.
    var byteCount: Int { withView { view in view.endOffset(of: root) - view.startOffset(of: root) } }

    /// The value at tape entry `node` (inside this document) as a document of its own, over the same text.
    func subdocument(at node: Int) -> JSONDocument {
        JSONDocument(source: source, tape: tape, root: node)
    }

    /// The number of values in the document, keys counted.
    package var valueCount: Int { withView { $0.next(after: root) } - root }
}

extension JSONDocument {
    /// A document of `value`, written out compactly and indexed.
    ///
    /// - Throws: ``ContractError`` with code `.jsonSyntax` when the value is not JSON: a ``JSONNumber`` made from a
    ///   literal that is not a JSON number (`1.`, `NaN`).
    package init(_ value: JSONValue) throws(ContractError) {
        let bytes = Array(JSONWriter(style: .compact).write(value).utf8)
        self = try JSONParser(maxDepth: .max).parseDocument(bytes)
    }
}
