/// The kind of a drift: a stable id used in reports, waivers and CI scripts.
public struct DriftKind: Sendable, Hashable, Comparable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (lhs: DriftKind, rhs: DriftKind) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The status code is not one the spec accepts.
    public static let statusMismatch = DriftKind(rawValue: "status-mismatch")
    /// The media type differs from the spec's `contentType`.
    public static let contentTypeMismatch = DriftKind(rawValue: "content-type-mismatch")
    /// The spec expects a JSON body and the body is not JSON.
    public static let bodyNotJSON = DriftKind(rawValue: "body-not-json")
    /// A required key is absent.
    public static let missingKey = DriftKind(rawValue: "missing-key")
    /// A key the spec does not declare.
    public static let extraKey = DriftKind(rawValue: "extra-key")
    /// The expected key is absent and a spelling variant of it is present (`firstName` for `first_name`).
    public static let keyCaseChanged = DriftKind(rawValue: "key-case-changed")
    /// Heuristic: the expected key is absent and an unexpected key with a fitting value looks like its new name.
    public static let keyRenamed = DriftKind(rawValue: "key-renamed")
    /// The value has another JSON type than the spec says.
    public static let typeMismatch = DriftKind(rawValue: "type-mismatch")
    /// The value is null where the spec does not allow it.
    public static let nullValue = DriftKind(rawValue: "null-value")
    /// An object where the spec says array; often a collection keyed by id.
    public static let objectInsteadOfArray = DriftKind(rawValue: "object-instead-of-array")
    /// An array where the spec says object or dictionary.
    public static let arrayInsteadOfObject = DriftKind(rawValue: "array-instead-of-object")
    /// The expected fields arrived one level down, under a single new key such as `data`.
    public static let unexpectedEnvelope = DriftKind(rawValue: "unexpected-envelope")
    /// A key sent more than once in one object: the app reads one copy and silently ignores the others.
    public static let duplicateKey = DriftKind(rawValue: "duplicate-key")
    /// A date written in another format than the strategy reads.
    public static let dateFormatMismatch = DriftKind(rawValue: "date-format-mismatch")
    /// A value outside the declared `enum(...)`.
    public static let enumUnknownValue = DriftKind(rawValue: "enum-unknown-value")
    /// A string that does not match the declared pattern.
    public static let patternMismatch = DriftKind(rawValue: "pattern-mismatch")
    /// A client-side transform's precondition failed.
    public static let transformFailed = DriftKind(rawValue: "transform-failed")
    /// The app's model failed to decode the body, and no shape drift explains it.
    public static let decodeFailed = DriftKind(rawValue: "decode-failed")
    /// A `lossy` transform drops array elements that the app's model cannot decode: the app copes, with less data.
    public static let elementsDropped = DriftKind(rawValue: "elements-dropped")
    /// No recording for the endpoint.
    public static let recordingMissing = DriftKind(rawValue: "recording-missing")
    /// The recording file is not a readable recording.
    public static let recordingInvalid = DriftKind(rawValue: "recording-invalid")
    /// The request could not be made while recording.
    public static let requestFailed = DriftKind(rawValue: "request-failed")
    /// A waiver's `until` date has passed.
    public static let waiverExpired = DriftKind(rawValue: "waiver-expired")
    /// A waiver that no finding of its endpoint matched: the drift it covers is gone, or its kind or path is wrong.
    public static let waiverUnused = DriftKind(rawValue: "waiver-unused")

    /// Every kind this version knows, for validating waivers.
    public static let all: [DriftKind] = [
        .statusMismatch, .contentTypeMismatch, .bodyNotJSON, .missingKey, .extraKey, .keyCaseChanged, .keyRenamed,
        .typeMismatch, .nullValue, .objectInsteadOfArray, .arrayInsteadOfObject, .unexpectedEnvelope, .duplicateKey,
        .dateFormatMismatch, .enumUnknownValue, .patternMismatch, .transformFailed, .decodeFailed,
        .elementsDropped, .recordingMissing, .recordingInvalid, .requestFailed, .waiverExpired, .waiverUnused,
    ]
}

/// How bad a drift is for this client.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
    /// Additive change; nothing breaks.
    case info
    /// The spec is broken but the app copes.
    case warning
    /// The app cannot decode the response (or, with no model, the spec says it must hold).
    case breaking

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .breaking: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}
