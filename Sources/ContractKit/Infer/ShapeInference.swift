import Foundation

/// Reads a shape off a ``ValueSummary``: the narrowest shape every sample fits, in the spec's own syntax.
///
/// The rules are those a careful person applies by hand: a key missing from some samples is `key?:`, a value that
/// is sometimes null is `T?`, numbers are `Int` only when every one is integral, strings that all read as dates,
/// URLs or UUIDs say so, an object whose keys are all ids is a `[String: T]` collection, and a string is an enum
/// (`enum(a, b)`), an integer a listed `Int(1, 2)`, only when asked for and when several samples show few values.
struct ShapeInference {
    /// What a place in the body is called, for epoch dates (`created_at`) and notes (`$.data.users`).
    struct Place {
        /// The key the value was found under, or nil at the root and in arrays' elements of the root.
        var key: String?
        /// Where it is, as a transform path (`data.users`, `groups[].members`); nil where none can name it.
        var transformPath: [String]?
        /// Where it is, as a JSON path for notes.
        var jsonPath: String
    }

    /// Whether strings and integers with few distinct values become enums (`enum(a, b)`, `Int(1, 2)`).
    var enums: Bool
    /// Notes for the spec: collections keyed by id and the transform that turns each into an array.
    private(set) var notes: [String] = []
    /// The date formats used, for the endpoint's `decoding.dates`.
    private(set) var dateFormats: [DateFormat] = []
    /// Every object key seen (not a dictionary's ids), for the key style.
    private(set) var objectKeys: [String] = []

    static let location = SourceLocation(file: "<inferred>", line: 1, column: 1)

    init(enums: Bool) { self.enums = enums }

    /// The shape of everything `summary` saw.
    mutating func shape(of summary: ValueSummary, at place: Place) -> Shape {
        let nonNull = summary.count - summary.nulls
        // Only null was seen: `Any?` says so, and a later sample will tell the type.
        guard nonNull > 0 else { return Shape(.optional(Shape(.any, at: Self.location)), at: Self.location) }
        let numbers = summary.integers + summary.hugeIntegers + summary.fractions
        let groups = [summary.bools, numbers, summary.strings, summary.objects, summary.arrays].filter { $0 > 0 }
        guard groups.count == 1 else { return Shape(.any, at: Self.location) }
        let kind: Shape.Kind
        if summary.bools > 0 {
            kind = .bool
        } else if numbers > 0 {
            kind = numberKind(summary, numbers: numbers, key: place.key)
            if let literal = summary.firstBeyondDouble {
                // No Swift number type reads it: the sample fails its own draft, which says what the app can read.
                let placeText = place.jsonPath == "$" ? "the body" : "`\(place.jsonPath)`"
                notes.append(
                    "\(placeText) held \(literal), beyond the range of a Double, which JSONDecoder cannot read as a number: the draft says \(kind == .double ? "Double" : "Int"), and verifying that sample reports it; ask the backend team to send it as a string"
                )
            }
        } else if summary.strings > 0 {
            kind = stringKind(summary, key: place.key)
        } else if summary.arrays > 0 {
            let element: Shape
            if let elements = summary.elements {
                var inner = place
                inner.transformPath = place.transformPath.map { $0.isEmpty ? ["[]"] : $0 + ["[]"] }
                inner.jsonPath += "[*]"
                element = shape(of: elements, at: inner)
            } else {
                element = Shape(.any, at: Self.location)
            }
            kind = .array(element)
        } else {
            kind = objectKind(summary, at: place)
        }
        let shape = Shape(kind, at: Self.location)
        return summary.nulls > 0 ? Shape(.optional(shape), at: Self.location) : shape
    }

    // MARK: - Numbers and strings

    private mutating func numberKind(_ summary: ValueSummary, numbers: Int, key: String?) -> Shape.Kind {
        if let key, KeyWords.namesADate(key), summary.fractions == 0 {
            if summary.epochSeconds == numbers { return date(.secondsSince1970) }
            if summary.epochMilliseconds == numbers { return date(.millisecondsSince1970) }
        }
        guard summary.fractions == 0 && summary.hugeIntegers == 0 else { return .double }
        if enums, let values = integerCases(summary, key: key) { return .integers(values) }
        return .int
    }

    private mutating func stringKind(_ summary: ValueSummary, key: String?) -> Shape.Kind {
        let count = summary.strings
        if summary.isoDates == count { return date(.iso8601, fraction: summary.isoDatesWithFraction > 0) }
        if summary.formattedDates.count == 1, let (format, seen) = summary.formattedDates.first, seen == count {
            return date(.formatted(format))
        }
        if summary.urls == count { return .url }
        if summary.uuids == count { return .uuid }
        if enums, let cases = enumCases(summary, key: key) { return .enumeration(cases) }
        return .string
    }

    private mutating func date(_ format: DateFormat, fraction: Bool = false) -> Shape.Kind {
        // Foundation's `.iso8601` strategy refuses fractional seconds: the endpoint's decoder needs `flexible`.
        dateFormats.append(fraction ? .flexible : format)
        return .date(format)
    }

