import Foundation

/// Maps OpenAPI schemas (3.0 and 3.1) to shapes: each `$ref` becomes a named shape, so recursive schemas cost
/// nothing; everything else is mapped in place.
///
/// | OpenAPI | shape |
/// |---|---|
/// | `$ref: '#/components/schemas/Customer'` | `Customer` |
/// | `required` / not | `name: T` / `name?: T` |
/// | `nullable: true`, `type: [T, 'null']` | `T?` (`name!: T?` when also required) |
/// | `enum`, `const` | `enum(a, b)`; a numeric enum `Int` or `Double` |
/// | `format: date-time`, `date`, `uuid`, `uri`, `unix-time` | `Date(iso8601)`, `Date("yyyy-MM-dd")`, `UUID`, `URL`, `Date(secondsSince1970)` |
/// | `pattern` | `String(/re/)` |
/// | `additionalProperties: T` / `false` | `[String: T]` / `$extraKeys: forbid` |
/// | `allOf` / `oneOf`, `anyOf` | the members' fields merged / `A \| B` |
struct OpenAPISchemaMapper {
    /// A schema's place: the file it is in and the JSON pointer to it there.
    struct Place: Hashable {
        var file: String
        var pointer: String
    }

    let files: OpenAPIFiles
    private(set) var problems: [OpenAPIImportProblem] = []
    /// The shape name of each schema that is the target of a `$ref` (or a component), by place.
    private var names: [Place: String] = [:]
    private var takenNames = UniqueNames()
    /// Named shapes, in the order declared.
    private(set) var shapes: [NamedShape] = []
    /// Places named but not mapped yet.
    private var pending: [(place: Place, name: String)] = []
    /// Fields' comments of the named shape being mapped, by path.
    private var comments: [String: String] = [:]
    /// Written before a note about the schema being mapped: `items ` inside an array's `items`.
    private var notePrefix = ""
    /// How many schemas deep the mapping is, without passing a `$ref`.
    private var depth = 0
    static let maximumDepth = 48

    private static let here = SourceLocation(file: "openapi", line: 1, column: 1)

    init(files: OpenAPIFiles) {
        self.files = files
    }

    // MARK: - Names

    /// Declares each of the main document's `components/schemas` under its own name, in document order.
    mutating func declareComponents(of root: JSONValue) {
        guard case .object(let schemas)? = root.objectValue?["components"]?.objectValue?["schemas"] else { return }
        var declared: Set<String> = []
        for entry in schemas.entries {
            let place = Place(file: files.mainPath, pointer: JSONPointer.appending("/components/schemas", entry.key))
            // A schema declared twice (the parsers keep both) is read as a `$ref` reads it: the last one.
            guard declared.insert(entry.key).inserted else {
                problem(
                    place,
                    "the schema '\(SpecYAMLWriter.oneLine(entry.key))' is declared more than once in 'components/schemas'; the last declaration is used",
                    hint: "delete the other declarations in the document")
                continue
            }
            _ = name(for: place)
        }
    }

    /// Maps every declared schema not mapped yet, including those that mapping them declares.
    mutating func mapPending() {
        while !pending.isEmpty {
            let (place, name) = pending.removeFirst()
            let pointer = pointerText(place)
            // Every $ref is looked up before its place is named, so this is only a guard.
            let schema: JSONValue
            switch files.value(of: pointer, at: (place.file, place.pointer)) {
            case .success(let value): schema = value
            case .failure(let words):
                problems.append(OpenAPIImportProblem(pointer: pointer, words, then: "the shape \(name) is Any"))
                shapes.append(NamedShape(name: name, shape: Self.shape(.any), comment: ["not found: \(pointer)"]))
                continue
            }
            comments = [:]
            var comment: [String] = []
            if schema.objectValue?["deprecated"] == .bool(true) { comment.append("deprecated") }
            if let discriminator = discriminatorNote(schema, at: place) { comment.append(discriminator) }
            if place.file != files.mainPath || !place.pointer.hasPrefix("/components/schemas/") {
                comment.append("from \(pointer)")
            }
            var shape = map(schema, at: place, fieldPath: "")
            if Self.isOnlyItself(shape, name) {
                problem(place, "the schema is only a reference to itself", hint: "it is imported as Any")
                shape = Self.shape(.any)
            } else if let trimmed = Self.withoutSelfMembers(shape, name) {
                // `W: anyOf [W, string]`: a value matches W exactly when it matches another member.
                problem(place, "the schema lists itself among its oneOf/anyOf members", hint: "that member is left out")
                shape = trimmed
            }
            shapes.append(NamedShape(name: name, shape: shape, comment: comment, fieldComments: comments))
        }
    }

