/// A parsed JSON value that keeps what `JSONSerialization` loses: object key order and number spelling.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// A short, human description of the value's kind: `string`, `number`, `object with 2 keys`, ...
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let number): return number.isInteger ? "integer" : "number"
        case .string: return "string"
        case .array(let items): return Self.containerDescription(isObject: false, count: items.count)
        case .object(let object): return Self.containerDescription(isObject: true, count: object.count)
        }
    }

    /// `array with 3 elements`, `object with 1 key`: a container as ``kindDescription`` words it.
    static func containerDescription(isObject: Bool, count: Int) -> String {
        isObject
            ? (count == 1 ? "object with 1 key" : "object with \(count) keys")
            : (count == 1 ? "array with 1 element" : "array with \(count) elements")
    }

    /// The JSON type's name: `null`, `boolean`, `number`, `string`, `array` or `object`.
    public static func kindName(_ value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// The object's entries, or nil when this is not an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// The array's elements, or nil when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The string, or nil when this is not a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number, or nil when this is not a number.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }
}

/// A JSON number as it was spelled: `1.0` stays `1.0`, `12345678901234567890` stays exact.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number's spelling in the source.
    public let literal: String

    /// Wraps a spelling already known to be a valid JSON number.
    public init(literal: String) { self.literal = literal }

    /// Wraps an integer.
    public init(_ value: Int) { self.literal = String(value) }

    /// True when spelled without fraction or exponent.
    public var isInteger: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// The value as a `Double` (rounded as `JSONDecoder` would).
    public var doubleValue: Double { Double(literal) ?? .nan }

    /// False when `JSONDecoder` refuses to read the number as any Swift number type: its magnitude rounds to infinity
    /// (`1e400`), or to zero though a digit of it is not zero (`1e-400`). It then throws "The given data was not
    /// valid JSON" with no coding path, as if the whole body were broken.
    public var isWithinDoubleRange: Bool { Self.isWithinDoubleRange(literal) }

    /// What a failure to read a number beyond Double's range says, and the fix for it: no type the model could
    /// declare reads the number, so the backend must change.
    static let beyondDoubleDetail =
        "no Swift number type holds it: JSONDecoder refuses the whole body, saying only that it is not valid JSON"
    static let beyondDoubleHint =
        "ask the backend team to send a number within Double's range (about ±1.8e308, and 0 or at least 5e-324 from it); no Swift number type reads this one, and String cannot read a number"

    /// ``isWithinDoubleRange`` of a literal.
    static func isWithinDoubleRange(_ literal: String) -> Bool {
        guard let double = Double(literal), !double.isInfinite else { return false }
        guard double == 0 else { return true }
        return !literal.utf8.prefix { $0 | 0x20 != UInt8(ascii: "e") }.contains { $0 >= 0x31 && $0 <= 0x39 }
    }

    /// The value as an `Int64` when it is an integer that fits.
    public var int64Value: Int64? { isInteger ? Int64(literal) : nil }

    public var description: String { literal }
}

/// A JSON object: its entries in the order the server sent them.
///
/// Duplicate keys are kept as sent; look-up returns the last one, as `JSONSerialization` does. (`JSONDecoder` in
/// swift-foundation reads the first; the shape checker reports a repeated key as `duplicate-key`, saying which
/// copy the app sees.)
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// One key and its value.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: JSONValue
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The entries in source order.
    public var entries: [Entry]

    /// An object with these entries, in this order.
    public init(_ entries: [Entry] = []) { self.entries = entries }

    /// An object from key-value pairs, in this order.
    public init(_ pairs: KeyValuePairs<String, JSONValue>) {
        self.entries = pairs.map { Entry(key: $0.key, value: $0.value) }
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// The keys in source order.
    public var keys: [String] { entries.map(\.key) }

    /// The value for `key` (the last one when the key repeats), or nil.
    public subscript(key: String) -> JSONValue? {
        get {
            for index in entries.indices.reversed() where entries[index].key == key {
                return entries[index].value
            }
            return nil
        }
        set {
            if let index = entries.lastIndex(where: { $0.key == key }) {
                if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
            } else if let newValue {
                entries.append(Entry(key: key, value: newValue))
            }
        }
    }
}
