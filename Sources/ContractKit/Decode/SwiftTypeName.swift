/// Swift type names as developers write them: `[Notice]`, `String?`, `[String: User]`, not `Array<Notice>`.
enum SwiftTypeName {
    /// The sugared name of `type`, without module prefixes.
    static func of(_ type: Any.Type) -> String {
        sugar(_typeName(type, qualified: false))
    }

    /// `Array<Optional<Foo>>` → `[Foo?]`, `Dictionary<String, Any>` → `[String: Any]`.
    static func sugar(_ name: String) -> String {
        guard let open = name.firstIndex(of: "<"), name.hasSuffix(">") else { return name }
        let base = String(name[..<open])
        let inner = name[name.index(after: open)..<name.index(before: name.endIndex)]
        let arguments = splitArguments(inner).map(sugar)
        switch (base, arguments.count) {
        case ("Array", 1): return "[\(arguments[0])]"
        case ("Optional", 1): return arguments[0] + "?"
        case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return base + "<" + arguments.joined(separator: ", ") + ">"
        }
    }

    private static func splitArguments(_ text: Substring) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for character in text {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0:
                parts.append(current.trimmingSpaces())
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        parts.append(current.trimmingSpaces())
        return parts
    }
}
