/// Replaces the body by the value under a key (or a path of keys): `{"data": {...}}` becomes `{...}`.
///
/// The key must be present exactly as written; an envelope whose key changed case is a transform failure that
/// says which keys arrived instead.
public struct UnwrapTransform: JSONTransform {
    /// The keys leading to the value to keep: `data`, or `data.items`.
    public var path: TransformPath

    public var name: String { "unwrap" }

    /// Creates the transform; `path` is a key (`data`) or keys separated by dots (`data.items`), without `[]`.
    public init(_ path: TransformPath) {
        self.path = path
    }

    /// Creates the transform for one key.
    public init(key: String) {
        self.path = TransformPath(steps: [.key(key)])
    }

    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        var current = value
        var at = JSONPath.root
        for step in path.steps {
            guard case .key(let key) = step else {
                throw TransformError(
                    transform: name, path: at, expected: "a key to unwrap, not every element ([])",
                    found: TransformError.describe(current))
            }
            guard case .object(let object) = current, let inner = object[key] else {
                throw TransformError(
                    transform: name, path: at, expected: "an object with key '\(key)'",
                    found: TransformError.describe(current))
            }
            current = inner
            at = at.appending(key: key)
        }
        let prefix = at
        return TransformOutput(value: current) { .value(prefix.appending($0)) }
    }
}

/// Wraps the body in an object under a key: `[...]` becomes `{"objects": [...]}`.
public struct WrapTransform: JSONTransform {
    /// The key the body goes under.
    public var key: String

    public var name: String { "wrap" }

    /// Creates the transform.
    public init(key: String) {
        self.key = key
    }

    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        let (key, name) = (key, name)
        return TransformOutput(value: .object(JSONObject([.init(key: key, value: value)]))) { path in
            guard case .key(key)? = path.components.first else { return .inserted(by: name, nearest: .root) }
            return .value(JSONPath(components: Array(path.components.dropFirst())))
        }
    }
}
