/// The shape an app decodes: an endpoint's body shape after its transforms, worked out from the spec alone.
///
/// Each transform has a shape-level counterpart here: `keyedToArray` turns `[String: T]` into `[T]` with the key
/// added to `T`, `unwrap` takes the field's shape, `wrap` makes an object of one field, `renameKeys` renames fields,
/// `defaults` makes a field required and non-Optional, `lossy` changes nothing (it only drops elements).
struct TransformedShape {
    /// The shape after every transform.
    var shape: Shape
    /// Keys `keyedToArray` adds to the values of a named shape: they become Optional properties of its type, since
    /// the shape is used elsewhere without them.
    var addedKeys: [String: [AddedKey]] = [:]
    /// The keys `renameKeys` gave a new name, by the field's place in the spec: the name the server sends.
    var renamedFrom: [SourceLocation: String] = [:]
    /// Why the shape could not be worked out; the endpoint gets no model when there is one.
    var problem: ContractError?

    /// A key `keyedToArray` writes into each element.
    struct AddedKey: Hashable {
        var key: String
        var endpoint: String
    }

    /// Applies `transforms` to `body`, reading named shapes from `shapes`.
    init(body: Shape, transforms: [TransformSpec], shapes: [String: Shape], endpoint: String) {
        shape = body
        var applier = ShapeTransformApplier(shapes: shapes, endpoint: endpoint)
        for transform in transforms {
            do {
                shape = try applier.apply(transform, to: shape)
            } catch {
                problem = error
                break
            }
        }
        addedKeys = applier.addedKeys
        renamedFrom = applier.renamedFrom
    }
}

/// Applies transforms to shapes, one at a time, remembering what they did to named shapes.
private struct ShapeTransformApplier {
    let shapes: [String: Shape]
    let endpoint: String
    var addedKeys: [String: [TransformedShape.AddedKey]] = [:]
    var renamedFrom: [SourceLocation: String] = [:]

    init(shapes: [String: Shape], endpoint: String) {
        self.shapes = shapes
        self.endpoint = endpoint
    }

    mutating func apply(_ transform: TransformSpec, to shape: Shape) throws(ContractError) -> Shape {
        let location = transform.location
        func path(_ text: String?) throws(ContractError) -> [TransformPath.Step] {
            guard let text else { return [] }
            do {
                return try TransformPath(parsing: text).steps
            } catch {
                throw ContractError(.invalidSpec, "\(transform.name): \(error.description)", at: location)
            }
        }
        switch transform.operation {
        case .keyedToArray(let key, let into, let at):
            var namedEntry: String?
            let result = try modify(shape, at: try path(at)[...], transform: transform) {
                (value) throws(ContractError) in
                let (array, named) = try keyedToArray(value, key: key, into: into, transform: transform)
                namedEntry = named
                return array
            }
            if let namedEntry {
                addedKeys[namedEntry, default: []].append(TransformedShape.AddedKey(key: key, endpoint: endpoint))
            }
            return result
        case .unwrap(let key):
            return try extract(shape, at: try path(key)[...], transform: transform)
        case .wrap(let key):
            return Shape(
                .object(ObjectShape(fields: [Field(name: key, shape: shape, location: location)])), at: location)
        case .renameKeys(let renames):
            var parsed: [(steps: ArraySlice<TransformPath.Step>, to: String)] = []
            for rename in renames { parsed.append((try path(rename.from)[...], rename.to)) }
            return rename(shape, parsed)
        case .lossy:
            return shape
        case .defaults(let values):
            var result = shape
            for entry in values {
                let steps = try path(entry.path)
                guard case .key(let key)? = steps.last else { continue }
                let isNull = entry.value == .null
                result = try modify(result, at: steps.dropLast()[...], transform: transform) {
                    (object) throws(ContractError) in
                    guard case .object(var fields) = self.resolved(object).kind else { return object }
                    for index in fields.fields.indices where fields.fields[index].name == key && !isNull {
                        fields.fields[index].presence = .required
                        fields.fields[index].shape = fields.fields[index].shape.nonOptional
                    }
                    return Shape(.object(fields), at: object.location)
                }
            }
            return result
        }
    }

    /// A named shape's declaration in place of its name; any other shape as it is.
    func resolved(_ shape: Shape) -> Shape {
        var shape = shape
        var seen: Set<String> = []
        while case .named(let name) = shape.kind, let declared = shapes[name], seen.insert(name).inserted {
            shape = declared
        }
        return shape
    }

