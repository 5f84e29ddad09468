/// A semantic diff of two recordings of one endpoint (say the committed baseline and last night's): what changed
/// in the response's shape, as findings with the verifier's drift kinds, and, apart from them, which values changed.
///
/// Values that change while the shape holds are not drift. Arrays are compared by the union of their elements'
/// shapes, not by position, and collections keyed by id by the union of their values, so new, removed or
/// reordered elements are not drift either. Severities are judged as for an app that decodes every key as
/// written, since a diff has no spec to say otherwise.
package struct RecordingDiff: Sendable {
    /// How to compare.
    package struct Options: Sendable {
        /// Paths to leave out, as globs over JSON paths: `$.users[*].updatedAt`, `$.meta`. A path is left out with
        /// everything under it. `*` matches any run of characters, so it stands for any index or key.
        package var ignoredPaths: [String]
        /// False to count the values that changed without listing them (``RecordingDiff/valueChanges`` stays
        /// empty): a text diff without `--values` shows only the count, and two large recordings whose values all
        /// changed would otherwise hold a list as long as the bodies.
        package var listsValues: Bool

        /// Creates options.
        package init(ignoredPaths: [String] = [], listsValues: Bool = true) {
            self.ignoredPaths = ignoredPaths
            self.listsValues = listsValues
        }
    }

    /// A value that changed where the shape did not.
    package struct ValueChange: Sendable, Hashable {
        /// Where, in the new recording's body, as reports write a path (``JSONPath/description``: `$.users[3].name`).
        package var path: String
        /// The old value, as JSON (shortened when long).
        package var old: String
        /// The new value, as JSON (shortened when long).
        package var new: String
    }

    /// The shape changes, in body order; each carries the new recording's path of its first occurrence.
    package var findings: [Finding]
    /// The values that changed at the same path; empty when the options say not to list them.
    package var valueChanges: ValueChangeList
    /// How many values changed at the same path, listed or not.
    package var valueChangeCount: Int
    /// Notes for the reader: what was not compared and why.
    package var notes: [String]

    /// True when the shape changed.
    package var shapeChanged: Bool { !findings.isEmpty }

    /// Compares `old` with `new`.
    ///
    /// JSON bodies are compared in place on their tapes: a body read with ``Recording/readInPlace(from:within:)``
    /// is never built as a tree, so two large recordings cost about their files and tapes. A body already built
    /// as a tree is written out and indexed first.
    package init(old: Recording, new: Recording, options: Options = Options()) {
        var comparison = ShapeComparison(
            endpoint: new.endpoint, ignored: options.ignoredPaths, listsValues: options.listsValues)
        comparison.compare(old, new)
        findings = comparison.findings
        valueChanges = comparison.valueChanges
        valueChangeCount = comparison.valueChangeCount
        notes = comparison.notes
    }
}

/// One comparison under way.
struct ShapeComparison {
    let endpoint: String
    let ignored: [String]
    /// `ignored` made into one automaton, for the walks that pair values (nil when nothing is left out).
    let ignoredPaths: IgnoredPaths?
    let listsValues: Bool
    var findings: [Finding] = []
    var valueChanges = RecordingDiff.ValueChangeList()
    var valueChangeCount = 0
    var notes: [String] = []

    /// A comparison leaving out `ignored`; `ignoredPaths` is their automaton when it is made already (the envelope
    /// search makes a comparison for each member it tries, and building the automaton of a large glob set for each of
    /// 20,000 members took minutes).
    init(endpoint: String, ignored: [String], ignoredPaths: IgnoredPaths?? = nil, listsValues: Bool) {
        self.endpoint = endpoint
        self.ignored = ignored
        self.ignoredPaths = ignoredPaths ?? IgnoredPaths(ignored)
        self.listsValues = listsValues
    }

