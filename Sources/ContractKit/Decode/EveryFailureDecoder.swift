import Foundation

/// Decodes a body through a model with the real `JSONDecoder`, and reports every failure, not only the first.
///
/// `JSONDecoder` stops at the first error. After each one, the decoder patches the failing place in its own copy
/// of the body with a value the model accepts (a value of the expected type, a missing key inserted, a date in
/// the configured format, a known enum case) and decodes again, up to ``maxAttempts`` times. Failures inside a
/// value it made up are consequences of the patch and are not reported.
///
/// When an element of an array fails, later elements with the same problem at the same place (the same key
/// absent, `null`, or the same wrong JSON type) are reported and patched in the same attempt, so a drift
/// repeated across a long list costs one attempt, not one per element; such failures are marked
/// ``DecodeFailure/inferredFromSibling``.
package struct EveryFailureDecoder: Sendable {
    /// The model decoded.
    package var model: ModelType
    /// The key and date strategies, as the app configures its `JSONDecoder`.
    package var options: DecodingOptions
    /// How many times at most the body is decoded.
    package var maxAttempts: Int

    /// Creates a decoder.
    package init(model: ModelType, options: DecodingOptions = DecodingOptions(), maxAttempts: Int = 50) {
        self.model = model
        self.options = options
        self.maxAttempts = max(1, maxAttempts)
    }

    /// Every failure of the model on `body`, in the order the decoder met them.
    package func decode(_ body: JSONValue) -> DecodeReport {
        decode(body, encoded: nil)
    }

    /// The same, with `encoded` the body's own JSON text when the caller has it (the bytes from the recording
    /// file): the first attempt decodes it as is, which spares writing the body out again.
    ///
    /// `firstError`, when given, is what decoding `encoded` already threw: the first attempt takes it as its outcome
    /// rather than decoding the same bytes again.
    func decode(_ body: JSONValue, encoded: Data?, firstError: (any Error)? = nil) -> DecodeReport {
        var session = DecodeSession(decoder: self, body: body, firstAttempt: encoded, firstError: firstError)
        return session.run()
    }
}

/// What decoding a body through a model found.
package struct DecodeReport: Sendable {
    /// Every failure, in the order met.
    package var failures: [DecodeFailure]
    /// True when the model decoded the body in the end (with the failing places patched): every place was judged.
    package var completed: Bool
    /// How many times the body was decoded.
    package var attempts: Int
    /// Why decoding stopped before the model accepted the body, when it did.
    package var stopReason: String?
}

/// One run of the decode-patch-decode loop.
struct DecodeSession {
    let decoder: EveryFailureDecoder
    /// What the model reads where: learnt by walking the model over the body as sent, only once a failure needs
    /// it, so a body that decodes costs one decode and nothing more.
    var probe: ModelProbe { lazyProbe.probe }
    private let lazyProbe: LazyModelProbe
    var body: JSONValue
    var failures: [DecodeFailure] = []
    /// Places holding made-up values: failures inside them are consequences.
    var patched: [JSONPath] = []
    var patchCounts: [JSONPath: Int] = [:]
    /// True once the body was searched for numbers beyond Double's range, and those found made 0.
    var zeroedBeyondDouble = false

    /// The body's own text for the first attempt, when the caller had it.
    let firstAttempt: Data?
    /// What the first attempt threw, when the caller already made it.
    let firstError: (any Error)?

    init(decoder: EveryFailureDecoder, body: JSONValue, firstAttempt: Data? = nil, firstError: (any Error)? = nil) {
        self.firstError = firstAttempt == nil ? nil : firstError
        self.decoder = decoder
        self.firstAttempt = firstAttempt
        self.lazyProbe = LazyModelProbe(model: decoder.model, options: decoder.options, body: body)
        self.body = body
    }

