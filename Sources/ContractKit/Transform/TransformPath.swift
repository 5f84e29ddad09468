/// A path that transforms use to name places in a body: `users`, `data.items`, `b[].i`, `[].name`.
///
/// Keys are separated by `.`; `[]` (or `[*]`) after a key means "every element of this array". An empty path,
/// or `$`, is the body itself. Keys that contain `.`, `[` or `]` cannot be named.
public struct TransformPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of the path.
    public enum Step: Sendable, Hashable {
        /// The value under this key of an object.
        case key(String)
        /// Every element of an array.
        case everyElement
    }

    /// The steps from the body's root.
    public var steps: [Step]

    /// A path with these steps.
    public init(steps: [Step]) { self.steps = steps }

    /// Parses `a.b[].c`; a leading `$` or `$.` is allowed.
    public init(parsing text: String) throws(TransformPathError) {
        var rest = Substring(text)
        if rest.hasPrefix("$") { rest = rest.dropFirst() }
        if rest.hasPrefix(".") { rest = rest.dropFirst() }
        var steps: [Step] = []
        var key = ""
        var expectingKey = true
        var index = rest.startIndex
        func fail(_ reason: String) -> TransformPathError { TransformPathError(text: text, reason: reason) }
        while index < rest.endIndex {
            let character = rest[index]
            switch character {
            case ".":
                if !key.isEmpty {
                    steps.append(.key(key))
                } else if expectingKey {
                    throw fail("an empty key before '.'")
                }
                key = ""
                expectingKey = true
                index = rest.index(after: index)
            case "[":
                if !key.isEmpty { steps.append(.key(key)) }
                key = ""
                let after = rest[rest.index(after: index)...]
                if after.hasPrefix("]") {
                    index = rest.index(index, offsetBy: 2)
                } else if after.hasPrefix("*]") {
                    index = rest.index(index, offsetBy: 3)
                } else {
                    throw fail("'[' must be followed by ']': write `[]` for every element of an array")
                }
                steps.append(.everyElement)
                expectingKey = false
            case "]":
                throw fail("a ']' without its '['")
            default:
                if !expectingKey { throw fail("a key right after '[]' needs a '.' first") }
                key.append(character)
                index = rest.index(after: index)
            }
        }
        if !key.isEmpty {
            steps.append(.key(key))
        } else if expectingKey, !steps.isEmpty {
            throw fail("the path ends with '.'")
        }
        self.steps = steps
    }

    /// The path without its last step; the root is its own parent.
    public var parent: TransformPath { TransformPath(steps: Array(steps.dropLast())) }

    /// `a.b[].c`, or `$` for the root.
    public var description: String {
        guard !steps.isEmpty else { return "$" }
        var text = ""
        for step in steps {
            switch step {
            case .key(let key): text += (text.isEmpty ? "" : ".") + key
            case .everyElement: text += "[]"
            }
        }
        return text
    }

    /// The concrete places in `value` this path names, in body order; places that do not exist are skipped.
    ///
    /// A `null` or absent value along the way names no place (a `null` at the last step is a place). Walking stops at the first value whose type does
    /// not fit a step: the returned mismatch says where and what.
    func resolve(in value: JSONValue, allowingMissingLast: Bool = false) -> (
        paths: [JSONPath], mismatch: TransformMismatch?
    ) {
        var paths: [JSONPath] = []
        var mismatch: TransformMismatch?
        func walk(_ value: JSONValue, _ stepIndex: Int, _ path: JSONPath) {
            if mismatch != nil { return }
            guard stepIndex < steps.count else {
                paths.append(path)
                return
            }
            if case .null = value { return }
            switch steps[stepIndex] {
            case .key(let key):
                guard case .object(let object) = value else {
                    mismatch = TransformMismatch(path: path, expected: "an object", found: value)
                    return
                }
                if let child = object[key] {
                    walk(child, stepIndex + 1, path.appending(key: key))
                } else if allowingMissingLast, stepIndex == steps.count - 1 {
                    paths.append(path.appending(key: key))
                }
            case .everyElement:
                guard case .array(let items) = value else {
                    mismatch = TransformMismatch(path: path, expected: "an array", found: value)
                    return
                }
                for (index, item) in items.enumerated() { walk(item, stepIndex + 1, path.appending(index: index)) }
            }
        }
        walk(value, 0, .root)
        return (paths, mismatch)
    }

    /// True when `path` is one of the places this pattern names (indices match `[]`).
    func matches(_ path: JSONPath) -> Bool {
        guard path.components.count == steps.count else { return false }
        for (step, component) in zip(steps, path.components) {
            switch (step, component) {
            case (.key(let key), .key(let other)) where key == other: continue
            case (.everyElement, .index): continue
            default: return false
            }
        }
        return true
    }
}

