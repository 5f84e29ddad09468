import Foundation

/// What `contract generate models` writes.
package struct GeneratedModels: Sendable {
    /// One Swift file: its name in the output folder, and its text.
    package struct File: Sendable, Hashable {
        package var name: String
        package var text: String
    }

    /// The files, in a stable order.
    package var files: [File]
    /// The model each endpoint decodes into, by endpoint id: its spec's `model:` or the one generated.
    package var models: [String: String]
    /// Endpoints without a `model:` line, and the line's value (`User`, `"[User]"`), for `--update-specs`.
    package var newModelLines: [(endpoint: Endpoint, model: String)]
    /// Things a person should know: a `model:` that does not match the body, a shape decoded two ways.
    package var warnings: [ContractError]
    /// Endpoints whose model could not be worked out, such as a transform that cannot apply to the spec's shape.
    package var errors: [ContractError]
}

/// Generates Swift `Codable` models from a suite's specs: the types an app decodes each endpoint's body into,
/// after its transforms, and a `JSONDecoder` per endpoint configured as its `decoding:` says.
package struct ModelGenerator: Sendable {
    /// How declarations are written.
    package struct Options: Sendable {
        /// The access level of every declaration.
        package var access: ModelAccess
        /// One file per top-level type instead of one per spec file.
        package var split: Bool

        package init(access: ModelAccess = .internal, split: Bool = false) {
            self.access = access
            self.split = split
        }
    }

    let suite: SpecSuite
    let endpoints: [Endpoint]
    let options: Options
    /// The name the generator runs as, for the header comment.
    let command: String

    /// A generator for `endpoints` of `suite`; with every endpoint of the suite, every named shape is generated too,
    /// otherwise only those the endpoints use.
    package init(suite: SpecSuite, endpoints: [Endpoint]? = nil, options: Options = Options(), command: String) {
        self.suite = suite
        self.endpoints = endpoints ?? suite.endpoints
        self.options = options
        self.command = command
    }

    /// A top-level declaration and the spec file it comes from.
    private struct Placed {
        var file: String
        var declaration: SwiftDeclaration
    }

    /// One endpoint's decoder, as a function of its file's decoders enum.
    private struct DecoderEntry {
        var endpoint: Endpoint
        var model: String
        /// The generated types the model names, for the file's `models` list.
        var types: [String] = []
    }

    /// The type names in a model: `User` in `[String: User]`.
    static func typeNames(in model: ModelText) -> [String] {
        switch model {
        case .name(let name): return [name]
        case .array(let inner), .dictionary(let inner), .optional(let inner): return typeNames(in: inner)
        }
    }

    package func generate() -> GeneratedModels {
        var warnings: [ContractError] = []
        var errors: [ContractError] = []

        // 1. The shape each endpoint decodes, after its transforms.
        var transformed: [(endpoint: Endpoint, result: TransformedShape)] = []
        for endpoint in endpoints {
            guard let body = endpoint.expect.body else { continue }
            let result = TransformedShape(
                body: body, transforms: endpoint.transforms, shapes: suite.shapes, endpoint: endpoint.id)
            if let problem = result.problem {
                var error = problem
                error.message = "\(endpoint.id): no model generated: " + error.message
                errors.append(error)
                continue
            }
            transformed.append((endpoint, result))
        }

        // 2. Which endpoints reach each named shape, and the keys keyedToArray adds to them.
        var reachedBy: [String: [Endpoint]] = [:]
        var addedKeys: [String: [TransformedShape.AddedKey]] = [:]
        for (endpoint, result) in transformed {
            for name in namedShapes(reachableFrom: result.shape) { reachedBy[name, default: []].append(endpoint) }
            for (name, keys) in result.addedKeys { addedKeys[name, default: []] += keys }
        }
        let everything = endpoints.count == suite.endpoints.count
        let namedToGenerate = suite.shapes.keys.filter { everything || reachedBy[$0] != nil }.sorted {
            suite.shapes[$0]!.location < suite.shapes[$1]!.location
        }

        // 3. The Swift name of each named shape, then the root type name of each endpoint's model, reserved before
        // anything is built.
        let naming = Self.swiftTypeNames(suite.shapes)
        var typeNames = naming.names
        warnings += naming.warnings
        // A `model:` that calls a named shape otherwise (`body: User`, `model: Account`) names its type: the app
        // registers `Account.self`, and a spec's `model:` finds a registered type by its name.
        var namedByModel: [String: String] = [:]
        for (endpoint, result) in transformed {
            guard let given = endpoint.model.map(ModelText.init(parsing:)),
                let (shape, model) = Self.namedRoot(result.shape, given), typeNames[shape] != model,
                namedByModel[shape] == nil, !shape.contains("."), suite.shapes[model] == nil,
                !typeNames.values.contains(where: { $0.lowercased() == model.lowercased() }),
                !Self.reservedTopLevelNames.contains(model), !Self.moduleWideNames.contains(model)
            else { continue }
            typeNames[shape] = model
            namedByModel[shape] = endpoint.id
        }
        let shapeTypes = Set(typeNames.values)
        var rootNames: [String: String] = [:]
        var reserved = shapeTypes
        for (endpoint, result) in transformed where Self.needsRootType(result.shape) {
            let given = endpoint.model.map(ModelText.init(parsing:)).flatMap { Self.rootName(result.shape, $0) }
            var name = given ?? SwiftNames.typeName(endpoint.name) + (Self.isObject(result.shape) ? "Response" : "Item")
            if given == nil || shapeTypes.contains(name) {
                if shapeTypes.contains(name) {
                    warnings.append(
                        ContractError(
                            .invalidSpec,
                            "\(endpoint.id): model '\(name)' is also a named shape, but the body after its transforms is another shape",
                            at: endpoint.modelLocation ?? endpoint.location,
                            hint: "name the model differently, or declare the body with the named shape"))
                }
                name = SwiftNames.unique(
                    shapeTypes.contains(name) ? name + "Response" : name,
                    avoiding: reserved.union(SwiftNames.reservedTypeNames))
            }
            rootNames[endpoint.id] = name
            reserved.insert(name)
        }

        var builder = ModelBuilder(topLevelNames: reserved, shapes: suite.shapes, typeNames: typeNames)
        var placed: [Placed] = []

        // 4. Named shapes, in the order they are declared.
        for name in namedToGenerate {
            let shape = suite.shapes[name]!
            let reaching = reachedBy[name] ?? []
            var scope = scope(for: reaching, file: shape.location.file)
            scope.namedShape = name
            if let conflict = keyConflict(shape, reaching: reaching) { warnings.append(conflict) }
            let users = reaching.map(\.id)
            var documentation = ["The shape `\(name)` of \(shape.location.file)."]
            if let endpoint = namedByModel[name] {
                documentation[0] += " Named `\(typeNames[name] ?? name)` after the `model:` of \(endpoint)."
            }
            if !users.isEmpty { documentation.append("Decoded by \(users.joined(separator: ", ")).") }
            let wrapsItself = Self.aliasReachesItself(name, shapes: suite.shapes)
            if wrapsItself {
                documentation.append(
                    "A struct around its `value`: Swift has no typealias for a type that holds itself this way.")
            }
            for declaration in topLevel(
                typeNames[name] ?? name, shape: shape, added: addedKeys[name] ?? [], scope: scope,
                documentation: documentation, wrapsItself: wrapsItself,
                builder: &builder)
            {
                placed.append(Placed(file: shape.location.file, declaration: declaration))
            }
        }

        warnings += unreadableDates(transformed)

        // 5. Each endpoint's model.
        var models: [String: String] = [:]
        var newModelLines: [(endpoint: Endpoint, model: String)] = []
        var decoders: [DecoderEntry] = []
        var generatedRoots: [String: (endpoint: String, declaration: SwiftDeclaration)] = [:]
        for (endpoint, result) in transformed {
            var scope = scope(for: [endpoint], file: endpoint.location.file)
            scope.renamedFrom = result.renamedFrom
            var rootDeclarations: [SwiftDeclaration] = []
            let model: String
            if let rootName = rootNames[endpoint.id] {
                var documentation = [
                    "The body of \(endpoint.id) (`\(endpoint.request.method) \(endpoint.request.path)`)"
                ]
                documentation[0] += endpoint.transforms.isEmpty ? "." : ", after its transforms."
                let declarations = topLevel(
                    rootName, shape: Self.rootShape(result.shape), scope: scope, documentation: documentation,
                    builder: &builder)
                rootDeclarations = declarations
                model = Self.expression(result.shape, rootName: rootName, typeNames: typeNames)
            } else {
                model = Self.expression(result.shape, rootName: "", typeNames: typeNames)
            }
            if let given = endpoint.model, ModelText(parsing: given) != ModelText(parsing: model) {
                warnings.append(
                    ContractError(
                        .invalidSpec,
                        "\(endpoint.id): 'model: \(given)' does not match the body after its transforms; the generated model is \(model)",
                        at: endpoint.modelLocation ?? endpoint.location,
                        hint: "write `model: \(ModelText(parsing: model).yamlScalar)`, or correct the body's shape"))
            }
            for declaration in rootDeclarations {
                if let earlier = generatedRoots[declaration.name] {
                    if earlier.declaration.withoutDocumentation != declaration.withoutDocumentation {
                        warnings.append(
                            ContractError(
                                .invalidSpec,
                                "\(endpoint.id): model '\(declaration.name)' is generated from \(earlier.endpoint), whose body after its transforms has another shape; this endpoint's was left out",
                                at: endpoint.modelLocation ?? endpoint.location,
                                hint: "give the two endpoints different models"))
                    }
                    continue
                }
                generatedRoots[declaration.name] = (endpoint.id, declaration)
                placed.append(Placed(file: endpoint.location.file, declaration: declaration))
            }
            models[endpoint.id] = endpoint.model ?? model
            if endpoint.model == nil { newModelLines.append((endpoint, ModelText(parsing: model).yamlScalar)) }
            decoders.append(DecoderEntry(endpoint: endpoint, model: endpoint.model ?? model))
        }

        warnings += builder.warnings
        let declared = Set(placed.map(\.declaration.name))
        for index in decoders.indices {
            decoders[index].types = Self.typeNames(in: ModelText(parsing: decoders[index].model)).filter {
                declared.contains($0)
            }
        }
        let files = render(
            placed: placed, decoders: decoders, usesAnyJSON: builder.usesAnyJSON, usesIndirect: builder.usesIndirect)
        return GeneratedModels(
            files: files, models: models, newModelLines: newModelLines, warnings: warnings, errors: errors)
    }

    // MARK: - Shapes

    /// Names a generated type must not take, at the top level or nested, besides the standard ones: the generator's
    /// own types (a nested `struct Indirect` would hide the property wrapper from every type inside its parent), and
    /// the modules the generated code names.
    static let reservedTopLevelNames = SwiftNames.reservedTypeNames.union([
        "AnyJSON", "Indirect", "Foundation", "Swift", "JSONEncoder", "ContractKit",
    ])

    /// Names a top-level type must not take besides those: a type of the module hides the standard one from the
    /// whole app, and from the generated code. A nested type of such a name hides it only inside its parent, and
    /// keeps its name.
    static let moduleWideNames: Set<String> = [
        // What the generated code names: `Indirect` hashes with `Hasher`, and decodes in a `KeyedDecodingContainer`.
        "Hasher", "KeyedDecodingContainer", "SingleValueDecodingContainer", "UnkeyedDecodingContainer",
        "KeyedEncodingContainer", "SingleValueEncodingContainer", "DecodingError", "EncodingError", "Equatable",
        "CaseIterable", "Comparable", "CodingUserInfoKey",
        // Types an app names often enough that a model of the same name stops it compiling (`Task { ... }`,
        // `Notification(name:)`).
        "Task", "Notification", "Collection", "Sequence", "Thread", "Range", "ClosedRange", "Identifiable", "Void",
        "Never", "Operation", "OperationQueue", "Process", "ProcessInfo", "Bundle", "Calendar", "Timer", "Progress",
        "Duration", "Substring", "Mirror", "IndexPath", "IndexSet", "CharacterSet", "AttributedString",
        "Measurement", "Unit", "URLRequest", "URLResponse", "URLSession", "FileManager", "UserDefaults",
        "NotificationCenter", "DispatchQueue", "MainActor", "Actor", "Regex", "Predicate", "Float16", "Float32",
        "Float64", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Unicode",
        "ObjectIdentifier",
    ]

    /// The Swift type name of each named shape: each dotted part in upper camel case (`bank_account` gives
    /// `BankAccount`), `Model` after a name Swift or Foundation declares (`Error` gives `ErrorModel`: it would hide
    /// `Swift.Error` in the module), and a number after a name another shape already has, ignoring case (`user`
    /// beside `User` gives `User2`: the split files' names would clash on a case-insensitive file system). A warning
    /// for each shape renamed other than by its case.
    static func swiftTypeNames(_ shapes: [String: Shape]) -> (names: [String: String], warnings: [ContractError]) {
        var names: [String: String] = [:]
        var warnings: [ContractError] = []
        var taken: [String: String] = [:]
        // A shape already named as Swift writes it keeps its name; the others follow, in the order they are declared.
        func isSwiftName(_ shape: String) -> Bool {
            shape.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
                SwiftNames.typeName(String($0)) == $0
            }
        }
        let ordered = shapes.keys.sorted {
            let (left, right) = (isSwiftName($0), isSwiftName($1))
            if left != right { return left }
            return shapes[$0]!.location != shapes[$1]!.location ? shapes[$0]!.location < shapes[$1]!.location : $0 < $1
        }
        for shape in ordered {
            let original = shape.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var parts = original.map { SwiftNames.typeName($0) }
            var reasons: [String] = []
            for index in parts.indices
            where reservedTopLevelNames.contains(parts[index]) || index == 0 && moduleWideNames.contains(parts[index]) {
                reasons.append("`\(parts[index])` would hide the type Swift, Foundation or the generator declares")
                parts[index] += "Model"
            }
            // A dotted part goes inside the type of the part before it: a namespace, or a shape's struct. Inside
            // another shape's type (an alias of `String`, an enum), it would be added to `String` or clash with
            // the enum's `RawValue`: it joins that part's name instead (`Name.Index` gives `NameIndex`).
            var joined = [parts[0]]
            for index in parts.indices.dropFirst() {
                let parent = original[..<index].joined(separator: ".")
                if let declared = shapes[parent], !declared.isObject {
                    joined[joined.count - 1] += parts[index]
                    reasons.append("`\(parent)` is no object, so no type can be declared inside its type")
                } else {
                    joined.append(parts[index])
                }
            }
            parts = joined
            var name = parts.joined(separator: ".")
            if let other = taken[name.lowercased()] {
                let base = name
                var number = 2
                while taken["\(base)\(number)".lowercased()] != nil { number += 1 }
                name = "\(base)\(number)"
                reasons.append(
                    "another shape is already `\(other)` (names that differ only in case clash in file names on macOS)")
            }
            taken[name.lowercased()] = name
            names[shape] = name
            if !reasons.isEmpty {
                warnings.append(
                    ContractError(
                        .invalidSpec,
                        "shape '\(shape)' is generated as `\(name)`: \(reasons.joined(separator: "; "))",
                        at: shapes[shape]!.location,
                        hint: "rename the shape if `\(name)` is not what the app should call it"))
            }
        }
        return (names, warnings)
    }

    /// Names of the named shapes `shape` uses, directly or through other named shapes.
    private func namedShapes(reachableFrom shape: Shape) -> Set<String> {
        var found: Set<String> = []
        var pending = [shape]
        while let next = pending.popLast() {
            switch next.kind {
            case .named(let name):
                if found.insert(name).inserted, let declared = suite.shapes[name] { pending.append(declared) }
            case .optional(let inner), .array(let inner), .dictionary(let inner):
                pending.append(inner)
            case .object(let object):
                pending += object.fields.map(\.shape)
            case .union(let members):
                pending += members
            default:
                break
            }
        }
        return found
    }

    /// True when the model needs a type of its own: an object or enum, perhaps inside arrays and dictionaries.
    static func needsRootType(_ shape: Shape) -> Bool {
        switch shape.kind {
        case .optional(let inner), .array(let inner), .dictionary(let inner): return needsRootType(inner)
        case .object, .enumeration, .integers, .union: return true
        default: return false
        }
    }

    static func isObject(_ shape: Shape) -> Bool {
        if case .object = shape.nonOptional.kind { return true }
        return false
    }

    /// The object or enum inside arrays, dictionaries and Optionals.
    static func rootShape(_ shape: Shape) -> Shape {
        switch shape.kind {
        case .optional(let inner), .array(let inner), .dictionary(let inner): return rootShape(inner)
        default: return shape
        }
    }

    /// The name `model` gives the root type when it has the body's structure (`[Bet]` for an array of objects).
    static func rootName(_ shape: Shape, _ model: ModelText) -> String? {
        switch (shape.kind, model) {
        case (.optional(let inner), .optional(let text)): return rootName(inner, text)
        case (.optional(let inner), _): return rootName(inner, model)
        case (.array(let inner), .array(let text)), (.dictionary(let inner), .dictionary(let text)):
            return rootName(inner, text)
        case (.object, .name(let name)), (.enumeration, .name(let name)), (.integers, .name(let name)),
            (.union, .name(let name)):
            let isIdentifier =
                name.unicodeScalars.allSatisfy(SwiftNames.isIdentifierScalar)
                && name.unicodeScalars.first.map { !("0"..."9").contains($0) } == true
            return isIdentifier && !SwiftNames.reservedTypeNames.contains(name) ? name : nil
        default: return nil
        }
    }

    /// The named shape a body is, and the name `model` gives it, when the model has the body's structure:
    /// (`User`, `Account`) for `body: "[User]"` and `model: "[Account]"`.
    static func namedRoot(_ shape: Shape, _ model: ModelText) -> (shape: String, model: String)? {
        switch (shape.kind, model) {
        case (.optional(let inner), .optional(let text)): return namedRoot(inner, text)
        case (.optional(let inner), _): return namedRoot(inner, model)
        case (.array(let inner), .array(let text)), (.dictionary(let inner), .dictionary(let text)):
            return namedRoot(inner, text)
        case (.named(let shape), .name(let name)):
            let isIdentifier =
                name.unicodeScalars.allSatisfy(SwiftNames.isIdentifierScalar)
                && name.unicodeScalars.first.map { !("0"..."9").contains($0) } == true
            return isIdentifier ? (shape, name) : nil
        default: return nil
        }
    }

    /// The model as a Swift type expression: `[User]`, with `rootName` for the object or enum inside.
    static func expression(_ shape: Shape, rootName: String, typeNames: [String: String]) -> String {
        switch shape.kind {
        case .optional(let inner): return expression(inner.nonOptional, rootName: rootName, typeNames: typeNames) + "?"
        case .array(let inner): return "[\(expression(inner, rootName: rootName, typeNames: typeNames))]"
        case .dictionary(let inner):
            return "[String: \(expression(inner, rootName: rootName, typeNames: typeNames))]"
        case .object, .enumeration, .integers, .union: return rootName
        case .named(let name): return typeNames[name] ?? name
        case .string, .pattern: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .date: return "Date"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .any: return "AnyJSON"
        }
    }

    /// True when the named shape `name` would be a typealias (an array, a dictionary, an optional, not an object,
    /// an enum or a union, which are types of their own) whose type names `name` again through such shapes only:
    /// `Tree: "[Tree]"`, or `A: "[B]"` beside `B: "[String: A]"`. Swift refuses that typealias (OpenAPI trees import
    /// so), so it is generated as a struct around the value.
    static func aliasReachesItself(_ name: String, shapes: [String: Shape]) -> Bool {
        func isAlias(_ shape: Shape) -> Bool {
            switch shape.kind {
            case .object, .enumeration, .integers, .union: return false
            default: return true
            }
        }
        /// The named shapes a shape refers to outside any type of its own.
        func names(in shape: Shape) -> [String] {
            switch shape.kind {
            case .named(let named): return [named]
            case .optional(let inner), .array(let inner), .dictionary(let inner): return names(in: inner)
            default: return []
            }
        }
        guard let shape = shapes[name], isAlias(shape) else { return false }
        var seen: Set<String> = []
        var pending = names(in: shape)
        while let next = pending.popLast() {
            if next == name { return true }
            guard seen.insert(next).inserted, let target = shapes[next], isAlias(target) else { continue }
            pending += names(in: target)
        }
        return false
    }

    /// The declarations for a top-level type: a struct, an enum, or a typealias and the types it refers to (a struct
    /// around the value, when `wrapsItself`).
    private func topLevel(
        _ name: String, shape: Shape, added: [TransformedShape.AddedKey] = [], scope: ModelBuilder.Scope,
        documentation: [String], wrapsItself: Bool = false, builder: inout ModelBuilder
    ) -> [SwiftDeclaration] {
        switch shape.kind {
        case .object(let object):
            return [
                builder.structure(named: name, object: object, added: added, scope: scope, documentation: documentation)
            ]
        case .enumeration(let values):
            let listed = values.map { "`\(SwiftNames.commentText($0))`" }.joined(separator: ", ")
            return [
                builder.enumeration(
                    named: name, values: values,
                    documentation: documentation + ["One of \(listed); any other value decodes as `unknown`."])
            ]
        case .integers(let values):
            return [
                builder.integerEnumeration(
                    named: name, values: values,
                    documentation: documentation + [
                        "One of \(ModelBuilder.listed(values)); any other number decodes as `unknown`."
                    ])
            ]
        case .union(let members):
            var nested: [SwiftDeclaration] = []
            var taken = builder.topLevelNames.union(Self.reservedTopLevelNames).union([name])
            var declaration = builder.union(
                named: name, members: members, key: name, nested: &nested, takenTypes: &taken, scope: scope)
            declaration.documentation = documentation + declaration.documentation
            builder.topLevelNames.formUnion(nested.map(\.name))
            return [declaration] + nested
        default:
            var nested: [SwiftDeclaration] = []
            var taken = builder.topLevelNames.union(Self.reservedTopLevelNames)
            let type = builder.swiftType(
                shape, key: name, isElement: false, nested: &nested, takenTypes: &taken, scope: scope)
            builder.topLevelNames.formUnion(nested.map(\.name))
            return [
                SwiftDeclaration(
                    name: name, documentation: documentation, kind: wrapsItself ? .wrapper(type) : .alias(type))
            ] + nested
        }
    }

    /// The decoding the types reached by `endpoints` follow: the first endpoint's key strategy (or the file's
    /// first endpoint's, when none reaches it), and every date strategy among them.
    private func scope(for endpoints: [Endpoint], file: String) -> ModelBuilder.Scope {
        let deciding = endpoints.first ?? suite.endpoints.first { $0.location.file == file }
        var dates: [String] = []
        for endpoint in endpoints where !dates.contains(endpoint.decoding.dates.description) {
            dates.append(endpoint.decoding.dates.description)
        }
        if dates.isEmpty, let deciding { dates = [deciding.decoding.dates.description] }
        return ModelBuilder.Scope(keys: deciding?.decoding.keys ?? .useDefaultKeys, dates: dates)
    }

    /// Warnings for date fields whose declared format the endpoint's date strategy cannot read: the generated model
    /// (like any model decoded that way) fails on the very values the spec allows. One warning per endpoint, format
    /// and strategy, at the first such key, naming the others: an API that sends every date as epoch seconds to
    /// endpoints decoded with `iso8601` gets one line per endpoint, not one per key.
    private func unreadableDates(_ transformed: [(endpoint: Endpoint, result: TransformedShape)]) -> [ContractError] {
        var found: [ContractError] = []
        for (endpoint, result) in transformed {
            let strategy = endpoint.decoding.dates
            var fields: [(format: DateFormat, field: Field)] = []
            var visited: Set<String> = []
            var seen: Set<SourceLocation> = []
            func walk(_ shape: Shape) {
                switch shape.kind {
                case .named(let name):
                    if visited.insert(name).inserted, let declared = suite.shapes[name] { walk(declared) }
                case .optional(let inner), .array(let inner), .dictionary(let inner): walk(inner)
                case .union(let members): members.forEach(walk)
                case .object(let object):
                    for field in object.fields {
                        if case .date(let format?) = field.shape.nonOptional.kind,
                            !Self.strategy(strategy, reads: format),
                            seen.insert(field.location).inserted
                        {
                            fields.append((format, field))
                        }
                        walk(field.shape)
                    }
                default:
                    break
                }
            }
            walk(result.shape)
            var formats: [DateFormat] = []
            for entry in fields where !formats.contains(entry.format) { formats.append(entry.format) }
            for format in formats {
                let keys = fields.filter { $0.format == format }.map(\.field)
                let sorted = keys.sorted { $0.location < $1.location }
                var names: [String] = []
                for field in sorted where !names.contains(field.name) { names.append(field.name) }
                let named = names.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                let more = names.count > 3 ? " and \(names.count - 3) more" : ""
                let subject = sorted.count == 1 ? "\(named) is" : "\(sorted.count) date keys (\(named)\(more)) are"
                found.append(
                    ContractError(
                        .invalidSpec,
                        "\(endpoint.id): \(subject) sent as \(format), which the endpoint's `dates: \(strategy)` cannot read: the generated model fails on \(sorted.count == 1 ? "it" : "them")",
                        at: sorted[0].location,
                        hint:
                            "decode the endpoint with `dates: flexible` or `dates: \(format)`, or correct the dates' format"
                    ))
            }
        }
        return found
    }

    /// True when a decoder with `strategy` reads dates written as `format`.
    static func strategy(_ strategy: DateFormat, reads format: DateFormat) -> Bool {
        switch (strategy, format) {
        case (.flexible, .iso8601), (.flexible, .secondsSince1970), (.flexible, .millisecondsSince1970),
            (.flexible, .flexible), (.flexible, .formatted("yyyy-MM-dd")):
            return true
        default:
            return strategy == format
        }
    }

    /// A warning when endpoints decode a named shape with key strategies that need different `CodingKeys`.
    private func keyConflict(_ shape: Shape, reaching: [Endpoint]) -> ContractError? {
        guard case .object(let object) = shape.kind, let first = reaching.first else { return nil }
        let strategy = first.decoding.keys
        for other in reaching where other.decoding.keys != strategy {
            for field in object.fields
            where strategy.modelKey(forJSONKey: field.name) != other.decoding.keys.modelKey(forJSONKey: field.name) {
                return ContractError(
                    .invalidSpec,
                    "\(first.id) decodes this shape with keys: \(strategy) and \(other.id) with keys: \(other.decoding.keys), which read '\(field.name)' differently; the generated CodingKeys follow \(first.id)",
                    at: field.location,
                    hint: "decode both endpoints with the same key strategy, or give them different shapes")
            }
        }
        return nil
    }

    // MARK: - Files

    /// `base` when `base` with a number and `.swift` after it fits a file name (255 bytes on most file systems);
    /// otherwise its first characters, a `-`, and 8 hexadecimal digits of a hash of the whole, so that two long names
    /// that start alike still get files of their own. A type's name may be as long as an endpoint's, which may be 250
    /// bytes (import cuts long operationIds to that).
    static func fittingFileName(_ base: String) -> String {
        guard base.utf8.count > 230 else { return base }
        let digits = String(ShortName.hash(base), radix: 16)
        return ShortName.start(of: base, bytes: 200) + "-" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    private func render(placed: [Placed], decoders: [DecoderEntry], usesAnyJSON: Bool, usesIndirect: Bool)
        -> [GeneratedModels.File]
    {
        let renderer = SwiftRenderer(access: options.access)
        var files: [GeneratedModels.File] = []
        // File names are compared ignoring case: `User.swift` and `user.swift` are one file on macOS.
        var usedNames: Set<String> = []
        func fileName(_ base: String) -> String {
            let base = Self.fittingFileName(base)
            var name = base
            var number = 2
            while usedNames.contains(name.lowercased()) {
                name = "\(base)\(number)"
                number += 1
            }
            usedNames.insert(name.lowercased())
            return name + ".swift"
        }
        let specFiles = suite.files.filter { file in
            placed.contains { $0.file == file } || decoders.contains { $0.endpoint.location.file == file }
        }
        let declaredNames = Set(placed.map(\.declaration.name))
        // Each spec file's stem, for its file and its `…Endpoints` enum: spec files whose names read alike
        // (`user-s.yaml`, `user_s.yaml`) get `UserS`, `UserS2`.
        var stems: [String: String] = [:]
        var takenStems = Set(declaredNames.map { $0.lowercased() })
        for specFile in specFiles {
            let base = SwiftNames.typeName(((specFile as NSString).lastPathComponent as NSString).deletingPathExtension)
            var stem = base
            var number = 2
            while takenStems.contains(stem.lowercased()) || takenStems.contains((stem + "Endpoints").lowercased()) {
                stem = "\(base)\(number)"
                number += 1
            }
            takenStems.formUnion([stem.lowercased(), (stem + "Endpoints").lowercased()])
            stems[specFile] = stem
        }
        var namespaces: Set<String> = []
        for specFile in specFiles {
            let declarations = placed.filter { $0.file == specFile }.map {
                topLevelText($0.declaration, renderer: renderer, declared: declaredNames, namespaces: &namespaces)
            }
            let stem = stems[specFile]!
            let endpointsSource = endpointsEnum(
                for: decoders.filter { $0.endpoint.location.file == specFile }, file: specFile, stem: stem)
            if options.split {
                for (entry, text) in zip(placed.filter { $0.file == specFile }, declarations) {
                    files.append(
                        GeneratedModels.File(
                            name: fileName(entry.declaration.name), text: fileText(from: specFile, [text], imports: []))
                    )
                }
                if let endpointsSource {
                    files.append(
                        GeneratedModels.File(
                            name: fileName(stem + "Endpoints"),
                            text: fileText(from: specFile, [endpointsSource.text], imports: endpointsSource.imports)))
                }
            } else {
                let body = declarations + (endpointsSource.map { [$0.text] } ?? [])
                files.append(
                    GeneratedModels.File(
                        name: fileName(stem),
                        text: fileText(from: specFile, body, imports: endpointsSource?.imports ?? [])))
            }
        }
        if usesAnyJSON {
            files.append(
                GeneratedModels.File(
                    name: fileName("AnyJSON"), text: fileText(from: nil, [renderer.anyJSON()], imports: [])))
        }
        if usesIndirect {
            files.append(
                GeneratedModels.File(
                    name: fileName("Indirect"),
                    text: fileText(from: nil, [renderer.indirect()], imports: [], forIndirect: true)))
        }
        return files
    }

    /// A top-level declaration as written. One named `API.User` goes in `extension API { … }`, after an empty
    /// enum for each namespace no generated type declares (`enum API {}`), written the first time it is needed.
    private func topLevelText(
        _ declaration: SwiftDeclaration, renderer: SwiftRenderer, declared: Set<String>, namespaces: inout Set<String>
    ) -> String {
        let parts = declaration.name.split(separator: ".").map(String.init)
        guard parts.count > 1 else { return renderer.render(declaration) }
        var lines: [String] = []
        for count in 1..<parts.count {
            let namespace = parts[..<count].joined(separator: ".")
            guard !declared.contains(namespace), namespaces.insert(namespace).inserted else { continue }
            let enumeration = "\(renderer.access)enum \(parts[count - 1]) {}"
            lines.append(
                count == 1
                    ? enumeration + "\n"
                    : "extension \(parts[..<(count - 1)].joined(separator: ".")) {\n    \(enumeration)\n}\n")
        }
        var inner = declaration
        inner.name = parts[parts.count - 1]
        let prefix = parts.dropLast().joined(separator: ".")
        lines.append("extension \(prefix) {\n\(renderer.render(inner, indent: "    "))\n}")
        return lines.joined(separator: "\n")
    }

    private func fileText(
        from specFile: String?, _ declarations: [String], imports: [String], forIndirect: Bool = false
    ) -> String {
        let purpose = forIndirect ? "for the specs' shapes that hold themselves" : "for the specs' `Any` shapes"
        let source = specFile.map { "from \($0)" } ?? purpose
        var text = "// Generated by `\(command) generate models` \(source).\n"
        text += "// Do not edit: change the spec and generate again.\n\n"
        text += "import Foundation\n"
        for line in imports { text += line + "\n" }
        for declaration in declarations { text += "\n" + declaration + "\n" }
        return text
    }

    /// The enum of a spec file's decoders, one function per endpoint, and the imports they need.
    private func endpointsEnum(for entries: [DecoderEntry], file: String, stem: String)
        -> (text: String, imports: [String])?
    {
        guard !entries.isEmpty else { return nil }
        let access = options.access == .internal ? "" : options.access.rawValue + " "
        var needs: [String] = []
        var types: [String] = []
        for entry in entries { types += entry.types.filter { !types.contains($0) } }
        var lines = [
            "/// The endpoints of \(file): the models they decode into, and a `JSONDecoder` for each, configured as its",
            "/// `decoding:` says.",
            "\(access)enum \(stem)Endpoints {",
            "    /// The models of these endpoints, for `ContractCLI.main(models:)` or a `ContractSuite`.",
            "    \(access)static var models: [any Decodable.Type] {",
        ]
        let listed = types.map { SwiftNames.escaped($0) + ".self" }
        if listed.joined(separator: ", ").count + 10 <= 120 {
            lines.append("        [\(listed.joined(separator: ", "))]")
        } else {
            lines.append("        [")
            lines += listed.map { "            \($0)," }
            lines.append("        ]")
        }
        lines.append("    }")
        var taken: Set<String> = ["models"]
        for entry in entries {
            let endpoint = entry.endpoint
            let name = SwiftNames.unique(SwiftNames.memberName(endpoint.name) + "Decoder", avoiding: taken)
            taken.insert(name)
            lines.append("")
            lines.append(
                "    /// \(endpoint.id) (`\(SwiftNames.commentText(endpoint.request.method + " " + endpoint.request.path))`): decodes `\(entry.model)`."
            )
            if !endpoint.transforms.isEmpty {
                lines.append("    /// Apply the spec's transforms to the body first, in this order:")
                for transform in endpoint.transforms {
                    lines.append("    /// - `\(SwiftNames.commentText(Self.describe(transform)))`")
                }
            }
            lines.append("    \(access)static func \(SwiftNames.escaped(name))() -> JSONDecoder {")
            lines.append("        let decoder = JSONDecoder()")
            switch endpoint.decoding.keys {
            case .useDefaultKeys: break
            case .convertFromSnakeCase: lines.append("        decoder.keyDecodingStrategy = .convertFromSnakeCase")
            case .anyCase:
                lines.append("        decoder.keyDecodingStrategy = .anyCase")
                needs.append("anyCase")
            }
            switch endpoint.decoding.dates {
            case .iso8601: lines.append("        decoder.dateDecodingStrategy = .iso8601")
            case .secondsSince1970: lines.append("        decoder.dateDecodingStrategy = .secondsSince1970")
            case .millisecondsSince1970: lines.append("        decoder.dateDecodingStrategy = .millisecondsSince1970")
            case .flexible:
                lines.append("        decoder.dateDecodingStrategy = .flexible")
                needs.append("flexible")
            case .formatted(let format):
                lines += [
                    "        let formatter = DateFormatter()",
                    "        formatter.locale = Locale(identifier: \"en_US_POSIX\")",
                    "        formatter.timeZone = TimeZone(identifier: \"UTC\")",
                    "        formatter.dateFormat = \(SwiftNames.stringLiteral(format))",
                    "        formatter.isLenient = false",
                    "        decoder.dateDecodingStrategy = .formatted(formatter)",
                ]
            }
            lines.append("        return decoder")
            lines.append("    }")
        }
        lines.append("}")
        var imports: [String] = []
        if !needs.isEmpty {
            let strategies = [
                needs.contains("anyCase") ? "the .anyCase key strategy" : nil,
                needs.contains("flexible") ? "the .flexible date strategy" : nil,
            ].compactMap { $0 }
            imports.append("import ContractKit  // \(strategies.joined(separator: " and ")), which Foundation lacks")
        }
        return (lines.joined(separator: "\n"), imports)
    }

    /// A transform as a spec writes it, on one line: `keyedToArray: { key: objectId, into: objects }`.
    static func describe(_ transform: TransformSpec) -> String {
        switch transform.operation {
        case .keyedToArray(let key, let into, let at):
            let parts = ["key: \(key)"] + (into.map { ["into: \($0)"] } ?? []) + (at.map { ["at: \($0)"] } ?? [])
            return "keyedToArray: { \(parts.joined(separator: ", ")) }"
        case .unwrap(let key): return "unwrap: \(key)"
        case .wrap(let key): return "wrap: \(key)"
        case .renameKeys(let renames):
            return "renameKeys: { \(renames.map { "\($0.from): \($0.to)" }.joined(separator: ", ")) }"
        case .lossy(let paths): return "lossy: \(paths.joined(separator: ", "))"
        case .defaults(let values):
            return
                "defaults: { \(values.map { "\($0.path): \(JSONWriter(style: .compact).write($0.value))" }.joined(separator: ", ")) }"
        }
    }
}

extension Shape {
    /// True for an object, which the generator writes as a struct.
    fileprivate var isObject: Bool {
        if case .object = kind { return true }
        return false
    }
}
