/// Finds where a value sits in JSON text without building it: skipping is several times cheaper than parsing.
///
/// Used to point an error about a recording or a report at its `line:col`, after the text was parsed: a key written
/// twice in an object is found as the parser keeps it, the last one.
enum JSONValueLocator {
    /// A step from a container to a value in it.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// The byte range of the value reached by `keys` (object members, from the root), or nil when the text does
    /// not have that shape. Assumes the text is valid JSON (the caller parsed it already).
    static func range(of keys: [String], in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        range(of: keys.map(Step.key), in: bytes)
    }

    /// The byte range of the value reached by `steps` (object members and array elements, from the root), or nil
    /// when the text does not have that shape. Assumes the text is valid JSON.
    static func range(of steps: [Step], in bytes: UnsafeRawBufferPointer) -> Range<Int>? {
        var position = 0
        skipWhitespace(bytes, &position)
        for step in steps {
            switch step {
            case .key(let key):
                guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { return nil }
                position += 1
                // The whole object is read: of a key written twice, the parser keeps the last.
                var found: Int?
                while true {
                    skipWhitespace(bytes, &position)
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
                    let keyStart = position
                    guard skipString(bytes, &position) else { return nil }
                    let matches = equalsKey(bytes, keyStart + 1, position - 1, key)
                    skipWhitespace(bytes, &position)
                    guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return nil }
                    position += 1
                    skipWhitespace(bytes, &position)
                    if matches { found = position }
                    guard skipElement(bytes, &position) else { break }
                }
                guard let found else { return nil }
                position = found
            case .index(let index):
                guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { return nil }
                position += 1
                skipWhitespace(bytes, &position)
                for _ in 0..<index {
                    guard skipElement(bytes, &position) else { return nil }
                    skipWhitespace(bytes, &position)
                }
                guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { return nil }
            }
        }
        let start = position
        guard skipValue(bytes, &position) else { return nil }
        return start..<position
    }

    /// The `line:col` of the value reached by `steps` in JSON text (after a byte-order mark, if any), or of the
    /// nearest container on the way that the text has when `nearest` (a missing member, at the object that lacks
    /// it); nil when the text has none.
    static func location(
        of steps: [Step], in bytes: UnsafeRawBufferPointer, file: String, nearest: Bool = false
    ) -> SourceLocation? {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        // The locator does not expect a byte-order mark; the line and column count from after it either way.
        let skipped = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let content = UnsafeRawBufferPointer(rebasing: bytes[skipped...])
        var steps = steps[...]
        while true {
            if let range = range(of: Array(steps), in: content) {
                return JSONReader.location(
                    at: skipped + range.lowerBound, in: base, count: bytes.count, contentStart: skipped, file: file)
            }
            guard nearest, !steps.isEmpty else { return nil }
            steps.removeLast()
        }
    }

    /// Moves past a member's value or an element and the comma after it; false at the container's end.
    private static func skipElement(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Bool {
        guard skipValue(bytes, &position) else { return false }
        skipWhitespace(bytes, &position)
        guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
        position += 1
        skipWhitespace(bytes, &position)
        return true
    }

    /// The offset just past the value that starts at `start`, or nil when the text there is not a value.
    static func end(ofValueAt start: Int, in bytes: UnsafeRawBufferPointer) -> Int? {
        var position = start
        return skipValue(bytes, &position) ? position : nil
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Moves past a string starting at its opening quote; false when it never closes.
    private static func skipString(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Bool {
        position += 1
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\\"): position += 2
            case UInt8(ascii: "\""):
                position += 1
                return true
            default: position += 1
            }
        }
        return false
    }

    /// Moves past one value of any kind.
    private static func skipValue(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            return skipString(bytes, &position)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: "\""):
                    guard skipString(bytes, &position) else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return true
                    }
                default: break
                }
                position += 1
            }
            return false
        default:
            // A number or a literal: runs to the next delimiter.
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D: return true
                default: position += 1
                }
            }
            return true
        }
    }

    /// True when the raw (escape-free) key bytes equal `key`; a key written with escapes never matches, which only
    /// costs the fast path.
    private static func equalsKey(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int, _ key: String) -> Bool {
        var index = start
        for byte in key.utf8 {
            guard index < end, bytes[index] == byte else { return false }
            index += 1
        }
        return index == end
    }
}
