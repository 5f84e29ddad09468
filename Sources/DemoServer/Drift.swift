import ContractKit
import Foundation

/// A classic backend drift the demo API can inject into the bodies it serves.
package enum Drift: String, Sendable, CaseIterable {
    /// `created_at` becomes `createdAt` and `createdAt` becomes `created_at`, everywhere.
    case keyCase = "key-case"
    /// An array of objects with an `id` becomes a dictionary keyed by that id, Firebase style.
    case keyedDictionary = "keyed-dictionary"
    /// Numeric ids (`id`, `userId`, `user_id`) become strings: `1` becomes `"1"`.
    case idType = "id-type"
    /// ISO 8601 date-times become milliseconds since 1970.
    case dateFormat = "date-format"
    /// Each record (an object in an array or in a keyed collection, else the body itself) loses its first field
    /// that is not an id.
    case missingField = "missing-field"
    /// The body arrives wrapped: `{ "data": <body> }`.
    case envelope

    /// One line for `--help` and the server's banner.
    package var summary: String {
        switch self {
        case .keyCase: return "created_at becomes createdAt, and createdAt created_at"
        case .keyedDictionary: return "arrays of objects with ids become dictionaries keyed by id"
        case .idType: return "numeric ids become strings"
        case .dateFormat: return "ISO 8601 date-times become epoch milliseconds"
        case .missingField: return "each record loses its first field that is not an id"
        case .envelope: return "the body is wrapped in { \"data\": ... }"
        }
    }

    /// `body` with this drift applied.
    package func apply(to body: JSONValue) -> JSONValue {
        switch self {
        case .keyCase:
            return Drift.rewrite(body) { value in
                guard case .object(let object) = value else { return value }
                return .object(
                    JSONObject(object.entries.map { .init(key: Drift.flippedCase($0.key), value: $0.value) }))
            }
        case .keyedDictionary:
            return Drift.rewrite(body) { value in
                guard case .array(let items) = value, !items.isEmpty else { return value }
                var keyed = JSONObject()
                for item in items {
                    guard case .object(let object) = item, let id = object["id"], let key = Drift.idText(id) else {
                        return value
                    }
                    keyed.entries.append(.init(key: key, value: item))
                }
                return .object(keyed)
            }
        case .idType:
            return Drift.rewrite(body) { value in
                guard case .object(let object) = value else { return value }
                return .object(
                    JSONObject(
                        object.entries.map { entry in
                            guard Drift.isIDKey(entry.key), case .number(let number) = entry.value else { return entry }
                            return .init(key: entry.key, value: .string(number.literal))
                        }))
            }
        case .dateFormat:
            return Drift.rewrite(body) { value in
                guard case .string(let text) = value, let date = Drift.isoDateTime(text) else { return value }
                return .number(JSONNumber(Int((date.timeIntervalSince1970 * 1000).rounded())))
            }
        case .missingField:
            var changed = false
            let records = Drift.rewrite(body) { value in
                switch value {
                case .array(let items):
                    return .array(
                        items.map { item in
                            guard let trimmed = Drift.droppingFirstField(item) else { return item }
                            changed = true
                            return trimmed
                        })
                case .object(let object)
                where object.count > 1 && object.entries.allSatisfy({ $0.value.objectValue != nil }):
                    return .object(
                        JSONObject(
                            object.entries.map { entry in
                                guard let trimmed = Drift.droppingFirstField(entry.value) else { return entry }
                                changed = true
                                return .init(key: entry.key, value: trimmed)
                            }))
                default:
                    return value
                }
            }
            return changed ? records : (Drift.droppingFirstField(body) ?? body)
        case .envelope:
            return .object(JSONObject(["data": body]))
        }
    }

    /// Rewrites every value bottom-up: children first, then the value itself.
    private static func rewrite(_ value: JSONValue, _ change: (JSONValue) -> JSONValue) -> JSONValue {
        switch value {
        case .array(let items):
            return change(.array(items.map { rewrite($0, change) }))
        case .object(let object):
            return change(
                .object(JSONObject(object.entries.map { .init(key: $0.key, value: rewrite($0.value, change)) })))
        default:
            return change(value)
        }
    }

    /// `created_at` as `createdAt`; `createdAt` and `CreatedAt` as `created_at`; other keys unchanged.
    static func flippedCase(_ key: String) -> String {
        if key.contains("_") {
            let words = key.split(separator: "_").map(String.init)
            guard let first = words.first else { return key }
            return first.lowercased()
                + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        }
        guard key.contains(where: \.isUppercase) else { return key }
        var result = ""
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) { result += "_" }
            }
            result += character.lowercased()
        }
        return result
    }

    private static func isIDKey(_ key: String) -> Bool {
        key.lowercased() == "id" || key.hasSuffix("Id") || key.hasSuffix("ID") || key.lowercased().hasSuffix("_id")
    }

    private static func idText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .number(let number): return number.literal
        default: return nil
        }
    }

    /// An object without its first scalar field that is not an id; nil when it has none.
    private static func droppingFirstField(_ value: JSONValue) -> JSONValue? {
        guard case .object(var object) = value else { return nil }
        guard
            let index = object.entries.firstIndex(where: { entry in
                guard !isIDKey(entry.key) else { return false }
                switch entry.value {
                case .object, .array: return false
                default: return true
                }
            })
        else { return nil }
        object.entries.remove(at: index)
        return .object(object)
    }

    /// The date of an ISO 8601 date-time such as `2026-11-20T10:00:00Z` or `2026-11-18T07:45:30.125+01:00`.
    private static func isoDateTime(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            bytes[10] == UInt8(ascii: "T")
        else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }
}
