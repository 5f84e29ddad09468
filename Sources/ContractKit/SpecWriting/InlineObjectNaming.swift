/// Gives a name to every object of a document that YAML cannot write where it stands.
///
/// A mapping can be the value of a key or an element of a list, so an object is written in place there; inside
/// `T?`, `[String: T]` or a union it has no spelling, so it becomes a named shape of its own (`CustomerAddress`),
/// declared right after the shape it came from.
struct InlineObjectNaming {
    private var taken: UniqueNames
    private var hoisted: [NamedShape] = []

    private init(document: SpecDocument) {
        taken = UniqueNames(Set(document.shapes.map(\.name)))
    }

    /// `document` with each object that cannot be written in place replaced by a reference to a new named shape.
    static func naming(_ document: SpecDocument) -> SpecDocument {
        var naming = InlineObjectNaming(document: document)
        var result = document
        result.shapes = []
        for named in document.shapes {
            var named = named
            naming.hoisted = []
            named.shape = naming.place(named.shape, owner: named.name, path: "", comments: named.fieldComments)
            result.shapes.append(named)
            result.shapes += naming.hoisted
        }
        for index in result.endpoints.indices {
            guard let body = result.endpoints[index].expectedBody else { continue }
            naming.hoisted = []
            let owner = typeName(result.endpoints[index].name) + "Body"
            result.endpoints[index].expectedBody = naming.place(
                body, owner: owner, path: "", comments: result.endpoints[index].bodyFieldComments)
            result.shapes += naming.hoisted
        }
        return result
    }

    /// `shape` at a place where an object may be written as a mapping.
    private mutating func place(_ shape: Shape, owner: String, path: String, comments: [String: String]) -> Shape {
        var shape = shape
        switch shape.kind {
        case .object(var object):
            for index in object.fields.indices {
                let field = object.fields[index]
                let fieldPath = path.isEmpty ? field.name : path + "." + field.name
                object.fields[index].shape = place(
                    field.shape, owner: owner + InlineObjectNaming.typeName(field.name), path: fieldPath,
                    comments: comments)
            }
            shape.kind = .object(object)
        case .array(let element) where ShapeText.isBlock(shape):
            shape.kind = .array(place(element, owner: owner, path: path, comments: comments))
        default:
            shape = named(shape, owner: owner, path: path, comments: comments)
        }
        return shape
    }

    /// `shape` at a place where an object must be named.
    private mutating func named(_ shape: Shape, owner: String, path: String, comments: [String: String]) -> Shape {
        var shape = shape
        switch shape.kind {
        case .object where ShapeText.expression(shape) == nil:
            let name = taken.claim(
                owner, accepts: { !ShapeName.isBuiltIn($0) },
                form: { number in number.map { owner + String($0) } ?? owner })
            let prefix = path.isEmpty ? "" : path + "."
            var moved: [String: String] = [:]
            for (key, comment) in comments where key.hasPrefix(prefix) && key.count > prefix.count {
                moved[String(key.dropFirst(prefix.count))] = comment
            }
            let slot = hoisted.count
            hoisted.append(NamedShape(name: name, shape: shape))
            hoisted[slot].shape = place(shape, owner: name, path: "", comments: moved)
            hoisted[slot].fieldComments = moved
            return Shape(.named(name), at: shape.location)
        case .optional(let wrapped):
            shape.kind = .optional(named(wrapped, owner: owner, path: path, comments: comments))
        case .array(let element):
            shape.kind = .array(named(element, owner: owner, path: path, comments: comments))
        case .dictionary(let value):
            shape.kind = .dictionary(named(value, owner: owner, path: path, comments: comments))
        case .union(let members):
            // Two object members of one union are told apart by the suffix a taken name gets.
            shape.kind = .union(members.map { named($0, owner: owner, path: path, comments: comments) })
        default:
            break
        }
        return shape
    }

    /// `billing_address` as `BillingAddress`: a field or endpoint name as the start of a type name.
    static func typeName(_ text: String) -> String {
        var name = ""
        var upperNext = true
        for scalar in text.unicodeScalars {
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else {
                upperNext = true
                continue
            }
            if upperNext {
                name += String(scalar).uppercased()
                upperNext = false
            } else {
                name.unicodeScalars.append(scalar)
            }
        }
        if name.isEmpty { return "Value" }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        return name
    }
}