    mutating func run() -> DecodeReport {
        let jsonDecoder = decoder.options.makeDecoder()
        for attempt in 1...decoder.maxAttempts {
            let data =
                attempt == 1
                ? firstAttempt ?? Data(JSONWriter(style: .compact).writeBytes(body))
                : Data(JSONWriter(style: .compact).writeBytes(body))
            do {
                if attempt == 1, let firstError { throw firstError }
                try decoder.model.decode(data, with: jsonDecoder)
                return DecodeReport(failures: failures, completed: true, attempts: attempt, stopReason: nil)
            } catch let error as DecodingError {
                // A body that parsed, refused as a whole: a number no Swift number type reads, somewhere. Those the
                // body has are made 0, once; each the model reads is a failure at its place, and the model gets to
                // judge every other place.
                // Or a string escaping half a surrogate pair, in the text as sent. Looked for after the first attempt
                // whatever it threw: the next attempts write the text out again, with U+FFFD for each half, as the
                // parser read it, and would never meet them.
                let halves = attempt == 1 && firstAttempt.map { recordHalfSurrogates(in: $0) } == true
                if halves, case .dataCorrupted(let context) = error, context.codingPath.isEmpty { continue }
                if !zeroedBeyondDouble, case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                    zeroNumbersBeyondDouble()
                {
                    continue
                }
                guard let failure = describe(error) else {
                    return stop(attempt, "the model threw a DecodingError the verifier does not know: \(error)")
                }
                if let reason = handle(failure) { return stop(attempt, reason) }
            } catch {
                failures.append(
                    DecodeFailure(
                        kind: .other, codingPath: .root, path: .root, expectedType: decoder.model.name, ownerType: nil,
                        property: nil,
                        isOptional: false, found: nil, detail: String(describing: error)))
                return stop(
                    attempt, "the model threw \(type(of: error)), not a DecodingError, so no place can be patched")
            }
        }
        return stop(
            decoder.maxAttempts, "decoding stopped after \(decoder.maxAttempts) attempts; later failures may be hidden")
    }

    private func stop(_ attempts: Int, _ reason: String) -> DecodeReport {
        DecodeReport(failures: failures, completed: false, attempts: attempts, stopReason: reason)
    }

    /// Records a failure for each string of `text` that holds half a surrogate pair where the model reads it: a
    /// string it reads, or a key of an object it reads (a keyed container reads every key); false when there is
    /// none (the decoder reads a string lazily, so one the model never reads breaks nothing).
    private mutating func recordHalfSurrogates(in text: Data) -> Bool {
        let places = JSONHalfSurrogates.places(in: [UInt8](text))
        guard !places.isEmpty else { return false }
        var readAt: [JSONPath: (codingPath: JSONPath, record: ProbeRecord)] = [:]
        for read in placesRead() where readAt[read.path] == nil { readAt[read.path] = (read.codingPath, read.record) }
        var found = false
        for (path, isKey) in places {
            var owner: String?
            var property: String?
            var expected = "String"
            var optional = false
            var codingPath = path
            var sent = body[path: path]
            if !isKey, let read = readAt[path] {
                codingPath = read.codingPath
                expected = SwiftTypeName.of(read.record.type)
                optional = read.record.optional
                (owner, property) = ownerAndProperty(at: read.codingPath, record: read.record)
            } else if isKey, case .key(let key)? = path.components.last,
                let container = readAt[path.parent].map({ SwiftTypeName.of($0.record.type) })
                    ?? (path.parent.components.isEmpty ? decoder.model.name : nil)
            {
                // The key of an object the model reads: its container reads every key, this one too.
                owner = container
                property = key
                expected = "key"
                sent = .string(key)
            } else {
                continue
            }
            found = true
            failures.append(
                DecodeFailure(
                    kind: .dataCorrupted, codingPath: codingPath, path: path, expectedType: expected,
                    ownerType: owner, property: property, isOptional: optional, found: sent,
                    detail: JSONHalfSurrogates.detail))
            patched.append(path)
        }
        return found
    }

    /// Every place the model reads that the body has: its coding path, its place in the body, what the probe
    /// learnt of it.
    private func placesRead() -> [(codingPath: JSONPath, path: JSONPath, record: ProbeRecord)] {
        probe.records.compactMap { codingPath, record in
            let (path, absent) = locate(codingPath)
            return absent ? nil : (codingPath, path, record)
        }
    }

