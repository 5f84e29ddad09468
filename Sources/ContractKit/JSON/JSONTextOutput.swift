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
    private(set) var bytes: [UInt8] = []
    private var open: [OpenContainer] = []

    init(pretty: Bool) {
        self.pretty = pretty
        bytes.reserveCapacity(256)
    }

    mutating func append(_ root: JSONValue) {
        appendOpening(root)
        while !open.isEmpty {
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
                bytes.append(JSONByte.colon)
                if pretty { bytes.append(JSONByte.space) }
                appendOpening(entries[next].value)
            }
        }
    }

    /// Writes a scalar or an empty container whole, or the opening bracket of a non-empty one.
    private mutating func appendOpening(_ value: JSONValue) {
        switch value {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let flag):
            bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number):
            bytes.append(contentsOf: number.literal.utf8)
        case .string(let string):
            appendQuoted(string)
        case .array(let elements):
            bytes.append(JSONByte.openBracket)
            if elements.isEmpty {
                bytes.append(JSONByte.closeBracket)
            } else {
                open.append(OpenContainer(children: .elements(elements), next: 0))
            }
        case .object(let object):
            bytes.append(JSONByte.openBrace)
            if object.isEmpty {
                bytes.append(JSONByte.closeBrace)
            } else {
                open.append(OpenContainer(children: .entries(object.entries), next: 0))
            }
        }
    }

    private mutating func startChild(isFirst: Bool, depth: Int) {
        if !isFirst { bytes.append(JSONByte.comma) }
        if pretty { appendNewline(indent: depth) }
    }

    private mutating func closeContainer(with bracket: UInt8) {
        open.removeLast()
        if pretty { appendNewline(indent: open.count) }
        bytes.append(bracket)
    }

    private mutating func appendNewline(indent depth: Int) {
        bytes.append(JSONByte.lineFeed)
        bytes.append(contentsOf: repeatElement(JSONByte.space, count: 2 * depth))
    }

    mutating func appendQuoted(_ string: String) {
        var string = string
        string.withUTF8 { appendQuoted(utf8: $0) }
    }

    private mutating func appendQuoted(utf8 text: UnsafeBufferPointer<UInt8>) {
        bytes.append(JSONByte.quote)
        guard let base = text.baseAddress else {
            bytes.append(JSONByte.quote)
            return
        }
        var segmentStart = 0
        while true {
            let index = JSONByte.firstStringSpecial(in: base, from: segmentStart, to: text.count)
            guard index < text.count else { break }
            let byte = text[index]
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[segmentStart..<index]))
            segmentStart = index + 1
            bytes.append(JSONByte.backslash)
            switch byte {
            case JSONByte.quote, JSONByte.backslash: bytes.append(byte)
            case JSONByte.lineFeed: bytes.append(0x6E)  // n
            case JSONByte.tab: bytes.append(0x74)  // t
            case JSONByte.carriageReturn: bytes.append(0x72)  // r
            case 0x08: bytes.append(0x62)  // b
            case 0x0C: bytes.append(0x66)  // f
            default:
                // \u00XX with lowercase hex; the byte is below 0x20, so its high digit is 0 or 1.
                let low = byte & 0x0F
                bytes.append(JSONByte.lowercaseU)
                bytes.append(JSONByte.zero)
                bytes.append(JSONByte.zero)
                bytes.append(JSONByte.zero + byte >> 4)
                bytes.append(low < 10 ? JSONByte.zero + low : 0x61 + low - 10)
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[segmentStart...]))
        bytes.append(JSONByte.quote)
    }
}
