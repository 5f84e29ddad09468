/// Text with `${NAME}` references to environment variables, resolved only when a request is sent.
///
/// Values that come from the environment are secrets by default: ``resolve(in:)`` returns them so the
/// recorder can redact every place they would otherwise appear.
package struct Template: Sendable, Hashable, CustomStringConvertible {
    /// A run of literal text or a variable reference.
    package enum Part: Sendable, Hashable {
        case literal(String)
        case variable(String)
    }

    /// The parts in order.
    package var parts: [Part]
    /// Where the text is written in its spec.
    package var location: SourceLocation?

    /// `text` written so that a template reads it as itself: a literal `${` becomes `$${`, not a variable.
    package static func literal(_ text: String) -> String {
        text.replacingOccurrences(of: "${", with: "$${")
    }

    /// `value` with every string and key in it written as ``literal(_:)`` writes text: a request body taken from a
    /// document or a capture, which a spec's `body:` would otherwise read `${NAME}` in as a variable to fill from the
    /// environment, and send (keys are filled as strings are).
    package static func literal(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(literal(text))
        case .array(let items): return .array(items.map(literal))
        case .object(var object):
            for index in object.entries.indices {
                object.entries[index].key = literal(object.entries[index].key)
                object.entries[index].value = literal(object.entries[index].value)
            }
            return .object(object)
        case .number, .bool, .null: return value
        }
    }

    /// Parses `${NAME}` references; `$${` writes a literal `${`.
    package init(parsing text: String, at location: SourceLocation? = nil) throws(ContractError) {
        self.location = location
        // Most texts (paths, header values) have no `$`: one literal, found by a scan of the bytes.
        guard text.utf8.contains(UInt8(ascii: "$")) else {
            parts = [.literal(text)]
            return
        }
        var parts: [Part] = []
        var literal = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            literal += rest[..<dollar]
            let after = rest[dollar...].dropFirst()
            if after.hasPrefix("${") {
                literal += "${"
                rest = after.dropFirst(2)
                continue
            }
            guard after.first == "{" else {
                literal += "$"
                rest = after
                continue
            }
            guard let close = after.firstIndex(of: "}") else {
                throw ContractError(
                    .invalidSpec, "unterminated '${' in \"\(text)\"", at: location,
                    hint: "write ${NAME} for an environment variable, or $${ for a literal '${'")
            }
            let name = String(after[after.index(after: after.startIndex)..<close])
            guard Template.isVariableName(name) else {
                throw ContractError(
                    .invalidSpec, "'\(name)' is not an environment variable name in \"\(text)\"", at: location,
                    hint: "names are letters, digits and '_', not starting with a digit")
            }
            if !literal.isEmpty { parts.append(.literal(literal)) }
            literal = ""
            parts.append(.variable(name))
            rest = after[after.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty || parts.isEmpty { parts.append(.literal(literal)) }
        self.parts = parts
    }

    /// A template with no variables.
    package init(literal: String) {
        self.parts = [.literal(literal)]
        self.location = nil
    }

    /// The variables referenced, in order.
    package var variables: [String] {
        parts.compactMap { if case .variable(let name) = $0 { return name } else { return nil } }
    }

    /// The text with variables resolved, and the values that came from the environment (secrets).
    package func resolve(in environment: [String: String]) throws(ContractError) -> (text: String, secrets: [String]) {
        var text = ""
        var secrets: [String] = []
        for part in parts {
            switch part {
            case .literal(let literal):
                text += literal
            case .variable(let name):
                guard let value = environment[name] else {
                    throw ContractError(
                        .missingEnvironmentVariable, "environment variable '\(name)' is not set", at: location,
                        hint: "export \(name)=… before running, or remove the reference from the spec")
                }
                text += value
                if !value.isEmpty { secrets.append(value) }
            }
        }
        return (text, secrets)
    }

    /// The text as written in the spec, with `${NAME}` references.
    package var description: String {
        parts.map { part -> String in
            switch part {
            case .literal(let literal): return literal.replacingDollarBraces()
            case .variable(let name): return "${\(name)}"
            }
        }.joined()
    }

    static func isVariableName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}

extension String {
    fileprivate func replacingDollarBraces() -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: "${") {
            result += rest[..<range.lowerBound] + "$${"
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
