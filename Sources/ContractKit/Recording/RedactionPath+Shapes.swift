extension RedactionPath {
    /// Lint warnings for `redact:` paths that point at values the spec types so narrowly that the placeholder a
    /// recording holds there (`<redacted>`) fails the check: an `enum(…)`, an `Int(…)` without 0, or a `String(/pattern/)`. The recorder
    /// keeps a redacted value's JSON type, a UUID's, a URL's and a date's form, but not a value from a list.
    package static func typingWarnings(for endpoints: [Endpoint], shapes: [String: Shape]) -> [SpecWarnings.Warning] {
        let locator = ShapeLocator(shapes: shapes)
        var warnings: [SpecWarnings.Warning] = []
        for endpoint in endpoints {
            guard let body = endpoint.expect.body else { continue }
            for text in endpoint.redactions {
                guard let path = try? RedactionPath(parsing: text) else { continue }
                for shape in path.shapes(in: body, locator: locator) {
                    let narrow: String
                    var placeholder = "'\(SecretRedaction.placeholder)'"
                    switch shape.kind {
                    case .enumeration: narrow = "a value from a list"
                    case .integers(let values) where !values.contains(0):
                        narrow = "a value from a list"
                        placeholder = "0"
                    case .pattern: narrow = "a pattern"
                    default: continue
                    }
                    warnings.append(
                        SpecWarnings.Warning(
                            location: shape.location,
                            message:
                                "'\(text)' is redacted in \(endpoint.id)'s recordings, but the spec types it \(shape) (\(narrow)): the placeholder \(placeholder) stored there will be reported as drift",
                            hint:
                                "a secret's form cannot be checked from its recording: type it String in the spec, or stop redacting it"
                        ))
                }
            }
        }
        return warnings
    }

    /// The shapes the spec gives the places this path names, with names and `?` resolved.
    func shapes(in root: Shape, locator: ShapeLocator) -> [Shape] {
        var current = [locator.resolve(root)]
        for step in steps {
            var next: [Shape] = []
            for shape in current {
                switch (step, shape.kind) {
                case (.key(let key), .object(let object)):
                    next += object.fields.filter { $0.name == key }.map(\.shape)
                case (.key, .dictionary(let value)), (.anyChild, .dictionary(let value)):
                    next.append(value)
                case (.index, .array(let element)), (.anyChild, .array(let element)):
                    next.append(element)
                case (.anyChild, .object(let object)):
                    next += object.fields.map(\.shape)
                case (.descendant(let name), _):
                    next += Self.descendants(named: name, of: shape, locator: locator)
                default:
                    break
                }
            }
            current = next.map(locator.resolve)
        }
        return current
    }

    /// Every field named `name` at any depth under `shape`, each named shape followed once.
    private static func descendants(named name: String, of shape: Shape, locator: ShapeLocator) -> [Shape] {
        var found: [Shape] = []
        var visited: Set<String> = []
        func walk(_ shape: Shape, depth: Int) {
            guard depth < 64 else { return }
            if case .named(let shapeName) = shape.kind, !visited.insert(shapeName).inserted { return }
            let resolved = locator.resolve(shape)
            switch resolved.kind {
            case .object(let object):
                for field in object.fields {
                    if field.name == name { found.append(field.shape) }
                    walk(field.shape, depth: depth + 1)
                }
            case .array(let inner), .dictionary(let inner):
                walk(inner, depth: depth + 1)
            default:
                break
            }
        }
        walk(shape, depth: 0)
        return found
    }
}