    mutating func add(
        _ kind: DriftKind, _ severity: Severity, at path: JSONPath?, expected: String, actual: String, message: String,
        hint: String?, occurrences: Int = 1
    ) {
        // A change found once, at a path left out (`--ignore '$[0]'`), is left out with it. One found in many
        // places is kept: the summaries know where the first of them is, not whether every one is left out.
        // An envelope is a change of the top level, which a glob on the key it arrives under does not leave out.
        if occurrences == 1, kind != .unexpectedEnvelope, let path, isIgnored(generic: [], concrete: { path }) {
            return
        }
        findings.append(
            Finding(
                endpoint: endpoint, kind: kind, severity: severity, path: path, expected: expected, actual: actual,
                message: message, hint: hint, occurrences: occurrences))
    }

    // MARK: - Ignoring

    /// True when a glob matches the path or one of its ancestors, written generically (`$.users[*].name`) or
    /// concretely (`$.users[3].name`); the concrete path is found only when the generic one is not left out.
    func isIgnored(generic: [String], concrete findConcrete: () -> JSONPath? = { nil }) -> Bool {
        guard !ignored.isEmpty else { return false }
        var text = "$"
        if ignored.contains(where: { Glob.matches($0, text) }) { return true }
        for step in generic {
            text += step
            if ignored.contains(where: { Glob.matches($0, text) }) { return true }
        }
        guard let concrete = findConcrete() else { return false }
        for length in 0...concrete.components.count {
            let prefix = JSONPath(components: Array(concrete.components.prefix(length))).description
            if ignored.contains(where: { Glob.matches($0, prefix) }) { return true }
        }
        return false
    }

    static func step(forKey key: String) -> String {
        String(JSONPath(components: [.key(key)]).description.dropFirst())
    }

    /// The `keyedToArray` that reads a collection keyed by id as the array it was: with the `at:` of its place,
    /// and a key that fills the field the old elements had and the entries lack (`id`), or else one that neither
    /// sends, since keyedToArray overwrites an element's own value for its key.
    static func keyedToArrayHint(generic: [String], old: ShapeSummary, new: ShapeSummary) -> String {
        var steps: [TransformPath.Step] = []
        for step in generic {
            if step == "[*]" {
                steps.append(.everyElement)
                continue
            }
            let key = step.dropFirst()
            guard step.hasPrefix("."), step != ".*", !key.contains(where: { ".[]".contains($0) }) else {
                return
                    "keyedToArray's `at:` cannot name this place (under a dictionary's entries, or past a key with '.', '[' or ']'): "
                    + "decode it as [String: T] and take the values in the app, or ask the backend team"
            }
            steps.append(.key(String(key)))
        }
        let oldKeys = Set(old.elements?.memberOrder ?? [])
        let sent = Set(new.keyedValues?.memberOrder ?? [])
        let filled = old.elements?.memberOrder.first {
            !sent.contains($0) && ["id", "key", "uid", "uuid"].contains($0.lowercased())
        }
        let key = filled ?? ["id", "key", "_key"].first { !sent.contains($0) && !oldKeys.contains($0) } ?? "_key2"
        var arguments = "key: \(key)"
        if !steps.isEmpty { arguments += ", at: \(TransformPath(steps: steps))" }
        var hint = "add `- keyedToArray: { \(arguments) }` to the endpoint's transforms to read it as an array again"
        if filled == nil, sent.contains("id") {
            hint +=
                " (not 'id': the entries already send 'id', and keyedToArray would overwrite it with the entry's key)"
        }
        return hint
    }

    // MARK: - Status, content type, body

