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
            return JSONValue.containerDescription(
                isObject: view.kind(node) == .object, count: view.entries[node].memberCount)
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
        guard isObject else { return nil }
        return view.memberKeys(of: node).map { (view.string($0), at($0 + 1)) }
    }

    func members(named names: [String]) -> [(key: String, value: TapeFields)] {
        guard isObject else { return [] }
        // Keys are compared in the text, so the others are never decoded.
        return view.memberKeys(of: node).compactMap { key in
            names.first { view.string(key, equals: $0) }.map { ($0, at(key + 1)) }
        }
    }

    var items: [TapeFields]? {
        guard view.kind(node) == .array else { return nil }
        return view.elements(of: node).map(at)
    }

    subscript(key: String) -> TapeFields? {
        view.value(of: node, forKey: key).map(at)
    }

    var tree: JSONValue {
        var materializer = JSONMaterializer(view: view, progress: nil)
        materializer.skipping = skipping
        return materializer.value(at: node)
    }
}