    /// The Swift type that reads the value at `codingPath` (`record`'s owner, else its container's type) and the
    /// property it reads it into: the Swift property, not the key, when CodingKeys maps one to the other.
    private func ownerAndProperty(at codingPath: JSONPath, record: ProbeRecord?) -> (
        owner: String?, property: String?
    ) {
        var owner = record?.owner.map(SwiftTypeName.of)
        guard case .key(let key)? = codingPath.components.last else { return (owner, nil) }
        if owner == nil, let parent = probe.records[codingPath.parent] { owner = SwiftTypeName.of(parent.type) }
        return (owner, probe.propertyName(forKey: key, in: codingPath.parent) ?? key)
    }

    /// Makes every number of the body that no Swift number type reads 0, and records a failure for each the model
    /// reads (found by the probe); false when the body has none.
    private mutating func zeroNumbersBeyondDouble() -> Bool {
        zeroedBeyondDouble = true
        let sent = body
        var zeroed: [JSONPath] = []
        Self.zeroNumbersBeyondDouble(in: &body, at: .root, into: &zeroed)
        guard !zeroed.isEmpty else { return false }
        // Each zeroed place's position in the body, to record the failures in body order.
        let order = Dictionary(zeroed.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let read = placesRead().filter { order[$0.path] != nil }
        for (codingPath, path, record) in read.sorted(by: { order[$0.path]! < order[$1.path]! }) {
            let (owner, property) = ownerAndProperty(at: codingPath, record: record)
            failures.append(
                DecodeFailure(
                    kind: .dataCorrupted, codingPath: codingPath, path: path,
                    expectedType: SwiftTypeName.of(record.type), ownerType: owner, property: property,
                    isOptional: record.optional, found: sent[path: path],
                    detail: JSONNumber.beyondDoubleDetail))
            patched.append(path)
        }
        return true
    }

    /// Makes every number in `value` that no Swift number type reads 0, listing their places in `found`.
    private static func zeroNumbersBeyondDouble(
        in value: inout JSONValue, at path: JSONPath, into found: inout [JSONPath]
    ) {
        switch value {
        case .number(let number) where !number.isWithinDoubleRange:
            value = .number(JSONNumber(0))
            found.append(path)
        case .array(var elements):
            value = .null
            for index in elements.indices {
                zeroNumbersBeyondDouble(in: &elements[index], at: path.appending(index: index), into: &found)
            }
            value = .array(elements)
        case .object(var object):
            value = .null
            for index in object.entries.indices {
                zeroNumbersBeyondDouble(
                    in: &object.entries[index].value, at: path.appending(key: object.entries[index].key),
                    into: &found)
            }
            value = .object(object)
        default:
            break
        }
    }

    /// Records the failure (unless it is a consequence of a patch) and patches its place; a reason when it cannot.
    private mutating func handle(_ failure: DecodeFailure) -> String? {
        let consequence = patched.contains { failure.path.hasPrefix($0) }
        let count = patchCounts[failure.path, default: 0] + 1
        patchCounts[failure.path] = count
        if !consequence { failures.append(failure) }
        guard count <= 3, let replacement = replacement(for: failure, attempt: count) else {
            return
                "no value could be made up that \(failure.place) accepts (\(failure.detail)); later failures may be hidden"
        }
        body.modify(at: failure.path) { $0 = replacement }
        patched.append(failure.path)
        if !consequence { carryOverToSiblings(failure, replacement: replacement) }
        return nil
    }

    // MARK: - Reading a DecodingError

    private func describe(_ error: DecodingError) -> DecodeFailure? {
        let kind: DecodeFailure.Kind
        var codingPath: JSONPath
        var errorType: Any.Type?
        let context: DecodingError.Context
        switch error {
        case .keyNotFound(let key, let errorContext):
            kind = .keyNotFound
            context = errorContext
            codingPath = Self.path(errorContext.codingPath + [key])
        case .valueNotFound(let type, let errorContext):
            kind = .valueNotFound
            context = errorContext
            codingPath = Self.path(errorContext.codingPath)
            errorType = type
        case .typeMismatch(let type, let errorContext):
            kind = .typeMismatch
            context = errorContext
            codingPath = Self.path(errorContext.codingPath)
            errorType = type
        case .dataCorrupted(let errorContext):
            kind = .dataCorrupted
            context = errorContext
            codingPath = repairedDatePath(Self.path(errorContext.codingPath))
        @unknown default:
            return nil
        }
        let (path, absent) = locate(codingPath)
        let record = probe.records[codingPath]
        let (owner, property) = ownerAndProperty(at: codingPath, record: record)
        let expected = record.map { SwiftTypeName.of($0.type) } ?? errorType.map(SwiftTypeName.of) ?? "a value"
        return DecodeFailure(
            kind: kind, codingPath: codingPath, path: path, expectedType: expected, ownerType: owner,
            property: property,
            isOptional: record?.optional ?? false, found: absent ? nil : body[path: path],
            detail: context.debugDescription)
    }

    /// Foundation's `.iso8601` strategy reports an unreadable date at the coding path of the object holding it,
    /// without the date's own key. When the path names an object, not a date, the failing date is the first of
    /// its `Date` properties (in body order) whose value the strategy cannot read.
    private func repairedDatePath(_ codingPath: JSONPath) -> JSONPath {
        guard probe.records[codingPath]?.type != Date.self else { return codingPath }
        let (path, _) = locate(codingPath)
        guard case .object(let object)? = body[path: path] else { return codingPath }
        for entry in object.entries {
            let key = decoder.options.keys.modelKey(forJSONKey: entry.key)
            let child = codingPath.appending(key: key)
            guard probe.records[child]?.type == Date.self, entry.value != .null,
                !DateSniffer.value(entry.value, matches: decoder.options.dates)
            else { continue }
            return child
        }
        return codingPath
    }

    /// A coding path as a path: `Index 3` keys are array indices; every other key is a key.
    static func path(_ keys: [any CodingKey]) -> JSONPath {
        JSONPath(
            components: keys.map { key in
                if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
                return .key(key.stringValue)
            })
    }

    /// The place in the body a coding path names, and whether its last key is absent.
    func locate(_ codingPath: JSONPath) -> (path: JSONPath, absent: Bool) {
        Self.locate(codingPath, in: body, keys: decoder.options.keys, records: probe.records)
    }

    /// The place in `body` a coding path names, and whether its last key is absent.
    ///
    /// A key is matched as `JSONDecoder` matches it: the first JSON key that the key strategy turns into it
    /// (dictionary keys as they are).
    static func locate(
        _ codingPath: JSONPath, in body: JSONValue, keys: KeyStrategy, records: [JSONPath: ProbeRecord]
    ) -> (path: JSONPath, absent: Bool) {
        var current: JSONValue? = body
        var components: [JSONPath.Component] = []
        var absent = false
        for (position, component) in codingPath.components.enumerated() {
            switch component {
            case .index(let index):
                components.append(.index(index))
                current = current?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil }
            case .key(let key):
                let container = JSONPath(components: Array(codingPath.components.prefix(position)))
                let isDictionary = records[container].map { $0.type is any ProbedStringDictionary.Type } ?? false
                let entries = current?.objectValue?.entries ?? []
                let match =
                    isDictionary
                    ? entries.first { $0.key == key }
                    : entries.first { keys.modelKey(forJSONKey: $0.key) == key } ?? entries.first { $0.key == key }
                if let match {
                    components.append(.key(match.key))
                    current = match.value
                } else {
                    components.append(.key(isDictionary ? key : expectedSpelling(of: key, strategy: keys)))
                    current = nil
                    absent = true
                }
            }
        }
        return (JSONPath(components: components), absent)
    }