    mutating func compare(_ old: Recording, _ new: Recording) {
        if old.response.status != new.response.status {
            add(
                .statusMismatch, .breaking, at: nil, expected: String(old.response.status),
                actual: String(new.response.status),
                message: "the status was \(old.response.status) and is now \(new.response.status)",
                hint:
                    "if the new status is intended, update the spec's 'expect.status'; otherwise the backend is failing this request"
            )
            notes.append("bodies not compared: the status changed, so they answer different outcomes")
            return
        }
        let oldJSON = Self.document(of: old.response.body)
        let newJSON = Self.document(of: new.response.body)
        // A Content-Type that went away is a change too; one that appears is not (nothing relied on its absence).
        let newType = new.response.header("Content-Type")
        if let oldType = old.response.header("Content-Type"),
            newType.map({ MediaType.essence(of: $0) != MediaType.essence(of: oldType) }) ?? true
        {
            let stillJSON = oldJSON != nil && newJSON != nil
            add(
                .contentTypeMismatch, stillJSON ? .warning : .breaking, at: nil, expected: oldType,
                actual: newType ?? "no Content-Type header",
                message: newType.map { "the Content-Type was '\(oldType)' and is now '\($0)'" }
                    ?? "the Content-Type was '\(oldType)' and the new response has none",
                hint: stillJSON
                    ? "the body is still JSON, so decoding copes; tell the backend team"
                    : "the backend no longer sends \(oldType)")
        }
        switch (oldJSON, newJSON) {
        case (let oldDocument?, let newDocument?):
            oldDocument.withView { oldView in
                newDocument.withView { newView in
                    compare(
                        DiffBody(view: oldView, root: oldDocument.root, rootPath: .root),
                        DiffBody(view: newView, root: newDocument.root, rootPath: .root))
                }
            }
        case (_?, nil):
            add(
                .bodyNotJSON, .breaking, at: .root, expected: "JSON", actual: Self.bodyDescription(new.response.body),
                message: "the body was JSON and is not any more",
                hint: "the backend sent \(Self.bodyDescription(new.response.body)) where the app expects JSON")
        case (nil, _?):
            add(
                .typeMismatch, .breaking, at: .root, expected: Self.bodyDescription(old.response.body), actual: "JSON",
                message: "the body was not JSON and now is",
                hint: "if the app reads this body, it needs a JSON model now")
        case (nil, nil):
            if old.response.body != new.response.body {
                notes.append("the bodies are not JSON and differ; only JSON bodies are compared by shape")
            }
        }
    }

    /// A JSON body on a tape: an indexed body's own, or a tree written out and indexed; nil for other bodies.
    static func document(of body: Recording.Body?) -> JSONDocument? {
        switch body {
        case .indexed(let indexed)?: return indexed.document
        // A tree holds only JSON, unless a number was made from a literal that is not one: that is no JSON body.
        case .json(let value)?: return try? JSONDocument(value)
        case .text?, .base64?, nil: return nil
        }
    }

    /// Compares two JSON bodies: by shape, unless the new one wraps the old in an envelope; then their values.
    ///
    /// The new body is summarised and its values compared with the old body's in one pass, leaving out the paths
    /// ignored. The old body is summarised on a thread of its own meanwhile (pairing only reads the old tape), so
    /// that on two cores the two passes take the time of the longer one; when both bodies are arrays, the old body's
    /// thread, whose summary is done sooner, also compares the later half of their elements, so that the two threads
    /// finish together.
    mutating func compare(_ old: DiffBody, _ new: DiffBody) {
        // The whole body left out (`--ignore '$'`): nothing in it is compared.
        guard !isIgnored(generic: []) else { return }
        let summarizeOld = { ShapeSummary.of(old, values: [UInt32(old.root)]) }
        let listsValues = listsValues
        let ignoring = ignoredPaths
        guard Self.mayBeEnvelope(old: old, new: new) else {
            let split = Self.elementSplit(old, new)
            let oldSide = { () -> (ShapeSummary, ShapeSummaryBuilder.ValueChanges?) in
                let summary = summarizeOld()
                guard let split else { return (summary, nil) }
                let later = ShapeSummary.valueChanges(
                    ofElementsFrom: split.first, to: split.count, of: new, comparingWith: old,
                    listsValues: listsValues, ignoring: ignoring)
                return (summary, later)
            }
            let newSide = { () -> (ShapeSummary, ShapeSummaryBuilder.ValueChanges) in
                ShapeSummary.of(
                    new, comparingWith: old, listsValues: listsValues, ignoring: ignoring,
                    pairedElements: split?.first ?? .max)
            }
            let ((oldSummary, laterChanges), (newSummary, changes)) = SideBySide.run(oldSide, newSide)
            compare(oldSummary, newSummary, generic: [], name: "the body")
            valueChanges += changes.changes
            if let laterChanges { valueChanges += laterChanges.changes }
            valueChangeCount += changes.count + (laterChanges?.count ?? 0)
            return
        }
        let oldSummary = summarizeOld()
        if let (key, inner) = envelope(old: oldSummary, new: new) {
            let place = JSONPath.root.appending(key: key)
            add(
                .unexpectedEnvelope, .breaking, at: place, expected: "the body at the top level",
                actual: "the same body under '\(key)'",
                message: "the body now arrives one level down, under '\(key)'; its shape is otherwise the same",
                hint:
                    "if the app should read it there, add `- unwrap: \(key)` to the endpoint's transforms; otherwise ask the backend team"
            )
            values(old, DiffBody(view: new.view, root: inner, rootPath: place))
            return
        }
        let (newSummary, changes) = ShapeSummary.of(
            new, comparingWith: old, listsValues: listsValues, ignoring: ignoring)
        compare(oldSummary, newSummary, generic: [], name: "the body")
        valueChanges += changes.changes
        valueChangeCount += changes.count
    }

