extension ShapeWalk {
    mutating func checkObject(_ value: Int, _ shape: ShapePlan.Object, _ node: Int) {
        let entry = view.entries[value]
        guard entry.kind == .object else {
            let declared = plan.declared[node]
            if entry.kind == .array {
                let hint =
                    entry.memberCount == 1
                    ? "the object arrived inside a one-element array: decode [T] and take the first element, or ask the backend"
                    : "decode an array ([T]) if the new form is intended"
                report(
                    .arrayInsteadOfObject, .breaking, expected: declared.description, actual: kindDescription(value),
                    message: "\(lastKeyDescription) is an array, but the spec says an object \(declared.description)",
                    hint: hint, at: declared.location)
            } else {
                mismatch(value, declared, hint: nil)
            }
            return
        }
        // Most bodies send exactly the declared keys, most often in the declared order. Then each field matches the
        // one entry with its name, every key is claimed, and the passes below would find nothing more.
        let count = entry.memberCount
        guard shape.hasDistinctNames, count == shape.fieldNames.count else {
            return checkObjectKeyByKey(value, shape, node)
        }
        if keysAreFieldNamesInOrder(value, shape) {
            var key = value + 1
            for position in 0..<count {
                if done { return }
                checkFieldValue(key + 1, shape, position, key: key)
                key = view.next(after: key + 1)
            }
            return
        }
        if count <= 64 {
            let matched = withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * count) { buffer in
                let keys = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
                let positions = UnsafeMutableBufferPointer(rebasing: buffer[count...])
                var key = value + 1
                for position in 0..<count {
                    keys[position] = key
                    key = view.next(after: key + 1)
                }
                guard matchKeysOneToOne(UnsafeBufferPointer(keys), shape, into: positions) else { return false }
                for field in positions.indices {
                    if done { return true }
                    let key = keys[positions[field]]
                    checkFieldValue(key + 1, shape, field, key: key)
                }
                return true
            }
            if matched { return }
        }
        checkObjectKeyByKey(value, shape, node)
    }

    private func keysAreFieldNamesInOrder(_ value: Int, _ shape: ShapePlan.Object) -> Bool {
        var key = value + 1
        for position in shape.fieldNames.indices {
            guard shape.key(key, in: view, isField: position) else { return false }
            key = view.next(after: key + 1)
        }
        return true
    }

    /// Finds, for each field in turn, the member with its name, and writes its position to `positions`; false unless
    /// every field finds a different member. The field names are distinct and as many as the members, so success
    /// means the keys are the field names, each once, and the member found is the only one with that key.
    private func matchKeysOneToOne(
        _ keys: UnsafeBufferPointer<Int>, _ shape: ShapePlan.Object, into positions: UnsafeMutableBufferPointer<Int>
    ) -> Bool {
        let count = keys.count
        var used: UInt64 = 0
        var next = 0
        var previous = count
        for field in 0..<count {
            // Try the member after the previous field's, then the one before it (keys in reverse order), then all.
            var position = -1
            let before = previous - 1
            if next < count && shape.key(keys[next], in: view, isField: field) {
                position = next
            } else if before >= 0 && shape.key(keys[before], in: view, isField: field) {
                position = before
            } else {
                position = keys.lastIndex { shape.key($0, in: view, isField: field) } ?? -1
            }
            guard position >= 0, used & (1 << UInt64(position)) == 0 else { return false }
            used |= 1 << UInt64(position)
            positions[field] = position
            previous = position
            next = position + 1
        }
        return true
    }

    private mutating func checkObjectKeyByKey(_ value: Int, _ plannedShape: ShapePlan.Object, _ node: Int) {
        let shape = plannedShape.shape
        let declared = plan.declared[node]
        let policy = shape.extraKeys ?? checker.options.extraKeys
        var index = KeyIndex(members(value), view: view)

        // Pass 1: exact keys.
        var unmatched: [Int] = []
        for position in shape.fields.indices {
            if done { return }
            if let member = index.claimExact(plannedShape.fieldNames[position]) {
                checkFieldValue(member.value, plannedShape, position, key: member.key)
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
            let envelope = envelopeCandidate(index.unclaimed, shape: shape)
        {
            let key = view.string(envelope.key)
            index.claim(key)
            report(
                .unexpectedEnvelope, .breaking, expected: declared.description, actual: "the fields under '\(key)'",
                message: "the expected fields arrived one level down, under '\(key)'",
                hint: envelopeHint(key), at: declared.location, proposedTransform: envelopeTransform(key))
            descend(.tapeKey(envelope.key), wildcard: false) { $0.check(envelope.value, node) }
            reportExtraKeys(index.unclaimed, policy: policy, declared)
            reportRepeatedKeys(index, shape: shape, declared)
            return
        }

        // Pass 3: case or separator variants of the expected key.
        var missing: [Int] = []
        for position in unmatched {
            if done { return }
            let field = shape.fields[position]
            if let variant = index.claimVariant(of: field.name) {
                let variantKey = view.string(variant.key)
                let copes = checker.options.keys.reads(variantKey, as: field.name)
                report(
                    .keyCaseChanged, copes ? .warning : .breaking, expected: "'\(field.name)'",
                    actual: "'\(variantKey)'",
                    message: "'\(field.name)' is absent and '\(variantKey)' is present: the key changed its spelling",
                    hint: copes
                        ? "the app's `keys: \(checker.options.keys.rawValue)` strategy still reads it; update the spec to '\(variantKey)'"
                        : "map it in CodingKeys (`case \(KeyNames.convertFromSnakeCase(field.name)) = \"\(variantKey)\"`), or decode with `keys: anyCase`",
                    at: field.location, extraComponent: .key(variantKey), specKey: field.name)
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
                for: field, node: plannedShape.fieldNodes[position], among: index.unclaimed, missingCount: missing.count
            ) {
                let renamedKey = view.string(renamed.key)
                index.claim(renamedKey)
                var hint =
                    "if so, map it in CodingKeys (`case \(KeyNames.convertFromSnakeCase(field.name)) = \"\(renamedKey)\"`)"
                // renameKeys names the key by its path from the body's root, as the server sends it.
                let rename = transformPathHere().flatMap { place -> TransformPath? in
                    guard !renamedKey.contains(where: { ".[]".contains($0) }) else { return nil }
                    return TransformPath(steps: place.steps + [.key(renamedKey)])
                }
                if let rename {
                    hint +=
                        ", or add `- renameKeys: { \(Self.yamlFlowScalar(rename.description)): \(Self.yamlFlowScalar(field.name)) }`"
                }
                report(
                    .keyRenamed, .breaking, expected: "'\(field.name)'", actual: "'\(renamedKey)'",
                    message:
                        "heuristic: '\(field.name)' is absent and '\(renamedKey)' holds a value of the same shape; it was probably renamed",
                    hint: hint, at: field.location, extraComponent: .key(renamedKey), specKey: field.name,
                    proposedTransform: rename.map { .renameKeys(from: $0, to: field.name) })
                checkFieldValue(renamed.value, plannedShape, position, key: renamed.key)
            } else {
                report(
                    .missingKey, .breaking, expected: "'\(field.name)': \(field.shape)", actual: "absent",
                    message: "'\(field.name)' is missing",
                    hint:
                        "make the property Optional if the backend may leave it out (and write '\(field.name)?' in the spec), or add a default with the `defaults` transform",
                    at: field.location, extraComponent: .key(field.name), specKey: field.name)
            }
        }
        reportExtraKeys(index.unclaimed, policy: policy, declared)
        reportRepeatedKeys(index, shape: shape, declared)
    }

    /// Checks the value of the field at `position` of `shape`, sent under `key`.
    @inline(__always)
    mutating func checkFieldValue(_ value: Int, _ shape: ShapePlan.Object, _ position: Int, key: Int) {
        path.push(.tapeKey(key), isWildcard: false)
        if shape.fieldMayBeNull[position], view.kind(value) == .null {
        } else {
            check(value, shape.fieldNodes[position])
        }
        path.pop()
    }

    /// How many extra keys of one object are reported one by one; the rest are one finding with their count, so
    /// that an object with a million unexpected keys costs a few findings, not a million.
    static let extraKeysReportedEach = 50

    /// The spec line that declares an extra key as the value seen: `age: Int`; a container or a null as `Any`,
    /// since one value does not tell its whole shape.
    func fieldLine(_ key: String, _ value: Int) -> String {
        let shape: String
        switch view.kind(value) {
        case .integer: shape = "Int"
        case .fraction: shape = "Double"
        case .string, .escapedString: shape = "String"
        case .true, .false: shape = "Bool"
        case .null: shape = "Any"
        case .array: shape = "[Any]"
        case .object: shape = "Any"
        }
        // A key that ends in `?` or `!`, or is `$extraKeys`, is written with a mark after it, or the spec would read
        // the character as a mark (or the key as the object's policy): `"admin?!": Bool` is the key `admin?`.
        let marked = key.hasSuffix("?") || key.hasSuffix("!") || key == "$extraKeys" ? key + "!" : key
        return "\(ShapeWalk.yamlFlowScalar(marked)): \(shape)"
    }

    mutating func reportExtraKeys(_ members: [Member], policy: ExtraKeysPolicy, _ declared: Shape) {
        guard policy != .ignore, !members.isEmpty else { return }
        let forbidden = policy == .forbid
        let each = ShapeWalk.extraKeysReportedEach
        // At most `each` keys listed one by one in an object, and at a place over all the objects there (a key
        // listed there before is listed again): objects that each bring keys of their own (a million elements, each
        // its own key) add to one finding that counts the rest.
        let place = genericPlace().group
        var listed = extraKeysListed[place] ?? []
        var listedHere = 0
        var unlisted = 0
        for (index, member) in members.enumerated() {
            guard listedHere < each else {
                unlisted += members.count - index
                break
            }
            let key = view.string(member.key)
            guard listed.count < each || listed.contains(key) else {
                unlisted += 1
                continue
            }
            listed.insert(key)
            listedHere += 1
            report(
                .extraKey, forbidden ? .breaking : .info, expected: "no key '\(key)'",
                actual: kindDescription(member.value),
                message: "'\(key)' is not in the spec" + (forbidden ? " and this object forbids extra keys" : ""),
                hint: forbidden
                    ? "add `\(fieldLine(key, member.value))` to the object in the spec, or relax the object's extraKeys policy"
                    : "nothing breaks; add `\(fieldLine(key, member.value))` to the spec when the app starts using it",
                at: declared.location, extraComponent: .key(key))
        }
        extraKeysListed[place] = listed
        guard unlisted > 0 else { return }
        let listedText = listedHere == each ? "the first \(each)" : listedHere == 0 ? "none" : "\(listedHere)"
        report(
            .extraKey, forbidden ? .breaking : .info, expected: "no other keys",
            actual: "\(unlisted) more key\(unlisted == 1 ? "" : "s") not in the spec",
            message: members.count > each
                ? "the object has \(members.count) keys that are not in the spec; \(listedText) are listed one by one"
                    + (forbidden ? ", and this object forbids extra keys" : "")
                : "the objects here have more than \(each) different keys that are not in the spec; the first \(each) are listed one by one"
                    + (forbidden ? ", and these objects forbid extra keys" : ""),
            hint: forbidden
                ? "add the keys to the spec, or relax the object's extraKeys policy; a dictionary keyed by ids is [String: T]"
                : "nothing breaks; if the keys are ids, the spec may mean a dictionary: [String: T]",
            at: declared.location, variant: "more")
    }

    /// Keys sent more than once in one object. Objects matched in order or one to one never get here: their keys
    /// are the field names, each once.
    mutating func reportRepeatedKeys(_ index: KeyIndex, shape: ObjectShape, _ declared: Shape) {
        guard index.hasRepeatedKeys else { return }
        for (key, copies) in index.repeatedKeys {
            let read = RepeatedKeys.decoderReadsFirst ? copies[0] : copies[copies.count - 1]
            let readValue = json(read.value)
            let ignored = copies.filter { $0.value != read.value }
            let differ = ignored.contains { json($0.value) != readValue }
            let others = ignored.count == 1 ? "the other" : "the \(ignored.count) others"
            let location = shape.fields.first { $0.name == key }?.location ?? declared.location
            report(
                .duplicateKey, differ ? .warning : .info, expected: "'\(key)' once",
                actual: "'\(key)' \(copies.count) times",
                message: "'\(key)' is sent \(copies.count) times in this object"
                    + (differ
                        ? " with different values: JSONDecoder reads the \(RepeatedKeys.copyRead) (\(describe(read.value))) and ignores \(others) (\(ignored.map { describe($0.value) }.joined(separator: ", ")))"
                        : ", each time with the same value; JSONDecoder reads the \(RepeatedKeys.copyRead)"),
                hint: differ
                    ? "ask the backend team to send '\(key)' once: parsers disagree on which copy wins (JSONDecoder reads the \(RepeatedKeys.copyRead), JSONSerialization the last), so clients may show different data"
                    : "nothing breaks; ask the backend team to send '\(key)' once",
                at: location, extraComponent: .key(key))
        }
    }

    /// An unclaimed key whose object value holds at least half of the expected fields.
    func envelopeCandidate(_ members: [Member], shape: ObjectShape) -> Member? {
        var best: (member: Member, hits: Int)?
        for member in members {
            guard view.kind(member.value) == .object else { continue }
            let innerKeys = Set(self.members(member.value).map { KeyNames.normalized(view.string($0.key)) })
            let hits = shape.fields.filter { innerKeys.contains(KeyNames.normalized($0.name)) }.count
            if hits * 2 >= shape.fields.count, hits > (best?.hits ?? 0) { best = (member, hits) }
        }
        return best?.member
    }

    /// The unclaimed key most likely to be `field` renamed: its value fits the field's shape and its name is close.
    func renameCandidate(for field: Field, node: Int, among members: [Member], missingCount: Int) -> Member? {
        var best: (member: Member, score: Double)?
        for member in members where fits(member.value, node) {
            let key = view.string(member.key)
            let a = KeyNames.normalized(key)
            let b = KeyNames.normalized(field.name)
            let distance = Suggestions.editDistance(a, b)
            var score = 1 - Double(distance) / Double(max(a.count, b.count, 1))
            if KeyNames.isAbbreviation(key, of: field.name) || KeyNames.isAbbreviation(field.name, of: key)
                || a.hasPrefix(b) || b.hasPrefix(a)
            {
                score = max(score, 0.75)
            }
            if score < 0.5, !(missingCount == 1 && members.count == 1) { continue }
            if score > (best?.score ?? -1) { best = (member, score) }
        }
        return best?.member
    }
}

/// An object's keys, claimed one by one as fields match them; wide objects get a hash index.
///
/// A key sent more than once stands for the copy `JSONDecoder` reads (see ``RepeatedKeys``), so that the shape is
/// checked against the value the app sees.
struct KeyIndex {
    private let members: [Member]
    /// Each member's key, decoded.
    private let keys: [String]
    /// Which members are claimed, a bit each, for objects of up to 64 keys; larger objects use `claimedFlags`.
    private var claimedBits: UInt64 = 0
    private var claimedFlags: [Bool] = []
    private var exact: [String: Int]?
    private var normalized: [String: [Int]]?
    /// True when some key is sent more than once.
    private(set) var hasRepeatedKeys = false

    init(_ members: [Member], view: JSONTapeView) {
        self.members = members
        self.keys = members.map { view.string($0.key) }
        if members.count > 64 { self.claimedFlags = Array(repeating: false, count: members.count) }
        if members.count > 12 {
            var exact: [String: Int] = [:]
            exact.reserveCapacity(members.count)
            for (position, key) in keys.enumerated() where exact.updateValue(position, forKey: key) != nil {
                hasRepeatedKeys = true
            }
            if hasRepeatedKeys, RepeatedKeys.decoderReadsFirst {
                for (position, key) in keys.enumerated().reversed() { exact[key] = position }
            }
            self.exact = exact
        } else {
            hasRepeatedKeys = keys.indices.contains { position in keys[(position + 1)...].contains(keys[position]) }
        }
    }

    /// The position of the copy of `key` that `JSONDecoder` reads.
    private func position(of key: String) -> Int? {
        if let exact { return exact[key] }
        return hasRepeatedKeys && !RepeatedKeys.decoderReadsFirst ? keys.lastIndex(of: key) : keys.firstIndex(of: key)
    }

    mutating func claimExact(_ key: String) -> Member? {
        guard let position = position(of: key), !isClaimed(position) else { return nil }
        claim(at: position)
        return members[position]
    }

    private func isClaimed(_ position: Int) -> Bool {
        claimedFlags.isEmpty ? claimedBits & (1 << UInt64(position)) != 0 : claimedFlags[position]
    }

    mutating func claimVariant(of key: String) -> Member? {
        let target = KeyNames.normalized(key)
        if normalized == nil {
            var map: [String: [Int]] = [:]
            for (position, key) in keys.enumerated() { map[KeyNames.normalized(key), default: []].append(position) }
            normalized = map
        }
        guard let position = normalized?[target]?.first(where: { !isClaimed($0) }) else { return nil }
        claim(at: position)
        return members[position]
    }

    mutating func claim(_ key: String) {
        if let position = position(of: key) { claim(at: position) }
    }

    private var claimedCount = 0

    private mutating func claim(at position: Int) {
        if !isClaimed(position) { claimedCount += 1 }
        if claimedFlags.isEmpty { claimedBits |= 1 << UInt64(position) } else { claimedFlags[position] = true }
    }

    /// Members no field matched, in body order; a repeated key counts as claimed when any of its copies is, and
    /// is listed once, as the copy `JSONDecoder` reads.
    var unclaimed: [Member] {
        if claimedCount == members.count { return [] }
        let claimedKeys = Set(members.indices.filter { isClaimed($0) }.map { keys[$0] })
        return members.indices.filter { position in
            !isClaimed(position) && !claimedKeys.contains(keys[position])
                && (!hasRepeatedKeys || self.position(of: keys[position]) == position)
        }.map { members[$0] }
    }

    /// Each key sent more than once, in the order of its first copy, with the members that hold it in body order.
    var repeatedKeys: [(key: String, copies: [Member])] {
        guard hasRepeatedKeys else { return [] }
        var positions: [String: [Int]] = [:]
        for (position, key) in keys.enumerated() { positions[key, default: []].append(position) }
        return keys.indices.compactMap { position in
            let key = keys[position]
            guard let copies = positions[key], copies.count > 1, copies[0] == position else { return nil }
            return (key, copies.map { members[$0] })
        }
    }
}