    /// Breaks the loops that only names, `?` and unions make (`A: B | String`, `B: A | Int`): checking A would check
    /// B against the same value, then A again, without end, so the spec loader refuses them. In each loop the
    /// member that leads back is left out of the first shape found on it, and reported.
    mutating func breakBareCycles() {
        var byName = Dictionary(shapes.map { ($0.name, $0.shape) }, uniquingKeysWith: { first, _ in first })
        var index = 0
        while index < shapes.count {
            let name = shapes[index].name
            func leadsBack(_ shape: Shape) -> Bool {
                var seen: Set<String> = []
                var pending = [shape]
                while let next = pending.popLast() {
                    switch next.kind {
                    case .named(let other):
                        if other == name { return true }
                        if seen.insert(other).inserted, let definition = byName[other] { pending.append(definition) }
                    case .optional(let wrapped): pending.append(wrapped)
                    case .union(let members): pending += members
                    default: break
                    }
                }
                return false
            }
            let shape = shapes[index].shape
            guard leadsBack(shape) else {
                index += 1
                continue
            }
            let optional = shape.isOptional
            var replacement = Self.shape(.any)
            if case .union(let members) = shape.nonOptional.kind {
                let kept = members.filter { !leadsBack($0) }
                if kept.count == 1 {
                    replacement = kept[0]
                } else if kept.count > 1 {
                    replacement = Self.shape(.union(kept))
                }
            }
            if optional, !replacement.isOptional, !isAny(replacement) {
                replacement = Self.shape(.optional(replacement))
            }
            problems.append(
                OpenAPIImportProblem(
                    // Where the schema is: a component of the document, or a schema in a file a $ref leads to.
                    pointer: names.first { $0.value == name }.map { pointerText($0.key) }
                        ?? "#/components/schemas/\(name)",
                    message: "the schema leads back to itself through names and oneOf/anyOf alone",
                    hint: "the members that lead back are left out: \(name) is \(replacement)"))
            shapes[index].shape = replacement
            byName[name] = replacement
            index += 1
        }
    }

    private static func isOnlyItself(_ shape: Shape, _ name: String) -> Bool {
        if case .named(name) = shape.nonOptional.kind { return true }
        return false
    }

    /// The union (or optional union) without the members that are `name` itself, or nil when it has none such.
    private static func withoutSelfMembers(_ shape: Shape, _ name: String) -> Shape? {
        let optional = shape.isOptional
        guard case .union(let members) = shape.nonOptional.kind else { return nil }
        let kept = members.filter { !isOnlyItself($0, name) }
        guard kept.count < members.count else { return nil }
        var result = kept.count == 1 ? kept[0] : kept.isEmpty ? Self.shape(.any) : Self.shape(.union(kept))
        if optional || members.contains(where: { $0.isOptional && isOnlyItself($0, name) }), !result.isOptional {
            result = Self.shape(.optional(result))
        }
        return result
    }

    /// The shape name for the schema at `place`, declared (and queued for mapping) on first use.
    private mutating func name(for place: Place) -> String {
        if let name = names[place] { return name }
        let last = place.pointer.split(separator: "/").last.map(String.init) ?? ""
        var base = last.isEmpty ? ((place.file as NSString).lastPathComponent as NSString).deletingPathExtension : last
        base = base.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        base = Self.shapeName(base)
        let name = takenNames.claim(base) { number in number.map { base + String($0) } ?? base }
        names[place] = name
        pending.append((place, name))
        return name
    }