    /// Where the values of two array bodies are split between two threads: the elements from `first` to `count`
    /// (the pairs there are) are compared apart. Nil when either body is no array, or too short to be worth it.
    static func elementSplit(_ old: DiffBody, _ new: DiffBody) -> (first: Int, count: Int)? {
        guard old.view.kind(old.root) == .array, new.view.kind(new.root) == .array else { return nil }
        let count = min(old.view.entries[old.root].memberCount, new.view.entries[new.root].memberCount)
        guard count >= 1024 else { return nil }
        return (count / 2, count)
    }

    /// False when the new body cannot be the old one in an envelope, as ``envelope(old:new:)`` would find (the new
    /// body is no object, or it has one of the old body's keys at the top); told from the tapes alone, before
    /// either body is summarised.
    static func mayBeEnvelope(old: DiffBody, new: DiffBody) -> Bool {
        guard new.view.kind(new.root) == .object else { return false }
        guard old.view.kind(old.root) == .object, old.view.entries[old.root].memberCount > 0 else { return true }
        // A collection keyed by id mostly starts with a key the old one has: looked for among the old keys by its
        // bytes first, so that the table of every old key (which the pairing walk makes again) is seldom made here.
        let first = new.root + 1
        if first < new.view.entries[new.root].end, !new.view.mayBeSpelledOtherwise(first) {
            let oldEnd = old.view.entries[old.root].end
            var member = old.root + 1
            while member < oldEnd {
                if !old.view.mayBeSpelledOtherwise(member),
                    MemberTable.sameKey(member, in: old.view, as: first, in: new.view)
                {
                    return false
                }
                member = old.view.next(after: member + 1)
            }
        }
        // Else by a table of the old keys' bytes, with no text made.
        let oldKeys = MemberTable(object: old.root, in: old.view)
        let end = new.view.entries[new.root].end
        var member = new.root + 1
        while member < end {
            if oldKeys.value(forKeyAt: member, in: new.view) != nil { return false }
            member = new.view.next(after: member + 1)
        }
        return true
    }

    /// How many members ``envelope(old:new:)`` compares with the old body at most.
    static let envelopeCandidates = 64

