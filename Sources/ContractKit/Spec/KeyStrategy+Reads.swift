extension KeyStrategy {
    /// True when the app, decoding with this strategy, reads `sent` where the spec promises `expected`.
    package func reads(_ sent: String, as expected: String) -> Bool {
        switch self {
        case .useDefaultKeys: return sent == expected
        case .convertFromSnakeCase:
            return KeyNames.convertFromSnakeCase(sent) == KeyNames.convertFromSnakeCase(expected)
        case .anyCase: return KeyNames.normalized(sent) == KeyNames.normalized(expected)
        }
    }
}