    /// `shape` with the value at `steps` replaced by `change(value)`; named shapes on the way are copied in.
    func modify(
        _ shape: Shape, at steps: ArraySlice<TransformPath.Step>, transform: TransformSpec,
        _ change: (Shape) throws(ContractError) -> Shape
    ) throws(ContractError) -> Shape {
        guard let step = steps.first else { return try change(shape) }
        let inner = resolved(shape)
        switch (inner.kind, step) {
        case (.optional(let wrapped), _):
            let changed = try modify(wrapped, at: steps, transform: transform, change)
            return Shape(.optional(changed), at: inner.location)
        case (.object(var object), .key(let key)):
            guard let index = object.fields.firstIndex(where: { $0.name == key }) else {
                throw missing(key, in: inner, transform: transform)
            }
            object.fields[index].shape = try modify(
                object.fields[index].shape, at: steps.dropFirst(), transform: transform, change)
            return Shape(.object(object), at: inner.location)
        case (.array(let element), .everyElement):
            let changed = try modify(element, at: steps.dropFirst(), transform: transform, change)
            return Shape(.array(changed), at: inner.location)
        default:
            throw notThere(step, in: inner, transform: transform)
        }
    }

    /// The shape of the value at `steps`, as `unwrap` takes it.
    func extract(_ shape: Shape, at steps: ArraySlice<TransformPath.Step>, transform: TransformSpec)
        throws(ContractError) -> Shape
    {
        guard let step = steps.first else { return shape }
        let inner = resolved(shape)
        switch (inner.kind, step) {
        case (.optional(let wrapped), _):
            return try extract(wrapped, at: steps, transform: transform)
        case (.object(let object), .key(let key)):
            guard let field = object.fields.first(where: { $0.name == key }) else {
                throw missing(key, in: inner, transform: transform)
            }
            return try extract(field.shape, at: steps.dropFirst(), transform: transform)
        default:
            throw notThere(step, in: inner, transform: transform)
        }
    }

    /// The array `keyedToArray` makes of `value`, and the named shape of its values, which gets the key.
    func keyedToArray(_ value: Shape, key: String, into: String?, transform: TransformSpec)
        throws(ContractError) -> (Shape, String?)
    {
        guard case .dictionary(let element) = resolved(value).nonOptional.kind else {
            throw ContractError(
                .invalidSpec,
                "keyedToArray needs a dictionary ([String: T]) here, but the spec's shape is \(value)",
                at: transform.location,
                hint: "point `at:` at the dictionary, or declare the body as \"[String: T]\"")
        }
        var entry = element.nonOptional
        var named: String?
        switch (entry.kind, resolved(entry).kind) {
        case (.named(let name), .object):
            named = name
        case (.object(var object), _):
            object.fields.removeAll { $0.name == key }
            object.fields.insert(
                Field(
                    name: key, shape: Shape(.string, at: transform.location), presence: .required,
                    location: transform.location), at: 0)
            entry = Shape(.object(object), at: entry.location)
        default:
            throw ContractError(
                .invalidSpec,
                "keyedToArray writes the key '\(key)' into each value, but the values are \(entry), not objects",
                at: transform.location, hint: "keyedToArray works on dictionaries of objects: [String: {…}]")
        }
        let array = Shape(.array(entry), at: transform.location)
        guard let into else { return (array, named) }
        let object = ObjectShape(fields: [Field(name: into, shape: array, location: transform.location)])
        return (Shape(.object(object), at: transform.location), named)
    }

    /// `shape` with the renames applied; paths are in the server's names, as `RenameKeysTransform` reads them.
    mutating func rename(_ shape: Shape, _ renames: [(steps: ArraySlice<TransformPath.Step>, to: String)]) -> Shape {
        guard !renames.isEmpty else { return shape }
        let inner = resolved(shape)
        switch inner.kind {
        case .optional(let wrapped):
            return Shape(.optional(rename(wrapped, renames)), at: inner.location)
        case .array(let element):
            let deeper = renames.filter { $0.steps.first == .everyElement }.map { ($0.steps.dropFirst(), $0.to) }
            return Shape(.array(rename(element, deeper)), at: inner.location)
        case .object(var object):
            for index in object.fields.indices {
                let name = object.fields[index].name
                let matching = renames.filter { $0.steps.first == .key(name) }
                let deeper = matching.filter { $0.steps.count > 1 }.map { ($0.steps.dropFirst(), $0.to) }
                object.fields[index].shape = rename(object.fields[index].shape, deeper)
                if let newName = matching.last(where: { $0.steps.count == 1 })?.to {
                    renamedFrom[object.fields[index].location] = name
                    object.fields[index].name = newName
                }
            }
            return Shape(.object(object), at: inner.location)
        default:
            return shape
        }
    }

    func missing(_ key: String, in shape: Shape, transform: TransformSpec) -> ContractError {
        ContractError(
            .invalidSpec, "\(transform.name): the spec's object \(shape) has no key '\(key)'", at: transform.location,
            hint: "the path names keys as the server sends them; declare '\(key)' in the body, or correct the path")
    }

    func notThere(_ step: TransformPath.Step, in shape: Shape, transform: TransformSpec) -> ContractError {
        let wanted = step == .everyElement ? "an array" : "an object"
        return ContractError(
            .invalidSpec, "\(transform.name): the path needs \(wanted) where the spec's shape is \(shape)",
            at: transform.location, hint: "correct the path, or the body's shape")
    }
}
