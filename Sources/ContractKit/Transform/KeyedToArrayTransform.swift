/// Turns a dictionary keyed by id into an array, each element receiving its key:
/// `{"u1": {"name": "Ada"}}` becomes `[{"objectId": "u1", "name": "Ada"}]`.
///
/// Firebase's REST API and many others send collections this way; apps decode arrays. With `into`, the array is
/// wrapped in an object under that key (`{"objects": [...]}`), for a model such as
/// `struct ObjectsResponse: Decodable { var objects: [User] }`. With `at`, the dictionary is found at that path
/// and replaced there; the rest of the body is kept.
public struct KeyedToArrayTransform: JSONTransform {
    /// The key each element gets, holding its entry's key.
    public var key: String
    /// When set, the array is wrapped in an object under this key.
    public var into: String?
    /// Where the dictionary is; the root by default.
    public var at: TransformPath

    public var name: String { "keyedToArray" }

    /// Creates the transform.
    ///
    /// - Parameters:
    ///   - key: the key each element gets, holding its entry's key (an element's own value for it is replaced).
    ///   - into: wraps the array in an object under this key.
    ///   - at: where the dictionary is (`data.users`); the root by default. `[]` steps reach into arrays.
    public init(key: String, into: String? = nil, at: TransformPath = TransformPath(steps: [])) {
        self.key = key
        self.into = into
        self.at = at
    }

    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        let (places, mismatch) = at.resolve(in: value)
        if let mismatch { throw TransformError(name, mismatch) }
        if places.isEmpty, !at.steps.contains(.everyElement) {
            let keys = at.steps.compactMap { step -> JSONPath.Component? in
                if case .key(let key) = step { return .key(key) } else { return nil }
            }
            throw TransformError(
                transform: name, path: JSONPath(components: keys), expected: "an object",
                found: TransformError.describe(nil))
        }
        var result = value
        // The entry keys of every dictionary replaced, by its path, to trace element paths back.
        var keysByPlace: [JSONPath: [String]] = [:]
        for place in places {
            guard case .object(let dictionary)? = value[path: place] else {
                throw TransformError(
                    transform: name, path: place, expected: "an object",
                    found: TransformError.describe(value[path: place]))
            }
            var elements: [JSONValue] = []
            elements.reserveCapacity(dictionary.count)
            for entry in dictionary.entries {
                guard case .object(var element) = entry.value else {
                    throw TransformError(
                        transform: name, path: place.appending(key: entry.key),
                        expected: "an object (each entry of the dictionary becomes an element)",
                        found: TransformError.describe(entry.value))
                }
                element.entries.removeAll { $0.key == self.key }
                element.entries.insert(.init(key: self.key, value: .string(entry.key)), at: 0)
                elements.append(.object(element))
            }
            keysByPlace[place] = dictionary.keys
            let replacement: JSONValue =
                self.into.map { .object(JSONObject([.init(key: $0, value: .array(elements))])) } ?? .array(elements)
            result.modify(at: place) { $0 = replacement }
        }
        let (key, into, name) = (key, into, name)
        return TransformOutput(value: result) { [keysByPlace] path in
            // Find the replaced dictionary this path runs through.
            for (place, keys) in keysByPlace {
                guard var rest = path.dropping(prefix: place) else { continue }
                if let into {
                    guard case .key(into)? = rest.components.first else {
                        return rest.components.isEmpty ? .inserted(by: name, nearest: place) : .value(path)
                    }
                    rest.components.removeFirst()
                }
                guard case .index(let index)? = rest.components.first else { return .value(place) }
                guard keys.indices.contains(index) else { return .inserted(by: name, nearest: place) }
                let entry = place.appending(key: keys[index])
                rest.components.removeFirst()
                if rest.components == [.key(key)] { return .keyOf(entry) }
                return .value(entry.appending(rest))
            }
            return .value(path)
        }
    }
}
