import Foundation

/// What a model asks for at one place of a body: the Swift type, whether it was asked with
/// `decodeIfPresent` (an Optional property), and the type whose keyed container holds the key.
struct ProbeRecord {
    var type: Any.Type
    var optional: Bool
    var owner: Any.Type?
}

/// Learns what a model reads where, by decoding a body with a decoder of its own that never gives up: a value
/// that is missing or of the wrong kind is made up, and decoding goes on.
///
/// `JSONDecoder` tells where a failure is (a coding path) but not which type owns the property there, nor what a
/// missing key should have held. The probe walks the same `init(from:)` code with the same key strategy and
/// records, for every coding path, the type asked for. It also makes up values a type accepts
/// (``synthesize(_:at:)``), which is how the verifier patches a body to find the next failure.
final class ModelProbe {
    let keys: KeyStrategy
    let dates: DateFormat
    /// What was asked for, by coding path; the first (outermost) request at a path wins.
    private(set) var records: [JSONPath: ProbeRecord] = [:]
    /// For each type, the first real value it decoded: a stand-in for a value it rejects elsewhere (an enum
    /// whose cases the probe cannot list, a type with its own validation).
    private var samples: [ObjectIdentifier: JSONValue] = [:]
    private var depth = 0
    private static let maxDepth = 48
    /// For each object the model read, the keys it asked for, in the order it asked (its `CodingKeys` values).
    private var requestedKeys: [JSONPath: [String]] = [:]
    /// For each object the model read, the value it made: its stored properties, by `Mirror`, in declaration order.
    private var madeValues: [JSONPath: Any] = [:]

    init(keys: KeyStrategy, dates: DateFormat) {
        self.keys = keys
        self.dates = dates
    }

    /// Walks `value` as `type` decodes it, recording every place it reads.
    func walk(_ type: any Decodable.Type, over value: JSONValue) {
        record(.root, type, optional: false, owner: nil)
        _ = try? type.probe(self, value.nilIfNull, at: .root, codingPath: [], sink: nil)
    }

    /// A JSON value that `type` decodes (as the probe judges), or nil when none can be made up: made up from
    /// scratch, or copied from a value of that type seen in the body.
    func synthesize(_ type: any Decodable.Type, at path: JSONPath) -> JSONValue? {
        let sink = JSONBuilder()
        do {
            _ = try type.probe(self, nil, at: path, codingPath: [], sink: sink)
        } catch {
            return nil
        }
        return sink.build() ?? .object(JSONObject())
    }

    func record(_ path: JSONPath, _ type: Any.Type, optional: Bool, owner: Any.Type?) {
        if records[path] == nil { records[path] = ProbeRecord(type: type, optional: optional, owner: owner) }
    }

    /// Notes that the object at `path` asked for `key`.
    func noteRequest(of key: String, in path: JSONPath) {
        if requestedKeys[path]?.contains(key) != true { requestedKeys[path, default: []].append(key) }
    }

    /// The Swift property that reads `key` in the object at `path`, when the probe can tell: `ipAddress` for
    /// `case ipAddress = "origin"`, `userAgent` for `case userAgent = "user-agent"`.
    ///
    /// A synthesized `init(from:)` asks for its keys in the order the properties are declared, which is the order
    /// `Mirror` lists them; when the counts agree, the key's position names the property. Otherwise a property
    /// spelled like the key is taken; nil when there is none.
    func propertyName(forKey key: String, in path: JSONPath) -> String? {
        guard let made = madeValues[path], let keys = requestedKeys[path] else { return nil }
        let labels = Mirror(reflecting: made).children.compactMap { child in
            child.label.map { $0.hasPrefix("_") && $0.count > 1 ? String($0.dropFirst()) : $0 }
        }
        if labels.count == keys.count, let position = keys.firstIndex(of: key) { return labels[position] }
        return labels.first { $0 == key } ?? labels.first { KeyNames.normalized($0) == KeyNames.normalized(key) }
    }