/// A transform path that cannot be parsed.
public struct TransformPathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path as written.
    public var text: String
    /// What is wrong with it.
    public var reason: String

    /// `'b[.i' is not a transform path: …`
    public var description: String { "'\(text)' is not a transform path: \(reason)" }
}

/// A value whose type does not fit a transform path's step.
struct TransformMismatch {
    var path: JSONPath
    var expected: String
    var found: JSONValue
}

extension JSONValue {
    /// The value at `path`, or nil when a step does not exist.
    public subscript(path path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .object(let object)):
                guard let child = object[key] else { return nil }
                current = child
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Replaces the value at `path` through `change`; a missing last key is created (with `change` seeing nil).
    ///
    /// Returns false when the path does not lead to a container that holds (or can hold) the last step.
    @discardableResult
    mutating func modify(at path: JSONPath, _ change: (inout JSONValue?) -> Void) -> Bool {
        modify(path.components[...], change)
    }

    private mutating func modify(_ components: ArraySlice<JSONPath.Component>, _ change: (inout JSONValue?) -> Void)
        -> Bool
    {
        guard let first = components.first else {
            var value: JSONValue? = self
            change(&value)
            self = value ?? .null
            return true
        }
        let rest = components.dropFirst()
        // Bind the container out of `self` alone, then clear `self`, so that the container's storage is uniquely
        // referenced and changes in place. (Switching over a tuple holding `self` kept a second reference alive
        // for the whole switch: every change copied the array, and patching each of n elements cost n².)
        switch first {
        case .key(let key):
            guard case .object(var object) = self else { return false }
            self = .null
            defer { self = .object(object) }
            if rest.isEmpty {
                var child = object[key]
                change(&child)
                object[key] = child
                return true
            }
            guard var child = object[key] else { return false }
            object[key] = .null
            let done = child.modify(rest, change)
            object[key] = child
            return done
        case .index(let index):
            guard case .array(var items) = self, items.indices.contains(index) else { return false }
            self = .null
            defer { self = .array(items) }
            if rest.isEmpty {
                var child: JSONValue? = items[index]
                change(&child)
                if let child { items[index] = child } else { items.remove(at: index) }
                return true
            }
            var child = items[index]
            items[index] = .null
            let done = child.modify(rest, change)
            items[index] = child
            return done
        }
    }
}

extension JSONPath {
    /// True when `prefix` is this path or one of its ancestors.
    public func hasPrefix(_ prefix: JSONPath) -> Bool {
        prefix.components.count <= components.count
            && Array(components.prefix(prefix.components.count)) == prefix.components
    }

    /// This path with `other`'s steps appended.
    public func appending(_ other: JSONPath) -> JSONPath { JSONPath(components: components + other.components) }

    /// The steps after `prefix`, when `prefix` is an ancestor (or the path itself).
    func dropping(prefix: JSONPath) -> JSONPath? {
        guard hasPrefix(prefix) else { return nil }
        return JSONPath(components: Array(components.dropFirst(prefix.components.count)))
    }
}
