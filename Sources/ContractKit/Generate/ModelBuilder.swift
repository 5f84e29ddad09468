/// Turns shapes into Swift declarations: objects into structs, `enum(...)` into enums with an `unknown` case,
/// inline shapes into nested types named after their key.
struct ModelBuilder {
    /// How the types being built are decoded: the endpoints that reach them and their decoding options.
    struct Scope {
        /// The key strategy that decides the `CodingKeys`.
        var keys: KeyStrategy
        /// The date strategies of the endpoints that reach the type, as specs write them.
        var dates: [String]
        /// What `renameKeys` renamed, by the field's place in the spec: the name the server sends.
        var renamedFrom: [SourceLocation: String] = [:]
        /// The names of the enclosing types, outermost first.
        var enclosing: [String] = []
        /// The named shape being declared: a property that holds it by value is `@Indirect`.
        var namedShape: String?
    }

    /// Names declared at the top level: a nested type never takes one, so that it cannot hide it.
    var topLevelNames: Set<String>
    /// True once a shape `Any` was met: the `AnyJSON` type must be written.
    private(set) var usesAnyJSON = false
    /// Things a person should know: keys left out because another key reads as the same property.
    private(set) var warnings: [ContractError] = []
    /// True once a property is `@Indirect`: the `Indirect` wrapper must be written.
    private(set) var usesIndirect = false
    /// The suite's named shapes, to follow references.
    let shapes: [String: Shape]

    /// The Swift type name of each named shape.
    let typeNames: [String: String]

    init(topLevelNames: Set<String>, shapes: [String: Shape], typeNames: [String: String] = [:]) {
        self.topLevelNames = topLevelNames
        self.shapes = shapes
        self.typeNames = typeNames
    }

    /// True when a value of `shape` holds the named shape `name` by value: through objects and Optionals, not
    /// through arrays, dictionaries or unions (an indirect enum), which store their values out of line.
    func holds(_ name: String, byValue shape: Shape) -> Bool {
        var visited: Set<String> = []
        func reaches(_ shape: Shape) -> Bool {
            switch shape.kind {
            case .named(let other):
                if other == name { return true }
                guard visited.insert(other).inserted, let declared = shapes[other] else { return false }
                return reaches(declared)
            case .optional(let inner): return reaches(inner)
            case .object(let object): return object.fields.contains { reaches($0.shape) }
            default: return false
            }
        }
        return reaches(shape)
    }

    /// A struct for an object shape, with Optional properties for the `added` keys (written by `keyedToArray`).
    mutating func structure(
        named name: String, object: ObjectShape, added: [TransformedShape.AddedKey] = [], scope: Scope,
        documentation: [String]
    ) -> SwiftDeclaration {
        var inner = scope
        inner.enclosing.append(name)
        var takenTypes = topLevelNames.union(inner.enclosing).union(ModelGenerator.reservedTopLevelNames)
        // The shapes declared inside this struct by their dotted names (`Obj.Address` in `Obj`).
        let path = inner.enclosing.joined(separator: ".") + "."
        for typeName in typeNames.values where typeName.hasPrefix(path) {
            let rest = typeName.dropFirst(path.count)
            if !rest.contains(".") { takenTypes.insert(String(rest)) }
        }
        var propertyNames = SwiftNames.Taker()
        var properties: [SwiftDeclaration.Property] = []
        var nested: [SwiftDeclaration] = []

        var addedEndpoints: [String: [String]] = [:]
        var addedOrder: [String] = []
        for entry in added {
            let declared = object.fields.contains(where: { $0.name == entry.key })
            if addedEndpoints[entry.key] == nil, !declared { addedOrder.append(entry.key) }
            if addedEndpoints[entry.key]?.contains(entry.endpoint) != true {
                addedEndpoints[entry.key, default: []].append(entry.endpoint)
            }
        }
        var takenKeys: [String: String] = [:]
        for key in addedOrder {
            takenKeys[scope.keys.modelKey(forJSONKey: key)] = key
            let property = propertyNames.take(SwiftNames.memberName(key))
            let endpoints = addedEndpoints[key, default: []].joined(separator: ", ")
            properties.append(
                SwiftDeclaration.Property(
                    name: property, codingKey: scope.keys.modelKey(forJSONKey: key), type: "String?",
                    isOptional: true,
                    documentation: [
                        "Written by `keyedToArray` (\(endpoints)): the entry's key in the dictionary the server sends;",
                        "nil where the body is not such a dictionary.",
                    ]))
        }

        for field in object.fields {
            let codingKey = scope.keys.modelKey(forJSONKey: field.name)
            if let other = takenKeys[codingKey] {
                // Two `CodingKeys` with one raw value do not compile, and the decoder reads one key only anyway.
                let sent = scope.renamedFrom[field.location].map { " (sent as '\($0)')" } ?? ""
                warnings.append(
                    ContractError(
                        .invalidSpec,
                        "\(name): '\(field.name)'\(sent) and '\(other)' are both read as the key '\(codingKey)' (after renameKeys and the key strategy \(scope.keys)); the model leaves '\(field.name)' out",
                        at: field.location,
                        hint: "rename one of the keys with renameKeys, or remove one from the shape"))
                continue
            }
            takenKeys[codingKey] = field.name
            if let writers = addedEndpoints[field.name], !Self.readsAString(field.shape) {
                warnings.append(
                    ContractError(
                        .invalidSpec,
                        "\(name): keyedToArray (\(writers.joined(separator: ", "))) writes '\(field.name)' as a String, but the shape declares it otherwise: the model cannot decode those entries",
                        at: field.location,
                        hint: "declare '\(field.name)' as String (or String?) in the shape"))
            }
            let property = propertyNames.take(SwiftNames.memberName(field.name))
            let isOptional = field.mayBeAbsent || field.mayBeNull
            let type = swiftType(
                field.shape.nonOptional, key: field.name, isElement: false, nested: &nested, takenTypes: &takenTypes,
                scope: inner)
            let isIndirect = scope.namedShape.map { holds($0, byValue: field.shape) } ?? false
            if isIndirect { usesIndirect = true }
            properties.append(
                SwiftDeclaration.Property(
                    name: property, codingKey: codingKey, type: type + (isOptional ? "?" : ""), isOptional: isOptional,
                    documentation: fieldDocumentation(field, scope: scope), isIndirect: isIndirect))
        }
        return SwiftDeclaration(
            name: name, documentation: documentation,
            kind: .structure(SwiftDeclaration.Structure(properties: properties, nested: nested)))
    }

