/// Finds what a spec says about a place in a raw body: the shape there and the field that declares it.
struct ShapeLocator {
    /// Named shapes the body shape refers to.
    let shapes: [String: Shape]

    /// The shape at `path` of a body of shape `root`, and the object field naming its last key, if any.
    ///
    /// A key not declared by the object is looked up by spelling variant (`createdAt` for `created_at`). Returns
    /// nil for the shape when the spec says nothing about the place (an extra key, `Any`).
    func locate(_ path: JSONPath, in root: Shape) -> (shape: Shape?, field: Field?) {
        var current: Shape? = root
        var field: Field?
        for component in path.components {
            guard let shape = current.map(resolve) else { return (nil, nil) }
            field = nil
            switch (component, shape.kind) {
            case (.key(let key), .object(let object)):
                field =
                    object.fields.first { $0.name == key }
                    ?? object.fields.first { KeyNames.normalized($0.name) == KeyNames.normalized(key) }
                current = field?.shape
            case (.key, .dictionary(let value)), (.key, .array(let value)), (.index, .array(let value)),
                (.index, .dictionary(let value)):
                current = value
            default:
                return (nil, nil)
            }
        }
        return (current, field)
    }

    /// The shape behind names and `?`.
    func resolve(_ shape: Shape) -> Shape {
        var current = shape
        for _ in 0..<64 {
            switch current.kind {
            case .named(let name):
                guard let definition = shapes[name] else { return current }
                current = definition
            case .optional(let wrapped):
                current = wrapped
            default:
                return current
            }
        }
        return current
    }
}
