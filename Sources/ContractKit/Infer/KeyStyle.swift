/// The key style of a payload (snake_case, camelCase, kebab-case or PascalCase, minified) and the key strategy an
/// app decodes it with.
enum KeyStyle {
    /// The strategy for a payload with these object keys, and a note when the style calls for one.
    ///
    /// snake_case keys want `convertFromSnakeCase` (camelCase keys beside them pass through it unchanged);
    /// kebab-case or PascalCase keys want `anyCase`; camelCase and one-word keys want the default. Keys of one or
    /// two letters (`fn`, `ln`, `b`) are minified: the default strategy, and a note proposing `renameKeys`.
    static func strategy(for keys: [String]) -> (KeyStrategy, note: String?) {
        // Keys without a letter (`+1`, `-1`, `200`) have no case to speak of.
        let distinct = Array(Set(keys.filter { $0.unicodeScalars.contains { $0.properties.isAlphabetic } })).sorted()
        guard !distinct.isEmpty else { return (.useDefaultKeys, nil) }
        var snake = 0
        var otherSpelling = 0
        var short = 0
        for key in distinct {
            let scalars = key.unicodeScalars
            let letters = scalars.filter { $0.properties.isAlphabetic }
            if key.utf8.count <= 2 { short += 1 }
            let hasUpper = letters.contains { $0.properties.isUppercase }
            if key.contains("_"), !hasUpper, key.first != "_" {
                snake += 1
            } else if key.contains("-") || (scalars.first?.properties.isUppercase ?? false) {
                otherSpelling += 1
            }
        }
        if distinct.count >= 3, short * 2 > distinct.count {
            let examples = distinct.filter { $0.utf8.count <= 2 }.prefix(3).joined(separator: ", ")
            return (
                .useDefaultKeys,
                "keys look minified (\(examples)): an app that wants readable names adds `- renameKeys: { ... }` to transforms."
            )
        }
        if otherSpelling > 0 { return (.anyCase, nil) }
        if snake > 0 { return (.convertFromSnakeCase, nil) }
        return (.useDefaultKeys, nil)
    }
}
