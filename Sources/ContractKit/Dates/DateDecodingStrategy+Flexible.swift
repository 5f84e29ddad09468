import Foundation

extension JSONDecoder.DateDecodingStrategy {
    /// Reads dates in any of the forms backends commonly send: ISO 8601 with or without fractional seconds,
    /// with `Z` or an offset (or, failing those, without a zone, read as UTC), a date alone (`2026-11-21`,
    /// midnight UTC), and epoch seconds or milliseconds, as numbers or numeric strings. Epoch values are told
    /// apart by size: from 10^11 on they are milliseconds (10^11 seconds is the year 5138).
    public static var flexible: JSONDecoder.DateDecodingStrategy { flexible(formats: []) }

    /// ``flexible`` plus `DateFormatter` formats (read in UTC with the POSIX locale), tried in order after the
    /// built-in forms: `.flexible(formats: ["dd/MM/yyyy", "EEE, dd MMM yyyy HH:mm:ss zzz"])`.
    public static func flexible(formats: [String]) -> JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                throw DecodingError.valueNotFound(
                    Date.self,
                    .init(codingPath: decoder.codingPath, debugDescription: "Expected a date but found null instead."))
            }
            if let text = try? container.decode(String.self) {
                if let date = FlexibleDate.parse(.string(text)) { return date }
                for format in formats {
                    if let date = FormatterCache.shared.formatter(for: format).date(from: text) { return date }
                }
                let extra = formats.isEmpty ? "" : ", or " + formats.map { "\"\($0)\"" }.joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "Expected a date (ISO 8601, yyyy-MM-dd, epoch seconds or milliseconds\(extra)) but found \"\(text)\"."
                )
            }
            if let number = try? container.decode(Double.self) {
                if let date = FlexibleDate.epoch(number) { return date }
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Expected epoch seconds or milliseconds but found \(number).")
            }
            throw DecodingError.typeMismatch(
                Date.self,
                .init(codingPath: decoder.codingPath, debugDescription: "Expected a date as a string or a number."))
        }
    }
}

extension DateFormat {
    /// The `JSONDecoder` strategy that reads dates written this way.
    public var decodingStrategy: JSONDecoder.DateDecodingStrategy {
        switch self {
        case .iso8601: return .iso8601
        case .secondsSince1970: return .secondsSince1970
        case .millisecondsSince1970: return .millisecondsSince1970
        case .formatted(let format): return .formatted(FormatterCache.shared.formatter(for: format))
        case .flexible: return .flexible
        }
    }

    /// A date written this way (2001-01-01T00:00:00Z), for values the verifier has to make up.
    var sampleValue: JSONValue {
        let reference = Date(timeIntervalSince1970: 978_307_200)
        switch self {
        case .iso8601, .flexible: return .string("2001-01-01T00:00:00Z")
        case .secondsSince1970: return .number(JSONNumber(978_307_200))
        case .millisecondsSince1970: return .number(JSONNumber(978_307_200_000))
        case .formatted(let format):
            return .string(FormatterCache.shared.formatter(for: format).string(from: reference))
        }
    }
}
