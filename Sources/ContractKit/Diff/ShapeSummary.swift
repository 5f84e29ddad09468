/// What the values found at one place in a body look like, all occurrences together: the kinds of value seen,
/// the keys of the objects (each with its own summary), and the elements of the arrays as one summary.
///
/// Array elements are summarised together (their union), not by position, so a list that grew, shrank or was
/// reordered has the same summary as long as its elements keep their shape. Objects whose keys are ids (a
/// collection keyed by id, Firebase style) are summarised like arrays too, so new ids are not new keys.
final class ShapeSummary {
    /// A kind of JSON value, with strings that read as dates told apart by how they are written.
    enum Kind: Hashable, Comparable {
        case null, bool, integer, fraction, string, object, array
        /// A string that reads as a date, by its normalised style (see ``ShapeSummary/dateStyle(of:)``).
        case date(String)

        var description: String {
            switch self {
            case .null: return "null"
            case .bool: return "boolean"
            case .integer: return "integer"
            case .fraction: return "number with a fraction"
            case .string: return "string"
            case .object: return "object"
            case .array: return "array"
            case .date(let style): return "date as \(style)"
            }
        }

        var isContainer: Bool { self == .object || self == .array }
    }

    /// How an epoch number reads, when it is a plausible date between 2000 and 2100.
    enum EpochUnit: Hashable {
        case seconds, milliseconds
    }

    /// Where each kind was first seen, and how often.
    var kinds: [Kind: (first: JSONPath, count: Int)] = [:]
    /// The epoch units the numbers here could be; nil until a number is seen, empty when one is not a plausible date.
    var epochUnits: Set<EpochUnit>?
    /// Every object here: its path and its keys.
    var objects: [(path: JSONPath, keys: Set<String>)] = []
    /// The objects' keys in the order first seen, each with the summary of its values.
    var memberOrder: [String] = []
    var members: [String: ShapeSummary] = [:]
    /// True when every object here is keyed by ids; then `keyedValues` summarises their values.
    var isKeyedCollection = false
    var keyedValues: ShapeSummary?
    /// The union of the arrays' elements.
    var elements: ShapeSummary?

    /// Summarises values found at one place (with their concrete paths).
    init(_ values: [(path: JSONPath, value: JSONValue)]) {
        var objectValues: [(JSONPath, JSONObject)] = []
        var elementValues: [(path: JSONPath, value: JSONValue)] = []
        for (path, value) in values {
            let kind = ShapeSummary.kind(of: value)
            if let seen = kinds[kind] { kinds[kind] = (seen.first, seen.count + 1) } else { kinds[kind] = (path, 1) }
            switch value {
            case .number(let number):
                let units = ShapeSummary.epochUnits(of: number.doubleValue)
                epochUnits = epochUnits.map { $0.intersection(units) } ?? units
            case .object(let object):
                objectValues.append((path, object))
                objects.append((path, Set(object.keys)))
            case .array(let items):
                for (index, item) in items.enumerated() { elementValues.append((path.appending(index: index), item)) }
            default:
                break
            }
        }
        if !elementValues.isEmpty { elements = ShapeSummary(elementValues) }
        guard !objectValues.isEmpty else { return }
        var memberValues: [String: [(path: JSONPath, value: JSONValue)]] = [:]
        for (path, object) in objectValues {
            for entry in object.entries {
                if memberValues[entry.key] == nil { memberOrder.append(entry.key) }
                memberValues[entry.key, default: []].append((path.appending(key: entry.key), entry.value))
            }
        }
        isKeyedCollection = ShapeSummary.looksKeyedById(objectValues.map(\.1))
        if isKeyedCollection {
            keyedValues = ShapeSummary(
                objectValues.flatMap { path, object in object.entries.map { (path.appending(key: $0.key), $0.value) } })
        }
        for key in memberOrder { members[key] = ShapeSummary(memberValues[key]!) }
    }

    /// The kinds seen, but for null.
    var valueKinds: Set<Kind> { Set(kinds.keys.filter { $0 != .null }) }

    /// `integer`, `string or null`, ...
    static func describe(_ kinds: some Sequence<Kind>) -> String {
        var parts: [String] = []
        var dates: [String] = []
        for kind in kinds.sorted() {
            if case .date(let style) = kind { dates.append(style) } else { parts.append(kind.description) }
        }
        if !dates.isEmpty { parts.append("date (\(dates.joined(separator: " or ")))") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: " or ")
    }

    static func kind(of value: JSONValue) -> Kind {
        switch value {
        case .null: return .null
        case .bool: return .bool
        case .number(let number): return number.isInteger ? .integer : .fraction
        case .string(let text): return dateStyle(of: text).map(Kind.date) ?? .string
        case .object: return .object
        case .array: return .array
        }
    }

    /// How a string is written when it reads as a date, in the terms decoders care about; nil for other strings.
    ///
    /// A UTC offset instead of `Z` is the same style: every ISO 8601 decoder reads both. Fractional seconds are
    /// not: Foundation's default ISO 8601 strategy rejects them.
    static func dateStyle(of text: String) -> String? {
        switch DateSniffer.style(ofText: text) {
        case .iso8601(let fraction, _):
            return fraction ? "ISO 8601 with fractional seconds" : "ISO 8601 without fractional seconds"
        case .iso8601DateOnly: return "a date without time (yyyy-MM-dd)"
        case .iso8601NoZone: return "ISO 8601 without a time zone"
        case .rfc2822: return "an RFC 2822 / HTTP date"
        case .slashed: return "a date with slashes"
        case .epochSeconds, .epochMilliseconds, .epochMicroseconds, .numericString, .unrecognised: return nil
        }
    }

    static func epochUnits(of value: Double) -> Set<EpochUnit> {
        let from2000 = 946_684_800.0
        let to2100 = 4_102_444_800.0
        var units = Set<EpochUnit>()
        if value >= from2000 && value < to2100 { units.insert(.seconds) }
        if value >= from2000 * 1000 && value < to2100 * 1000 { units.insert(.milliseconds) }
        return units
    }

    /// True when every key of every object is id-like (has a digit, or is long and unbroken) and their values
    /// share one kind: `{"u1": {...}, "u42": {...}}`, `{"-Nf3x...": {...}}`, `{"1": {...}}`.
    static func looksKeyedById(_ objects: [JSONObject]) -> Bool {
        let entries = objects.flatMap(\.entries)
        guard !entries.isEmpty else { return false }
        let idLike = entries.allSatisfy { entry in
            let key = entry.key
            let hasDigit = key.unicodeScalars.contains { ("0"..."9").contains($0) }
            let unbroken = key.count >= 16 && !key.contains(" ")
            return hasDigit || unbroken
        }
        return idLike && Set(entries.map { JSONValue.kindName($0.value) }).count == 1
    }
}
