import Foundation

/// A spec's `model:` read as a type expression: `User`, `[User]`, `[String: User]`, `User?`.
indirect enum ModelText: Equatable {
    case name(String)
    case array(ModelText)
    case dictionary(ModelText)
    case optional(ModelText)

    init(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix("?") {
            self = .optional(ModelText(parsing: String(text.dropLast())))
        } else if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = text.dropFirst().dropLast()
            var depth = 0
            var colon: Substring.Index?
            for index in inner.indices {
                switch inner[index] {
                case "[": depth += 1
                case "]": depth -= 1
                case ":" where depth == 0 && colon == nil: colon = index
                default: break
                }
            }
            if let colon {
                self = .dictionary(ModelText(parsing: String(inner[inner.index(after: colon)...])))
            } else {
                self = .array(ModelText(parsing: String(inner)))
            }
        } else {
            self = .name(text)
        }
    }

    /// The model as Swift writes it: `[String: User]`.
    var description: String {
        switch self {
        case .name(let name): return name
        case .array(let element): return "[\(element.description)]"
        case .dictionary(let value): return "[String: \(value.description)]"
        case .optional(let wrapped): return wrapped.description + "?"
        }
    }

    /// The model as a YAML scalar for a `model:` line: quoted when it is more than a name.
    var yamlScalar: String {
        if case .name = self { return description }
        return "\"\(description)\""
    }
}