    /// The key of an envelope the new body wraps the old one in (`{"data": <old body>}`), with the tape entry of
    /// the body inside: a member of the new object whose value has the old body's shape exactly, where none of the
    /// old body's keys is left at the top. Nil when there is none.
    ///
    /// The first ``envelopeCandidates`` members that could hold the body are compared in full, and no more: an
    /// envelope has a few members (`data`, `meta`, `links`), and a body of thousands of members, each an array,
    /// would otherwise cost the old body's size for each of them (4,000 took 30 s).
    func envelope(old: ShapeSummary, new: DiffBody) -> (key: String, inner: Int)? {
        let view = new.view
        guard view.kind(new.root) == .object else { return nil }
        let oldRoot = old.body.root
        let oldView = old.body.view
        let oldKeys: Set<String>
        if oldView.kind(oldRoot) == .object {
            oldKeys = Set(oldView.memberKeys(of: oldRoot).map { oldView.string($0) })
        } else {
            oldKeys = []
        }
        let entries = view.memberKeys(of: new.root).map { (key: view.string($0), value: $0 + 1) }
        guard !entries.contains(where: { oldKeys.contains($0.key) }) else { return nil }
        // A look-up by key reads the last member of a name, so only that one is tried: the shape compared is then
        // the shape of the values listed.
        var tried = 0
        var lastOfName: [String: Int] = [:]
        for (index, entry) in entries.enumerated() { lastOfName[entry.key] = index }
        for (index, entry) in entries.enumerated() where lastOfName[entry.key] == index {
            switch (oldView.kind(oldRoot), view.kind(entry.value)) {
            case (.object, .object):
                // The old body's shape exactly: the same keys at the top, or each would be a finding (unless
                // ignored, or the old body is a collection keyed by id, compared by its entries). Checked before a
                // summary is made, so that a body of many members, each an object, costs its size.
                if ignored.isEmpty && !old.isKeyedCollection {
                    let keys = view.memberKeys(of: entry.value).map { view.string($0) }
                    guard keys.count >= oldKeys.count, Set(keys) == oldKeys else { continue }
                }
            case (.array, .array): break
            default: continue
            }
            tried += 1
            if tried > Self.envelopeCandidates { return nil }
            var inner = ShapeComparison(
                endpoint: endpoint, ignored: ignored, ignoredPaths: .some(ignoredPaths), listsValues: false)
            let candidate = DiffBody(view: view, root: entry.value, rootPath: .root)
            inner.compare(old, ShapeSummary.of(candidate, values: [UInt32(entry.value)]), generic: [], name: "the body")
            if inner.findings.isEmpty { return (entry.key, entry.value) }
        }
        return nil
    }

    static func bodyDescription(_ body: Recording.Body?) -> String {
        switch body {
        case .json?, .indexed?: return "JSON"
        case .text(let text)?: return "text: \"\(text.prefix(60))\(text.count > 60 ? "…" : "")\""
        case .base64?: return "binary data"
        case nil: return "no body"
        }
    }

    // MARK: - Shapes

    /// Compares the summaries of one place; `name` says it in messages (`'email'`, `the body`). The summaries of
    /// the places below are let go once compared.
    mutating func compare(_ old: ShapeSummary, _ new: ShapeSummary, generic: [String], name: String) {
        defer {
            old.releasePlacesBelow()
            new.releasePlacesBelow()
        }
        let oldKinds = old.valueKinds
        let newKinds = new.valueKinds
        // A place that was only ever null (or empty) in the old recording says nothing about its type.
        guard !oldKinds.isEmpty, !newKinds.isEmpty || new.kinds[.null] != nil else { return }
        let wasObject = oldKinds.contains(.object)
        let wasArray = oldKinds.contains(.array)
        let isObject = newKinds.contains(.object)
        let isArray = newKinds.contains(.array)
        if wasObject && !wasArray && isArray && !isObject {
            let first = new.kinds[.array]!
            add(
                .arrayInsteadOfObject, .breaking, at: new.body.path(to: first.first), expected: "object",
                actual: "array",
                message: "\(name) was an object and is now an array",
                hint:
                    "decode an array ([T]) and build what the app needs from it, or ask the backend to keep the object",
                occurrences: first.count)
            return
        }
        if wasArray && !wasObject && isObject && !isArray {
            let first = new.kinds[.object]!
            let keyed = new.isKeyedCollection
            add(
                .objectInsteadOfArray, .breaking, at: new.body.path(to: first.first), expected: "array",
                actual: keyed ? "object keyed by id" : "object",
                message: "\(name) was an array and is now \(keyed ? "a dictionary keyed by id" : "an object")",
                hint: keyed
                    ? Self.keyedToArrayHint(generic: generic, old: old, new: new)
                    : "if the array arrived inside an envelope, add `- unwrap: <key>` to the endpoint's transforms",
                occurrences: first.count)
            return
        }
        if let null = new.kinds[.null], old.kinds[.null] == nil {
            add(
                .nullValue, .breaking, at: new.body.path(to: null.first), expected: ShapeSummary.describe(oldKinds),
                actual: "null",
                message: "\(name) is now null, and never was in the old recording",
                hint:
                    "make the property Optional if null is a legitimate value; otherwise the backend must send a value",
                occurrences: null.count)
        }
        compareScalars(old, new, name: name)
        if wasObject && isObject { compareObjects(old, new, generic: generic) }
        if wasArray && isArray, let oldElements = old.elements, let newElements = new.elements {
            let step = "[*]"
            if !isIgnored(generic: generic + [step]) {
                compare(oldElements, newElements, generic: generic + [step], name: "an element of \(name)")
            }
        }
    }

