import Foundation

extension ShapeComparison {
    /// A step of the path being walked: a member, by the tape entry of its key in the new body, or an element.
    enum PathStep {
        case key(Int)
        case index(Int)
    }

    /// Values that differ at the same concrete path: scalars, arrays whose length changed, and values whose kind
    /// changed (those are shape changes too, where the old place held no value of the new kind). The bodies are
    /// walked side by side on their tapes, in the new body's order, and a path is written out only for a value that
    /// changed; the paths ignored are matched a step at a time on the way down (``IgnoredPathsCursor``).
    ///
    /// The walk for a body found inside an envelope, which is compared without being summarised, and the reference
    /// the one-pass walk (``ShapeSummary/of(_:comparingWith:listsValues:ignoring:pairedElements:)``) is tested
    /// against.
    mutating func values(_ old: DiffBody, _ new: DiffBody) {
        var cursor: IgnoredPathsCursor?
        defer { cursor?.deallocate() }
        if let ignoredPaths {
            var rootIsIgnored = false
            cursor = IgnoredPathsCursor(ignoredPaths, at: new.rootPath, rootIsIgnored: &rootIsIgnored)
            if rootIsIgnored { return }
        }
        var steps: [PathStep] = []
        values(old.root, new.root, old: old, new: new, steps: &steps, cursor: &cursor)
    }

    private mutating func values(
        _ oldNode: Int, _ newNode: Int, old: DiffBody, new: DiffBody, steps: inout [PathStep],
        cursor: inout IgnoredPathsCursor?
    ) {
        if let step = steps.last, cursor != nil {
            let isIgnored: Bool
            switch step {
            case .key(let node): isIgnored = cursor!.isIgnored(level: steps.count, key: node, in: new.view)
            case .index(let index): isIgnored = cursor!.isIgnored(level: steps.count, index: index)
            }
            if isIgnored { return }
        }
        let oldView = old.view
        let newView = new.view
        switch (oldView.kind(oldNode), newView.kind(newNode)) {
        case (.object, .object):
            guard oldView.entries[oldNode].memberCount > 0 else { return }
            let lookUp = MemberLookUp(object: oldNode, in: oldView)
            let table = lookUp.isLarge ? MemberTable(object: oldNode, in: oldView) : nil
            let end = newView.entries[newNode].end
            let oldEnd = oldView.entries[oldNode].end
            var member = newNode + 1
            // The old member at the same position: objects of one endpoint mostly list their keys in one order.
            var hint = oldNode + 1
            while member < end {
                let oldValue = lookUp.value(forKeyAt: member, in: newView, hint: hint, table: table)
                if hint < oldEnd { hint = oldView.next(after: hint + 1) }
                if let oldValue {
                    steps.append(.key(member))
                    values(oldValue, member + 1, old: old, new: new, steps: &steps, cursor: &cursor)
                    steps.removeLast()
                }
                member = newView.next(after: member + 1)
            }
        case (.array, .array):
            let oldCount = oldView.entries[oldNode].memberCount
            let newCount = newView.entries[newNode].memberCount
            if oldCount != newCount {
                record(
                    steps, in: new, old: "\(oldCount) element\(oldCount == 1 ? "" : "s")",
                    new: "\(newCount) element\(newCount == 1 ? "" : "s")")
            }
            var oldElement = oldNode + 1
            var newElement = newNode + 1
            for index in 0..<min(oldCount, newCount) {
                steps.append(.index(index))
                values(oldElement, newElement, old: old, new: new, steps: &steps, cursor: &cursor)
                steps.removeLast()
                oldElement = oldView.next(after: oldElement)
                newElement = newView.next(after: newElement)
            }
        case (.object, _), (.array, _), (_, .object), (_, .array):
            // A container where there was a scalar or the other kind of container, or the other way round: `null`
            // that became an object is no shape change where the old place was only ever null, and is listed here.
            record(steps, in: new, old: Self.brief(oldNode, in: oldView), new: Self.brief(newNode, in: newView))
        default:
            if !Self.scalar(oldNode, in: oldView, equals: newNode, in: newView) {
                record(steps, in: new, old: Self.brief(oldNode, in: oldView), new: Self.brief(newNode, in: newView))
            }
        }
    }