    func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue?, at path: JSONPath, codingPath: [any CodingKey], sink: JSONBuilder?
    ) throws -> T {
        if let primitive = primitive(T.self, value, sink) { return primitive }
        if let dictionary = T.self as? any ProbedStringDictionary.Type {
            return try dictionary.probeDictionary(self, value, at: path, codingPath: codingPath, sink: sink) as! T
        }
        guard depth < ModelProbe.maxDepth else { throw ProbeError.tooDeep }
        depth += 1
        defer { depth -= 1 }
        do {
            let decoded = try T(
                from: ProbeDecoder(
                    probe: self, value: value, path: path, codingPath: codingPath, owner: T.self, sink: sink))
            if let value, samples[ObjectIdentifier(T.self)] == nil { samples[ObjectIdentifier(T.self)] = value }
            if sink == nil, madeValues[path] == nil { madeValues[path] = decoded }
            return decoded
        } catch {
            sink?.reset()
            if let first = firstCase(T.self, sink) { return first }
            if let sample = samples[ObjectIdentifier(T.self)], sample != value {
                return try decode(T.self, from: sample, at: path, codingPath: codingPath, sink: sink)
            }
            guard value != nil else { throw error }
            return try decode(T.self, from: nil, at: path, codingPath: codingPath, sink: sink)
        }
    }

    /// The types `JSONDecoder` reads itself (and the probe must too): numbers, strings, dates, URLs, data.
    private func primitive<T>(_ type: T.Type, _ value: JSONValue?, _ sink: JSONBuilder?) -> T? {
        if T.self == String.self {
            let text = value?.stringValue ?? "x"
            sink?.set(.string(text))
            return text as? T
        }
        if T.self == Bool.self {
            var flag = false
            if case .bool(let value)? = value { flag = value }
            sink?.set(.bool(flag))
            return flag as? T
        }
        if let integer = T.self as? any FixedWidthInteger.Type {
            let number =
                value?.numberValue.flatMap { Int64($0.literal) ?? Int64(exactly: $0.doubleValue.rounded(.towardZero)) }
                ?? 0
            sink?.set(.number(JSONNumber(literal: String(number))))
            return integer.init(truncatingIfNeeded: number) as? T
        }
        if let floating = T.self as? any BinaryFloatingPoint.Type {
            let number = value?.numberValue?.doubleValue ?? 0
            sink?.set(.number(value?.numberValue ?? JSONNumber(0)))
            return floating.init(number.isFinite ? number : 0) as? T
        }
        if T.self == Decimal.self {
            sink?.set(.number(value?.numberValue ?? JSONNumber(0)))
            return Decimal(string: value?.numberValue?.literal ?? "0") as? T
        }
        if T.self == Date.self {
            sink?.set(dates.sampleValue)
            return Date(timeIntervalSince1970: 0) as? T
        }
        if T.self == URL.self {
            let url = value?.stringValue.flatMap { URL(string: $0) } ?? URL(string: "https://example.com")!
            sink?.set(.string(url.absoluteString))
            return url as? T
        }
        if T.self == UUID.self {
            let uuid =
                value?.stringValue.flatMap { UUID(uuidString: $0) } ?? UUID(
                    uuidString: "00000000-0000-0000-0000-000000000000")!
            sink?.set(.string(uuid.uuidString))
            return uuid as? T
        }
        if T.self == Data.self {
            sink?.set(.string(""))
            return Data() as? T
        }
        return nil
    }

    /// The first case of an enum that lists its cases and can write itself, such as `enum Role: String, Codable, CaseIterable`.
    private func firstCase<T>(_ type: T.Type, _ sink: JSONBuilder?) -> T? {
        guard let cases = T.self as? any CaseIterable.Type, let (value, json) = cases.firstCaseWithJSON() else {
            return nil
        }
        sink?.set(json)
        return value as? T
    }
}

enum ProbeError: Error {
    case tooDeep
}

extension JSONValue {
    /// nil for `null`, the value otherwise: the probe treats both as "no value".
    var nilIfNull: JSONValue? {
        if case .null = self { return nil }
        return self
    }
}

extension Decodable {
    static func probe(
        _ probe: ModelProbe, _ value: JSONValue?, at path: JSONPath, codingPath: [any CodingKey], sink: JSONBuilder?
    ) throws -> Self {
        try probe.decode(Self.self, from: value, at: path, codingPath: codingPath, sink: sink)
    }
}

