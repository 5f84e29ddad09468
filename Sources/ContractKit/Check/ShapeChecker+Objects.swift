extension ShapeWalk {
    mutating func checkObject(_ value: JSONValue, _ shape: ShapePlan.Object, _ node: Int) {
        guard case .object(let object) = value else {
            let declared = plan.declared[node]
            if case .array(let items) = value {
                let hint = items.count == 1
                    ? "the object arrived inside a one-element array: decode [T] and take the first element, or ask the backend"
                    : "decode an array ([T]) if the new form is intended"
                report(.arrayInsteadOfObject, .breaking, expected: declared.description, actual: value.kindDescription,
                       message: "\(lastKeyDescription) is an array, but the spec says an object \(declared.description)",
                       hint: hint, at: declared.location)
            } else {
                mismatch(value, declared, hint: nil)
            }
            return
        }
        // Most bodies send exactly the declared keys, most often in the declared order. Then each field matches the
        // one entry with its name, every key is claimed, and the passes below would find nothing more.
        guard shape.hasDistinctNames, object.count == shape.fieldNames.count else {
            return checkObjectKeyByKey(object, shape, node)
        }
        if Self.keysAreFieldNamesInOrder(object, shape) {
            object.entries.withUnsafeBufferPointer { entries in
                for position in entries.indices {
                    if done { return }
                    checkFieldValue(entries[position].value, shape, position, key: entries[position].key)
                }
            }
            return
        }
        if object.count <= 64 {
            let matched = withUnsafeTemporaryAllocation(of: Int.self, capacity: object.count) { positions in
                guard Self.matchKeysOneToOne(object, shape, into: positions) else { return false }
                object.entries.withUnsafeBufferPointer { entries in
                    for field in positions.indices {
                        if done { return }
                        let position = positions[field]
                        checkFieldValue(entries[position].value, shape, field, key: entries[position].key)
                    }
                }
                return true
            }
            if matched { return }
        }
        checkObjectKeyByKey(object, shape, node)
    }

    private static func keysAreFieldNamesInOrder(_ object: JSONObject, _ shape: ShapePlan.Object) -> Bool {
        let names = shape.fieldNames
        for position in names.indices where object.entries[position].key != names[position] { return false }
        return true
    }

    /// Finds, for each field in turn, the entry with its name, and writes its position to `positions`; false unless
    /// every field finds a different entry. The field names are distinct and as many as the entries, so success means
    /// the keys are the field names, each once, and the entry found is the only one with that key.
    private static func matchKeysOneToOne(
        _ object: JSONObject, _ shape: ShapePlan.Object, into positions: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        let names = shape.fieldNames
        let count = names.count
        var used: UInt64 = 0
        var next = 0
        var previous = count
        return object.entries.withUnsafeBufferPointer { entries in
            for field in 0..<count {
                // Try the entry after the previous field's, then the one before it (keys in reverse order), then all.
                var position = -1
                let before = previous - 1
                if next < count && entries[next].key == names[field] {
                    position = next
                } else if before >= 0 && entries[before].key == names[field] {
                    position = before
                } else {
                    position = entries.lastIndex { $0.key == names[field] } ?? -1
                }
                guard position >= 0, used & (1 << UInt64(position)) == 0 else { return false }
                used |= 1 << UInt64(position)
                positions[field] = position
                previous = position
                next = position + 1
            }
            return true
        }
    }

    private mutating func checkObjectKeyByKey(_ object: JSONObject, _ plannedShape: ShapePlan.Object, _ node: Int) {
        let shape = plannedShape.shape
        let declared = plan.declared[node]
        let policy = shape.extraKeys ?? checker.options.extraKeys
        var index = KeyIndex(object)

        // Pass 1: exact keys.
        var unmatched: [Int] = []
        for position in shape.fields.indices {
            if done { return }
            if let entry = index.claimExact(plannedShape.fieldNames[position]) {
                checkFieldValue(entry.value, plannedShape, position, key: entry.key)
            } else {
                unmatched.append(position)
            }
        }
        if done { return }

        // Pass 2: the expected fields one level down, under a single new key (an envelope such as `data`).
        // Checked before spelling variants, so that `{"data": {...}}` around a body with a `Data` field reads as
        // an envelope rather than as `Data` re-spelt.
        let required = unmatched.filter { !shape.fields[$0].mayBeAbsent }
        if required.count >= 2 || (!required.isEmpty && required.count == shape.fields.count),
           let envelope = envelopeCandidate(index.unclaimed, shape: shape) {
            index.claim(envelope.key)
            report(.unexpectedEnvelope, .breaking, expected: declared.description, actual: "the fields under '\(envelope.key)'",
                   message: "the expected fields arrived one level down, under '\(envelope.key)'",
                   hint: "add `- unwrap: \(envelope.key)` to the endpoint's transforms, or decode a wrapper struct with a '\(envelope.key)' property",
                   at: declared.location)
            descend(.key(envelope.key), wildcard: false) { $0.check(envelope.value, node) }
            reportExtraKeys(index.unclaimed, policy: policy, declared)
            return
        }

        // Pass 3: case or separator variants of the expected key.
        var missing: [Int] = []
        for position in unmatched {
            if done { return }
            let field = shape.fields[position]
            if let variant = index.claimVariant(of: field.name) {
                let copes = KeyNames.strategy(checker.options.keys, reads: variant.key, as: field.name)
                report(.keyCaseChanged, copes ? .warning : .breaking, expected: "'\(field.name)'", actual: "'\(variant.key)'",
                       message: "'\(field.name)' is absent and '\(variant.key)' is present: the key changed its spelling",
                       hint: copes
                           ? "the app's `keys: \(checker.options.keys.rawValue)` strategy still reads it; update the spec to '\(variant.key)'"
                           : "map it in CodingKeys (`case \(KeyNames.convertFromSnakeCase(field.name)) = \"\(variant.key)\"`), or decode with `keys: anyCase`",
                       at: field.location, extraComponent: .key(variant.key), specKey: field.name)
                checkFieldValue(variant.value, plannedShape, position, key: variant.key)
            } else if !field.mayBeAbsent {
                missing.append(position)
            }
        }
        if done { return }

        // Pass 4 (heuristic): a missing key and an unexpected key whose value fits look like a rename.
        for position in missing {
            if done { return }
            let field = shape.fields[position]
            if let renamed = renameCandidate(
                for: field, node: plannedShape.fieldNodes[position], among: index.unclaimed, missingCount: missing.count)
            {
                index.claim(renamed.key)
                report(.keyRenamed, .breaking, expected: "'\(field.name)'", actual: "'\(renamed.key)'",
                       message: "heuristic: '\(field.name)' is absent and '\(renamed.key)' holds a value of the same shape; it was probably renamed",
                       hint: "if so, map it in CodingKeys (`case \(KeyNames.convertFromSnakeCase(field.name)) = \"\(renamed.key)\"`), or add `- renameKeys: { \(renamed.key): \(field.name) }`",
                       at: field.location, extraComponent: .key(renamed.key), specKey: field.name)
                checkFieldValue(renamed.value, plannedShape, position, key: renamed.key)
            } else {
                report(.missingKey, .breaking, expected: "'\(field.name)': \(field.shape)", actual: "absent",
                       message: "'\(field.name)' is missing",
                       hint: "make the property Optional if the backend may leave it out (and write '\(field.name)?' in the spec), or add a default with the `defaults` transform",
                       at: field.location, extraComponent: .key(field.name), specKey: field.name)
            }
        }
        reportExtraKeys(index.unclaimed, policy: policy, declared)
    }

    /// Checks the value of the field at `position` of `shape`, sent under `key`.
    @inline(__always)
    mutating func checkFieldValue(_ value: JSONValue, _ shape: ShapePlan.Object, _ position: Int, key: String) {
        path.push(.key(key), isWildcard: false)
        if case .null = value, shape.fieldMayBeNull[position] {
        } else {
            check(value, shape.fieldNodes[position])
        }
        path.pop()
    }

    mutating func reportExtraKeys(_ entries: [JSONObject.Entry], policy: ExtraKeysPolicy, _ declared: Shape) {
        guard policy != .ignore else { return }
        for entry in entries {
            let forbidden = policy == .forbid
            report(.extraKey, forbidden ? .breaking : .info, expected: "no key '\(entry.key)'", actual: entry.value.kindDescription,
                   message: "'\(entry.key)' is not in the spec" + (forbidden ? " and this object forbids extra keys" : ""),
                   hint: forbidden
                       ? "add '\(entry.key)' to the spec, or relax the object's extraKeys policy"
                       : "nothing breaks; add '\(entry.key)' to the spec when the app starts using it",
                   at: declared.location, extraComponent: .key(entry.key))
        }
    }

    /// An unclaimed key whose object value holds at least half of the expected fields.
    func envelopeCandidate(_ entries: [JSONObject.Entry], shape: ObjectShape) -> JSONObject.Entry? {
        var best: (entry: JSONObject.Entry, hits: Int)?
        for entry in entries {
            guard case .object(let inner) = entry.value else { continue }
            let innerKeys = Set(inner.entries.map { KeyNames.normalized($0.key) })
            let hits = shape.fields.filter { innerKeys.contains(KeyNames.normalized($0.name)) }.count
            if hits * 2 >= shape.fields.count, hits > (best?.hits ?? 0) { best = (entry, hits) }
        }
        return best?.entry
    }

    /// The unclaimed key most likely to be `field` renamed: its value fits the field's shape and its name is close.
    func renameCandidate(for field: Field, node: Int, among entries: [JSONObject.Entry], missingCount: Int) -> JSONObject.Entry? {
        var best: (entry: JSONObject.Entry, score: Double)?
        for entry in entries where fits(entry.value, node) {
            let a = KeyNames.normalized(entry.key), b = KeyNames.normalized(field.name)
            let distance = Suggestions.editDistance(a, b)
            var score = 1 - Double(distance) / Double(max(a.count, b.count, 1))
            if KeyNames.isAbbreviation(entry.key, of: field.name) || KeyNames.isAbbreviation(field.name, of: entry.key)
                || a.hasPrefix(b) || b.hasPrefix(a) {
                score = max(score, 0.75)
            }
            if score < 0.5, !(missingCount == 1 && entries.count == 1) { continue }
            if score > (best?.score ?? -1) { best = (entry, score) }
        }
        return best?.entry
    }
}