    /// New kinds of value among scalars: dates written another way, numbers as strings, fractions where there were none.
    mutating func compareScalars(_ old: ShapeSummary, _ new: ShapeSummary, name: String) {
        let oldKinds = old.valueKinds
        let oldDates = oldKinds.filter { if case .date = $0 { return true } else { return false } }
        let oldEpoch = old.epochUnits ?? []
        var dateChanges: [(ShapeSummary.Kind, Int, Int)] = []
        var typeChanges: [(ShapeSummary.Kind, Int, Int)] = []
        for (kind, seen) in new.kinds.sorted(by: { $0.key < $1.key }) where kind != .null && !oldKinds.contains(kind) {
            switch kind {
            case .object where oldKinds.contains(.array), .array where oldKinds.contains(.object):
                continue  // a swap reported above, or a mix on both sides
            case .integer where oldKinds.contains(.fraction):
                continue  // a whole number still decodes as Double
            case .string where !oldDates.isEmpty && !oldKinds.contains(.string):
                dateChanges.append((kind, seen.first, seen.count))  // a date field now holds text that is not a date
            case .date where !oldDates.isEmpty:
                dateChanges.append((kind, seen.first, seen.count))
            case .date where oldKinds.contains(.string):
                continue  // a string field that now happens to hold a date
            case .integer, .fraction:
                if !oldDates.isEmpty, !(new.epochUnits ?? []).isEmpty {
                    dateChanges.append((kind, seen.first, seen.count))
                } else {
                    typeChanges.append((kind, seen.first, seen.count))
                }
            case .date:
                if !oldEpoch.isEmpty && (oldKinds.contains(.integer) || oldKinds.contains(.fraction)) {
                    dateChanges.append((kind, seen.first, seen.count))
                } else {
                    typeChanges.append((kind, seen.first, seen.count))
                }
            default:
                typeChanges.append((kind, seen.first, seen.count))
            }
        }
        // Epoch numbers that changed unit: seconds then, milliseconds now (or back).
        if let newEpoch = new.epochUnits, !newEpoch.isEmpty, !oldEpoch.isEmpty, newEpoch.isDisjoint(with: oldEpoch),
            let number = new.kinds[.integer] ?? new.kinds[.fraction]
        {
            let unit = newEpoch.contains(.milliseconds) ? "epoch milliseconds" : "epoch seconds"
            let was = oldEpoch.contains(.seconds) ? "epoch seconds" : "epoch milliseconds"
            add(
                .dateFormatMismatch, .breaking, at: new.body.path(to: number.first), expected: was, actual: unit,
                message: "\(name) was written as \(was) and is now \(unit)",
                hint:
                    "decode with `dates: \(unit == "epoch milliseconds" ? "millisecondsSince1970" : "secondsSince1970")` (or `flexible`), or ask the backend to keep \(was)",
                occurrences: number.count)
        }
        if let (kind, node, count) = dateChanges.first {
            let was =
                oldDates.isEmpty
                ? (oldEpoch.contains(.milliseconds) ? "epoch milliseconds" : "epoch seconds")
                : ShapeSummary.describe(oldDates)
            let now: String
            switch kind {
            case .date(let style): now = style
            case .integer, .fraction:
                now = (new.epochUnits ?? []).contains(.milliseconds) ? "epoch milliseconds" : "epoch seconds"
            default: now = "text that is not a date"
            }
            add(
                .dateFormatMismatch, .breaking, at: new.body.path(to: node), expected: was, actual: now,
                message: "\(name) was written as \(was.replacing("date as ", with: "")) and is now \(now)",
                hint:
                    "decode with a date strategy that reads both (`dates: flexible`), or ask the backend to keep the old form",
                occurrences: count)
        }
        if !typeChanges.isEmpty {
            let path = new.body.path(to: typeChanges[0].1)
            let count = typeChanges.map(\.2).reduce(0, +)
            let now = ShapeSummary.describe(typeChanges.map(\.0))
            add(
                .typeMismatch, .breaking, at: path, expected: ShapeSummary.describe(oldKinds), actual: now,
                message: "\(name) was \(ShapeSummary.describe(oldKinds)) and is now \(now)",
                hint: "declare the property with the new type, or accept both forms in a custom init(from:)",
                occurrences: count)
        }
    }