extension CaseIterable {
    /// The first case and how it is written in JSON: encoded when the enum is `Encodable`, its raw value when
    /// it has a `String` or integer one (most app enums are `Decodable` only).
    static func firstCaseWithJSON() -> (Any, JSONValue)? {
        guard let first = allCases.first else { return nil }
        if let encodable = first as? any Encodable, let data = try? JSONEncoder().encode(encodable),
            let json = try? JSONParser().parse(Array(data))
        {
            return (first, json)
        }
        guard let raw = (first as? any RawRepresentable)?.rawValue else { return nil }
        if let text = raw as? String { return (first, .string(text)) }
        if let number = raw as? any BinaryInteger {
            return (first, .number(JSONNumber(literal: String(describing: number))))
        }
        return nil
    }
}

/// `[String: T]`, which `JSONDecoder` reads without applying the key strategy to its keys.
protocol ProbedStringDictionary {
    static func probeDictionary(
        _ probe: ModelProbe, _ value: JSONValue?, at path: JSONPath, codingPath: [any CodingKey], sink: JSONBuilder?
    ) throws -> Any
}

extension Dictionary: ProbedStringDictionary where Key == String, Value: Decodable {
    static func probeDictionary(
        _ probe: ModelProbe, _ value: JSONValue?, at path: JSONPath, codingPath: [any CodingKey], sink: JSONBuilder?
    ) throws -> Any {
        var result: [String: Value] = [:]
        sink?.becomeObject()
        guard case .object(let object)? = value else { return result }
        for entry in object.entries {
            let childPath = path.appending(key: entry.key)
            probe.record(childPath, Value.self, optional: false, owner: nil)
            result[entry.key] = try probe.decode(
                Value.self, from: entry.value.nilIfNull, at: childPath, codingPath: codingPath + [ProbeKey(entry.key)],
                sink: sink?.child(key: entry.key))
        }
        return result
    }
}

/// A coding key for places the probe names itself.
struct ProbeKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

/// A JSON value built up as a made-up value is decoded: each container writes what it was asked for.
final class JSONBuilder {
    private enum Content {
        case empty
        case value(JSONValue)
        case object([(key: String, node: JSONBuilder)])
        case array([JSONBuilder])
    }

    private var content = Content.empty

    func set(_ value: JSONValue) { content = .value(value) }

    func reset() { content = .empty }

    func becomeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func child(key: String) -> JSONBuilder {
        becomeObject()
        guard case .object(var entries) = content else { return JSONBuilder() }
        if let existing = entries.first(where: { $0.key == key }) { return existing.node }
        let node = JSONBuilder()
        entries.append((key, node))
        content = .object(entries)
        return node
    }

    func appendElement() -> JSONBuilder {
        becomeArray()
        guard case .array(var elements) = content else { return JSONBuilder() }
        let node = JSONBuilder()
        elements.append(node)
        content = .array(elements)
        return node
    }

    /// The value, or nil when nothing was written.
    func build() -> JSONValue? {
        switch content {
        case .empty: return nil
        case .value(let value): return value
        case .object(let entries):
            return .object(
                JSONObject(
                    entries.compactMap { entry in entry.node.build().map { JSONObject.Entry(key: entry.key, value: $0) }
                    }))
        case .array(let elements):
            return .array(elements.map { $0.build() ?? .null })
        }
    }
}

/// The probe's `Decoder`: one place of the body, the type decoding it, and where to write a made-up value.
struct ProbeDecoder: Decoder {
    let probe: ModelProbe
    let value: JSONValue?
    let path: JSONPath
    let codingPath: [any CodingKey]
    let owner: Any.Type
    let sink: JSONBuilder?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyedContainer<Key>(decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ProbeUnkeyedContainer(decoder: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ProbeSingleValueContainer(decoder: self)
    }

    func child(_ value: JSONValue?, _ component: JSONPath.Component, key: any CodingKey, sink: JSONBuilder?)
        -> ProbeDecoder
    {
        var path = path
        path.components.append(component)
        return ProbeDecoder(
            probe: probe, value: value, path: path, codingPath: codingPath + [key], owner: owner, sink: sink)
    }
}

struct ProbeKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ProbeDecoder
    private var entries: [String: JSONValue] = [:]
    private var order: [String] = []