/// An object's keys, claimed one by one as fields match them; wide objects get a hash index.
struct KeyIndex {
    private let object: JSONObject
    /// Which entries are claimed, a bit each, for objects of up to 64 keys; larger objects use `claimedFlags`.
    private var claimedBits: UInt64 = 0
    private var claimedFlags: [Bool] = []
    private var exact: [String: Int]?
    private var normalized: [String: [Int]]?

    init(_ object: JSONObject) {
        self.object = object
        if object.count > 64 { self.claimedFlags = Array(repeating: false, count: object.count) }
        if object.count > 12 {
            var exact: [String: Int] = [:]
            exact.reserveCapacity(object.count)
            for (position, entry) in object.entries.enumerated() { exact[entry.key] = position }
            self.exact = exact
        }
    }

    mutating func claimExact(_ key: String) -> JSONObject.Entry? {
        let position: Int?
        if let exact {
            position = exact[key]
        } else {
            position = object.entries.lastIndex { $0.key == key }
        }
        guard let position, !isClaimed(position) else { return nil }
        claim(at: position)
        return object.entries[position]
    }

    private func isClaimed(_ position: Int) -> Bool {
        claimedFlags.isEmpty ? claimedBits & (1 << UInt64(position)) != 0 : claimedFlags[position]
    }

