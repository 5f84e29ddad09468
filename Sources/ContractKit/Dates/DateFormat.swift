/// How dates are written in a body.
public enum DateFormat: Sendable, Hashable, CustomStringConvertible {
    /// ISO 8601 / RFC 3339, with or without fractional seconds, `Z` or an offset.
    case iso8601
    /// A number of seconds since 1970-01-01.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01.
    case millisecondsSince1970
    /// A `DateFormatter` format such as `yyyy-MM-dd`, read in UTC with the POSIX locale.
    case formatted(String)
    /// Any of the common ISO forms, or epoch seconds or milliseconds.
    case flexible

    /// The spelling used in specs.
    public var description: String {
        switch self {
        case .iso8601: return "iso8601"
        case .secondsSince1970: return "secondsSince1970"
        case .millisecondsSince1970: return "millisecondsSince1970"
        case .formatted(let format): return "\"\(format)\""
        case .flexible: return "flexible"
        }
    }

    /// The named strategies, as written in specs.
    public static let namedStrategies: [String: DateFormat] = [
        "iso8601": .iso8601, "secondsSince1970": .secondsSince1970,
        "millisecondsSince1970": .millisecondsSince1970, "flexible": .flexible,
    ]
}
