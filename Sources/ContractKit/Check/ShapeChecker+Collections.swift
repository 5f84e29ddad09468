extension ShapeWalk {
    mutating func checkArray(_ value: JSONValue, element: Int, _ node: Int) {
        switch value {
        case .array(let items):
            for (index, item) in items.enumerated() {
                if done { return }
                descend(.index(index), wildcard: true) { $0.check(item, element) }
            }
        case .object(let object):
            objectInsteadOfArray(object, element: element, node)
        default:
            mismatch(value, node, hint: nil)
        }
    }

    /// An object where an array was promised: an envelope around the array, a collection keyed by id, or just wrong.
    mutating func objectInsteadOfArray(_ object: JSONObject, element elementNode: Int, _ node: Int) {
        let declared = plan.declared[node]
        let element = plan.declared[elementNode]
        // `{"data": [...]}`: the array arrived one level down.
        let arrayEntries = object.entries.filter { if case .array = $0.value { return true } else { return false } }
        if arrayEntries.count == 1, object.count <= 3, let entry = arrayEntries.first {
            let others = object.entries.filter { $0.key != entry.key }.map(\.key)
            report(.unexpectedEnvelope, .breaking, expected: declared.description,
                   actual: "object with the array under '\(entry.key)'",
                   message: "the array arrived wrapped in an object, under '\(entry.key)'"
                       + (others.isEmpty ? "" : " (beside \(others.map { "'\($0)'" }.joined(separator: ", ")))"),
                   hint: "add `- unwrap: \(entry.key)` to the endpoint's transforms, or decode a wrapper struct with a '\(entry.key)' property",
                   at: declared.location)
            descend(.key(entry.key), wildcard: false) { $0.check(entry.value, node) }
            return
        }
        let resolvedElement = checker.resolve(element)
        let valuesAreObjects = !object.isEmpty && object.entries.allSatisfy {
            if case .object = $0.value { return true } else { return false }
        }
        guard valuesAreObjects, case .object(let elementObject) = resolvedElement.kind else {
            report(.objectInsteadOfArray, .breaking, expected: declared.description, actual: JSONValue.object(object).kindDescription,
                   message: "\(lastKeyDescription) is an object, but the spec says an array \(declared.description)",
                   hint: "declare the property as a struct or [String: T] if the new form is intended", at: declared.location)
            return
        }
        // A collection keyed by id (Firebase style): check each entry as an element, minus the key field it lacks.
        let keyField = keyFieldName(for: elementObject, values: object)
        report(.objectInsteadOfArray, .breaking, expected: declared.description,
               actual: "object with \(object.count) \(object.count == 1 ? "entry" : "entries") keyed by id",
               message: "\(lastKeyDescription) is a dictionary keyed by id (\(object.prefix(3).map { "'\($0.key)'" }.joined(separator: ", "))\(object.count > 3 ? ", …" : "")), not an array",
               hint: "add `- keyedToArray: { key: \(keyField) }` to the endpoint's transforms to turn it into an array, each element getting its key as '\(keyField)'",
               at: declared.location)
        var relaxed = elementObject
        relaxed.fields.removeAll { $0.name == keyField }
        let outerPlan = plan
        plan = ShapePlan(checker: checker, shape: Shape(.object(relaxed), at: resolvedElement.location))
        defer { plan = outerPlan }
        for entry in object.entries {
            if done { return }
            descend(.key(entry.key), wildcard: true) { $0.check(entry.value, $0.plan.root) }
        }
    }

    /// The element field that the entries' keys most likely fill: an id-like field absent from every entry.
    func keyFieldName(for element: ObjectShape, values: JSONObject) -> String {
        let absent = element.fields.filter { field in
            values.entries.allSatisfy { $0.value.objectValue?[field.name] == nil }
        }.map(\.name)
        let idLike = absent.filter { name in
            let normalized = KeyNames.normalized(name)
            return normalized == "id" || normalized.hasSuffix("id") || normalized == "key" || normalized == "uid" || normalized == "uuid"
        }
        return idLike.first ?? absent.first ?? "id"
    }

    mutating func checkDictionary(_ value: JSONValue, valueNode valueShape: Int, _ node: Int) {
        switch value {
        case .object(let object):
            for entry in object.entries {
                if done { return }
                descend(.key(entry.key), wildcard: true) { $0.check(entry.value, valueShape) }
            }
        case .array(let items):
            let declared = plan.declared[node]
            report(.arrayInsteadOfObject, .breaking, expected: declared.description,
                   actual: items.count == 1 ? "array with 1 element" : "array with \(items.count) elements",
                   message: "\(lastKeyDescription) is an array, but the spec says a dictionary \(declared.description)",
                   hint: "decode an array ([T]) and build the dictionary in the app, or ask the backend to keep the keyed form",
                   at: declared.location)
            for (index, item) in items.enumerated() {
                if done { return }
                descend(.index(index), wildcard: true) { $0.check(item, valueShape) }
            }
        default:
            mismatch(value, node, hint: nil)
        }
    }
}