    /// True when a string decodes as `shape`: a String, a pattern, or an Optional of one.
    static func readsAString(_ shape: Shape) -> Bool {
        switch shape.nonOptional.kind {
        case .string, .pattern, .any: return true
        default: return false
        }
    }

    /// An enum for `enum(a, b)`: a case per value and `unknown(String)` for the rest.
    func enumeration(named name: String, values: [String], documentation: [String]) -> SwiftDeclaration {
        var caseNames = SwiftNames.Taker(taken: ["unknown", "rawValue", "init", "encode"])
        var cases: [SwiftDeclaration.EnumCase] = []
        // Each value once, looked up in a set: an enum of 100,000 cases was five minutes of searching.
        var seen: Set<String> = []
        for value in values where seen.insert(value).inserted {
            let base = value.isEmpty ? "empty" : SwiftNames.memberName(value)
            let caseName = caseNames.take(base == "unknown" ? "unknownValue" : base)
            cases.append(SwiftDeclaration.EnumCase(name: caseName, value: value))
        }
        return SwiftDeclaration(name: name, documentation: documentation, kind: .enumeration(cases))
    }

    /// An enum for `Int(1, 2)`: a case per value (`_1`, `minus1` for -1) and `unknown(Int)` for the rest.
    func integerEnumeration(named name: String, values: [Int], documentation: [String]) -> SwiftDeclaration {
        let cases = values.map { SwiftDeclaration.EnumCase(name: Shape.integerCaseName($0), value: String($0)) }
        return SwiftDeclaration(
            name: name, documentation: documentation, kind: .enumeration(cases, integers: true))
    }

    /// An enum for a union `A | B`: a case per member holding its value, tried in the order the spec lists them.
    /// Inline members (objects, enums) are declared in `nested`, beside the union, named after the key.
    mutating func union(
        named name: String, members: [Shape], key: String, nested: inout [SwiftDeclaration],
        takenTypes: inout Set<String>, scope: Scope
    ) -> SwiftDeclaration {
        var caseNames = SwiftNames.Taker()
        var cases: [SwiftDeclaration.UnionMember] = []
        let types = members.map {
            swiftType($0, key: key + "Option", isElement: false, nested: &nested, takenTypes: &takenTypes, scope: scope)
        }
        // A case must not take the name of a type the members name (`case card(card)` for a shape named `card`):
        // inside the enum, `card.self` would mean the case.
        let typeNames = Set(
            types.flatMap { $0.split { !SwiftNames.isIdentifierScalar($0.unicodeScalars.first!) }.map(String.init) })
        for (member, type) in zip(members, types) {
            var base = Self.caseName(member, type: type)
            if typeNames.contains(base) { base += "Value" }
            cases.append(SwiftDeclaration.UnionMember(name: caseNames.take(base), type: type))
        }
        let listed = cases.map { "`\($0.type)`" }.joined(separator: ", ")
        return SwiftDeclaration(
            name: name, documentation: ["One of \(listed), tried in this order."], kind: .union(cases))
    }

