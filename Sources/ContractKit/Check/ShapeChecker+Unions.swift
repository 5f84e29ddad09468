extension ShapeWalk {
    /// Checks `value` against each member of a union in turn: the first member it matches cleanly ends the check.
    /// Otherwise the findings against the closest member are kept, each message naming that member: as the member
    /// it matches when none of them is breaking (an extra key, a key the strategy still reads), else as the closest.
    ///
    /// The closest member is one of the value's JSON kind (an object for an object shape), then the one with the
    /// fewest breaking findings, then the fewest findings, then the first written.
    @inline(never)
    mutating func checkUnion(_ value: Int, _ union: Int, _ node: Int) {
        unionDepth += 1
        defer { unionDepth -= 1 }
        guard unionDepth > 1 else { return checkMembers(value, union, node) }
        let key = UnionCheck(value: value, node: node)
        if let known = unionsChecked[key] {
            findings += known
            return
        }
        let start = findings.count
        checkMembers(value, union, node)
        unionsChecked[key] = Array(findings[start...])
    }

    /// ``checkUnion(_:_:_:)``'s work, for a value not checked against this union before.
    private mutating func checkMembers(_ value: Int, _ union: Int, _ node: Int) {
        let members = plan.unions[union]
        let start = findings.count
        // A member that fails is checked again by no one, but the next member reads the same text: keep it mapped.
        let release = nextRelease
        nextRelease = Int.max
        defer { nextRelease = release }
        var closest: (member: Int, findings: [ShapeFinding], rank: (Int, Int, Int), listed: [String: Set<String>])?
        // The extra keys a member lists go with its findings: each member starts from those listed before.
        let listedBefore = extraKeysListed
        for (position, member) in members.enumerated() {
            extraKeysListed = listedBefore
            check(value, member)
            if findings.count == start { return }
            let produced = Array(findings[start...])
            findings.removeSubrange(start...)
            let breaking = produced.count { $0.finding.severity == .breaking }
            let rank = (fitsKind(value, member) ? 0 : 1, breaking, produced.count)
            if let best = closest, !(rank < best.rank) { continue }
            closest = (position, produced, rank, extraKeysListed)
        }
        extraKeysListed = closest?.listed ?? listedBefore
        guard let closest else { return }
        let union = plan.declared[node]
        let chosen = plan.declared[members[closest.member]]
        // A member with nothing breaking is a match: its warnings and notes are about the member the value is.
        let matched = closest.rank.0 == 0 && closest.rank.1 == 0
        for var item in closest.findings {
            item.finding.message +=
                matched
                ? " (as \(chosen), the member of \(union) it matches)"
                : " (checked against \(chosen), the closest member of \(union))"
            item.group += "|union:\(closest.member)"
            findings.append(item)
        }
    }

    /// True when the value at `value` is of the JSON kind the shape at `node` takes: a string for `String`, `Date`
    /// or `enum(...)`, an object for an object or a dictionary, and so on.
    func fitsKind(_ value: Int, _ node: Int) -> Bool {
        let kind = view.kind(value)
        let isString = kind == .string || kind == .escapedString
        let isNumber = kind == .integer || kind == .fraction
        switch plan.tests[node] {
        case .any: return true
        case .optional(let wrapped): return kind == .null || fitsKind(value, wrapped)
        case .string, .url, .uuid, .pattern: return isString
        case .int, .double, .integers: return isNumber
        case .bool: return kind == .true || kind == .false
        case .date, .enumeration: return isString || isNumber
        case .array: return kind == .array
        case .dictionary, .object: return kind == .object
        case .union(let union): return plan.unions[union].contains { fitsKind(value, $0) }
        case .undefined: return false
        }
    }
}
