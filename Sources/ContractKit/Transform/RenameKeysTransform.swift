/// Renames keys, wherever a path says: `{fn: firstName, "b[].i": betId, b: bets}` turns
/// `{"fn": "Ada", "b": [{"i": 1}]}` into `{"firstName": "Ada", "bets": [{"betId": 1}]}`.
///
/// Paths name keys as the server sends them (`b[].i` is `i` inside every element of `b`, even when `b` itself is
/// renamed too); new names are plain keys. An absent key is left alone: the model decides whether it matters.
public struct RenameKeysTransform: JSONTransform {
    /// The renames, each from a path in the input to a new key name.
    public var renames: [(from: TransformPath, to: String)]
    private let trie: RenameTrie

    public var name: String { "renameKeys" }

    /// Creates the transform.
    ///
    /// - Throws: ``TransformPathError`` when a path does not end in a key, or a new name is not a plain key.
    public init(_ renames: [(from: TransformPath, to: String)]) throws(TransformPathError) {
        var trie = RenameTrie()
        for rename in renames {
            guard case .key(let old)? = rename.from.steps.last else {
                throw TransformPathError(
                    text: rename.from.description, reason: "a rename must end in a key, not in '[]'")
            }
            guard !rename.to.isEmpty, !rename.to.contains(where: { $0 == "." || $0 == "[" || $0 == "]" }) else {
                throw TransformPathError(
                    text: rename.to, reason: "a new name is a plain key (renameKeys does not move values)")
            }
            trie.insert(Array(rename.from.steps.dropLast())[...], old: old, new: rename.to)
        }
        self.renames = renames
        self.trie = trie
    }

    /// Creates the transform from `path: newName` pairs written as in specs (`"b[].i": "betId"`).
    ///
    /// - Throws: ``TransformPathError`` when a path cannot be parsed, or a new name is not a plain key.
    public init(_ renames: KeyValuePairs<String, String>) throws(TransformPathError) {
        var parsed: [(from: TransformPath, to: String)] = []
        for (from, to) in renames { parsed.append((try TransformPath(parsing: from), to)) }
        try self.init(parsed)
    }

    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        let result = try rename(value, trie, at: .root)
        let trie = trie
        return TransformOutput(value: result) { path in
            var node: RenameTrie? = trie
            var input: JSONValue? = value
            var original: [JSONPath.Component] = []
            for component in path.components {
                switch component {
                case .key(let key):
                    let object = input?.objectValue
                    var old = key
                    if let renamed = node?.newNames.first(where: { $0.value == key && object?[$0.key] != nil }) {
                        old = renamed.key
                    } else if object?[key] == nil || node?.newNames[key] != nil,
                        let renamed = node?.newNames.first(where: { $0.value == key })
                    {
                        old = renamed.key
                    }
                    original.append(.key(old))
                    node = node?.children[.key(old)]
                    input = object?[old]
                case .index(let index):
                    original.append(.index(index))
                    node = node?.children[.everyElement]
                    input = input?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
                }
            }
            return .value(JSONPath(components: original))
        }
    }

    private func rename(_ value: JSONValue, _ node: RenameTrie, at path: JSONPath) throws(TransformError) -> JSONValue {
        switch value {
        case .object(var object):
            if node.children[.everyElement] != nil {
                throw TransformError(
                    transform: name, path: path, expected: "an array", found: TransformError.describe(value))
            }
            for index in object.entries.indices {
                let key = object.entries[index].key
                if let child = node.children[.key(key)] {
                    object.entries[index].value = try rename(
                        object.entries[index].value, child, at: path.appending(key: key))
                }
                if let new = node.newNames[key] { object.entries[index].key = new }
            }
            return .object(object)
        case .array(var items):
            guard let child = node.children[.everyElement] else {
                if node.newNames.isEmpty && node.children.isEmpty { return value }
                throw TransformError(
                    transform: name, path: path, expected: "an object", found: TransformError.describe(value))
            }
            for index in items.indices {
                items[index] = try rename(items[index], child, at: path.appending(index: index))
            }
            return .array(items)
        case .null:
            return value
        default:
            let expected = node.children[.everyElement] != nil ? "an array" : "an object"
            throw TransformError(transform: name, path: path, expected: expected, found: TransformError.describe(value))
        }
    }
}

/// Renames by place: the new names of keys at this level, and the levels below by step.
private struct RenameTrie: Sendable {
    var newNames: [String: String] = [:]
    var children: [TransformPath.Step: RenameTrie] = [:]

    mutating func insert(_ steps: ArraySlice<TransformPath.Step>, old: String, new: String) {
        guard let first = steps.first else {
            newNames[old] = new
            return
        }
        children[first, default: RenameTrie()].insert(steps.dropFirst(), old: old, new: new)
    }
}