    /// A union case's name from its member: `string`, `customer`, `intList` for `[Int]`.
    static func caseName(_ member: Shape, type: String) -> String {
        switch member.kind {
        case .array(let element):
            return caseName(element, type: String(type.dropFirst().dropLast())) + "List"
        case .dictionary(let value):
            return caseName(value, type: String(type.dropFirst("[String: ".count).dropLast())) + "Dictionary"
        case .optional(let wrapped):
            return caseName(wrapped, type: String(type.dropLast()))
        default:
            return SwiftNames.memberName(type)
        }
    }

    /// The Swift type of a value of `shape` found under `key`; inline objects and enums are declared in `nested`,
    /// named after the key (`address` gives `Address`; an element of `bets` gives `Bet`).
    mutating func swiftType(
        _ shape: Shape, key: String, isElement: Bool, nested: inout [SwiftDeclaration], takenTypes: inout Set<String>,
        scope: Scope
    ) -> String {
        switch shape.kind {
        case .string, .pattern: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .date: return "Date"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .any:
            usesAnyJSON = true
            return "AnyJSON"
        case .named(let name): return typeNames[name] ?? name
        case .optional(let wrapped):
            let type = swiftType(
                wrapped.nonOptional, key: key, isElement: isElement, nested: &nested, takenTypes: &takenTypes,
                scope: scope)
            return type + "?"
        case .array(let element):
            let type = swiftType(
                element, key: key, isElement: true, nested: &nested, takenTypes: &takenTypes, scope: scope)
            return "[\(type)]"
        case .dictionary(let value):
            let type = swiftType(
                value, key: key, isElement: true, nested: &nested, takenTypes: &takenTypes, scope: scope)
            return "[String: \(type)]"
        case .object(let object):
            let name = nestedName(key: key, isElement: isElement, takenTypes: &takenTypes)
            nested.append(structure(named: name, object: object, scope: scope, documentation: []))
            return name
        case .union(let members):
            let name = nestedName(key: key, isElement: isElement, takenTypes: &takenTypes)
            nested.append(
                union(named: name, members: members, key: key, nested: &nested, takenTypes: &takenTypes, scope: scope))
            return name
        case .enumeration(let values):
            let name = nestedName(key: key, isElement: isElement, takenTypes: &takenTypes)
            let listed = values.map { "`\(SwiftNames.commentText($0))`" }.joined(separator: ", ")
            nested.append(
                enumeration(
                    named: name, values: values,
                    documentation: ["One of \(listed); any other value decodes as `unknown`."]))
            return name
        case .integers(let values):
            let name = nestedName(key: key, isElement: isElement, takenTypes: &takenTypes)
            nested.append(
                integerEnumeration(
                    named: name, values: values,
                    documentation: ["One of \(Self.listed(values)); any other number decodes as `unknown`."]))
            return name
        }
    }

    /// `` `1`, `2` `` for the doc comment of an enum of integers.
    static func listed(_ values: [Int]) -> String {
        values.map { "`\($0)`" }.joined(separator: ", ")
    }

    private func nestedName(key: String, isElement: Bool, takenTypes: inout Set<String>) -> String {
        var base = isElement ? SwiftNames.elementTypeName(key) : SwiftNames.typeName(key)
        if ModelGenerator.reservedTopLevelNames.contains(base) { base += "Value" }
        let name = SwiftNames.unique(base, avoiding: takenTypes)
        takenTypes.insert(name)
        return name
    }

    /// What a property's doc comment says: the key the server sends when `renameKeys` renamed it, a date's
    /// strategy, a pattern, and when the key may be absent but not null or the other way round.
    private func fieldDocumentation(_ field: Field, scope: Scope) -> [String] {
        var lines: [String] = []
        if let sent = scope.renamedFrom[field.location] {
            lines.append("Sent as `\(SwiftNames.commentText(sent))`; `renameKeys` gives it this name.")
        }
        let strategy = scope.dates.isEmpty ? "" : " (\(scope.dates.joined(separator: " or ")))"
        switch field.shape.nonOptional.kind {
        case .date(let format?):
            lines.append(
                "A date sent as \(SwiftNames.commentText(format.description)), read by the decoder's date strategy\(strategy)."
            )
        case .date(nil):
            lines.append("A date, read by the decoder's date strategy\(strategy).")
        case .pattern(let pattern):
            lines.append("Matches `\(SwiftNames.commentText(pattern))`.")
        default:
            break
        }
        switch field.presence {
        case .mayBeAbsent where !field.shape.isOptional:
            lines.append("May be absent; never null when sent.")
        case .required where field.shape.isOptional:
            lines.append("Always sent; may be null.")
        default:
            break
        }
        return lines
    }
}
