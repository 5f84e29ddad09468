/// Makes up bodies a spec allows, to check a model against the spec before any backend drifts: one with only
/// the keys the spec requires, one with every key and `null` wherever the spec allows it, and one with every
/// key filled.
struct SampleBodyBuilder {
    enum Mode {
        /// Only required keys; Optional values `null`.
        case minimal
        /// Every key; Optional values `null`.
        case nulls
        /// Every key, every value present.
        case full
    }

    let shapes: [String: Shape]
    /// The date format for `Date` without its own.
    let dates: DateFormat
    let mode: Mode
    /// Which case every `enum(...)` takes (modulo its count), so that several bodies cover every case.
    let enumChoice: Int
    /// The most cases any `enum(...)` met so far has: how many bodies cover them all.
    private(set) var mostEnumCases = 1
    /// Places the spec types as `Any`: whatever the model does there, the spec allows it.
    private(set) var anyPaths: [JSONPath] = []

    init(shapes: [String: Shape], dates: DateFormat, mode: Mode, enumChoice: Int = 0) {
        self.shapes = shapes
        self.dates = dates
        self.mode = mode
        self.enumChoice = enumChoice
    }

    mutating func body(for shape: Shape) -> JSONValue {
        value(for: shape, at: .root, depth: 0)
    }

    private mutating func value(for shape: Shape, at path: JSONPath, depth: Int) -> JSONValue {
        switch shape.kind {
        case .string: return .string("text")
        case .int: return .number(JSONNumber(1))
        case .double: return .number(JSONNumber(literal: "1.5"))
        case .bool: return .bool(true)
        case .date(let format): return (format ?? dates).sampleValue
        case .url: return .string("https://example.com/a")
        case .uuid: return .string("6F9619FF-8B86-D011-B42D-00C04FC964FF")
        case .any:
            anyPaths.append(path)
            return .null
        case .optional(let wrapped):
            return mode != .full || depth > 8 ? .null : value(for: wrapped, at: path, depth: depth + 1)
        // Deep down (a shape that contains itself), collections are empty: the spec allows that, where a null
        // cut-off would be a value the model rightly rejects.
        case .array(let element):
            guard depth <= 8 else { return .array([]) }
            return .array([value(for: element, at: path.appending(index: 0), depth: depth + 1)])
        case .dictionary(let element):
            guard depth <= 8 else { return .object(JSONObject()) }
            return .object(
                JSONObject([
                    .init(key: "key1", value: value(for: element, at: path.appending(key: "key1"), depth: depth + 1))
                ]))
        case .named(let name):
            guard let definition = shapes[name], depth < 16 else { return .null }
            return value(for: definition, at: path, depth: depth + 1)
        case .enumeration(let cases):
            mostEnumCases = max(mostEnumCases, cases.count)
            return .string(cases[enumChoice % cases.count])
        case .integers(let values):
            mostEnumCases = max(mostEnumCases, values.count)
            return .number(JSONNumber(values[enumChoice % values.count]))
        case .pattern(let pattern):
            let candidates = ["1.0", "-1.5", "text", "TEXT", "a1", "1", "2026-01-01", "a@example.com", "abc-123", "x"]
            return .string(candidates.first { RegexCache.shared.matches(pattern, $0) } ?? "x")
        case .union(let members):
            // The first member: any member is a body the spec allows.
            return value(for: members[0], at: path, depth: depth + 1)
        case .object(let object):
            var entries: [JSONObject.Entry] = []
            for field in object.fields {
                if field.mayBeAbsent, mode == .minimal || depth > 8 { continue }
                entries.append(
                    .init(
                        key: field.name,
                        value: value(for: field.shape, at: path.appending(key: field.name), depth: depth + 1)))
            }
            return .object(JSONObject(entries))
        }
    }
}