    mutating func claimVariant(of key: String) -> JSONObject.Entry? {
        let target = KeyNames.normalized(key)
        if normalized == nil {
            var map: [String: [Int]] = [:]
            for (position, entry) in object.entries.enumerated() { map[KeyNames.normalized(entry.key), default: []].append(position) }
            normalized = map
        }
        guard let position = normalized?[target]?.first(where: { !isClaimed($0) }) else { return nil }
        claim(at: position)
        return object.entries[position]
    }

    mutating func claim(_ key: String) {
        if let position = object.entries.lastIndex(where: { $0.key == key }) { claim(at: position) }
    }

    private var claimedCount = 0

    private mutating func claim(at position: Int) {
        if !isClaimed(position) { claimedCount += 1 }
        if claimedFlags.isEmpty { claimedBits |= 1 << UInt64(position) } else { claimedFlags[position] = true }
    }

    /// Entries no field matched, in body order; a repeated key counts as claimed when any of its copies is.
    var unclaimed: [JSONObject.Entry] {
        if claimedCount == object.count { return [] }
        let claimedKeys = Set(object.entries.indices.filter { isClaimed($0) }.map { object.entries[$0].key })
        return object.entries.indices.filter { !isClaimed($0) && !claimedKeys.contains(object.entries[$0].key) }
            .map { object.entries[$0] }
    }
}
