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
