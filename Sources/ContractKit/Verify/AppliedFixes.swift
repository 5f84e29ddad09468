/// Shape findings whose fix the endpoint already has: the transform the hint proposes is in place, and the app
/// reads the body through it. What is left is the spec, since `expect.body` describes the body as the server
/// sends it; the hint says that, rather than proposing the same transform again.
enum AppliedFixes {
    static func nextSteps(_ items: inout [ShapeFinding], endpoint: Endpoint, shapes: [String: Shape]) {
        for index in items.indices {
            guard let proposed = items[index].proposedTransform,
                let transform = endpoint.transforms.first(where: { applies($0.operation, proposed) })
            else { continue }
            let finding = items[index].finding
            let place = finding.specLocation.map { " (\($0))" } ?? ""
            switch proposed {
            case .keyedToArray:
                var hint =
                    "the endpoint's keyedToArray (\(transform.location)) already turns this dictionary into the array the app reads; "
                    + "what is left is the spec: `expect.body` describes the body as the server sends it, so "
                    + dictionaryForm(of: finding.expected) + place
                if case .keyedToArray(let key, _, _) = transform.operation,
                    let name = elementName(of: finding.expected),
                    case .object(let object)? = shapes[name]?.kind,
                    object.fields.contains(where: { $0.name == key && !$0.mayBeAbsent })
                {
                    // The entries do not send the field their key fills, so the dictionary's values lack it.
                    hint +=
                        "; and write '\(key)' in \(name) as `\(key)?:`, since keyedToArray fills it from each entry's key"
                }
                items[index].finding.hint = hint
            case .renameKeys(let from, let to):
                guard case .key(let sent)? = from.steps.last else { continue }
                items[index].finding.hint =
                    "the endpoint's renameKeys (\(transform.location)) already reads '\(sent)' as '\(to)' for the app; "
                    + "what is left is the spec: `expect.body` describes the body as the server sends it, so "
                    + "write '\(sent)' here instead of '\(to)'\(place)"
            case .unwrap(let key):
                items[index].finding.hint =
                    "the endpoint's `unwrap: \(key)` (\(transform.location)) already takes the body out of '\(key)' for the app; "
                    + "what is left is the spec: `expect.body` describes the body as the server sends it, so "
                    + "move what it says now one level down, under a '\(key)' key\(place)"
            }
            items[index].proposedTransform = nil
        }
    }

    /// True when `operation` is the transform `proposed` asks for.
    private static func applies(_ operation: TransformSpec.Operation, _ proposed: ProposedTransform) -> Bool {
        switch (operation, proposed) {
        case (.keyedToArray(_, _, let at), .keyedToArray(let place?)):
            return (try? TransformPath(parsing: at ?? "")) == place
        case (.unwrap(let path), .unwrap(let key)):
            // Only the same unwrap: after `unwrap: data.items` the spec's body is not simply one level down.
            return path == key
        case (.renameKeys(let renames), .renameKeys(let from, let to)):
            return renames.contains { (try? TransformPath(parsing: $0.from)) == from && $0.to == to }
        default:
            return false
        }
    }

    /// `Order` for `[Order]` or `[Order]?`.
    private static func elementName(of expected: String) -> String? {
        var text = Substring(expected)
        if text.hasSuffix("?") { text = text.dropLast() }
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let name = text.dropFirst().dropLast()
        return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? String(name) : nil
    }

    /// `[Order]` as the dictionary the server now sends: `[String: Order]`.
    private static func dictionaryForm(of expected: String) -> String {
        var element = Substring(expected)
        let optional = element.hasSuffix("?")
        if optional { element = element.dropLast() }
        guard element.hasPrefix("["), element.hasSuffix("]") else {
            return "declare this place as a dictionary of its elements (`[String: T]`)"
        }
        element = element.dropFirst().dropLast()
        guard !element.contains("{"), !element.contains(":") else {
            return "declare the element under `shapes:` and write `[String: ThatShape]` here instead of `\(expected)`"
        }
        return "write `[String: \(element)]\(optional ? "?" : "")` here instead of `\(expected)`"
    }
}
