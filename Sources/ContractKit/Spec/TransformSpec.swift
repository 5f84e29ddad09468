/// A client-side transform declared in a spec, applied to the body before decoding.
package struct TransformSpec: Sendable {
    /// What the transform does.
    package enum Operation: Sendable {
        /// Turns `{"u1": {...}}` into `[{"id": "u1", ...}]`, optionally wrapped in `{into: [...]}`, at a path.
        case keyedToArray(key: String, into: String?, at: String?)
        /// Replaces the body (or the value at a path) by the value under `key`.
        case unwrap(String)
        /// Wraps the body in `{key: body}`.
        case wrap(String)
        /// Renames keys; a path such as `b[].i` reaches into arrays.
        case renameKeys([(from: String, to: String)])
        /// Drops array elements at these paths that fail to decode.
        case lossy([String])
        /// Fills in missing keys at these paths.
        case defaults([(path: String, value: JSONValue)])
    }

    /// What the transform does.
    package var operation: Operation
    /// Where it is declared.
    package var location: SourceLocation

    /// The names transforms are written with.
    package static let names = ["keyedToArray", "unwrap", "wrap", "renameKeys", "lossy", "defaults"]

    /// Creates a transform.
    package init(_ operation: Operation, at location: SourceLocation) {
        self.operation = operation
        self.location = location
    }

    /// The transform's name as written in specs.
    package var name: String {
        switch operation {
        case .keyedToArray: return "keyedToArray"
        case .unwrap: return "unwrap"
        case .wrap: return "wrap"
        case .renameKeys: return "renameKeys"
        case .lossy: return "lossy"
        case .defaults: return "defaults"
        }
    }
}
