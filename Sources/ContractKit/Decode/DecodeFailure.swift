/// One reason a model cannot decode a body: a `DecodingError`, placed in the body and named in Swift terms.
package struct DecodeFailure: Sendable, Hashable {
    /// The `DecodingError` case.
    package enum Kind: String, Sendable, Hashable {
        /// A required key is absent.
        case keyNotFound
        /// A non-Optional value is `null`.
        case valueNotFound
        /// The value has another JSON type than the property's.
        case typeMismatch
        /// The value has the right JSON type but is not valid for the property: a date in another format, an
        /// unknown enum case.
        case dataCorrupted
        /// The model threw something other than a `DecodingError`.
        case other
    }

    /// What went wrong.
    package var kind: Kind
    /// The model's coding path, the missing key included: `notices[1].createdAt`.
    package var codingPath: JSONPath
    /// The place in the decoded body, with keys spelled as the body spells them (for a missing key, as the
    /// key strategy would expect it).
    package var path: JSONPath
    /// The Swift type the model wants there, as written in Swift: `String`, `[Bet]`, `Date`.
    package var expectedType: String
    /// The type that declares the property (`Notice`), when known.
    package var ownerType: String?
    /// The property's coding key (`createdAt`), or nil for an array element or the body itself.
    package var property: String?
    /// True when the property is Optional (read with `decodeIfPresent`).
    package var isOptional: Bool
    /// What the body holds there; nil when the key is absent.
    package var found: JSONValue?
    /// The `DecodingError`'s own description.
    package var detail: String
    /// True when the failure was carried over from an earlier element of the same array, whose element at this
    /// index has the same problem, instead of being decoded on its own (see ``EveryFailureDecoder``).
    package var inferredFromSibling: Bool

    /// Creates a failure.
    package init(
        kind: Kind, codingPath: JSONPath, path: JSONPath, expectedType: String, ownerType: String?, property: String?,
        isOptional: Bool, found: JSONValue?, detail: String, inferredFromSibling: Bool = false
    ) {
        self.kind = kind
        self.codingPath = codingPath
        self.path = path
        self.expectedType = expectedType
        self.ownerType = ownerType
        self.property = property
        self.isOptional = isOptional
        self.found = found
        self.detail = detail
        self.inferredFromSibling = inferredFromSibling
    }

    /// `Notice.createdAt`, `element 2 of NoticeList.notices`, or `the body (NoticeList)`.
    package var place: String {
        if let property { return "\(ownerType ?? "?").\(property)" }
        if case .index(let index)? = codingPath.components.last {
            let parent = JSONPath(components: Array(codingPath.components.dropLast()))
            return "element \(index) of \(parent.components.isEmpty ? "the body" : parent.description)"
        }
        return "the body"
    }

    /// `Swift type String, property is not Optional`: the model's side of the failure.
    package var modelView: String {
        var text = "\(place): Swift type \(expectedType)"
        if property != nil { text += isOptional ? ", property is Optional" : ", property is not Optional" }
        if kind == .dataCorrupted { text += " (\(detail))" }
        return text
    }

    /// One sentence: `Notice.title (String, not Optional) is required, but the key is absent`.
    package var summary: String {
        switch kind {
        case .keyNotFound:
            return "\(place) (\(expectedType)\(isOptional ? "" : ", not Optional")) is required, but the key is absent"
        case .valueNotFound:
            return "\(place) is \(expectedType), not Optional, but the value is null"
        case .typeMismatch:
            return "\(place) is \(expectedType), but the value is \(JSONValue.describe(found))"
        case .dataCorrupted:
            return "\(place) (\(expectedType)) cannot be read from \(JSONValue.describe(found)): \(detail)"
        case .other:
            return "\(place) threw: \(detail)"
        }
    }
}

extension JSONValue {
    /// `string "x"`, `number 1`, `null`, `object with 2 keys`, or `nothing` for nil.
    static func describe(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "absent"
        case .string(let text)?:
            return "string " + JSONWriter.quote(text.count > 40 ? String(text.prefix(37)) + "…" : text)
        case .number(let number)?: return "number \(number.literal)"
        case .bool(let flag)?: return "boolean \(flag)"
        case .null?: return "null"
        case let value?: return value.kindDescription
        }
    }
}
