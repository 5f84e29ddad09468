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
        /// For a body found under a fixed word (`GET /users/me`), the words of the collection above it
        /// (`["Get", "User"]`): a near-identical shape found there gives its name.
        var alternative: [String]?
        var name: String?
        /// The entry this one was merged into: a near-identical shape that wanted the same name.
        var mergedInto: Int?
    }

    /// Names already declared elsewhere (the other spec files of the folder written into): shape names are global
    /// across a suite's files, so these are never chosen.
    var reserved: Set<String> = []
    private var entries: [Entry] = []
    private var index: [ObjectShape: Int] = [:]
    private static let location = ShapeInference.location

    /// Registers a body's shape, found under an endpoint whose words are `words` (`["User"]` for `GET /users/{id}`).
    /// Returns the shape with its objects replaced by references, for ``resolve(_:)`` once every body is in.
    /// `alternative` are the words of the collection a body under a fixed word belongs to (`["Get", "User"]` for
    /// `GET /users/me`).
    mutating func register(body shape: Shape, words: [String], alternative: [String]? = nil) -> Shape {
        register(shape, words: words, isBody: true, inPlace: true, alternative: alternative)
    }

    /// `inPlace` is true where an object can be written as a mapping: a key's value, a body, an array's element.
    private mutating func register(
        _ shape: Shape, words: [String], isBody: Bool, inPlace: Bool, alternative: [String]? = nil
    ) -> Shape {
        switch shape.kind {
        case .object(let object) where object.fields.isEmpty && inPlace:
            return shape
        case .object(let object):
            var fields = object.fields
            for position in fields.indices {
                let field = fields[position]
                let collection = Self.isCollection(field.shape)
                // A key that is an id (`U42`, `ord_9f8e7d`) names nothing: the place above it does (`OrderEntry`).
                let word =
                    PathTemplate.isID(field.name)
                    ? (words.last ?? "") + "Entry" : KeyWords.typeName(field.name, singular: collection) ?? "Value"
                fields[position].shape = register(field.shape, words: words + [word], isBody: false, inPlace: true)
            }
            let registered = ObjectShape(fields: fields, extraKeys: object.extraKeys)
            // Objects with the same fields in another order are the same shape; the first order seen is written.
            let key = ObjectShape(fields: fields.sorted { $0.name < $1.name }, extraKeys: object.extraKeys)
            let position: Int
            if let existing = index[key] {
                position = existing
                // Found first under a fixed word (`/users/me`), now under its collection: the collection names it.
                if entries[existing].alternative != nil, isBody, alternative == nil {
                    entries[existing].words = words
                    entries[existing].alternative = nil
                }
            } else {
                position = entries.count
                index[key] = position
                entries.append(Entry(object: registered, words: words, alternative: isBody ? alternative : nil))
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
        mergeNearIdenticalShapes()
        var taken = Set(ShapeExpressionParser.builtins.keys).union([
            "Type", "Protocol", "Self", "Error", "Data", "enum",
        ]).union(reserved)
        for position in entries.indices
        where entries[position].mergedInto == nil
            && (entries[position].isBody || entries[position].uses > 1 || entries[position].mustBeNamed)
        {
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

    /// Shapes that want the same name (`Label` from `GET /labels/{id}` and from the elements of `GET /labels`) and
    /// share most of their keys are one shape seen from two places: merged, keys only one of them has become `key?:`,
    /// `Int` and `Double` become `Double`, and a value one side saw only as null becomes optional on the other.
    /// Shapes whose common keys disagree otherwise stay apart.
    private mutating func mergeNearIdenticalShapes() {
        var firstByName: [String: [Int]] = [:]
        for position in entries.indices {
            guard let word = entries[position].words.last else { continue }
            var merged = false
            for candidate in firstByName[word] ?? [] {
                if let object = Self.merged(entries[candidate].object, entries[position].object, using: self) {
                    entries[candidate].object = object
                    entries[candidate].uses += entries[position].uses
                    entries[candidate].isBody = entries[candidate].isBody || entries[position].isBody
                    entries[candidate].mustBeNamed = entries[candidate].mustBeNamed || entries[position].mustBeNamed
                    entries[position].mergedInto = candidate
                    merged = true
                    break
                }
            }
            if !merged { firstByName[word, default: []].append(position) }
        }
        // A body under a fixed word (`GET /users/me`) shaped like its collection's (`User`) is that shape.
        for position in entries.indices where entries[position].mergedInto == nil {
            guard let word = entries[position].alternative?.last else { continue }
            for candidate in firstByName[word] ?? [] where target(candidate) != position {
                let into = target(candidate)
                guard let object = Self.merged(entries[into].object, entries[position].object, using: self) else {
                    continue
                }
                entries[into].object = object
                entries[into].uses += entries[position].uses
                entries[into].isBody = true
                entries[into].mustBeNamed = entries[into].mustBeNamed || entries[position].mustBeNamed
                entries[position].mergedInto = into
                break
            }
        }
    }

    /// The entry a reference leads to once merges are followed.
    private func target(_ position: Int) -> Int {
        var position = position
        while let next = entries[position].mergedInto { position = next }
        return position
    }

    /// One object for both, when at least 70% of their keys are common and every common key's shapes merge.
    private static func merged(_ first: ObjectShape, _ second: ObjectShape, using namer: ShapeNamer) -> ObjectShape? {
        let firstNames = Set(first.fields.map(\.name))
        let secondNames = Set(second.fields.map(\.name))
        let common = firstNames.intersection(secondNames)
        let all = firstNames.union(secondNames)
        guard !all.isEmpty, Double(common.count) >= 0.7 * Double(all.count), first.extraKeys == second.extraKeys else {
            return nil
        }
        var fields: [Field] = []
        for field in first.fields {
            guard let other = second.fields.first(where: { $0.name == field.name }) else {
                var absent = field
                if !absent.shape.isOptional { absent.presence = .mayBeAbsent }
                fields.append(absent)
                continue
            }
            guard let shape = mergedShape(field.shape, other.shape, using: namer) else { return nil }
            var both = field
            both.shape = shape
            let mayBeAbsent = field.presence == .mayBeAbsent || other.presence == .mayBeAbsent
            both.presence = mayBeAbsent && !shape.isOptional ? .mayBeAbsent : .implied
            fields.append(both)
        }
        for field in second.fields where !firstNames.contains(field.name) {
            var absent = field
            if !absent.shape.isOptional { absent.presence = .mayBeAbsent }
            fields.append(absent)
        }
        return ObjectShape(fields: fields, extraKeys: first.extraKeys)
    }

    /// A shape accepting everything either accepts, when the two are the same but for what merging allows.
    private static func mergedShape(_ first: Shape, _ second: Shape, using namer: ShapeNamer) -> Shape? {
        let location = Self.location
        let first = namer.followed(first)
        let second = namer.followed(second)
        if first == second { return first }
        switch (first.kind, second.kind) {
        case (.optional(let inner), .optional(let other)):
            return mergedShape(inner, other, using: namer).map { Shape(.optional($0), at: location) }
        case (.optional(let inner), _):
            // `Any?` here means only null was seen: the other side says what the value is.
            if case .any = inner.kind { return Shape(.optional(second), at: location) }
            return mergedShape(inner, second, using: namer).map { Shape(.optional($0), at: location) }
        case (_, .optional(let other)):
            if case .any = other.kind { return Shape(.optional(first), at: location) }
            return mergedShape(first, other, using: namer).map { Shape(.optional($0), at: location) }
        case (.int, .double), (.double, .int):
            return Shape(.double, at: location)
        case (.array(let element), .array(let other)):
            return mergedShape(element, other, using: namer).map { Shape(.array($0), at: location) }
        case (.dictionary(let value), .dictionary(let other)):
            return mergedShape(value, other, using: namer).map { Shape(.dictionary($0), at: location) }
        default:
            return nil
        }
    }

    /// `shape` with a reference to a merged entry replaced by one to the entry it was merged into.
    private func followed(_ shape: Shape) -> Shape {
        guard case .named(let reference) = shape.kind, reference.hasPrefix("#"),
            let position = Int(reference.dropFirst())
        else { return shape }
        return Shape(.named("#\(target(position))"), at: Self.location)
    }

    /// The named shapes, sorted by name.
    var namedShapes: [(name: String, shape: Shape)] {
        entries.compactMap { entry in
            guard entry.mergedInto == nil else { return nil }
            return entry.name.map { ($0, Shape(.object(resolve(entry.object)), at: Self.location)) }
        }.sorted { $0.name < $1.name }
    }

    /// A registered shape with its references replaced: by the name, or by the object itself when it has none.
    func resolve(_ shape: Shape) -> Shape {
        switch shape.kind {
        case .named(let reference) where reference.hasPrefix("#"):
            guard let position = Int(reference.dropFirst()) else { return shape }
            let entry = entries[target(position)]
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