    init(decoder: ProbeDecoder) {
        self.decoder = decoder
        decoder.sink?.becomeObject()
        guard case .object(let object)? = decoder.value else { return }
        for entry in object.entries {
            let key = decoder.probe.keys.modelKey(forJSONKey: entry.key)
            if entries[key] == nil {
                entries[key] = entry.value
                order.append(key)
            }
        }
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { order.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { entries[key.stringValue] != nil }

    func decodeNil(forKey key: Key) throws -> Bool { value(for: key) == nil }

    private func value(for key: Key) -> JSONValue? { entries[key.stringValue]?.nilIfNull }

    private func path(_ key: Key) -> JSONPath { decoder.path.appending(key: key.stringValue) }

    private func decodeChild<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        decoder.probe.record(path(key), T.self, optional: false, owner: decoder.owner)
        decoder.probe.noteRequest(of: key.stringValue, in: decoder.path)
        return try decoder.probe.decode(
            T.self, from: value(for: key), at: path(key), codingPath: codingPath + [key],
            sink: decoder.sink?.child(key: key.stringValue))
    }

    private func decodeChildIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        decoder.probe.record(path(key), T.self, optional: true, owner: decoder.owner)
        decoder.probe.noteRequest(of: key.stringValue, in: decoder.path)
        guard let value = value(for: key) else { return nil }
        return try decoder.probe.decode(
            T.self, from: value, at: path(key), codingPath: codingPath + [key],
            sink: decoder.sink?.child(key: key.stringValue))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeChild(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeChildIfPresent(type, key)
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeChildIfPresent(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeChild(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeChildIfPresent(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeChildIfPresent(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeChild(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeChildIfPresent(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeChildIfPresent(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeChildIfPresent(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeChildIfPresent(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeChild(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeChildIfPresent(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try decoder.child(
            value(for: key), .key(key.stringValue), key: key, sink: decoder.sink?.child(key: key.stringValue)
        ).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(
            value(for: key), .key(key.stringValue), key: key, sink: decoder.sink?.child(key: key.stringValue)
        ).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        decoder.child(
            entries["super"]?.nilIfNull, .key("super"), key: ProbeKey("super"), sink: decoder.sink?.child(key: "super"))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(value(for: key), .key(key.stringValue), key: key, sink: decoder.sink?.child(key: key.stringValue))
    }
}

struct ProbeUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: ProbeDecoder
    private let items: [JSONValue]
    private(set) var currentIndex = 0

    init(decoder: ProbeDecoder) {
        self.decoder = decoder
        decoder.sink?.becomeArray()
        items = decoder.value?.arrayValue ?? []
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return true }
        if case .null = items[currentIndex] {
            currentIndex += 1
            _ = decoder.sink?.appendElement()
            return true
        }
        return false
    }

    private mutating func next() -> (index: Int, value: JSONValue?) {
        defer { currentIndex += 1 }
        return (currentIndex, currentIndex < items.count ? items[currentIndex].nilIfNull : nil)
    }

    private mutating func decodeNext<T: Decodable>(_ type: T.Type, optional: Bool) throws -> T {
        let (index, value) = next()
        let path = decoder.path.appending(index: index)
        decoder.probe.record(path, T.self, optional: optional, owner: nil)
        return try decoder.probe.decode(
            T.self, from: value, at: path, codingPath: codingPath + [ProbeKey(intValue: index)],
            sink: decoder.sink?.appendElement())
    }

    private mutating func decodeNextIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if try decodeNil() { return nil }
        return try decodeNext(type, optional: true)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try decodeNextIfPresent(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeNext(type, optional: false) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try decodeNextIfPresent(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (index, value) = next()
        return try decoder.child(
            value, .index(index), key: ProbeKey(intValue: index), sink: decoder.sink?.appendElement()
        ).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (index, value) = next()
        return try decoder.child(
            value, .index(index), key: ProbeKey(intValue: index), sink: decoder.sink?.appendElement()
        ).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (index, value) = next()
        return decoder.child(value, .index(index), key: ProbeKey(intValue: index), sink: decoder.sink?.appendElement())
    }
}

struct ProbeSingleValueContainer: SingleValueDecodingContainer {
    let decoder: ProbeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == nil }

    private func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        try decoder.probe.decode(
            T.self, from: decoder.value, at: decoder.path, codingPath: codingPath, sink: decoder.sink)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try decodeValue(type) }
    func decode(_ type: String.Type) throws -> String { try decodeValue(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeValue(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeValue(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeValue(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeValue(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeValue(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeValue(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeValue(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeValue(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeValue(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeValue(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeValue(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeValue(type) }
}