    /// Counts a value that changed, and lists it when the options say so (only then is its path written out).
    private mutating func record(
        _ steps: [PathStep], in body: DiffBody, old: @autoclosure () -> String, new: @autoclosure () -> String
    ) {
        valueChangeCount += 1
        guard listsValues else { return }
        valueChanges.append(path: path(of: steps, in: body).description, old: old(), new: new())
    }

    /// The path of `steps` down from the new body's root.
    private func path(of steps: [PathStep], in body: DiffBody) -> JSONPath {
        var components = body.rootPath.components
        for step in steps {
            switch step {
            case .key(let node): components.append(.key(body.view.string(node)))
            case .index(let index): components.append(.index(index))
            }
        }
        return JSONPath(components: components)
    }

    /// True when two scalars are equal as trees compare them: numbers by their spelling, strings as Swift compares
    /// them, but for halves of surrogate pairs, which a tree reads as U+FFFD and are told apart here.
    static func scalar(_ node: Int, in view: JSONTapeView, equals other: Int, in otherView: JSONTapeView) -> Bool {
        switch (view.kind(node), otherView.kind(other)) {
        case (.null, .null), (.true, .true), (.false, .false): return true
        case (.integer, .integer), (.integer, .fraction), (.fraction, .integer), (.fraction, .fraction):
            let entry = view.entries[node]
            let otherEntry = otherView.entries[other]
            return entry.length == otherEntry.length
                && view.sameBytes(at: entry.offset, as: otherView, at: otherEntry.offset, count: entry.length)
        case (.string, .string), (.string, .escapedString), (.escapedString, .string),
            (.escapedString, .escapedString):
            return view.string(node, equals: other, in: otherView, mayDiffer: true, tellingHalves: true)
        default: return false
        }
    }

    /// A value as a list of changes shows it: a container as `{…}` or `[…]` (`{}` and `[]` when empty), which
    /// costs nothing however large it is, a scalar as ``short(_:)`` writes it; a string with half a surrogate pair
    /// as it was escaped, as a tree would show each half as U+FFFD.
    static func brief(_ node: Int, in view: JSONTapeView) -> String {
        switch view.kind(node) {
        case .object: return view.entries[node].memberCount == 0 ? "{}" : "{…}"
        case .array: return view.entries[node].memberCount == 0 ? "[]" : "[…]"
        case .escapedString where JSONHalfSurrogates.holdsHalf(view.rawBytes(node)):
            return cut("\"" + String(decoding: view.rawBytes(node), as: UTF8.self) + "\"")
        default: return short(view.value(node))
        }
    }

    static func short(_ value: JSONValue) -> String {
        cut(JSONWriter(style: .compact).write(value))
    }

    /// `text`, or its first 79 characters and `…` when it is longer than 80.
    private static func cut(_ text: String) -> String {
        text.count > 80 ? String(text.prefix(79)) + "…" : text
    }
}

/// Finds the member of an old object that a new object's key names: the last of that name, as a tree's look-up by
/// key does, with keys compared as Swift compares strings.
///
/// A small object is scanned, comparing bytes (a key spelled with bytes that another spelling could match, an escape
/// or a byte outside ASCII, is decoded to be compared); a large one (a collection keyed by id) gets a ``MemberTable``,
/// made once and passed to each look-up, so that the look-up itself is plain data, pushed and popped
/// by the walks at no cost.
struct MemberLookUp {
    /// The old body's view.
    let view: JSONTapeView
    let object: Int
    /// The entry after the object's subtree.
    let end: Int
    /// True when the object has more members than are worth scanning: the look-ups go through its table.
    let isLarge: Bool
    /// True when every key of the object is ASCII without escapes.
    private let plain: Bool
    /// False when no key of the object repeats (checked only for a plain one): then a key found is the last of its
    /// name.
    private let mayRepeat: Bool

    /// More members than this, and an object is looked up by a ``MemberTable``.
    static let largeObject = 32

