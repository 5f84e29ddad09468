/// A value on a document's tape, read in place: reading a recording's metadata this way builds no tree for it and
/// decodes only the strings that become fields.
///
/// `skipping` is a value that reads as `null` as a tree: the response body, which stays on the tape. A value holds
/// the view's pointers: use it only inside the ``JSONDocument/withView(_:)`` that made the view, and take out
/// strings and trees, never the value itself.
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
        case .array, .object:
            return JSONValue.containerDescription(isObject: view.kind(node) == .object, count: view.entries[node].memberCount)
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
