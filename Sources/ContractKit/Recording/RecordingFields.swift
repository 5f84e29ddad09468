/// A JSON value a recording's fields are read from: a tree (`JSONValue`), or a value on a parsed document's tape
/// (``TapeFields``), so that ``Recording/init(fields:file:locate:)`` checks both the same way.
protocol RecordingFields {
    /// `string`, `integer`, `object with 3 keys`: as ``JSONValue/kindDescription`` words it.
    var kindDescription: String { get }
    var isObject: Bool { get }
    var stringValue: String? { get }
    var numberValue: JSONNumber? { get }
    /// An object's members in order (repeated keys included), or nil for any other value.
    var members: [(key: String, value: Self)]? { get }
    /// An object's members whose key is one of `names`, in order (repeated keys included); empty for any other value.
    func members(named names: [String]) -> [(key: String, value: Self)]
    /// An array's elements, or nil for any other value.
    var items: [Self]? { get }
    /// An object's value for `key` (the last one when the key repeats), or nil.
    subscript(key: String) -> Self? { get }
    /// The value as a tree.
    var tree: JSONValue { get }
}

extension JSONValue: RecordingFields {
    var isObject: Bool { objectValue != nil }
    var members: [(key: String, value: JSONValue)]? { objectValue.map { $0.entries.map { ($0.key, $0.value) } } }
    func members(named names: [String]) -> [(key: String, value: JSONValue)] {
        (objectValue?.entries ?? []).filter { names.contains($0.key) }.map { ($0.key, $0.value) }
    }
    var items: [JSONValue]? { arrayValue }
    subscript(key: String) -> JSONValue? { objectValue?[key] }
    var tree: JSONValue { self }
}

/// A value on a document's tape, read in place: reading a recording's metadata this way builds no tree for it and
/// decodes only the strings that become fields.
///
/// `skipping` is a value that reads as `null` as a tree: the response body, which stays on the tape.
struct TapeFields: RecordingFields {
    let view: JSONTapeView
    let node: Int
    let skipping: Int

    private func at(_ node: Int) -> TapeFields { TapeFields(view: view, node: node, skipping: skipping) }

    var isObject: Bool { view.kind(node) == .object }

    var kindDescription: String {
        switch view.kind(node) {
        case .null: return "null"
        case .false, .true: return "boolean"
        case .integer, .fraction: return JSONNumber(literal: view.numberLiteral(node)).isInteger ? "integer" : "number"
        case .string, .escapedString: return "string"
        case .array:
            let count = view.entries[node].memberCount
            return count == 1 ? "array with 1 element" : "array with \(count) elements"
        case .object:
            let count = view.entries[node].memberCount
            return count == 1 ? "object with 1 key" : "object with \(count) keys"
        }
    }

    var stringValue: String? {
        switch view.kind(node) {
        case .string, .escapedString: return view.string(node)
        default: return nil
        }
    }

    var numberValue: JSONNumber? {
        switch view.kind(node) {
        case .integer, .fraction: return JSONNumber(literal: view.numberLiteral(node))
        default: return nil
        }
    }

    var members: [(key: String, value: TapeFields)]? {
        guard view.kind(node) == .object else { return nil }
        var members: [(key: String, value: TapeFields)] = []
        members.reserveCapacity(view.entries[node].memberCount)
        var member = node + 1
        while member < view.entries[node].end {
            members.append((view.string(member), at(member + 1)))
            member = view.next(after: member + 1)
        }
        return members
    }

    func members(named names: [String]) -> [(key: String, value: TapeFields)] {
        guard view.kind(node) == .object else { return [] }
        var members: [(key: String, value: TapeFields)] = []
        var member = node + 1
        while member < view.entries[node].end {
            // Keys are compared in the text, so the others are never decoded.
            if let name = names.first(where: { view.string(member, equals: $0) }) { members.append((name, at(member + 1))) }
            member = view.next(after: member + 1)
        }
        return members
    }

    var items: [TapeFields]? {
        guard view.kind(node) == .array else { return nil }
        var items: [TapeFields] = []
        items.reserveCapacity(view.entries[node].memberCount)
        var item = node + 1
        while item < view.entries[node].end {
            items.append(at(item))
            item = view.next(after: item)
        }
        return items
    }

    subscript(key: String) -> TapeFields? {
        guard view.kind(node) == .object else { return nil }
        var found: Int?
        var member = node + 1
        while member < view.entries[node].end {
            if view.string(member, equals: key) { found = member + 1 }
            member = view.next(after: member + 1)
        }
        return found.map(at)
    }

    var tree: JSONValue {
        var materializer = JSONMaterializer(view: view, progress: nil)
        materializer.skipping = skipping
        return materializer.value(at: node)
    }
}