    /// `text` as a shape name: characters a type name cannot hold become `_`; a built-in type's name gets a suffix.
    static func shapeName(_ text: String) -> String {
        var name = ""
        for scalar in text.unicodeScalars {
            if ShapeName.allows(scalar) { name.unicodeScalars.append(scalar) } else { name += "_" }
        }
        if name.isEmpty { name = "Schema" }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) || first == "." { name = "_" + name }
        if ShapeName.isBuiltIn(name) { name += "Schema" }
        return name
    }

    func pointerText(_ place: Place) -> String {
        let file = place.file == files.mainPath ? "" : files.displayName(of: place.file)
        return file + "#" + place.pointer
    }

    private func schema(at place: Place) -> JSONValue? {
        guard let root = try? files.value(of: place.file) else { return nil }
        return JSONPointer.value(at: place.pointer, in: root)
    }

    /// The place a `$ref` leads to, from a schema at `place`.
    func target(of reference: String, from place: Place) -> Place {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let file = parts[0].isEmpty ? place.file : files.path(of: String(parts[0]), from: place.file)
        // The fragment is a URI's, percent-encoded (`#/components/schemas/A%20B`); the place is the JSON pointer it
        // encodes, the one a schema declared there has, so that both are one shape.
        let fragment = parts.count > 1 ? String(parts[1]) : ""
        return Place(file: file, pointer: fragment.removingPercentEncoding ?? fragment)
    }

    /// Adds `problem` unless it is listed already: a schema's discriminator is read for the shape's comment and again
    /// for the field it is written in.
    private mutating func reportOnce(_ problem: OpenAPIImportProblem) {
        if !problems.contains(problem) { problems.append(problem) }
    }

    mutating func problem(_ place: Place, _ message: String, hint: String? = nil) {
        problems.append(OpenAPIImportProblem(pointer: pointerText(place), message: message, hint: hint))
    }

    /// `discriminator: petType (dog: Dog, cat: Cat)`: the property that tells a union's members apart, and the shape
    /// each of its values names. The shape grammar has no tagged union (the closest-member rule tells members apart),
    /// so it stays a comment.
    mutating func discriminatorNote(_ schema: JSONValue, at place: Place) -> String? {
        guard let discriminator = schema.objectValue?["discriminator"]?.objectValue,
            let property = discriminator["propertyName"]?.stringValue
        else { return nil }
        var cases: [String] = []
        for entry in discriminator["mapping"]?.objectValue?.entries ?? [] {
            guard let reference = entry.value.stringValue else { continue }
            // A bare name stands for a schema under components/schemas; anything else is a $ref.
            let isName = !reference.contains("#") && !reference.contains("/") && !reference.contains(".")
            let target =
                isName
                ? Place(file: place.file, pointer: JSONPointer.appending("/components/schemas", reference))
                : target(of: reference, from: place)
            let mappingPointer = JSONPointer.appending(
                JSONPointer.appending(JSONPointer.appending(pointerText(place), "discriminator"), "mapping"), entry.key)
            if files.isOutsideFolder(target.file) {
                reportOnce(
                    files.outsideFolderProblem(
                        reference, pointer: mappingPointer, then: "the mapping is noted as not found"))
                cases.append("\(entry.key): \(reference) (not found)")
                continue
            }
            if case .failure(var words) = files.value(of: reference, at: (target.file, target.pointer)) {
                if words.hint == nil { words.hint = "name a schema the document declares, or drop the mapping" }
                reportOnce(
                    OpenAPIImportProblem(pointer: mappingPointer, words, then: "it is noted as not found"))
                cases.append("\(entry.key): \(reference) (not found)")
                continue
            }
            cases.append("\(entry.key): \(name(for: target))")
        }
        let text = "discriminator: " + SpecYAMLWriter.oneLine(property)
        return cases.isEmpty ? text : text + " (" + SpecYAMLWriter.oneLine(cases.joined(separator: ", ")) + ")"
    }

    /// The shape of an endpoint's body written in place, and the comments of its fields (bounds, enums not
    /// checked), by their paths from the body, as a named shape's are kept.
    mutating func mapBody(_ schema: JSONValue, at place: Place) -> (shape: Shape, fieldComments: [String: String]) {
        let outer = comments
        comments = [:]
        defer { comments = outer }
        let shape = map(schema, at: place, fieldPath: "")
        return (shape, comments)
    }

    /// The whole number a JSON number literal writes, as digits (`12`) or otherwise exactly (`1.0`, `1e2`); nil for a
    /// fraction, or a number that is no exact `Int`.
    static func wholeNumber(_ literal: String) -> Int? {
        if let value = ShapeExpressionParser.integer(literal) { return value }
        let value = JSONNumber(literal: literal).doubleValue
        guard value.rounded() == value, value.magnitude <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// Adds `text` to the comment of the field at `fieldPath` in the named shape or body being mapped (`""` for the
    /// shape or body itself, written beside its name); nothing where there is no field to carry it (nil).
    private mutating func note(_ text: String, at fieldPath: String?) {
        guard let fieldPath else { return }
        let line = notePrefix + text
        if let existing = comments[fieldPath] {
            if !existing.contains(line) { comments[fieldPath] = existing + "; " + line }
        } else {
            comments[fieldPath] = line
        }
    }

    /// The bounds the shape grammar cannot say (lengths, counts, ranges), as OpenAPI writes them: `maxLength: 5000`.
    private static func bounds(of schema: JSONObject, type: String) -> [String] {
        let keys: [String]
        switch type {
        case "string": keys = ["minLength", "maxLength"]
        case "integer", "number": keys = ["minimum", "exclusiveMinimum", "maximum", "exclusiveMaximum", "multipleOf"]
        case "array": keys = ["minItems", "maxItems", "uniqueItems"]
        case "object": keys = ["minProperties", "maxProperties"]
        default: keys = []
        }
        return keys.compactMap { key in
            switch schema[key] {
            case .number(let number)?: return "\(key): \(number.literal)"
            case .bool(true)?: return "\(key): true"
            default: return nil
            }
        }
    }

    // MARK: - Schemas

    private static func shape(_ kind: Shape.Kind) -> Shape { Shape(kind, at: here) }

    /// The shape of the schema `schema` at `place`; `fieldPath` names it from the named shape being mapped, for
    /// comments (nil where comments are not kept).
    mutating func map(_ schema: JSONValue, at place: Place, fieldPath: String?) -> Shape {
        guard depth < Self.maximumDepth else {
            problem(place, "the schema nests deeper than \(Self.maximumDepth) levels", hint: "it is imported as Any")
            return Self.shape(.any)
        }
        depth += 1
        defer { depth -= 1 }
        switch schema {
        case .bool(true):
            return Self.shape(.any)
        case .bool(false):
            problem(place, "a schema that accepts nothing (false)", hint: "it is imported as Any")
            return Self.shape(.any)
        case .object(let object):
            return map(object, at: place, fieldPath: fieldPath)
        default:
            problem(place, "a schema must be an object, found \(schema.kindDescription)", hint: "it is imported as Any")
            return Self.shape(.any)
        }
    }

    private mutating func map(_ schema: JSONObject, at place: Place, fieldPath: String?) -> Shape {
        if let reference = schema["$ref"] {
            guard let text = reference.stringValue else {
                problem(place, "$ref must be a string", hint: "the schema is imported as Any")
                return Self.shape(.any)
            }
            let target = target(of: text, from: place)
            if files.isOutsideFolder(target.file) {
                problems.append(
                    files.outsideFolderProblem(
                        text, pointer: JSONPointer.appending(pointerText(place), "$ref"),
                        then: "the schema is imported as Any"))
                return Self.shape(.any)
            }
            if case .failure(let words) = files.value(of: text, at: (target.file, target.pointer)) {
                problems.append(
                    OpenAPIImportProblem(
                        pointer: JSONPointer.appending(pointerText(place), "$ref"), words,
                        then: "the schema is imported as Any"))
                return Self.shape(.any)
            }
            let named = Self.shape(.named(name(for: target)))
            return isNullable(schema) ? Self.shape(.optional(named)) : named
        }
        var nullable = isNullable(schema)
        var shape: Shape
        if let members = schema["allOf"]?.arrayValue, !members.isEmpty {
            shape = allOf(members, own: schema, at: place, fieldPath: fieldPath)
        } else if let members = (schema["oneOf"] ?? schema["anyOf"])?.arrayValue, !members.isEmpty,
            !Self.onlyConstrains(members)
        {
            let key = schema["oneOf"] != nil ? "oneOf" : "anyOf"
            if let discriminator = discriminatorNote(.object(schema), at: place) { note(discriminator, at: fieldPath) }
            var shapes: [Shape] = []
            for (index, member) in members.enumerated() {
                let memberPlace = Place(
                    file: place.file,
                    pointer: JSONPointer.appending(JSONPointer.appending(place.pointer, key), "\(index)"))
                if Self.isNullSchema(member) {
                    nullable = true
                    continue
                }
                var mapped = map(member, at: memberPlace, fieldPath: nil)
                if mapped.isOptional {
                    nullable = true
                    mapped = mapped.nonOptional
                }
                if case .union(let inner) = mapped.kind {
                    shapes += inner
                } else {
                    shapes.append(mapped)
                }
            }
            var seen: Set<String> = []
            shapes = shapes.filter { seen.insert(ShapeText.expression($0) ?? "\($0.kind)").inserted }
            if shapes.contains(where: { if case .any = $0.kind { return true } else { return false } }) {
                shape = Self.shape(.any)
            } else if shapes.count == 1 {
                shape = shapes[0]
            } else if shapes.isEmpty {
                shape = Self.shape(.any)
            } else {
                shape = Self.shape(.union(shapes))
            }
        } else {
            shape = typed(schema, at: place, fieldPath: fieldPath, nullable: &nullable)
        }
        if nullable, !shape.isOptional, !isAny(shape) { shape = Self.shape(.optional(shape)) }
        return shape
    }

    private func isAny(_ shape: Shape) -> Bool {
        if case .any = shape.kind { return true }
        return false
    }

    /// `nullable: true` (3.0), `type: [T, "null"]` (3.1), `x-nullable` (Swagger habits), or `null` among `enum`.
    private func isNullable(_ schema: JSONObject) -> Bool {
        if schema["nullable"] == .bool(true) || schema["x-nullable"] == .bool(true) { return true }
        if let types = schema["type"]?.arrayValue, types.contains(.string("null")) { return true }
        if schema["type"]?.stringValue == "null" { return true }
        if let cases = schema["enum"]?.arrayValue, cases.contains(.null) { return true }
        return false
    }

    /// `{type: 'null'}` or `{nullable: true}` alone: a union member that only adds null.
    private static func isNullSchema(_ schema: JSONValue) -> Bool {
        guard let object = schema.objectValue else { return false }
        if object["type"]?.stringValue == "null" { return true }
        if let cases = object["enum"]?.arrayValue, cases == [.null] { return true }
        return object.entries.allSatisfy { ["nullable", "description", "title"].contains($0.key) }
            && object["nullable"] == .bool(true)
    }

    /// True when every member only adds `required` or other checks to the schema it sits in, not a type.
    private static func onlyConstrains(_ members: [JSONValue]) -> Bool {
        let typeKeys: Set<String> = [
            "$ref", "type", "properties", "items", "enum", "const", "allOf", "oneOf", "anyOf", "additionalProperties",
            "format",
        ]
        return members.allSatisfy { member in
            guard let object = member.objectValue else { return false }
            return !object.entries.contains { typeKeys.contains($0.key) }
        }
    }

    /// A schema by its `type` (or what it holds when it has none).
    private mutating func typed(_ schema: JSONObject, at place: Place, fieldPath: String?, nullable: inout Bool)
        -> Shape
    {
        var types: [String] = []
        switch schema["type"] {
        case .string(let type)?: types = [type]
        case .array(let list)?: types = list.compactMap(\.stringValue)
        default: break
        }
        types.removeAll { $0 == "null" }
        if types.isEmpty {
            if schema["properties"] != nil || schema["additionalProperties"] != nil {
                types = ["object"]
            } else if schema["items"] != nil {
                types = ["array"]
            } else if let cases = schema["enum"]?.arrayValue ?? schema["const"].map({ [$0] }) {
                if cases.allSatisfy({ $0.stringValue != nil || $0 == .null }) {
                    types = ["string"]
                } else if cases.allSatisfy({ $0.numberValue != nil || $0 == .null }) {
                    types = ["number"]
                }
            }
        }
        let shapes = types.map { typed(schema, type: $0, at: place, fieldPath: fieldPath) }
        switch shapes.count {
        case 0: return Self.shape(.any)
        case 1: return shapes[0]
        default: return Self.shape(.union(shapes))
        }
    }

    private mutating func typed(_ schema: JSONObject, type: String, at place: Place, fieldPath: String?) -> Shape {
        if let cases = schema["enum"]?.arrayValue ?? schema["const"].map({ [$0] }), type != "object", type != "array",
            type != "boolean"
        {
            // A numeric enum stays a number. `enum(...)` holds texts and cannot tell 2 from "2" (infer writes the
            // strings "1", "2" seen in traffic as `enum(1, 2)`); `Int(1, 2)` checks both the type and the value.
            // Other numbers (fractions, beyond Int) keep their values in a comment, unchecked.
            let numbers = cases.filter { $0 != .null }
            if type == "integer" || type == "number",
                !numbers.isEmpty, numbers.allSatisfy({ if case .number = $0 { true } else { false } })
            {
                let literals = numbers.compactMap { $0.numberValue?.literal }
                // Whole numbers however written (`1.0`, `1e2`), each value once.
                var integers: [Int] = []
                var seenIntegers: Set<Int> = []
                var allWhole = literals.count == numbers.count
                for literal in literals {
                    guard let value = Self.wholeNumber(literal) else {
                        allWhole = false
                        break
                    }
                    if seenIntegers.insert(value).inserted { integers.append(value) }
                }
                if allWhole { return Self.shape(.integers(integers)) }
                note("one of \(literals.joined(separator: ", ")) (not checked)", at: fieldPath)
                return Self.shape(type == "integer" ? .int : .double)
            }
            // Each case once, looked up in a set: an enum of 100,000 cases took minutes to search.
            var texts: [String] = []
            var seenTexts: Set<String> = []
            for value in cases where value != .null {
                let text: String
                switch value {
                case .string(let string): text = string
                case .number(let number): text = number.literal
                default:
                    problem(
                        place, "enum case \(value.kindDescription) is not a string or number", hint: "it is left out")
                    continue
                }
                if seenTexts.insert(text).inserted { texts.append(text) }
            }
            if !texts.isEmpty { return Self.shape(.enumeration(texts)) }
        }
        let bounds = Self.bounds(of: schema, type: type)
        if !bounds.isEmpty { note(bounds.joined(separator: ", "), at: fieldPath) }
        let format = schema["format"]?.stringValue
        switch type {
        case "string":
            switch format {
            case "date-time": return Self.shape(.date(.iso8601))
            case "date": return Self.shape(.date(.formatted("yyyy-MM-dd")))
            case "uuid": return Self.shape(.uuid)
            case "uri", "url": return Self.shape(.url)
            default: break
            }
            if let pattern = schema["pattern"]?.stringValue, !pattern.isEmpty {
                if RegexCache.shared.regex(pattern) != nil { return Self.shape(.pattern(pattern)) }
                problem(
                    place, "the pattern /\(pattern)/ is not an ICU regular expression",
                    hint: "the value is checked as String")
            }
            return Self.shape(.string)
        case "integer":
            if format == "unix-time" { return Self.shape(.date(.secondsSince1970)) }
            return Self.shape(.int)
        case "number":
            if format == "unix-time" { return Self.shape(.date(.secondsSince1970)) }
            return Self.shape(.double)
        case "boolean":
            return Self.shape(.bool)
        case "array":
            guard let items = schema["items"] else { return Self.shape(.array(Self.shape(.any))) }
            let outerPrefix = notePrefix
            notePrefix += "items "
            defer { notePrefix = outerPrefix }
            let element = map(
                items, at: Place(file: place.file, pointer: JSONPointer.appending(place.pointer, "items")),
                fieldPath: fieldPath)
            return Self.shape(.array(element))
        case "object":
            return object(schema, at: place, fieldPath: fieldPath)
        default:
            problem(place, "unknown type '\(type)'", hint: "it is imported as Any")
            return Self.shape(.any)
        }
    }

    /// An object: its properties as fields, or a dictionary when it has only `additionalProperties`.
    private mutating func object(_ schema: JSONObject, at place: Place, fieldPath: String?) -> Shape {
        let properties = schema["properties"]?.objectValue ?? JSONObject()
        let additional = schema["additionalProperties"]
        if properties.isEmpty {
            switch additional {
            case .bool(false)?:
                return Self.shape(.object(ObjectShape(fields: [], extraKeys: .forbid)))
            case .object(let value)? where !value.isEmpty:
                let valueShape = map(
                    .object(value),
                    at: Place(file: place.file, pointer: JSONPointer.appending(place.pointer, "additionalProperties")),
                    fieldPath: nil)
                return Self.shape(.dictionary(valueShape))
            default:
                return Self.shape(.dictionary(Self.shape(.any)))
            }
        }
        // YAML reads `required: [1, null]` as a number and a null, where the property names `1` and `null` are text.
        let required = Set(
            (schema["required"]?.arrayValue ?? []).compactMap { name -> String? in
                switch name {
                case .string(let text): return text
                case .number(let number): return number.literal
                case .bool(let value): return value ? "true" : "false"
                case .null: return "null"
                case .array, .object: return nil
                }
            })
        // A field's notes are its own, even in an object that is an array's items.
        let outerPrefix = notePrefix
        notePrefix = ""
        defer { notePrefix = outerPrefix }
        var fields: [Field] = []
        let propertiesPointer = JSONPointer.appending(place.pointer, "properties")
        var leftOut = false
        // A property declared twice (the parsers keep both) is read as a look-up by name reads it: the last one.
        var lastIndex: [String: Int] = [:]
        for (index, entry) in properties.entries.enumerated() { lastIndex[entry.key] = index }
        for (index, entry) in properties.entries.enumerated() {
            let path = fieldPath.map { $0.isEmpty ? entry.key : $0 + "." + entry.key }
            let propertyPlace = Place(file: place.file, pointer: JSONPointer.appending(propertiesPointer, entry.key))
            if lastIndex[entry.key] != index {
                problem(
                    propertyPlace,
                    "the property '\(SpecYAMLWriter.oneLine(entry.key))' is declared more than once in 'properties'; the last declaration is used",
                    hint: "delete the other declarations in the document")
                continue
            }
            // A line break cannot be written in a spec key: such a name would be read as another key, so it is
            // reported and left out, not changed. (A name ending in `?` or `!` is kept: the writer gives it an
            // explicit presence mark, `key?!`.)
            if entry.key.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problem(
                    propertyPlace,
                    "the property name '\(SpecYAMLWriter.oneLine(entry.key))' cannot be written in a spec (a key may not hold a control character)",
                    hint: "it is left out and extra keys are allowed, so it is not checked; rename it in the document")
                leftOut = true
                continue
            }
            let shape = map(entry.value, at: propertyPlace, fieldPath: path)
            var presence: Field.Presence
            if required.contains(entry.key) {
                presence = shape.isOptional ? .required : .implied
            } else {
                presence = shape.isOptional ? .implied : .mayBeAbsent
            }
            var notes: [String] = []
            let property = entry.value.objectValue
            if property?["deprecated"] == .bool(true) { notes.append("deprecated") }
            if property?["writeOnly"] == .bool(true) {
                // Sent in requests only: a response leaves it out.
                if presence == .implied, !shape.isOptional { presence = .mayBeAbsent }
                if presence == .required { presence = .implied }
                notes.append("writeOnly: requests only")
            }
            if let path, !notes.isEmpty {
                comments[path] = (notes + [comments[path]].compactMap { $0 }).joined(separator: "; ")
            }
            fields.append(Field(name: entry.key, shape: shape, presence: presence, location: Self.here))
        }
        var extraKeys: ExtraKeysPolicy?
        if additional == .bool(false), !leftOut { extraKeys = .forbid }
        return Self.shape(.object(ObjectShape(fields: fields, extraKeys: extraKeys)))
    }

    /// `allOf`: the members' properties and `required` merged into one object, with the schema's own; a single
    /// member beside nothing else of substance stays what it is (often a named shape).
    private mutating func allOf(_ members: [JSONValue], own: JSONObject, at place: Place, fieldPath: String?) -> Shape {
        let allOfPointer = JSONPointer.appending(place.pointer, "allOf")
        let ownHasProperties = own["properties"] != nil || own["required"] != nil
        if members.count == 1, !ownHasProperties {
            return map(members[0], at: Place(file: place.file, pointer: allOfPointer + "/0"), fieldPath: fieldPath)
        }
        var merged = JSONObject()
        var properties = JSONObject()
        var required: [JSONValue] = []
        var additionalFalse = false
        // The schemas being merged on the way to this member: a cycle only if one is reached again below itself. A
        // schema that two members both include (a diamond: `A: allOf [B, C]`, B and C each `allOf [Base, ...]`) is
        // merged once: merged each time, a document of diamonds stacked 18 deep took 9 s, twice as long for each
        // level.
        var visiting: [Place] = []
        var mergedOnce: Set<Place> = []
        // The types each merged property was given so far, for telling members that contradict each other.
        var propertyTypes: [String: Set<String>] = [:]
        func collect(_ schema: JSONValue, _ schemaPlace: Place, mapper: inout OpenAPISchemaMapper) -> Bool {
            guard var object = schema.objectValue else { return false }
            let pathDepth = visiting.count
            defer { visiting.removeSubrange(pathDepth...) }
            var objectPlace = schemaPlace
            var hops = 0
            while let reference = object["$ref"]?.stringValue, hops < 16 {
                let target = mapper.target(of: reference, from: objectPlace)
                guard let next = mapper.schema(at: target)?.objectValue, !visiting.contains(target) else {
                    return false
                }
                if mergedOnce.contains(target) { return true }
                visiting.append(target)
                object = next
                objectPlace = target
                hops += 1
            }
            if let inner = object["allOf"]?.arrayValue {
                for (index, member) in inner.enumerated() {
                    let innerPlace = Place(
                        file: objectPlace.file,
                        pointer: JSONPointer.appending(objectPlace.pointer, "allOf") + "/\(index)")
                    if !collect(member, innerPlace, mapper: &mapper) { return false }
                }
            }
            if let props = object["properties"]?.objectValue {
                for entry in props.entries {
                    // Refs inside a merged member are read from the member's file.
                    var value = entry.value
                    if objectPlace.file != place.file, case .object(var property) = value,
                        let reference = property["$ref"]?.stringValue, !reference.hasPrefix("/")
                    {
                        let target = mapper.target(of: reference, from: objectPlace)
                        property.entries = property.entries.map {
                            $0.key == "$ref"
                                ? .init(key: "$ref", value: .string(target.file + "#" + target.pointer)) : $0
                        }
                        value = .object(property)
                    }
                    let propertyPlace = Place(
                        file: objectPlace.file,
                        pointer: JSONPointer.appending(
                            JSONPointer.appending(objectPlace.pointer, "properties"), entry.key))
                    if let types = mapper.types(of: entry.value, at: propertyPlace) {
                        if let earlier = propertyTypes[entry.key], !Self.typesMeet(earlier, types) {
                            mapper.problem(
                                propertyPlace,
                                "allOf members give '\(entry.key)' types no value has at once (\(Self.typesText(earlier)), "
                                    + "then \(Self.typesText(types))); the import keeps the later one",
                                hint: "make the members agree on '\(entry.key)', or drop it from all but one")
                        }
                        propertyTypes[entry.key] = types
                    }
                    // A property merged again (a later member's, or Base's reached through two members) keeps its
                    // first place and takes the later schema.
                    if let index = properties.entries.firstIndex(where: { $0.key == entry.key }) {
                        properties.entries[index].value = value
                    } else {
                        properties.entries.append(.init(key: entry.key, value: value))
                    }
                }
            } else if object["type"] != nil, object["type"]?.stringValue != "object" {
                return false
            } else if object["oneOf"] != nil || object["anyOf"] != nil {
                return false
            }
            required += object["required"]?.arrayValue ?? []
            if object["additionalProperties"] == .bool(false) { additionalFalse = true }
            if hops > 0 { mergedOnce.insert(objectPlace) }
            return true
        }
        for (index, member) in members.enumerated() {
            let memberPlace = Place(file: place.file, pointer: allOfPointer + "/\(index)")
            if !collect(member, memberPlace, mapper: &self) {
                problem(
                    memberPlace, "an allOf member that is not an object cannot be merged",
                    hint: "the merged object leaves it out; check the shape by hand")
            }
        }
        _ = collect(.object(JSONObject(own.entries.filter { $0.key != "allOf" })), place, mapper: &self)
        merged.entries.append(.init(key: "type", value: .string("object")))
        merged.entries.append(.init(key: "properties", value: .object(properties)))
        merged.entries.append(.init(key: "required", value: .array(required)))
        // Each member may close itself, but the merge has every member's properties: only an own `false` closes it.
        if additionalFalse, own["additionalProperties"] == .bool(false) {
            merged.entries.append(.init(key: "additionalProperties", value: .bool(false)))
        }
        return object(merged, at: place, fieldPath: fieldPath)
    }

    /// The JSON types a property's schema allows (`type`, one or a list, with `nullable`), reached through its
    /// `$ref`s; nil when it does not say.
    private func types(of schema: JSONValue, at place: Place) -> Set<String>? {
        guard var object = schema.objectValue else { return nil }
        var objectPlace = place
        var hops = 0
        while let reference = object["$ref"]?.stringValue, hops < 16 {
            let target = target(of: reference, from: objectPlace)
            guard let next = self.schema(at: target)?.objectValue else { return nil }
            object = next
            objectPlace = target
            hops += 1
        }
        var types: Set<String>
        switch object["type"] {
        case .string(let type): types = [type]
        case .array(let list): types = Set(list.compactMap(\.stringValue))
        default: return nil
        }
        if object["nullable"] == .bool(true) { types.insert("null") }
        return types.isEmpty ? nil : types
    }

    /// Whether some value has one of `first`'s types and one of `second`'s: an integer is a number. Null is left
    /// out where both allow more: a nullable string and a nullable integer have only null in common, which is no
    /// agreement.
    private static func typesMeet(_ first: Set<String>, _ second: Set<String>) -> Bool {
        func widened(_ types: Set<String>) -> Set<String> {
            let types = types.count > 1 ? types.subtracting(["null"]) : types
            return types.contains("integer") ? types.union(["number"]) : types
        }
        return !widened(first).isDisjoint(with: widened(second))
    }

    private static func typesText(_ types: Set<String>) -> String {
        types.sorted().joined(separator: " or ")
    }
}
