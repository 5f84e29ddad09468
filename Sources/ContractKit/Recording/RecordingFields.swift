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