    init(object: Int, in view: JSONTapeView) {
        self.view = view
        self.object = object
        let end = view.entries[object].end
        self.end = end
        isLarge = view.entries[object].memberCount > Self.largeObject
        guard !isLarge else {
            plain = false
            mayRepeat = true
            return
        }
        var member = object + 1
        var plain = true
        // One bit per key, by a hash of its bytes: a bit set twice is checked against the keys before, so that a
        // key repeats only when its bytes do.
        var seen: UInt64 = 0
        var repeats = false
        while member < end, plain {
            plain = !view.mayBeSpelledOtherwise(member)
            let bit: UInt64 = 1 << (Self.hash(ofKeyAt: member, in: view) >> 58)
            if seen & bit != 0 && !repeats { repeats = Self.repeatsAnEarlierKey(member, of: object, in: view) }
            seen |= bit
            member = view.next(after: member + 1)
        }
        self.plain = plain
        self.mayRepeat = repeats
    }

    /// The value of each key of the object at `object`, by its text: the last of each name (a ``MemberTable``'s, for
    /// keys that may be spelled otherwise).
    static func table(of object: Int, in view: JSONTapeView) -> [String: Int] {
        let end = view.entries[object].end
        var byKey: [String: Int] = [:]
        var member = object + 1
        while member < end {
            byKey[view.string(member)] = member + 1
            member = view.next(after: member + 1)
        }
        return byKey
    }

    /// True when a key of `object` before the one at `key` has the same bytes.
    @inline(never)
    private static func repeatsAnEarlierKey(_ key: Int, of object: Int, in view: JSONTapeView) -> Bool {
        let entry = view.entries[key]
        var member = object + 1
        while member < key {
            let other = view.entries[member]
            if other.length == entry.length
                && view.sameBytes(at: other.offset, as: view, at: entry.offset, count: entry.length)
            {
                return true
            }
            member = view.next(after: member + 1)
        }
        return false
    }

    /// A hash of the bytes of the string at `node`, from its length and its first and last 8 bytes.
    @inline(__always)
    private static func hash(ofKeyAt node: Int, in view: JSONTapeView) -> UInt64 {
        let entry = view.entries[node]
        let start = UnsafeRawPointer(view.bytes + entry.offset)
        var first: UInt64 = 0
        var last: UInt64 = 0
        if entry.length >= 8 {
            first = start.loadUnaligned(as: UInt64.self)
            last = start.loadUnaligned(fromByteOffset: entry.length - 8, as: UInt64.self)
        } else {
            first = view.shortWord(at: entry.offset, length: entry.length)
        }
        return ((first &* 0x9E37_79B9_7F4A_7C15) ^ (last &+ UInt64(entry.length))) &* 0xBF58_476D_1CE4_E5B9
    }

    /// The tape entry of the old value for the key at tape entry `key` of `newView`, or nil; `hint` is the key of
    /// the old member most likely to match (at the same position), tried first. `table` is the object's
    /// ``MemberTable`` when it is large.
    @inline(__always)
    func value(forKeyAt key: Int, in newView: JSONTapeView, hint: Int, table: MemberTable?) -> Int? {
        if isLarge { return table!.value(forKeyAt: key, in: newView) }
        if plain && !newView.mayBeSpelledOtherwise(key) {
            // Both plain ASCII: equal only when their bytes are, and a match at the hint leaves only later repeats.
            let keyEntry = newView.entries[key]
            if hint < end {
                let entry = view.entries[hint]
                if entry.length == keyEntry.length
                    && view.sameBytes(at: entry.offset, as: newView, at: keyEntry.offset, count: entry.length)
                {
                    if !mayRepeat { return hint + 1 }
                    return scan(for: key, in: newView, from: view.next(after: hint + 1), found: hint + 1)
                }
            }
            return scan(for: key, in: newView, from: object + 1, found: nil)
        }
        var found: Int?
        var member = object + 1
        while member < end {
            if view.string(member, equals: key, in: newView, mayDiffer: true) { found = member + 1 }
            member = view.next(after: member + 1)
        }
        return found
    }

    /// The last member from `member` on whose plain key has the bytes of the plain key `key`, or `found`.
    @inline(never)
    private func scan(for key: Int, in newView: JSONTapeView, from member: Int, found: Int?) -> Int? {
        let keyEntry = newView.entries[key]
        var found = found
        var member = member
        while member < end {
            let entry = view.entries[member]
            if entry.length == keyEntry.length
                && view.sameBytes(at: entry.offset, as: newView, at: keyEntry.offset, count: entry.length)
            {
                if !mayRepeat { return member + 1 }
                found = member + 1
            }
            member = view.next(after: member + 1)
        }
        return found
    }
}