    /// How a body would spell a key the model asks for: `createdAt` is `created_at` for `convertFromSnakeCase`.
    static func expectedSpelling(of key: String, strategy: KeyStrategy) -> String {
        guard strategy == .convertFromSnakeCase else { return key }
        var result = ""
        for character in key {
            if character.isUppercase, !result.isEmpty {
                result += "_" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }

    // MARK: - Patching

    /// A value the model accepts at the failure's place: made up from the type the probe saw there, or copied
    /// from the same place in another element of the array.
    private func replacement(for failure: DecodeFailure, attempt: Int) -> JSONValue? {
        if let type = probe.records[failure.codingPath]?.type {
            if attempt == 1, type == Date.self { return decoder.options.dates.sampleValue }
            if attempt == 1, let decodable = type as? any Decodable.Type,
                let value = probe.synthesize(decodable, at: failure.path)
            {
                return value
            }
            return donor(for: failure.path)
        }
        switch failure.kind {
        case .keyNotFound:
            // The probe did not reach the key: insert null, and the next attempt's valueNotFound names the type.
            return .null
        case .valueNotFound, .typeMismatch:
            return plainValue(for: failure.expectedType) ?? donor(for: failure.path)
        case .dataCorrupted, .other:
            return donor(for: failure.path)
        }
    }

    private func plainValue(for typeName: String) -> JSONValue? {
        switch typeName {
        case "String": return .string("x")
        case "Bool": return .bool(false)
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
            "Decimal":
            return .number(JSONNumber(0))
        case "Date": return decoder.options.dates.sampleValue
        case "[String: Any]": return .object(JSONObject())
        case "[Any]": return .array([])
        default: return nil
        }
    }

    /// The value at the same place in another element of the innermost array on the path, if one differs.
    private func donor(for path: JSONPath) -> JSONValue? {
        guard
            let position = path.components.lastIndex(where: {
                if case .index = $0 { return true } else { return false }
            }),
            case .index(let index) = path.components[position]
        else { return nil }
        let arrayPath = JSONPath(components: Array(path.components.prefix(position)))
        guard let items = body[path: arrayPath]?.arrayValue else { return nil }
        let current = body[path: path]
        for sibling in items.indices where sibling != index {
            var candidate = path
            candidate.components[position] = .index(sibling)
            if let value = body[path: candidate], value != current { return value }
        }
        return nil
    }

    /// Later elements of the same array with the same problem at the same place: reported and patched now.
    private mutating func carryOverToSiblings(_ failure: DecodeFailure, replacement: JSONValue) {
        guard failure.kind != .dataCorrupted, failure.kind != .other,
            let position = failure.path.components.lastIndex(where: {
                if case .index = $0 { return true } else { return false }
            }),
            case .index(let index) = failure.path.components[position]
        else { return }
        let arrayPath = JSONPath(components: Array(failure.path.components.prefix(position)))
        guard let count = body[path: arrayPath]?.arrayValue?.count, index + 1 < count else { return }
        let elementCodingPath = JSONPath(components: Array(failure.codingPath.components.prefix(position + 1)))
        let elementType = probe.records[elementCodingPath]?.type
        for sibling in (index + 1)..<count {
            var codingPath = failure.codingPath
            codingPath.components[position] = .index(sibling)
            var siblingElement = elementCodingPath
            siblingElement.components[position] = .index(sibling)
            guard let type = probe.records[siblingElement]?.type, let elementType, type == elementType else { continue }
            let (path, absent) = locate(codingPath)
            let value = absent ? nil : body[path: path]
            let same: Bool
            switch failure.kind {
            case .keyNotFound: same = absent && body[path: path.parent] != nil
            case .valueNotFound: same = value == .null
            case .typeMismatch:
                same = value.map { JSONValue.kindName($0) } == failure.found.map { JSONValue.kindName($0) }
            case .dataCorrupted, .other: same = false
            }
            guard same else { continue }
            var copy = failure
            copy.codingPath = codingPath
            copy.path = path
            copy.found = value
            copy.inferredFromSibling = true
            failures.append(copy)
            body.modify(at: path) { $0 = replacement }
            patched.append(path)
        }
    }
}

/// Walks the model over the body on first use only.
private final class LazyModelProbe {
    private let model: ModelType
    private let options: DecodingOptions
    private let body: JSONValue

    init(model: ModelType, options: DecodingOptions, body: JSONValue) {
        self.model = model
        self.options = options
        self.body = body
    }

    lazy var probe: ModelProbe = {
        let probe = ModelProbe(keys: options.keys, dates: options.dates)
        probe.walk(model.type, over: body)
        return probe
    }()
}
