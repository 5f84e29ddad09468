/// The names a shape can be declared under: exactly those a shape expression reads back as a reference.
///
/// A shape expression reads a type name as a run of letters, digits, '_' and '.' (`API.User`), so a shape declared
/// as `User-Info:` loaded but could never be used: `body: User-Info` reads `User` and stops at the '-'.
enum ShapeName {
    /// True for a scalar a type name in a shape expression may hold: a letter, an ASCII digit, '_' or '.'.
    static func allows(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            // The answer for ASCII without asking Unicode's tables: letters, digits, '_' and '.'.
            let value = scalar.value | 0x20
            return (0x61...0x7A).contains(value) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
        }
        return scalar.properties.isAlphabetic
    }

    /// True for the names of built-in types (`String`, `Date`, ...) and `enum`, which a shape cannot take.
    static func isBuiltIn(_ name: String) -> Bool {
        ShapeExpressionParser.builtins[name] != nil || name == "enum"
    }

    /// The scalars of `name` a type name cannot hold, each once, in the order they first appear.
    static func disallowedScalars(in name: String) -> [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for scalar in name.unicodeScalars where !allows(scalar) && !found.contains(scalar) { found.append(scalar) }
        return found
    }

    /// `name` without the scalars a type name cannot hold, each part they separated starting with a capital, as
    /// in UpperCamelCase: `user-info` is `UserInfo`; nil when nothing is left.
    static func suggestion(for name: String) -> String? {
        let parts = name.unicodeScalars.split { !allows($0) }.map { String(String.UnicodeScalarView($0)) }
        let suggestion = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return suggestion.isEmpty ? nil : suggestion
    }
}
