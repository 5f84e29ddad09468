/// The key `keyedToArray` should give each element of a collection keyed by id, and why that one.
struct KeyedCollectionKey {
    /// The name to write in `keyedToArray: { key: … }`.
    var name: String
    /// The element's field that the entries' keys fill: declared by the spec and absent from every entry.
    var filledField: Field?
    /// A key the entries already send, which keyedToArray would overwrite: why `name` is another.
    var alreadySent: String?
}

extension ShapeWalk {
    /// A collection keyed by id (Firebase style) where the spec promises an array: one finding with the
    /// `keyedToArray` that turns it back, then each entry checked as an element, minus the field its key fills.
    mutating func keyedCollection(
        _ value: Int, members: [Member], element: ObjectShape, at location: SourceLocation, _ declared: Shape
    ) {
        let key = keyedCollectionKey(for: element, entries: members)
        let entries =
            members.prefix(3).map { "'\(view.string($0.key))'" }.joined(separator: ", ")
            + (members.count > 3 ? ", …" : "")
        report(
            .objectInsteadOfArray, .breaking, expected: declared.description,
            actual: "object with \(members.count) \(members.count == 1 ? "entry" : "entries") keyed by id",
            message: "\(lastKeyDescription) is a dictionary keyed by id (\(entries)), not an array",
            hint: keyedToArrayHint(key, declared: declared), at: declared.location,
            proposedTransform: .keyedToArray(at: transformPathHere()))
        var relaxed = element
        if let filled = key.filledField { relaxed.fields.removeAll { $0.name == filled.name } }
        let outerPlan = plan
        let outerUnions = unionsChecked
        plan = ShapePlan(checker: checker, shape: Shape(.object(relaxed), at: location))
        unionsChecked = [:]
        defer {
            plan = outerPlan
            unionsChecked = outerUnions
        }
        for member in members {
            if done { return }
            descend(.keyedEntry(member.key), wildcard: true) { $0.check(member.value, $0.plan.root) }
        }
    }

    /// The key that keyedToArray should write into each element.
    ///
    /// The spec's own field when the entries all lack it: an id-like one, else a required one that holds a string.
    /// Otherwise a name no entry sends and the spec does not declare, since keyedToArray replaces an element's own
    /// value for its key: `id` when it is free, else `key`, `_key`, `_key2`, ...
    func keyedCollectionKey(for element: ObjectShape, entries: [Member]) -> KeyedCollectionKey {
        var sent: Set<String> = []
        for entry in entries {
            for member in members(entry.value) { sent.insert(view.string(member.key)) }
        }
        let absent = element.fields.filter { !sent.contains($0.name) }
        if let field = absent.first(where: { Self.isIDLike($0.name) })
            ?? absent.first(where: { !$0.mayBeAbsent && acceptsString($0.shape) })
        {
            return KeyedCollectionKey(name: field.name, filledField: field)
        }
        let taken = sent.union(element.fields.map(\.name))
        let alreadySent =
            element.fields.first { Self.isIDLike($0.name) && sent.contains($0.name) }?.name
            ?? (sent.contains("id") ? "id" : nil)
        if let name = ["id", "key", "_key"].first(where: { !taken.contains($0) }) {
            return KeyedCollectionKey(name: name, alreadySent: alreadySent)
        }
        var suffix = 2
        while taken.contains("_key\(suffix)") { suffix += 1 }
        return KeyedCollectionKey(name: "_key\(suffix)", alreadySent: alreadySent)
    }

    /// `id`, `key`, `uid`, `uuid`, or a name ending in `Id`, `ID`, `_id`, `Key`, `_key` (`objectId`, `user_id`).
    static func isIDLike(_ name: String) -> Bool {
        if ["id", "key", "uid", "uuid"].contains(name.lowercased()) { return true }
        return ["Id", "ID", "_id", "-id", "Key", "_key", "-key"].contains {
            name.count > $0.count && name.hasSuffix($0)
        }
    }

    /// True when a string such as an entry's key fits `shape`.
    func acceptsString(_ shape: Shape) -> Bool {
        switch checker.resolve(shape).nonOptional.kind {
        case .string, .uuid, .pattern, .any: return true
        default: return false
        }
    }

    private func keyedToArrayHint(_ key: KeyedCollectionKey, declared: Shape) -> String {
        guard let place = transformPathHere() else {
            return
                "keyedToArray's `at:` cannot name this place (under a dictionary's entries, or past a key with '.', '[' or ']'): "
                + "decode it as [String: T] and take the values in the app, or ask the backend team"
        }
        var arguments = "key: \(Self.yamlFlowScalar(key.name))"
        if !place.steps.isEmpty { arguments += ", at: \(Self.yamlFlowScalar(place.description))" }
        var hint =
            "add `- keyedToArray: { \(arguments) }` to the endpoint's transforms to turn it into an array, each element getting its key as '\(key.name)'"
        if let sent = key.alreadySent {
            hint +=
                " (not '\(sent)': the entries already send '\(sent)', and keyedToArray would overwrite it with the entry's key)"
        }
        if let field = key.filledField, !acceptsString(field.shape) {
            hint +=
                "; keyedToArray writes keys as strings, so '\(field.name)' must be a String in the spec and the model"
        }
        return hint
    }

    /// The walk's place as a transform path (`data.users`, `groups[].members`), or nil where none can name it.
    ///
    /// An entry of a collection keyed by id is `[]`: the keyedToArray proposed for that collection, which comes
    /// first, has made it an element. A dictionary's entry cannot be named, nor can a key with `.`, `[` or `]`.
    func transformPathHere() -> TransformPath? {
        var steps: [TransformPath.Step] = []
        var nameable = true
        path.forEach { step in
            guard case .tapeKey(let node) = step.place else {
                steps.append(.everyElement)
                return
            }
            let key = view.string(node)
            if step.isWildcard || key.isEmpty || key.contains(where: { $0 == "." || $0 == "[" || $0 == "]" }) {
                nameable = false
            }
            steps.append(.key(key))
        }
        return nameable ? TransformPath(steps: steps) : nil
    }

    /// `text` as a YAML scalar inside a flow mapping: plain when that reads back as the same string, else quoted.
    static func yamlFlowScalar(_ text: String) -> String {
        let plain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                    || scalar == "_" || scalar == "."
            } && !["true", "false", "null", "yes", "no", "on", "off", "~"].contains(text.lowercased())
        return plain ? text : YAMLScalarText.doubleQuoted(text)
    }
}
