import Foundation

/// A JSON path pattern naming body values to redact: `$.token`, `$.users[*].email`, `$..password`.
///
/// Written in an endpoint's `redact:` list and applied to request and response bodies alike. `*` matches any
/// key or index, `..key` matches `key` at any depth, `["odd key"]` quotes a key that is not an identifier.
package struct RedactionPath: Sendable, Hashable, CustomStringConvertible {
    enum Step: Sendable, Hashable {
        case key(String)
        case index(Int)
        case anyChild
        case descendant(String)
    }

    let steps: [Step]
    /// The pattern as written.
    package let description: String

    /// Parses a pattern; `location` names the spec line in errors.
    package init(parsing text: String, at location: SourceLocation? = nil) throws(ContractError) {
        func invalid(_ why: String) -> ContractError {
            ContractError(
                .invalidSpec, "'\(text)' in 'redact' is not a JSON path: \(why)", at: location,
                hint: "write paths such as $.token, $.users[*].email, $[\"api key\"] or $..password")
        }
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard rest.first == "$" else { throw invalid("it must start with '$'") }
        rest = rest.dropFirst()
        var steps: [Step] = []
        while let first = rest.first {
            if rest.hasPrefix("..") {
                rest = rest.dropFirst(2)
                let name = RedactionPath.identifier(&rest)
                guard !name.isEmpty, name != "*" else { throw invalid("'..' must be followed by a key name") }
                steps.append(.descendant(name))
            } else if first == "." {
                rest = rest.dropFirst()
                let name = RedactionPath.identifier(&rest)
                guard !name.isEmpty else { throw invalid("'.' must be followed by a key name or '*'") }
                steps.append(name == "*" ? .anyChild : .key(name))
            } else if first == "[" {
                guard let close = RedactionPath.closingBracket(in: rest) else { throw invalid("a '[' is not closed") }
                let inside = rest[rest.index(after: rest.startIndex)..<close].trimmingCharacters(in: .whitespaces)
                rest = rest[rest.index(after: close)...]
                if inside == "*" {
                    steps.append(.anyChild)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else if inside.count >= 2, let quote = inside.first, quote == "\"" || quote == "'",
                    inside.last == quote
                {
                    steps.append(.key(String(inside.dropFirst().dropLast())))
                } else {
                    throw invalid("'[\(inside)]' is neither an index, '*' nor a quoted key")
                }
            } else {
                throw invalid("unexpected '\(first)'")
            }
        }
        guard !steps.isEmpty else { throw invalid("'$' alone would redact the whole body") }
        self.steps = steps
        self.description = text
    }

    /// `value` with every matched value replaced by `replacement`.
    package func redacting(_ value: JSONValue, with replacement: JSONValue) -> JSONValue {
        redacting(value) { _ in replacement }
    }

    /// `value` with what this path reaches replaced by `replacement` of what was there.
    package func redacting(_ value: JSONValue, by replacement: (JSONValue) -> JSONValue) -> JSONValue {
        var copy = value
        RedactionPath.apply(steps[...], to: &copy, replacement: replacement)
        return copy
    }

    private static func apply(
        _ steps: ArraySlice<Step>, to value: inout JSONValue, replacement: (JSONValue) -> JSONValue
    ) {
        guard let step = steps.first else {
            value = replacement(value)
            return
        }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.key(let key), .object(var object)):
            for index in object.entries.indices where object.entries[index].key == key {
                apply(rest, to: &object.entries[index].value, replacement: replacement)
            }
            value = .object(object)
        case (.index(let position), .array(var items)) where items.indices.contains(position):
            apply(rest, to: &items[position], replacement: replacement)
            value = .array(items)
        case (.anyChild, .object(var object)):
            for index in object.entries.indices {
                apply(rest, to: &object.entries[index].value, replacement: replacement)
            }
            value = .object(object)
        case (.anyChild, .array(var items)):
            for index in items.indices { apply(rest, to: &items[index], replacement: replacement) }
            value = .array(items)
        case (.descendant(let key), .object(var object)):
            for index in object.entries.indices {
                if object.entries[index].key == key {
                    apply(rest, to: &object.entries[index].value, replacement: replacement)
                }
                // Keep looking below, unless the value was just replaced by a scalar.
                apply(steps, to: &object.entries[index].value, replacement: replacement)
            }
            value = .object(object)
        case (.descendant, .array(var items)):
            for index in items.indices { apply(steps, to: &items[index], replacement: replacement) }
            value = .array(items)
        default:
            break
        }
    }

    /// Reads a key name up to the next `.` or `[`.
    private static func identifier(_ rest: inout Substring) -> String {
        let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
        let name = String(rest[..<end])
        rest = rest[end...]
        return name
    }

    /// The `]` closing the bracket at the start of `text`, skipping over a quoted key.
    private static func closingBracket(in text: Substring) -> Substring.Index? {
        var quote: Character?
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "]" {
                return index
            }
            index = text.index(after: index)
        }
        return nil
    }
}
