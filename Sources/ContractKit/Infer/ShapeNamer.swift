/// Gives object shapes names: every body's own object (what `body: User` or `[User]` names), and every object shape
/// met more than once, in one endpoint or across several, so the spec declares it once under `shapes:`.
///
/// Names come from where a shape is found: the key that holds it (`user` → `User`, `items[]` → `Item`,
/// `categories` → `Category`) or, for a body, the endpoint's path. Two different shapes that would take one name
/// are told apart by the words of the place above them (`OrderItem`, `CartItem`); nothing is named `Type1`.
struct ShapeNamer {
    private struct Entry {
        /// The object, its nested objects replaced by references to their entries (`#3`).
        var object: ObjectShape
        var uses = 0
        var isBody = false
        /// True when it stands where YAML cannot write a mapping (inside `T?` or `[String: T]`): it needs a name.
        var mustBeNamed = false
        /// The words of the first place it was found, outermost first: `["Order", "Item"]`.
        var words: [String]
        var name: String?
    }

    private var entries: [Entry] = []
    private var index: [ObjectShape: Int] = [:]
    private static let location = ShapeInference.location

    /// Registers a body's shape, found under an endpoint whose words are `words` (`["User"]` for `GET /users/{id}`).
    /// Returns the shape with its objects replaced by references, for ``resolve(_:)`` once every body is in.
    mutating func register(body shape: Shape, words: [String]) -> Shape {
        register(shape, words: words, isBody: true, inPlace: true)
    }

    /// `inPlace` is true where an object can be written as a mapping: a key's value, a body, an array's element.
    private mutating func register(_ shape: Shape, words: [String], isBody: Bool, inPlace: Bool) -> Shape {
        switch shape.kind {
        case .object(let object) where object.fields.isEmpty && inPlace:
            return shape
        case .object(let object):
            var fields = object.fields
            for position in fields.indices {
                let field = fields[position]
                let collection = Self.isCollection(field.shape)
                let word = KeyWords.typeName(field.name, singular: collection) ?? "Value"
                fields[position].shape = register(field.shape, words: words + [word], isBody: false, inPlace: true)
            }
            let registered = ObjectShape(fields: fields, extraKeys: object.extraKeys)
            // Objects with the same fields in another order are the same shape; the first order seen is written.
            let key = ObjectShape(fields: fields.sorted { $0.name < $1.name }, extraKeys: object.extraKeys)
            let position: Int
            if let existing = index[key] {
                position = existing
            } else {
                position = entries.count
                index[key] = position
                entries.append(Entry(object: registered, words: words))
            }
            entries[position].uses += 1
            if isBody { entries[position].isBody = true }
            if !inPlace { entries[position].mustBeNamed = true }
            return Shape(.named("#\(position)"), at: Self.location)
        case .array(let element):
            return Shape(
                .array(register(element, words: words, isBody: isBody, inPlace: inPlace)), at: Self.location)
        case .dictionary(let value):
            return Shape(.dictionary(register(value, words: words, isBody: isBody, inPlace: false)), at: Self.location)
        case .optional(let wrapped):
            return Shape(.optional(register(wrapped, words: words, isBody: isBody, inPlace: false)), at: Self.location)
        default:
            return shape
        }
    }

    private static func isCollection(_ shape: Shape) -> Bool {
        switch shape.nonOptional.kind {
        case .array, .dictionary: return true
        default: return false
        }
    }

    /// Names the shapes that get one; call once, after every body is registered.
    mutating func assignNames() {
        var taken = Set(ShapeExpressionParser.builtins.keys).union([
            "Type", "Protocol", "Self", "Error", "Data", "enum",
        ])
        for position in entries.indices
        where entries[position].isBody || entries[position].uses > 1 || entries[position].mustBeNamed {
            let words = entries[position].words.isEmpty ? ["Body"] : entries[position].words
            var chosen: String?
            for length in 1...words.count {
                let candidate = words.suffix(length).joined()
                if !taken.contains(candidate) {
                    chosen = candidate
                    break
                }
            }
            if chosen == nil {
                // Every suffix is taken: the same place in two endpoints' bodies holds two shapes. Say which it is.
                let base = words.joined()
                var ordinal = 2
                while taken.contains(base + "Variant\(ordinal)") { ordinal += 1 }
                chosen = base + "Variant\(ordinal)"
            }
            taken.insert(chosen!)
            entries[position].name = chosen
        }
    }

    /// The named shapes, sorted by name.
    var namedShapes: [(name: String, shape: Shape)] {
        entries.compactMap { entry in
            entry.name.map { ($0, Shape(.object(resolve(entry.object)), at: Self.location)) }
        }.sorted { $0.name < $1.name }
    }

    /// A registered shape with its references replaced: by the name, or by the object itself when it has none.
    func resolve(_ shape: Shape) -> Shape {
        switch shape.kind {
        case .named(let reference) where reference.hasPrefix("#"):
            guard let position = Int(reference.dropFirst()) else { return shape }
            let entry = entries[position]
            if let name = entry.name { return Shape(.named(name), at: Self.location) }
            return Shape(.object(resolve(entry.object)), at: Self.location)
        case .array(let element): return Shape(.array(resolve(element)), at: Self.location)
        case .dictionary(let value): return Shape(.dictionary(resolve(value)), at: Self.location)
        case .optional(let wrapped): return Shape(.optional(resolve(wrapped)), at: Self.location)
        default: return shape
        }
    }

    private func resolve(_ object: ObjectShape) -> ObjectShape {
        var resolved = object
        for position in resolved.fields.indices {
            resolved.fields[position].shape = resolve(resolved.fields[position].shape)
        }
        return resolved
    }
}
