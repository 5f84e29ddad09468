/// Fixes for model failures, in the app's terms: a `CodingKeys` case, an Optional property, a date strategy,
/// a transform.
enum DecodeHints {
    /// A fix for `failure`; `rawPath` and `body` (the raw body) let it spot a key that changed its spelling, and
    /// `keys` a property that the key strategy can never match.
    static func hint(
        for failure: DecodeFailure, rawPath: JSONPath, body: JSONValue, keys: KeyStrategy = .useDefaultKeys
    ) -> String {
        // A property name that is not Swift (the probe could not tell the property from its key, `user-agent`) is
        // named by its key and never written as code.
        let swiftName = failure.property.flatMap { isSwiftIdentifier($0) ? $0 : nil }
        let property =
            swiftName.map { "`\(failure.ownerType ?? "?").\($0)`" }
            ?? failure.property.map { "the property of \(failure.ownerType ?? "the model") that reads '\($0)'" }
            ?? "the model"
        let defaultsPath = pattern(failure.path)
        switch failure.kind {
        case .keyNotFound:
            guard let name = swiftName else {
                return
                    "make \(property) Optional if the backend may leave it out, or supply it with `- defaults: { \"\(defaultsPath)\": … }` after the other transforms; if the key was renamed, map it in CodingKeys"
            }
            if keys == .anyCase, AnyCaseKeys.canonical(name) != name {
                return
                    "`keys: anyCase` reads every JSON key as lower camel case ('\(AnyCaseKeys.canonical(name))'), so \(property) is never matched: "
                    + "rename the property `\(AnyCaseKeys.canonical(name))`, or map it in CodingKeys (`case \(name) = \"\(AnyCaseKeys.canonical(name))\"`)"
            }
            if case .key(let key)? = rawPath.components.last,
                let variant = body[path: rawPath.parent]?.objectValue?.keys.first(where: {
                    $0 != key && KeyNames.normalized($0) == KeyNames.normalized(key)
                })
            {
                return
                    "the key is now spelled '\(variant)': map it in CodingKeys (`case \(name) = \"\(variant)\"`), or decode with `keys: anyCase` (JSONDecoder.KeyDecodingStrategy.anyCase)"
            }
            return
                "make \(property) Optional (`var \(name): \(failure.expectedType)?`) if the backend may leave it out, "
                + "or supply it with `- defaults: { \"\(defaultsPath)\": … }` after the other transforms; if the key was renamed, map it in CodingKeys"
        case .valueNotFound:
            return
                "declare \(property) as `\(failure.expectedType)?`, or replace null with `- defaults: { \"\(defaultsPath)\": … }` after the other transforms"
        case .typeMismatch:
            if failure.expectedType == "Date" { return dateHint(failure) }
            guard let found = failure.found else { return "see the error: \(failure.detail)" }
            return "the backend now sends \(kindWithArticle(found)): "
                + "declare \(property) as `\(swiftType(for: found))`, or accept both forms in a custom `init(from:)`"
        case .dataCorrupted:
            if failure.expectedType == "Date" { return dateHint(failure) }
            if case .string(let text)? = failure.found, let problem = foundationTypeProblem(failure.expectedType, text)
            {
                return problem
                    + ": declare \(property) as `String` and convert where it is used, or ask the backend team"
            }
            if case .string(let text)? = failure.found {
                return
                    "if \(failure.expectedType) is an enum, add `case \(ShapeWalk.swiftCaseName(text)) = \(ShapeWalk.swiftStringLiteral(text))` to it, "
                    + "and decode unknown values into a fallback case so the next new value does not break the app"
            }
            if case .number(let number)? = failure.found, let value = Int(number.literal) {
                // An enum with Int raw values (`Int(1, 2, 3)` in the spec) met a new number.
                return
                    "if \(failure.expectedType) is an enum, add `case \(Shape.integerCaseName(value)) = \(value)` to it, "
                    + "and decode unknown values into a fallback case so the next new value does not break the app"
            }
            return "the value is not one \(failure.expectedType) accepts: \(failure.detail)"
        case .other:
            return "the model's init(from:) threw: \(failure.detail)"
        }
    }

    /// True when `name` can be written as a Swift property or enum case: a letter or `_`, then letters, digits, `_`.
    static func isSwiftIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    /// What is wrong with `text` for a Foundation type that is no enum, in words about that type; nil for any other
    /// type, which may be an enum.
    static func foundationTypeProblem(_ type: String, _ text: String) -> String? {
        let shown = ShapeWalk.swiftStringLiteral(text)
        switch type {
        case "UUID", "Foundation.UUID":
            return "\(shown) is not a UUID (32 hexadecimal digits in groups of 8-4-4-4-12)"
        case "URL", "Foundation.URL":
            return "\(shown) is not a URL Foundation can read"
        case "Decimal", "Foundation.Decimal":
            return "\(shown) is not a decimal number"
        case "Data", "Foundation.Data":
            return "\(shown) is not base64, which is how JSONDecoder reads Data"
        case "Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "Double", "Float", "Bool":
            return "\(shown) is not a \(type)"
        default:
            return nil
        }
    }