    /// How many new spellings of one old key have their values compared with the old key's.
    static let comparedSpellings = 16

    /// The `count` least of `strings`, in order; a pass that keeps the least so far, so that a few of thousands cost
    /// no sort of them all.
    static func least(_ count: Int, of strings: Set<String>) -> [String] {
        guard strings.count > count else { return strings.sorted() }
        var least: [String] = []
        for string in strings where least.count < count || string < least[least.count - 1] {
            least.insert(string, at: least.firstIndex { string < $0 } ?? least.count)
            if least.count > count { least.removeLast() }
        }
        return least
    }

    /// Keys that went missing, appeared, or changed their spelling; then each common key's values.
    ///
    /// The objects are taken a group at a time (those with the same keys in the same order): what holds for one
    /// object of a group holds for all of them, and the first object of the first group is the first object.
    mutating func compareObjects(_ old: ShapeSummary, _ new: ShapeSummary, generic: [String]) {
        if old.isKeyedCollection && (new.isKeyedCollection || new.objectsAreEmpty) {
            if let oldValues = old.keyedValues, let newValues = new.keyedValues,
                !isIgnored(generic: generic + [".*"])
            {
                compare(oldValues, newValues, generic: generic + [".*"], name: "an entry")
            }
            return
        }
        let oldKeys = Set(old.memberOrder)
        let newKeys = new.memberOrder
        let newIsOld = newKeys.map { oldKeys.contains($0) }
        let newIndex = new.keyIndex
        let listed = new.keyLists.reduce(0) { $0 + $1.count }
        // The new objects' keys the old objects do not have, by their normalized spelling, with the groups that
        // hold each: made once, so that finding a key's other spellings costs the groups that have one, not a scan
        // of every group for each key.
        var spellings: [String: [(list: Int, variant: String)]] = [:]
        for (number, key) in newKeys.enumerated() where !newIsOld[number] {
            let normalized = KeyNames.normalized(key)
            for list in newIndex.lists[number] { spellings[normalized, default: []].append((list, key)) }
        }
        var consumed = Set<String>()
        for (oldNumber, key) in old.memberOrder.enumerated() {
            let step = Self.step(forKey: key)
            let newNumber = new.keyTable.number(of: key)
            let holds = { (list: Int) in newNumber.map { new.keyLists[list].contains($0) } ?? false }
            let lackingCount = listed - (newNumber.map { newIndex.counts[$0] } ?? 0)
            // The first group lacking the key and not among `skipped`, in the order of their first objects: a scan
            // that passes over only groups holding the key or skipped, so all the keys' scans cost the groups' size.
            let firstLacking = { (skipped: Set<Int>) -> Int? in
                newIndex.listOrder.first { !holds($0) && !skipped.contains($0) }.map { new.keyLists[$0].first }
            }
            let concrete = { firstLacking([]).map { new.body.path(to: $0).appending(key: key) } }
            if isIgnored(generic: generic + [step], concrete: concrete) { continue }
            // Objects that lack the key but hold another spelling of it: the key changed its case or separators.
            var variants: [Int: String] = [:]
            for (list, variant) in spellings[KeyNames.normalized(key)] ?? [] where !holds(list) {
                if let known = variants[list], known <= variant { continue }
                variants[list] = variant
            }
            let respelled = variants.map {
                (first: new.keyLists[$0.key].first, count: new.keyLists[$0.key].count, variant: $0.value)
            }
            let respelledCount = respelled.reduce(0) { $0 + $1.count }
            let absentCount = lackingCount - respelledCount
            let firstAbsent = absentCount > 0 ? firstLacking(Set(variants.keys)) : nil
            if let first = respelled.min(by: { $0.first < $1.first }) {
                let variantNames = Set(respelled.map(\.variant))
                consumed.formUnion(variantNames)
                add(
                    .keyCaseChanged, .breaking, at: new.body.path(to: first.first).appending(key: first.variant),
                    expected: "'\(key)'", actual: "'\(first.variant)'",
                    message: "'\(key)' is now spelled '\(first.variant)'"
                        + (absentCount == 0 && respelledCount == lackingCount && lackingCount == new.objectCount
                            ? "" : " in \(respelledCount) of \(new.objectCount) objects"),
                    hint:
                        "map it in CodingKeys (`case \(KeyNames.convertFromSnakeCase(key)) = \"\(first.variant)\"`), or decode with a key strategy that reads both (`convertFromSnakeCase`, `anyCase`)",
                    occurrences: respelledCount)
                // Each spelling's values against the old key's; a key spelled hundreds of ways (by hostile bodies,
                // not by a backend) has only its first few compared, so that 2,000 old keys each met by 2,000
                // spellings are not four million comparisons.
                for variant in Self.least(Self.comparedSpellings, of: variantNames) {
                    if let oldValues = old.member(key), let newValues = new.member(variant) {
                        compare(
                            oldValues, newValues, generic: generic + [Self.step(forKey: variant)], name: "'\(variant)'")
                    }
                }
            }
            let gone = newNumber == nil
            let requiredBefore = old.objectCount(having: oldNumber) == old.objectCount
            if let first = firstAbsent, gone && respelled.isEmpty || requiredBefore {
                add(
                    .missingKey, .breaking, at: new.body.path(to: first).appending(key: key),
                    expected: "'\(key)': \(ShapeSummary.describe(old.member(key)?.kinds.keys.map { $0 } ?? []))",
                    actual: "absent",
                    message: gone && respelled.isEmpty
                        ? "'\(key)' is gone: the old recording had it, the new one does not"
                        : "'\(key)' was in every object here and is now absent from \(absentCount) of \(new.objectCount)",
                    hint:
                        "if the backend may leave it out, make the property Optional (or give it a default); otherwise report it to the backend team",
                    occurrences: absentCount)
            }
            if let oldValues = old.member(key), let newValues = new.member(key) {
                compare(oldValues, newValues, generic: generic + [step], name: "'\(key)'")
            }
        }
        for (number, key) in newKeys.enumerated() where !newIsOld[number] && !consumed.contains(key) {
            let path = { new.firstObject(having: number).map { new.body.path(to: $0).appending(key: key) } }
            if isIgnored(generic: generic + [Self.step(forKey: key)], concrete: path) { continue }
            add(
                .extraKey, .info, at: path(), expected: "no key '\(key)'",
                actual: ShapeSummary.describe(new.member(key)?.kinds.keys.map { $0 } ?? []),
                message: "'\(key)' is new",
                hint: "additive: nothing breaks until the app reads it; add it to the spec when it does",
                occurrences: new.objectCount(having: number))
        }
    }
}
