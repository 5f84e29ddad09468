import Foundation

/// A change an app makes to a response body before decoding it: turn a keyed dictionary into an array,
/// unwrap an envelope, rename minified keys.
///
/// Transforms work on ``JSONValue`` (key order and number spelling kept) and, through ``apply(to:)-(Data)``,
/// on raw `Data`, so an app can run the same transform its contract declares:
///
/// ```swift
/// let data = try KeyedToArrayTransform(key: "objectId", into: "objects").apply(to: responseData)
/// let users = try JSONDecoder().decode(ObjectsResponse.self, from: data)
/// ```
///
/// Each transform also says where every value of its output came from (``TransformOutput/origin(of:)``), so a
/// decoding error in the transformed body can be reported at its place in the body the server sent.
public protocol JSONTransform: Sendable {
    /// The name used in specs and messages: `keyedToArray`, `unwrap`, ...
    var name: String { get }

    /// The transformed value, and how to trace its paths back to `value`.
    ///
    /// - Throws: ``TransformError`` when `value` does not have the form the transform needs.
    func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput
}

extension JSONTransform {
    /// The transformed value.
    ///
    /// - Throws: ``TransformError`` when `value` does not have the form the transform needs.
    public func apply(to value: JSONValue) throws(TransformError) -> JSONValue {
        try transform(value).value
    }

    /// The transformed JSON document, written compactly.
    ///
    /// - Throws: ``ContractError`` when `data` is not JSON, ``TransformError`` when it does not have the form
    ///   the transform needs.
    public func apply(to data: Data) throws -> Data {
        let value = try data.withUnsafeBytes { buffer throws(ContractError) in try JSONParser().parse(buffer) }
        return Data(JSONWriter(style: .compact).writeBytes(try apply(to: value)))
    }
}

/// A transform's result: the new value, what it dropped, and where each of its values came from.
public struct TransformOutput: Sendable {
    /// The transformed value.
    public var value: JSONValue
    /// Paths in the input of values the transform dropped (elements removed by a lossy array).
    public var removed: [JSONPath]
    private let trace: @Sendable (JSONPath) -> PathOrigin

    /// Creates an output; `trace` maps a path in `value` to its origin in the input.
    public init(value: JSONValue, removed: [JSONPath] = [], trace: @escaping @Sendable (JSONPath) -> PathOrigin) {
        self.value = value
        self.removed = removed
        self.trace = trace
    }

    /// An output whose paths are the input's paths.
    public static func unchanged(_ value: JSONValue) -> TransformOutput {
        TransformOutput(value: value) { .value($0) }
    }

    /// Where the value at `path` (in ``value``, or where it would be) came from in the input.
    public func origin(of path: JSONPath) -> PathOrigin { trace(path) }
}

/// Where a value of a transformed body came from.
public enum PathOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The same value, at this path of the input.
    case value(JSONPath)
    /// The key of the entry at this path of the input (keyedToArray puts keys into elements).
    case keyOf(JSONPath)
    /// No counterpart in the input: the transform added it (a wrapper, a default). `nearest` is the closest
    /// input path that does exist.
    case inserted(by: String, nearest: JSONPath)

    /// The input path to report: the value's own, the entry's, or the nearest.
    public var nearestPath: JSONPath {
        switch self {
        case .value(let path), .keyOf(let path): return path
        case .inserted(_, let nearest): return nearest
        }
    }

    /// `$.u42.name`, `the key of $.u42`, `nothing in the body (added by wrap; nearest $)`.
    public var description: String {
        switch self {
        case .value(let path): return path.description
        case .keyOf(let path): return "the key of \(path)"
        case .inserted(let transform, let nearest):
            return "nothing in the body (added by \(transform); nearest \(nearest))"
        }
    }
}

/// A transform whose precondition does not hold: what it expected, where, and what arrived instead.
public struct TransformError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The transform's name: `keyedToArray`, `unwrap`, ...
    public var transform: String
    /// Where in the transform's input the precondition failed.
    public var path: JSONPath
    /// What the transform needs there: `an object`, `an object with key 'data'`.
    public var expected: String
    /// What arrived instead: `array with 3 elements`, `object with keys 'Data', 'Error'`.
    public var found: String

    /// Creates an error.
    public init(transform: String, path: JSONPath, expected: String, found: String) {
        self.transform = transform
        self.path = path
        self.expected = expected
        self.found = found
    }

    /// `keyedToArray expected an object at $.users, found array with 3 elements`.
    public var description: String { "\(transform) expected \(expected) at \(path), found \(found)" }

    /// What `value` is, for ``found``: `array with 3 elements`, `object with keys 'a', 'b'`, `string "x"`.
    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "nothing (the key is absent)"
        case .object(let object)?:
            guard !object.isEmpty else { return "an empty object" }
            let keys = object.prefix(5).map { "'\($0.key)'" }.joined(separator: ", ")
            return (object.count == 1 ? "object with key " : "object with keys ") + keys
                + (object.count > 5 ? ", …" : "")
        case .string(let text)?:
            return "string \(JSONWriter.quote(text.count > 40 ? String(text.prefix(37)) + "…" : text))"
        case .number(let number)?: return "number \(number.literal)"
        case .bool(let flag)?: return "boolean \(flag)"
        case let value?: return value.kindDescription
        }
    }

    init(_ transform: String, _ mismatch: TransformMismatch) {
        self.init(
            transform: transform, path: mismatch.path, expected: mismatch.expected,
            found: TransformError.describe(mismatch.found))
    }
}
