/// Shapes written as spec text: one-line expressions (`[String: User]?`) for everything but objects, which are
/// written as YAML mappings by ``SpecYAMLWriter``.
///
/// Unlike `Shape.description`, which is for messages, this text always reads back as the same shape: enum cases and
/// date formats are quoted where the expression parser needs it.
enum ShapeText {
    /// The shape as an expression, or nil when it holds an object, which has no expression form.
    static func expression(_ shape: Shape) -> String? {
        switch shape.kind {
        case .string, .int, .double, .bool, .url, .uuid, .any, .date(nil), .integers:
            return shape.description
        case .date(let format?):
            if case .formatted(let text) = format { return "Date(\(quotedArgument(text)))" }
            return "Date(\(format))"
        case .optional(let wrapped):
            guard let inner = expression(wrapped) else { return nil }
            if case .union = wrapped.kind { return "(\(inner))?" }
            return inner + "?"
        case .array(let element):
            return expression(element).map { "[\($0)]" }
        case .dictionary(let value):
            return expression(value).map { "[String: \($0)]" }
        case .named(let name):
            return name
        case .enumeration(let cases):
            return "enum(" + cases.map(enumCase).joined(separator: ", ") + ")"
        case .pattern(let pattern):
            return "String(/\(pattern)/)"
        case .object(let object):
            return object.fields.isEmpty && object.extraKeys == nil ? "{}" : nil
        case .union(let members):
            var texts: [String] = []
            for member in members {
                guard let text = expression(member) else { return nil }
                if case .union = member.kind { texts.append("(\(text))") } else { texts.append(text) }
            }
            return texts.joined(separator: " | ")
        }
    }

    /// An enum case bare when the parser reads it back bare, quoted otherwise.
    private static func enumCase(_ text: String) -> String {
        let needsQuotes =
            text.isEmpty || text.hasPrefix(" ") || text.hasSuffix(" ") || text.hasPrefix("\"") || text.hasPrefix("'")
            || text.contains(",") || text.contains(")") || text.contains("\t")
        // A text that reads as a number is quoted, so `enum("1", "2")` (texts) is not misread beside
        // `Int(1, 2)` (integers); the parser reads both spellings as the same case.
        let looksNumeric =
            Double(text) != nil && text.unicodeScalars.allSatisfy { "0123456789+-.eE".unicodeScalars.contains($0) }
        return needsQuotes || looksNumeric ? quotedArgument(text) : text
    }

    /// `"text"`, or `'text'` when the text holds a double quote (the expression parser has no escapes).
    private static func quotedArgument(_ text: String) -> String {
        text.contains("\"") ? "'\(text)'" : "\"\(text)\""
    }

    /// True when the shape's expression nests no deeper than an expression may (``ShapeExpressionParser/maximumDepth``);
    /// an array nested deeper (`infer` on a body of 100 nested arrays) is written as a YAML list instead, which
    /// reads back as the same shape. Counted as the parser counts, or more: a level per `[`, `(`, `[String:` and `?`.
    static func fitsOneExpression(_ shape: Shape) -> Bool {
        func depth(_ shape: Shape) -> Int {
            switch shape.kind {
            case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped): return 1 + depth(wrapped)
            case .union(let members): return 1 + (members.map(depth).max() ?? 0)
            default: return 0
            }
        }
        // The parser enters a level for the expression itself.
        return depth(shape) < ShapeExpressionParser.maximumDepth
    }

    /// True when an object may stand at this place written as a YAML mapping: the value of a key, or the element of
    /// an array that may itself be written as a block.
    static func isBlock(_ shape: Shape) -> Bool {
        switch shape.kind {
        case .object: return expression(shape) == nil
        case .array(let element): return isBlock(element)
        default: return false
        }
    }
}
