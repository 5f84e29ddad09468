/// Renders a ``SpecDocument`` as a spec file in the layout of the hand-written ones: objects as nested mappings,
/// `key?:` for keys that may be absent, text quoted only where YAML needs it, comments kept.
///
/// The same document always gives the same bytes, so that a regenerated spec shows in `git diff` only what changed.
/// Whatever it writes, the spec loader reads back as the same shapes.
package struct SpecYAMLWriter: Sendable {
    /// The longest line a `{ a: b }` mapping may take before it is written one entry a line.
    static let flowLineLimit = 100

    /// Creates a writer.
    package init() {}

    /// The spec file's text, ending with a newline.
    package func render(_ document: SpecDocument) -> String {
        rendered(document).text
    }

    /// The spec file's text, and how many named shapes it declares: the document's, and those made for objects that
    /// YAML cannot write where they stand (``InlineObjectNaming``).
    package func rendered(_ document: SpecDocument) -> (text: String, shapeCount: Int) {
        let document = InlineObjectNaming.naming(document)
        var lines: [String] = []
        lines += document.comment.map(Self.commentLine)
        if !document.shapes.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("shapes:")
            for named in document.shapes {
                lines += named.comment.map { "  " + Self.commentLine($0) }
                lines += keyed(
                    YAMLScalarText.key(named.name), named.shape, indent: 2, comment: named.fieldComments[""],
                    fieldComments: named.fieldComments,
                    path: "")
            }
        }
        if let defaults = document.defaults, !defaults.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("defaults:")
            lines += defaultsLines(defaults)
        }
        if !document.endpoints.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append("endpoints:")
            for (index, endpoint) in document.endpoints.enumerated() {
                if index > 0 { lines.append("") }
                lines += endpointLines(endpoint)
            }
        }
        return (lines.map(Self.trimmingTrailingSpaces).joined(separator: "\n") + "\n", document.shapes.count)
    }

    // MARK: - Sections

    private func defaultsLines(_ defaults: SpecDefaults) -> [String] {
        var lines: [String] = []
        if let decoding = Self.decodingText(keys: defaults.keys, dates: defaults.dates) {
            lines.append("  decoding: \(decoding)")
        }
        lines += entries("headers", defaults.headers, indent: 2)
        lines += entries("query", defaults.query, indent: 2)
        if let contentType = defaults.contentType {
            lines.append("  contentType: \(YAMLScalarText.scalar(contentType))")
        }
        if let extraKeys = defaults.extraKeys { lines.append("  extraKeys: \(extraKeys.rawValue)") }
        return lines
    }

    private func endpointLines(_ endpoint: EndpointDraft) -> [String] {
        var lines = endpoint.comment.map { "  " + Self.commentLine($0) }
        lines.append("  \(YAMLScalarText.key(endpoint.name)):")
        if let description = endpoint.description {
            lines.append("    description: \(YAMLScalarText.scalar(Self.oneLine(description)))")
        }
        lines.append("    request: \(YAMLScalarText.scalar("\(endpoint.method) \(endpoint.path)"))")
        lines += entries("params", endpoint.params, indent: 4)
        lines += entries("query", endpoint.query, indent: 4)
        lines += entries("headers", endpoint.headers, indent: 4)
        if let body = endpoint.body { lines += jsonLines(key: "body", body, indent: 4) }
        var expect: [String] = []
        if !endpoint.status.isEmpty {
            // Codes and classes (`200`, `2xx`) are plain YAML as they are.
            let codes = endpoint.status
            expect.append("      status: " + (codes.count == 1 ? codes[0] : "[" + codes.joined(separator: ", ") + "]"))
        }
        if let contentType = endpoint.contentType {
            expect.append("      contentType: \(YAMLScalarText.scalar(contentType))")
        }
        if let body = endpoint.expectedBody {
            expect += keyed(
                "body", body, indent: 6, comment: endpoint.bodyFieldComments[""],
                fieldComments: endpoint.bodyFieldComments, path: "")
        }
        if let extraKeys = endpoint.extraKeys { expect.append("      extraKeys: \(extraKeys.rawValue)") }
        if !expect.isEmpty { lines += ["    expect:"] + expect }
        if let decoding = Self.decodingText(keys: endpoint.keys, dates: endpoint.dates) {
            lines.append("    decoding: \(decoding)")
        }
        if let model = endpoint.model { lines.append("    model: \(YAMLScalarText.scalar(model))") }
        return lines
    }

    // MARK: - Shapes

    /// `key: Expression`, or `key:` followed by the shape as a block, at `indent` spaces.
    private func keyed(
        _ key: String, _ shape: Shape, indent: Int, comment: String?, fieldComments: [String: String], path: String
    ) -> [String] {
        let padding = String(repeating: " ", count: indent)
        let trailing = comment.map { "  # " + Self.oneLine($0).escapingNonPrintables() } ?? ""
        let asList: Bool
        if case .array = shape.kind { asList = !ShapeText.fitsOneExpression(shape) } else { asList = false }
        if !asList, let expression = ShapeText.expression(shape) {
            let text = expression == "{}" ? expression : YAMLScalarText.scalar(expression)
            return ["\(padding)\(key): \(text)\(trailing)"]
        }
        return ["\(padding)\(key):\(trailing)"]
            + block(shape, indent: indent + 2, fieldComments: fieldComments, path: path)
    }

    /// An object as its fields, or an array of objects (or of arrays too deep for one expression) as a list, each
    /// line at `indent` spaces.
    private func block(_ shape: Shape, indent: Int, fieldComments: [String: String], path: String) -> [String] {
        switch shape.kind {
        case .object(let object):
            let padding = String(repeating: " ", count: indent)
            var lines: [String] = []
            for field in object.fields {
                var key = field.name
                var presence = field.presence
                // A key that ends in `?` or `!` itself would be read as a mark and lose that character, and the key
                // `$extraKeys` as the object's policy: each gets an explicit mark after it, the one meaning what
                // its implied presence means (`name??: String?` is the key `name?`, absent or null; `name?!:
                // String` the key `name?`, always sent; `$extraKeys!: Int` a key).
                if presence == .implied, key.hasSuffix("?") || key.hasSuffix("!") || key == "$extraKeys" {
                    presence = field.shape.isOptional ? .mayBeAbsent : .required
                }
                switch presence {
                case .implied: break
                case .mayBeAbsent: key += "?"
                case .required: key += "!"
                }
                let fieldPath = path.isEmpty ? field.name : path + "." + field.name
                lines += keyed(
                    YAMLScalarText.key(key), field.shape, indent: indent, comment: fieldComments[fieldPath],
                    fieldComments: fieldComments, path: fieldPath)
            }
            if let extraKeys = object.extraKeys { lines.append("\(padding)$extraKeys: \(extraKeys.rawValue)") }
            return lines
        case .array(let element):
            let padding = String(repeating: " ", count: indent)
            let inner = block(element, indent: 0, fieldComments: fieldComments, path: path)
            return inner.enumerated().map { index, line in
                padding + (index == 0 ? "- " : "  ") + line
            }
        default:
            let text = ShapeText.expression(shape).map { YAMLScalarText.scalar($0) } ?? "Any"
            return [String(repeating: " ", count: indent) + text]
        }
    }

    // MARK: - Values

    /// `name: { a: b }`, or one entry a line when that does not fit or needs quoting inside braces.
    private func entries(_ key: String, _ entries: [SpecEntry], indent: Int) -> [String] {
        guard !entries.isEmpty else { return [] }
        let padding = String(repeating: " ", count: indent)
        let flow = entries.map {
            YAMLScalarText.key($0.name, inFlow: true) + ": " + YAMLScalarText.scalar($0.value, inFlow: true)
        }
        let line = "\(padding)\(key): { \(flow.joined(separator: ", ")) }"
        if line.count <= Self.flowLineLimit { return [line] }
        return ["\(padding)\(key):"]
            + entries.map { "\(padding)  \(YAMLScalarText.key($0.name)): \(YAMLScalarText.scalar($0.value))" }
    }

    /// A JSON value as YAML under `key`: scalars on the line, objects and arrays as blocks.
    private func jsonLines(key: String, _ value: JSONValue, indent: Int) -> [String] {
        let padding = String(repeating: " ", count: indent)
        if let scalar = Self.jsonScalar(value) { return ["\(padding)\(key): \(scalar)"] }
        return ["\(padding)\(key):"] + jsonBlock(value, indent: indent + 2)
    }

    private func jsonBlock(_ value: JSONValue, indent: Int) -> [String] {
        let padding = String(repeating: " ", count: indent)
        switch value {
        case .object(let object):
            return object.entries.flatMap { jsonLines(key: YAMLScalarText.key($0.key), $0.value, indent: indent) }
        case .array(let elements):
            return elements.flatMap { element -> [String] in
                if let scalar = Self.jsonScalar(element) { return ["\(padding)- \(scalar)"] }
                let inner = jsonBlock(element, indent: 0)
                return inner.enumerated().map { index, line in padding + (index == 0 ? "- " : "  ") + line }
            }
        default:
            return [padding + (Self.jsonScalar(value) ?? "null")]
        }
    }

    /// A scalar, an empty object or an empty array as YAML text; nil for the rest.
    private static func jsonScalar(_ value: JSONValue) -> String? {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number.literal
        case .string(let text): return YAMLScalarText.scalar(text)
        case .object(let object): return object.entries.isEmpty ? "{}" : nil
        case .array(let elements): return elements.isEmpty ? "[]" : nil
        }
    }

    // MARK: - Text

    private static func decodingText(keys: KeyStrategy?, dates: DateFormat?) -> String? {
        var parts: [String] = []
        if let keys { parts.append("keys: \(keys.rawValue)") }
        if let dates {
            if case .formatted(let format) = dates {
                parts.append("dates: \(YAMLScalarText.scalar(format, inFlow: true))")
            } else {
                parts.append("dates: \(dates)")
            }
        }
        return parts.isEmpty ? nil : "{ " + parts.joined(separator: ", ") + " }"
    }

    /// `# text`, or `#` alone for an empty line of a comment. A comment's text may come from a file name or a
    /// document: a right-to-left override or a zero-width space in it would make the spec read otherwise than it
    /// is, so those are written as `\u{202E}`.
    private static func commentLine(_ text: String) -> String {
        let line = oneLine(text).escapingNonPrintables()
        return line.isEmpty ? "#" : "# " + line
    }

    /// The text on one line: line breaks and control characters become spaces.
    static func oneLine(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .lineSeparator
                || scalar.properties.generalCategory == .paragraphSeparator
            {
                if output.last != " " { output += " " }
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
        return output.trimmingSpaces()
    }

    private static func trimmingTrailingSpaces(_ line: String) -> String {
        var line = Substring(line)
        while line.last == " " { line = line.dropLast() }
        return String(line)
    }
}
