import Foundation

extension DecodingOptions {
    /// A `JSONDecoder` configured as these options say: the app's decoder, as the spec declares it.
    ///
    /// `iso8601` is Foundation's own `.iso8601`; a format string is a `DateFormatter` in UTC with the POSIX locale.
    public func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = keys.decodingStrategy
        decoder.dateDecodingStrategy = dates.decodingStrategy
        return decoder
    }
}

extension KeyStrategy {
    /// The `JSONDecoder` strategy of this name.
    public var decodingStrategy: JSONDecoder.KeyDecodingStrategy {
        switch self {
        case .useDefaultKeys: return .useDefaultKeys
        case .convertFromSnakeCase: return .convertFromSnakeCase
        case .anyCase: return .anyCase
        }
    }

    /// The key a model sees for a JSON key, decoding with this strategy.
    public func modelKey(forJSONKey key: String) -> String {
        switch self {
        case .useDefaultKeys: return key
        case .convertFromSnakeCase: return KeyNames.convertFromSnakeCase(key)
        case .anyCase: return AnyCaseKeys.canonical(key)
        }
    }
}