    /// The cases of a text enum, when there is evidence of an enum (``isEnumEvidence(_:seen:in:key:)``) and every
    /// value reads as an identifier rather than prose.
    private func enumCases(_ summary: ValueSummary, key: String?) -> [String]? {
        guard let distinct = summary.distinctStrings,
            Self.isEnumEvidence(distinct.count, seen: summary.strings, in: summary, key: key)
        else { return nil }
        // A credential seen a few times (a token in a capture of one account) is a secret, never a spec's case.
        guard !distinct.keys.contains(where: SecretNames.looksLikeCredential) else { return nil }
        let identifierLike = distinct.keys.allSatisfy { value in
            !value.isEmpty && value.utf8.count <= 40
                && value.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                        || $0 == "-" || $0 == "."
                }
        }
        return identifierLike ? distinct.keys.sorted() : nil
    }

    /// The values of an `Int(1, 2, 3)`, in numeric order, when there is evidence of an enum.
    private func integerCases(_ summary: ValueSummary, key: String?) -> [Int]? {
        guard let distinct = summary.distinctIntegers,
            Self.isEnumEvidence(distinct.count, seen: summary.integers, in: summary, key: key)
        else { return nil }
        return distinct.keys.sorted()
    }

    /// Evidence of an enum: at least three samples, and from two to ten distinct values each seen three times on
    /// average, under a key that does not name a credential (`pin_token`, `password`). One value seen everywhere
    /// is a constant of these samples (a user's login in a capture of one account), not an enum.
    private static func isEnumEvidence(_ distinct: Int, seen: Int, in summary: ValueSummary, key: String?) -> Bool {
        guard summary.samples >= 3, distinct >= 2, distinct <= 10, seen >= 3 * distinct else { return false }
        return !(key.map(SecretRedaction.isSecretResponseKey) ?? false)
    }

    // MARK: - Objects

    private mutating func objectKind(_ summary: ValueSummary, at place: Place) -> Shape.Kind {
        if isKeyedCollection(summary) {
            let values = summary.mergedMembers()
            var inner = place
            inner.key = nil
            inner.transformPath = nil
            inner.jsonPath += "[*]"
            let value = shape(of: values, at: inner)
            noteKeyedCollection(values, at: place)
            return .dictionary(value)
        }
        var fields: [Field] = []
        for key in summary.keyOrder {
            guard let member = summary.members[key] else { continue }
            objectKeys.append(key)
            let child = Place(
                key: key, transformPath: place.transformPath.flatMap { path in Self.pathStep(key).map { path + $0 } },
                jsonPath: place.jsonPath + JSONPath.root.appending(key: key).description.dropFirst())
            let shape = shape(of: member, at: child)
            let absentSometimes = (summary.keyCounts[key] ?? 0) < summary.objects
            let presence: Field.Presence = absentSometimes && !shape.isOptional ? .mayBeAbsent : .implied
            fields.append(Field(name: key, shape: shape, presence: presence, location: Self.location))
        }
        return .object(ObjectShape(fields: fields))
    }

    /// Every key an id, at least two of them in all, and values of one kind: objects, or scalars under keys that
    /// are plainly ids (`"42"`, UUIDs) rather than short names with a number (`x1`, `h2`).
    private func isKeyedCollection(_ summary: ValueSummary) -> Bool {
        guard summary.everyKeyIsID, summary.keyOrder.count >= 2 else { return false }
        var objects = 0
        var others = 0
        for key in summary.keyOrder {
            guard let member = summary.members[key] else { continue }
            objects += member.objects
            others += member.count - member.objects - member.nulls
        }
        if objects > 0 { return others == 0 }
        return summary.keyOrder.allSatisfy { IDText.isPlainID($0) }
    }

    private mutating func noteKeyedCollection(_ values: ValueSummary, at place: Place) {
        let placeText = place.jsonPath == "$" ? "the body" : "`\(place.jsonPath)`"
        guard values.objects > 0, let path = place.transformPath else {
            notes.append("\(placeText) is a dictionary keyed by id ([String: T]).")
            return
        }
        let taken = Set(values.keyOrder)
        let key = ["id", "key", "_key"].first { !taken.contains($0) } ?? "_id"
        var arguments = "key: \(key)"
        if !path.isEmpty {
            arguments += ", at: \(path.joined(separator: ".").replacingOccurrences(of: ".[]", with: "[]"))"
        }
        notes.append(
            "\(placeText) is a dictionary keyed by id ([String: T]); an app that wants an array adds `- keyedToArray: { \(arguments) }` to transforms."
        )
    }

    /// A key as a step of a transform path, or nil when a transform path cannot name it (`.`, `[`, `]`).
    static func pathStep(_ key: String) -> [String]? {
        key.isEmpty || key.contains(where: { $0 == "." || $0 == "[" || $0 == "]" || $0 == " " }) ? nil : [key]
    }
}
