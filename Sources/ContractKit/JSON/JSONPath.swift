/// A path into a JSON document, written as people read it: `$.users[3].first_name`.
public struct JSONPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// One step of a path.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// The root, `$`.
    public static let root = JSONPath(components: [])

    /// A path with these steps.
    public init(components: [Component]) { self.components = components }

    /// This path with a key appended.
    public func appending(key: String) -> JSONPath { JSONPath(components: components + [.key(key)]) }

    /// This path with an array index appended.
    public func appending(index: Int) -> JSONPath { JSONPath(components: components + [.index(index)]) }

    /// The path one step up; the root is its own parent.
    public var parent: JSONPath { JSONPath(components: Array(components.dropLast())) }

    /// `$.a.b[0]`; keys that are not identifiers are quoted: `$["first name"]`.
    public var description: String {
        var text = "$"
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if JSONPath.isIdentifier(key) {
                    text += "." + key
                } else {
                    text += "[\""
                    // By scalar: a quote followed by a combining mark is one Character, and is escaped all the same.
                    for scalar in key.unicodeScalars {
                        if scalar == "\"" || scalar == "\\" { text.unicodeScalars.append("\\") }
                        text.unicodeScalars.append(scalar)
                    }
                    text += "\"]"
                }
            }
        }
        return text
    }

    /// True when `key` is written `.key`: it starts with a letter or `_` (so `-1` and `1` are quoted, as in
    /// `$.query.pages["-1"]`), and holds only letters, digits, `_` and `-`.
    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first,
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first)
                || first == UInt8(ascii: "_")
        else { return false }
        return key.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
    }

    public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool {
        for (left, right) in zip(lhs.components, rhs.components) where left != right {
            switch (left, right) {
            case (.index(let a), .index(let b)): return a < b
            case (.key(let a), .key(let b)): return a < b
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return lhs.components.count < rhs.components.count
    }
}