    private static func dateHint(_ failure: DecodeFailure) -> String {
        guard let found = failure.found, let style = DateSniffer.style(of: found) else {
            return "the value is not a date: ask the backend team, or declare the property String"
        }
        let flexible = FlexibleDate.parse(found) != nil
        if case .unrecognised = style, case .number = found {
            return "the value is \(style.description(for: found)): ask the backend team which date it means"
        }
        switch (style.suggestedStrategy(for: found), flexible) {
        case (let strategy?, true):
            return
                "the value looks like \(style): decode with `dates: \(strategy)`, or `dates: flexible` (JSONDecoder.DateDecodingStrategy.flexible reads every common form)"
        case (let strategy?, false):
            if case .slashed = style, case .string(let text) = found,
                FormatterCache.shared.formatter(for: "MM/dd/yyyy").date(from: text) != nil,
                FormatterCache.shared.formatter(for: "dd/MM/yyyy").date(from: text) != nil
            {
                return
                    "the value looks like \(style): decode with `dates: \"dd/MM/yyyy\"` (or \"MM/dd/yyyy\"; both read it, so ask the backend team which), or JSONDecoder.DateDecodingStrategy.flexible(formats: [\"dd/MM/yyyy\"])"
            }
            return
                "the value looks like \(style): decode with `dates: \(strategy)` (JSONDecoder.DateDecodingStrategy.flexible(formats: [\(strategy)]) reads it too)"
        case (nil, true):
            return
                "the value looks like \(style): decode with `dates: flexible` (JSONDecoder.DateDecodingStrategy.flexible)"
        case (nil, false):
            if case .slashed = style {
                return
                    "the value looks like \(style): decode with `dates: \"dd/MM/yyyy\"` (or \"MM/dd/yyyy\"; ask the backend team which), or JSONDecoder.DateDecodingStrategy.flexible(formats: [\"dd/MM/yyyy\"])"
            }
            return
                "the value looks like \(style): ask the backend team, or decode with a format that reads it (JSONDecoder.DateDecodingStrategy.flexible(formats: [...]))"
        }
    }

    /// `notices[].title` for `$.notices[2].title`: the path as the `defaults` transform writes it.
    static func pattern(_ path: JSONPath) -> String {
        TransformPath(
            steps: path.components.map { component in
                if case .key(let key) = component { return .key(key) }
                return .everyElement
            }
        ).description
    }

    /// For a key the backend renamed or respelt: the rename the app can make, in the endpoint's `renameKeys` when
    /// it has one, or in `CodingKeys`; for a new name (not a new spelling), a `renameKeys` transform rather than
    /// `keys: anyCase`, which only reads new spellings.
    ///
    /// `rawPath` is the new key's place as the server sends it, which is how renameKeys names it; the new name is
    /// the key the model looks for (its coding key), else `specKey`.
    static func renameHint(
        newKey: String, rawPath: JSONPath?, specKey: String?, failure: DecodeFailure, endpoint: Endpoint,
        renamed: Bool
    ) -> String {
        let property = failure.property ?? newKey
        let codingKeys =
            "map it in CodingKeys (`case \(property) = \"\(newKey)\"` in \(failure.ownerType ?? "the model"))"
        let place = rawPath ?? JSONPath(components: failure.path.components.dropLast() + [.key(newKey)])
        let nameable = !place.components.contains {
            if case .key(let key) = $0 { return key.contains(where: { ".[]".contains($0) }) }
            return false
        }
        let from = ShapeWalk.yamlFlowScalar(DecodeHints.pattern(place))
        // The key the model looks for after the transforms: its coding key, as its decoder spelt it.
        var modelKey = specKey ?? property
        if case .key(let key)? = failure.path.components.last { modelKey = key }
        let to = ShapeWalk.yamlFlowScalar(modelKey)
        if nameable,
            endpoint.transforms.contains(where: {
                if case .renameKeys = $0.operation { return true } else { return false }
            })
        {
            return "the key is now '\(newKey)': add `\(from): \(to)` to the endpoint's renameKeys, or \(codingKeys)"
        }
        if renamed {
            return "the key is now '\(newKey)': \(codingKeys)"
                + (nameable ? ", or add `- renameKeys: { \(from): \(to) }` to the endpoint's transforms" : "")
        }
        return "the key is now '\(newKey)': \(codingKeys), or decode with `keys: anyCase` if only its spelling changed"
    }

    static func kindWithArticle(_ value: JSONValue) -> String {
        switch value {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }

    static func swiftType(for value: JSONValue) -> String {
        switch value {
        case .string: return "String"
        case .number(let number): return number.isInteger ? "Int" : "Double"
        case .bool: return "Bool"
        case .array: return "[…]"
        case .object: return "a struct or [String: …]"
        case .null: return "Optional"
        }
    }
}
