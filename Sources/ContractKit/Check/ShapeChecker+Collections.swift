extension ShapeWalk {
    mutating func checkArray(_ value: Int, element: Int, _ node: Int) {
        switch view.kind(value) {
        case .array:
            let end = view.entries[value].end
            var item = value + 1
            var index = 0
            while item < end {
                if done { return }
                passing(view.entries[item].offset)
                descend(.index(index), wildcard: true) { $0.check(item, element) }
                item = view.next(after: item)
                index += 1
            }
        case .object:
            objectInsteadOfArray(value, element: element, node)
        default:
            mismatch(value, node, hint: nil)
        }
    }

    /// An object where an array was promised: an envelope around the array, a collection keyed by id, or just wrong.
    mutating func objectInsteadOfArray(_ value: Int, element elementNode: Int, _ node: Int) {
        let declared = plan.declared[node]
        let element = plan.declared[elementNode]
        let members = members(value)
        // `{"data": [...]}`: the array arrived one level down.
        let arrayMembers = members.filter { view.kind($0.value) == .array }
        if arrayMembers.count == 1, members.count <= 3, let member = arrayMembers.first {
            reportCollectionEnvelope(member, among: members, collection: "array", declared)
            descend(.tapeKey(member.key), wildcard: false) { $0.check(member.value, node) }
            return
        }
        let resolvedElement = checker.resolve(element)
        let valuesAreObjects = !members.isEmpty && members.allSatisfy { view.kind($0.value) == .object }
        guard valuesAreObjects, case .object(let elementObject) = resolvedElement.kind else {
            report(
                .objectInsteadOfArray, .breaking, expected: declared.description, actual: kindDescription(value),
                message: "\(lastKeyDescription) is an object, but the spec says an array \(declared.description)",
                hint: "declare the property as a struct or [String: T] if the new form is intended",
                at: declared.location)
            return
        }
        keyedCollection(value, members: members, element: elementObject, at: resolvedElement.location, declared)
    }

    mutating func checkDictionary(_ value: Int, valueNode valueShape: Int, _ node: Int) {
        switch view.kind(value) {
        case .object:
            let entry = view.entries[value]
            let findingsBefore = findings.count
            // A dictionary of a few entries may be an envelope, whose findings are then taken back.
            let listedBefore = entry.memberCount <= 3 ? extraKeysListed : [:]
            // What the entries add is read back below: not merged into findings from before.
            let floor = mergeFloor
            mergeFloor = findingsBefore
            defer { mergeFloor = floor }
            var key = value + 1
            while key < entry.end {
                if done { return }
                passing(view.entries[key].offset)
                descend(.tapeKey(key), wildcard: true) { $0.check(key + 1, valueShape) }
                key = view.next(after: key + 1)
            }
            if findings.count > findingsBefore, entry.memberCount <= 3, !stopAtFirst {
                dictionaryEnvelope(
                    value, valueNode: valueShape, node, findingsBefore: findingsBefore, listedBefore: listedBefore)
            }
        case .array:
            let declared = plan.declared[node]
            report(
                .arrayInsteadOfObject, .breaking, expected: declared.description,
                actual: kindDescription(value),
                message: "\(lastKeyDescription) is an array, but the spec says a dictionary \(declared.description)",
                hint:
                    "decode an array ([T]) and build the dictionary in the app, or ask the backend to keep the keyed form",
                at: declared.location)
            for (index, item) in elements(value).enumerated() {
                if done { return }
                descend(.index(index), wildcard: true) { $0.check(item, valueShape) }
            }
        default:
            mismatch(value, node, hint: nil)
        }
    }

    /// `{"data": {"a": {...}, "b": {...}}}` for a `[String: T]`: the entries did not fit, but the values of one
    /// of the object's (at most 3) members all do, and no other member's value does. Then the findings the entries
    /// gave are replaced by one envelope finding and the check of the dictionary inside.
    @inline(never)
    private mutating func dictionaryEnvelope(
        _ value: Int, valueNode: Int, _ node: Int, findingsBefore: Int, listedBefore: [String: Set<String>]
    ) {
        let members = members(value)
        guard !members.contains(where: { fits($0.value, valueNode) }) else { return }
        let envelopes = members.filter { member in
            view.kind(member.value) == .object && view.entries[member.value].memberCount > 0
                && self.members(member.value).allSatisfy { fits($0.value, valueNode) }
        }
        guard envelopes.count == 1, let envelope = envelopes.first else { return }
        findings.removeSubrange(findingsBefore...)
        // The extra keys the entries listed went with their findings: listed again as the envelope's inside is.
        extraKeysListed = listedBefore
        reportCollectionEnvelope(envelope, among: members, collection: "dictionary", plan.declared[node])
        descend(.tapeKey(envelope.key), wildcard: false) { $0.check(envelope.value, node) }
    }

    /// The array or dictionary the spec promises arrived as the value of `member`, one level down.
    mutating func reportCollectionEnvelope(
        _ member: Member, among members: [Member], collection: String, _ declared: Shape
    ) {
        let key = view.string(member.key)
        let others = members.map { view.string($0.key) }.filter { $0 != key }
        report(
            .unexpectedEnvelope, .breaking, expected: declared.description,
            actual: "object with the \(collection) under '\(key)'",
            message: "the \(collection) arrived wrapped in an object, under '\(key)'"
                + (others.isEmpty ? "" : " (beside \(others.map { "'\($0)'" }.joined(separator: ", ")))"),
            hint: envelopeHint(key), at: declared.location, proposedTransform: envelopeTransform(key))
    }

    /// The fix for a value that arrived under `key`: `unwrap` at the body's root; deeper, where `unwrap` (which
    /// replaces the whole body) cannot reach, a wrapper struct.
    func envelopeHint(_ key: String) -> String {
        if path.count == 0 {
            return
                "add `- unwrap: \(key)` to the endpoint's transforms, or decode a wrapper struct with a '\(key)' property"
        }
        return
            "decode a wrapper struct with a '\(key)' property here (`unwrap` replaces the whole body, so it cannot take away an envelope inside it), or ask the backend team to drop '\(key)'"
    }

    /// The transform `envelopeHint` proposes, if any.
    func envelopeTransform(_ key: String) -> ProposedTransform? { path.count == 0 ? .unwrap(key: key) : nil }
}
