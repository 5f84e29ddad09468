/// Strings whose text escapes half of a UTF-16 surrogate pair without the other half (`"Alan\ud800 Turing"`): a
/// server that cuts a string between the two halves of an emoji (JavaScript's `slice`) sends one. The parser reads
/// such a half as U+FFFD, but `JSONDecoder` refuses the whole body where a model reads the string (or any key of the
/// object holding such a key), saying only that it is not valid JSON.
enum JSONHalfSurrogates {
    /// What a failure for such a string says, and the fix: no model reads the body until the backend changes.
    static let detail =
        "the string escapes half of a UTF-16 surrogate pair without the other half: JSONDecoder refuses the whole body, saying only that it is not valid JSON"
    static let hint =
        "ask the backend team to send whole characters: a string cut between the two halves of an emoji or another character past U+FFFF (JavaScript's `slice` does this) carries half a pair, and no model can read the body until they do"

    /// The places of the strings in `text` (one JSON document) that hold half a pair, in document order; a key
    /// holding one gives its member's place, marked as a key. Empty when the text holds none, or is not JSON.
    static func places(in text: [UInt8]) -> [(path: JSONPath, isKey: Bool)] {
        // Most bodies have no `\u` escape of a surrogate at all: a pass over the bytes rules them out.
        guard mayHold(text), let document = try? JSONParser().parseDocument(text) else { return [] }
        return document.withView { view in
            var places: [(path: JSONPath, isKey: Bool)] = []
            walk(view, document.root, at: .root, into: &places)
            return places
        }
    }

    private static func mayHold(_ text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            var index = 0
            while index + 3 < bytes.count {
                if bytes[index] == JSONByte.backslash, bytes[index + 1] == JSONByte.lowercaseU,
                    bytes[index + 2] | 0x20 == UInt8(ascii: "d"),
                    JSONByte.hexDigit(bytes[index + 3]).map({ $0 >= 8 }) == true
                {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    private static func walk(
        _ view: JSONTapeView, _ node: Int, at path: JSONPath, into places: inout [(path: JSONPath, isKey: Bool)]
    ) {
        switch view.kind(node) {
        case .escapedString:
            if holdsHalf(view.rawBytes(node)) { places.append((path, false)) }
        case .array:
            for (index, element) in view.elements(of: node).enumerated() {
                walk(view, element, at: path.appending(index: index), into: &places)
            }
        case .object:
            for key in view.memberKeys(of: node) {
                let member = path.appending(key: view.string(key))
                if view.kind(key) == .escapedString, holdsHalf(view.rawBytes(key)) { places.append((member, true)) }
                walk(view, key + 1, at: member, into: &places)
            }
        default:
            break
        }
    }

    /// True when the raw (still escaped) text of a string holds a `\u` escape of half a pair without the other half.
    static func holdsHalf(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var holds = false
        forEachHalf(in: raw) { _, _ in
            holds = true
            return false
        }
        return holds
    }

    /// Calls `body` with the byte range and the unit of each `\u` escape in the raw text of a string that names
    /// half a pair without the other half, front to back, while it returns true.
    static func forEachHalf(in raw: UnsafeBufferPointer<UInt8>, _ body: (Range<Int>, UInt32) -> Bool) {
        var index = 0
        while index + 1 < raw.count {
            guard raw[index] == JSONByte.backslash else {
                index += 1
                continue
            }
            guard raw[index + 1] == JSONByte.lowercaseU, let unit = JSONByte.hexQuad(in: raw, at: index + 2) else {
                index += 2
                continue
            }
            let (scalar, consumed) = JSONByte.escapedScalar(unit, followedBy: raw, at: index + 6)
            if scalar == 0xFFFD, unit != 0xFFFD {
                guard body(index..<index + 6, unit) else { return }
            }
            index += 6 + consumed
        }
    }

    /// The escape a writer keeps for such a half: `\u` and the unit in lowercase hex, six bytes.
    static func escape(_ unit: UInt32) -> [UInt8] {
        [JSONByte.backslash, JSONByte.lowercaseU]
            + (0..<4).map { digit in
                let nibble = UInt8(unit >> (12 - 4 * UInt32(digit)) & 0x0F)
                return nibble < 10 ? JSONByte.zero + nibble : 0x61 + nibble - 10
            }
    }
}
