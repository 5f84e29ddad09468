/// Fills in keys that are absent or `null`: `{"notices[].body": ""}` gives every notice without a body an
/// empty one, as an app does with `decodeIfPresent(...) ?? ""`.
///
/// Defaults go into objects that exist; a missing or `null` parent is left alone.
public struct DefaultsTransform: JSONTransform {
    /// The keys to fill, each a path ending in a key, with its value.
    public var defaults: [(path: TransformPath, value: JSONValue)]

    public var name: String { "defaults" }

    /// Creates the transform.
    ///
    /// - Throws: ``TransformPathError`` when a path does not end in a key.
    public init(_ defaults: [(path: TransformPath, value: JSONValue)]) throws(TransformPathError) {
        for entry in defaults {
            guard case .key = entry.path.steps.last else {
                throw TransformPathError(
                    text: entry.path.description, reason: "a default must be for a key, not for '[]'")
            }
        }
        self.defaults = defaults
    }

    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        var result = value
        var inserted: [JSONPath] = []
        for entry in defaults {
            guard case .key(let key)? = entry.path.steps.last else { continue }
            let (parents, mismatch) = entry.path.parent.resolve(in: result)
            if let mismatch { throw TransformError(name, mismatch) }
            for parent in parents {
                if case .null? = result[path: parent] { continue }
                guard case .object(let object)? = result[path: parent] else {
                    throw TransformError(
                        transform: name, path: parent, expected: "an object",
                        found: TransformError.describe(result[path: parent]))
                }
                switch object[key] {
                case nil:
                    inserted.append(parent.appending(key: key))
                case .null?:
                    break
                default:
                    continue
                }
                result.modify(at: parent.appending(key: key)) { $0 = entry.value }
            }
        }
        let name = name
        return TransformOutput(value: result) { [inserted] path in
            if let place = inserted.first(where: { path.hasPrefix($0) }) {
                return .inserted(by: name, nearest: place.parent)
            }
            return .value(path)
        }
    }
}
