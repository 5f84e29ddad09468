import Foundation

/// Walks a JSON body against a shape and reports every drift, not the first, each with its JSON path.
package struct ShapeChecker: Sendable {
    /// The endpoint settings the check depends on.
    package struct Options: Sendable, Hashable {
        /// The date strategy for `Date` shapes without their own format.
        package var dates: DateFormat
        /// The app's key strategy: a key variant it reads anyway is a warning, not breaking.
        package var keys: KeyStrategy
        /// What to do with undeclared keys.
        package var extraKeys: ExtraKeysPolicy

        /// Creates options.
        package init(
            dates: DateFormat = .iso8601, keys: KeyStrategy = .useDefaultKeys, extraKeys: ExtraKeysPolicy = .allow
        ) {
            self.dates = dates
            self.keys = keys
            self.extraKeys = extraKeys
        }
    }

    /// Named shapes the checked shapes may refer to.
    package let shapes: [String: Shape]
    /// The endpoint settings.
    package let options: Options
    /// Shapes already planned for a walk; shared by copies of this checker, whose shapes and options are the same.
    private let plans = ShapePlanCache()

    /// Creates a checker.
    package init(shapes: [String: Shape] = [:], options: Options = Options()) {
        self.shapes = shapes
        self.options = options
    }

    /// Every drift of `document` from `shape`, grouped so that one drift repeated across array elements is one
    /// finding.
    package func check(_ document: JSONDocument, against shape: Shape) -> [Finding] {
        ShapeFinding.grouped(checkEach(document, following: plan(for: shape), mergingRepeats: true))
    }

    /// Every drift of `value` from `shape`, grouped so that one drift repeated across array elements is one finding.
    ///
    /// A value that is not JSON (a ``JSONNumber`` whose literal is not a JSON number) is one `body-not-json` finding.
    package func check(_ value: JSONValue, against shape: Shape) -> [Finding] {
        do {
            return check(try JSONDocument(value), against: shape)
        } catch {
            return [
                Finding(
                    kind: .bodyNotJSON, severity: .breaking, path: .root, expected: shape.description,
                    actual: "not JSON: \(error.message)", message: "the value is not JSON: \(error.message)",
                    hint: "a JSONNumber's literal must be spelled as JSON spells numbers, such as 1.5 or -2e3",
                    specLocation: shape.location)
            ]
        }
    }

    /// The plan this checker walks `shape` by, made on first use; a caller checking many bodies against one shape
    /// keeps it, and spares the look-up.
    func plan(for shape: Shape) -> ShapePlan {
        plans.plan(for: shape, checker: self)
    }

    /// Every drift of `document` from the shape `plan` was made for, by this checker. With `mergingRepeats`, a drift
    /// met again in the same group is counted into the finding already made (``ShapeWalk/groupIndex``), for a caller
    /// that groups them anyway; without, each place is a finding of its own, for one that pairs them with a model's
    /// decoding failures place by place.
    func checkEach(_ document: JSONDocument, following plan: ShapePlan, mergingRepeats: Bool = false)
        -> [ShapeFinding]
    {
        document.withView { view in
            var walk = ShapeWalk(checker: self, plan: plan, view: view)
            walk.mergesRepeats = mergingRepeats
            if let release = document.releaseText {
                walk.releaseText = release
                walk.nextRelease = JSONDocument.releaseStride
            }
            walk.check(document.root, plan.root)
            return walk.findings
        }
    }

    /// The definition behind a named shape, following aliases.
    func resolve(_ shape: Shape) -> Shape {
        var current = shape
        var hops = 0
        while case .named(let name) = current.kind, let definition = shapes[name], hops < 64 {
            current = definition
            hops += 1
        }
        return current
    }
}

/// One finding at one place, before repeats across array elements are merged.
/// A transform that a finding's fix adds to the endpoint.
enum ProposedTransform: Equatable {
    /// `keyedToArray`, at this place (nil where a transform path cannot name it).
    case keyedToArray(at: TransformPath?)
    /// `unwrap` of this key, at the body's root.
    case unwrap(key: String)
    /// `renameKeys` of the key at this path (as the server sends it) to the spec's name.
    case renameKeys(from: TransformPath, to: String)

    /// The transform's name, as a spec writes it.
    var name: String {
        switch self {
        case .keyedToArray: return "keyedToArray"
        case .unwrap: return "unwrap"
        case .renameKeys: return "renameKeys"
        }
    }
}

struct ShapeFinding {
    var finding: Finding
    /// The same drift at another index or dictionary key has the same group.
    var group: String
    /// For key findings (missing, renamed, case changed): the key as the spec names it.
    var specKey: String?
    /// The transform the finding's fix adds (`keyedToArray`, `unwrap`), when it proposes one.
    var proposedTransform: ProposedTransform? = nil

    /// The findings with repeats merged: the first place keeps its path, the rest are counted.
    static func grouped(_ findings: [ShapeFinding]) -> [Finding] {
        var order: [String] = []
        var merged: [String: Finding] = [:]
        for item in findings {
            if var existing = merged[item.group] {
                existing.count(item.finding.occurrences, listing: item.finding.paths)
                merged[item.group] = existing
            } else {
                merged[item.group] = item.finding
                order.append(item.group)
            }
        }
        return order.map { merged[$0]! }
    }
}

/// One walk over a body: the current path and the findings so far.
///
/// Values are entries of the body's tape, read in place: the walk decodes a string only to test it (a date, an
/// enumeration, a pattern) and builds nothing for a value that fits.
struct ShapeWalk: ~Copyable {
    let checker: ShapeChecker
    /// The plan of the shape being checked; a shape made up during the walk is checked under a plan of its own.
    var plan: ShapePlan
    /// The body.
    let view: JSONTapeView
    /// Where the walk is; steps that are wildcards when grouping repeated drift are kept as flags, so that the walk
    /// builds no strings on the happy path.
    var path = WalkPath()
    var findings: [ShapeFinding] = []
    var stopAtFirst = false
    /// Told the walk's position in the text as it passes `nextRelease` in a collection, so that the pages of a mapped
    /// text behind it can be given back.
    var releaseText: ((Int) -> Void)?
    var nextRelease = Int.max
    /// What checking a value against a union found, for the values checked inside another union's member: when a
    /// member fails, the next one checks the same values below again, so a recursive union (a folder of folders or
    /// shared folders) cost twice as much for every level. Kept, each value is checked against an inner union once.
    /// Node numbers are the plan's, so a walk under a plan of its own starts with none.
    var unionsChecked: [UnionCheck: [ShapeFinding]] = [:]
    /// How many unions' members the walk is inside.
    var unionDepth = 0
    /// Where each finding's group is in ``findings``, when ``mergesRepeats``: a drift met again
    /// in the same group is counted into the finding already there as it is met (``ShapeFinding/grouped(_:)`` would
    /// merge it later), so that a million elements with one drift each hold one finding, not a million (772 MB and
    /// 2.3 s for a 17 MB body, now 77 MB and 1.1 s). Not inside a union, whose check ranks its members by the
    /// findings each makes.
    var groupIndex: [String: Int] = [:]
    /// True to merge repeats into ``groupIndex``'s findings as they are met.
    var mergesRepeats = false
    /// Findings before this index are not merged into: a check that reads what it added since (a dictionary that may
    /// be an envelope) sets it while it runs.
    var mergeFloor = 0
    /// The extra keys listed one by one at each generic place (`$[*]`), at most ``extraKeysReportedEach`` a place:
    /// objects that each bring keys of their own add to one finding, not one each.
    var extraKeysListed: [String: Set<String>] = [:]

    struct UnionCheck: Hashable {
        let value: Int
        let node: Int
    }

    init(checker: ShapeChecker, plan: ShapePlan, view: JSONTapeView) {
        self.checker = checker
        self.plan = plan
        self.view = view
    }

    var done: Bool { stopAtFirst && !findings.isEmpty }

    /// True when `value` fits the shape at `node` with no drift at all (used by heuristics).
    func fits(_ value: Int, _ node: Int) -> Bool {
        var walk = ShapeWalk(checker: checker, plan: plan, view: view)
        walk.stopAtFirst = true
        walk.check(value, node)
        return walk.findings.isEmpty
    }

    @inline(never)
    mutating func report(
        _ kind: DriftKind, _ severity: Severity, expected: String, actual: String, message: String, hint: String?,
        at location: SourceLocation?, extraComponent: JSONPath.Component? = nil, variant: String = "",
        specKey: String? = nil,
        proposedTransform: ProposedTransform? = nil
    ) {
        var (components, group) = genericPlace()
        if let extraComponent {
            components.append(extraComponent)
            if case .key(let key) = extraComponent { group += "." + key }
        }
        group = "\(kind.rawValue)|\(group)|\(expected)|\(variant)"
        // Merged by the group alone, as grouping after does: one group may hold two severities (a repeated key
        // whose copies differ or not), and its places stay in body order.
        let merges = mergesRepeats && unionDepth == 0
        // The finding there is checked to be of the group still: a check may have taken findings back since.
        if merges, let index = groupIndex[group], index >= mergeFloor, index < findings.count,
            findings[index].group == group
        {
            findings[index].finding.count(1, listing: [JSONPath(components: components)])
            return
        }
        let finding = Finding(
            kind: kind, severity: severity, path: JSONPath(components: components), expected: expected, actual: actual,
            message: message, hint: hint, specLocation: location)
        if merges { groupIndex[group] = findings.count }
        findings.append(
            ShapeFinding(finding: finding, group: group, specKey: specKey, proposedTransform: proposedTransform))
    }

    /// The walk's path, and its generic form for grouping (`[*]` for an index, `.*` for a key of a dictionary).
    func genericPlace() -> (components: [JSONPath.Component], group: String) {
        let components = path.components(in: view)
        var group = ""
        var position = 0
        path.forEach { step in
            switch components[position] {
            case .index: group += "[*]"
            case .key(let key): group += step.isWildcard ? ".*" : "." + key
            }
            position += 1
        }
        return (components, group)
    }

    /// Runs `body` one step further down the path.
    @inline(__always)
    mutating func descend<T>(_ place: WalkPath.Place, wildcard: Bool, _ body: (inout ShapeWalk) -> T) -> T {
        path.push(place, isWildcard: wildcard)
        defer { path.pop() }
        return body(&self)
    }

    /// Gives back the text before `offset` when the walk has moved on far enough; cheap when it has not.
    @inline(__always)
    mutating func passing(_ offset: Int) {
        if offset >= nextRelease { release(before: offset) }
    }

    @inline(never)
    private mutating func release(before offset: Int) {
        releaseText?(offset)
        nextRelease = offset + JSONDocument.releaseStride
    }

    // MARK: - Reading values

    /// The value at `value` as a tree: for scalars, and for containers only where a finding needs one.
    func json(_ value: Int) -> JSONValue { view.value(value) }

    /// The members of the object at `value`: each key's entry and its value's entry, in body order.
    func members(_ value: Int) -> [Member] {
        view.memberKeys(of: value).map { Member(key: $0, value: $0 + 1) }
    }

    /// The elements of the array at `value`, in order.
    func elements(_ value: Int) -> [Int] { view.elements(of: value) }

    // MARK: - The walk

    /// Checks the body value at tape entry `value` against the shape at `node`.
    ///
    /// Called once per value of the body: the common tests are inline, and everything that words a finding, or
    /// checks a rarer kind of shape, is out of line so that this stays small.
    mutating func check(_ value: Int, _ node: Int) {
        if done { return }
        let test = plan.tests[node]
        let kind = view.kind(value)
        switch test {
        case .any:
            return
        case .optional(let wrapped):
            if kind == .null { return }
            check(value, wrapped)
            return
        case .union(let members):
            return checkUnion(value, members, node)
        default:
            break
        }
        if kind == .null { return reportNull(node) }
        switch test {
        case .string:
            guard kind == .string || kind == .escapedString else {
                return mismatch(value, node, hint: hintForString(value))
            }
        case .int:
            guard kind == .integer || kind == .fraction else {
                return mismatch(value, node, hint: hintForNumber(value, "Int"))
            }
            if !fitsInt(value) { intDoesNotFit(value, node) }
        case .integers(let index):
            guard kind == .integer || kind == .fraction else {
                return mismatch(value, node, hint: hintForNumber(value, "Int"))
            }
            checkIntegers(value, plan.integerLists[index], node)
        case .double:
            guard kind == .integer || kind == .fraction else {
                return mismatch(value, node, hint: hintForNumber(value, "Double"))
            }
            if !fitsDouble(value) { doubleDoesNotFit(value, node) }
        case .bool:
            guard kind == .true || kind == .false else {
                return mismatch(
                    value, node,
                    hint:
                        "decode the property with a custom init(from:) that maps this to Bool, or ask the backend for true/false"
                )
            }
        case .date(let format):
            checkDate(value, format: plan.dateFormats[format], node)
        case .array(let element):
            checkArray(value, element: element, node)
        case .dictionary(let valueNode):
            checkDictionary(value, valueNode: valueNode, node)
        case .object(let object):
            checkObject(value, plan.objects[object], node)
        case .url, .uuid, .enumeration, .pattern, .undefined:
            checkOtherScalar(value, test, node)
        case .any, .optional, .union:
            break
        }
    }

    @inline(never)
    private mutating func reportNull(_ node: Int) {
        let declared = plan.declared[node]
        report(
            .nullValue, .breaking, expected: declared.description, actual: "null",
            message: "\(lastKeyDescription) is null, but the spec says \(declared.description)",
            hint:
                "make the property Optional (\(declared.description)?) if null is a legitimate value; otherwise the backend must send a value",
            at: declared.location)
    }

    @inline(never)
    private mutating func intDoesNotFit(_ value: Int, _ node: Int) {
        // Declaring it Double would not help a number no Double holds.
        if !fitsDouble(value) { return doubleDoesNotFit(value, node) }
        let hint =
            view.kind(value) == .integer
            ? "the number does not fit in Int: decode it as Double or Decimal, or as a String if it is an id"
            : "the backend now sends a fraction: declare the property Double or Decimal"
        mismatch(value, node, hint: hint)
    }

    /// True when the number at `value` reads as a `Double` as `JSONDecoder` reads it: it refuses a number whose
    /// magnitude rounds to infinity (`1e400`) or to zero though a digit of it is not zero (`1e-400`), and says only
    /// that the data is not valid JSON, at the top of the body.
    func fitsDouble(_ value: Int) -> Bool {
        // Without an exponent, a literal needs over 300 digits to leave Double's range.
        let entry = view.entries[value]
        if entry.length < 300 {
            var exponent = false
            for offset in entry.offset..<(entry.offset + entry.length)
            where view.bytes[offset] | 0x20 == UInt8(ascii: "e") {
                exponent = true
                break
            }
            if !exponent { return true }
        }
        return JSONNumber.isWithinDoubleRange(view.numberLiteral(value))
    }

    @inline(never)
    private mutating func doubleDoesNotFit(_ value: Int, _ node: Int) {
        let declared = plan.declared[node]
        let literal = view.numberLiteral(value)
        let shown = literal.count > 40 ? literal.prefix(20) + "…" + literal.suffix(12) : Substring(literal)
        let beyond = (Double(literal).map { $0.isInfinite } ?? true) ? "too large" : "too close to zero"
        report(
            .typeMismatch, .breaking, expected: declared.description, actual: "number \(shown)",
            message:
                "\(lastKeyDescription) is \(shown), \(beyond) for a Double: JSONDecoder refuses the whole body, saying only that it is not valid JSON",
            hint: JSONNumber.beyondDoubleHint, at: declared.location, variant: "beyond-double")
    }

    /// The string at `value`, or nil when it is not a string.
    private func stringValue(_ value: Int) -> String? {
        let kind = view.kind(value)
        return kind == .string || kind == .escapedString ? view.string(value) : nil
    }

    /// URLs, UUIDs, enumerations, patterns, and names that lead nowhere.
    @inline(never)
    private mutating func checkOtherScalar(_ value: Int, _ test: ShapePlan.Test, _ node: Int) {
        switch test {
        case .url:
            guard let text = stringValue(value) else { return mismatch(value, node, hint: nil) }
            if URL(string: text) == nil || text.isEmpty {
                report(
                    .typeMismatch, .breaking, expected: "URL", actual: describe(value),
                    message: "\(lastKeyDescription) is not a valid URL",
                    hint: "declare the property String if the backend sends free text here",
                    at: plan.declared[node].location)
            }
        case .uuid:
            guard let text = stringValue(value) else { return mismatch(value, node, hint: nil) }
            if UUID(uuidString: text) == nil {
                report(
                    .typeMismatch, .breaking, expected: "UUID", actual: describe(value),
                    message: "\(lastKeyDescription) is not a UUID",
                    hint: "declare the property String if ids are no longer UUIDs",
                    at: plan.declared[node].location)
            }
        case .enumeration(let index):
            let text: String
            let numeric: Bool
            switch view.kind(value) {
            case .string, .escapedString: (text, numeric) = (view.string(value), false)
            case .integer, .fraction: (text, numeric) = (view.numberLiteral(value), true)
            default: return mismatch(value, node, hint: nil)
            }
            let cases = plan.enumerations[index]
            // A number where every case is a word is a new type, not a new case: `case 5 = "5"` would not read it.
            if numeric, !cases.contains(where: { Double($0) != nil }) {
                return mismatch(
                    value, node,
                    hint:
                        "the backend now sends a number where the spec lists words; an enum with String raw values cannot read it: ask the backend team, or give the model's enum an init(from:) that accepts both"
                )
            }
            if !cases.contains(text) {
                let declared = plan.declared[node]
                report(
                    .enumUnknownValue, .breaking, expected: declared.description, actual: describe(value),
                    message: "\(lastKeyDescription) is '\(text)', which is not one of \(cases.joined(separator: ", "))",
                    hint:
                        "add `case \(Self.swiftCaseName(text)) = \(numeric ? text : Self.swiftStringLiteral(text))` to the enum, and decode unknown values into a fallback case so the next new value does not break the app",
                    at: declared.location, variant: text)
            }
        case .pattern(let index):
            guard let text = stringValue(value) else { return mismatch(value, node, hint: nil) }
            let pattern = plan.patterns[index]
            let declared = plan.declared[node]
            switch RegexCache.shared.verdict(pattern, text) {
            case .matches:
                break
            case .doesNotMatch:
                report(
                    .patternMismatch, .breaking, expected: declared.description, actual: describe(value),
                    message: "\(lastKeyDescription) does not match /\(pattern)/",
                    hint: "update the pattern if the new form is intended, or ask the backend team",
                    at: declared.location)
            case .undecided(let abandoned):
                // The spec's pattern is at fault, not the backend: a warning, in a group of its own.
                let why =
                    switch abandoned {
                    case .stackExhausted:
                        "the regex engine ran out of backtracking stack on this \(text.utf16.count)-character value"
                    case .tooSlow(let budget):
                        "the regex engine gave up after \(Int(budget / .milliseconds(1))) ms on this \(text.utf16.count)-character value"
                    case .givenUp(let spent):
                        "the pattern was given up after it spent \(Int(spent / .seconds(1))) s on values it could not decide"
                    }
                report(
                    .patternMismatch, .warning, expected: declared.description, actual: describe(value),
                    message: "\(lastKeyDescription) could not be checked against /\(pattern)/: \(why)",
                    hint: (RegexCache.slowness(pattern) ?? .repeatedGroup).hint,
                    at: declared.location, variant: "undecided")
            }
        case .undefined:
            // Only reached when the name is unknown, which the spec loader already refuses.
            let declared = plan.declared[node]
            guard case .named(let name) = checker.resolve(declared).kind else { return }
            report(
                .typeMismatch, .breaking, expected: name, actual: describe(value),
                message: "the shape '\(name)' is not defined", hint: "declare it under 'shapes:'", at: declared.location
            )
        default:
            break
        }
    }

    /// `Int(1, 2, 3)`: a number that reads as an Int, and one of the values listed. A new value is reported as a
    /// text enum's new case is, with the case to add.
    @inline(never)
    private mutating func checkIntegers(_ value: Int, _ values: [Int], _ node: Int) {
        guard fitsInt(value) else { return intDoesNotFit(value, node) }
        let literal = view.numberLiteral(value)
        // `2.0` reads as 2, as JSONDecoder reads it into an Int.
        guard let number = Int(literal) ?? Double(literal).flatMap({ Int(exactly: $0) }), !values.contains(number)
        else { return }
        let declared = plan.declared[node]
        report(
            .enumUnknownValue, .breaking, expected: declared.description, actual: describe(value),
            message:
                "\(lastKeyDescription) is \(number), which is not one of \(values.map(String.init).joined(separator: ", "))",
            hint:
                "add `case \(Shape.integerCaseName(number)) = \(number)` to the enum, and decode unknown values into a fallback case so the next new value does not break the app",
            at: declared.location, variant: String(number))
    }

    /// True when the number at `value` reads as an `Int` (an `Int64`), as `JSONDecoder` would read it.
    func fitsInt(_ value: Int) -> Bool {
        // Up to 18 digits, with or without a minus sign, always fit; anything else takes the long way.
        let entry = view.entries[value]
        if entry.kind == .integer {
            let digits = view.bytes[entry.offset] == JSONByte.minus ? entry.length - 1 : entry.length
            if digits <= 18 { return true }
        }
        return fitsIntSlowly(JSONNumber(literal: view.numberLiteral(value)))
    }

    private func fitsIntSlowly(_ number: JSONNumber) -> Bool {
        if number.isInteger { return Int64(number.literal) != nil }
        let double = number.doubleValue
        return double.rounded() == double && abs(double) < 9.2e18
    }

    @inline(never)
    mutating func mismatch(_ value: Int, _ node: Int, hint: String?) {
        mismatch(value, plan.declared[node], hint: hint)
    }

    mutating func mismatch(_ value: Int, _ declared: Shape, hint: String?) {
        report(
            .typeMismatch, .breaking, expected: declared.description, actual: describe(value),
            message: "\(lastKeyDescription) is \(describe(value)), but the spec says \(declared.description)",
            hint: hint, at: declared.location, variant: kindName(value))
    }

    @inline(never)
    func hintForString(_ value: Int) -> String? {
        switch view.kind(value) {
        case .integer, .fraction:
            return
                "the backend now sends a number: declare the property Int or Double, or accept both forms in a custom init(from:)"
        case .true, .false: return "the backend now sends a boolean: declare the property Bool"
        default: return nil
        }
    }

    @inline(never)
    func hintForNumber(_ value: Int, _ type: String) -> String? {
        guard let text = stringValue(value) else { return nil }
        if Double(text) != nil {
            return
                "the backend now sends the number as a string (\"\(text)\"): declare the property String, or accept both forms in a custom init(from:)"
        }
        return "the backend now sends text here: declare the property String if that is intended"
    }

    /// `'email'` for the key being checked, `element 3` for an array element, `the body` at the root.
    var lastKeyDescription: String {
        switch path.last(in: view) {
        case .key(let key)?: return "'\(key)'"
        case .index(let index)?: return "element \(index)"
        case nil: return "the body"
        }
    }

    /// The JSON type's name of the value at `value`: `null`, `boolean`, `number`, `string`, `array` or `object`.
    func kindName(_ value: Int) -> String {
        switch view.kind(value) {
        case .null: return "null"
        case .true, .false: return "boolean"
        case .integer, .fraction: return "number"
        case .string, .escapedString: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// `object with 2 keys`, `array with 1 element`, or the scalar's kind.
    func kindDescription(_ value: Int) -> String {
        let entry = view.entries[value]
        switch entry.kind {
        case .array: return entry.memberCount == 1 ? "array with 1 element" : "array with \(entry.memberCount) elements"
        case .object: return entry.memberCount == 1 ? "object with 1 key" : "object with \(entry.memberCount) keys"
        default: return json(value).kindDescription
        }
    }

    func describe(_ value: Int) -> String {
        switch view.kind(value) {
        case .array, .object: return kindDescription(value)
        default: return Self.describe(json(value))
        }
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text):
            let shown = text.count > 40 ? String(text.prefix(37)) + "…" : text
            return "string \"\(shown)\""
        case .number(let number): return "number \(number.literal)"
        case .bool(let flag): return "boolean \(flag)"
        case .null: return "null"
        case .array, .object: return value.kindDescription
        }
    }

    /// `"text"` as a Swift string literal, quotes and backslashes escaped.
    static func swiftStringLiteral(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A Swift case name for an enum value: `in_progress` and `in-progress` give `inProgress`; characters that
    /// cannot be in an identifier separate words; a leading digit or a keyword is escaped with backticks.
    static func swiftCaseName(_ text: String) -> String {
        let words = text.unicodeScalars.split { !($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map {
            String($0)
        }
        guard let first = words.first else { return "`\(text)`" }
        var name = first.lowercased()
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        if words.count == 1, first != first.lowercased() { name = first.prefix(1).lowercased() + first.dropFirst() }
        let keywords: Set<String> = [
            "default", "case", "class", "struct", "enum", "let", "var", "func", "in", "is", "self", "true", "false",
            "nil", "return", "switch", "if", "else", "for", "while", "do", "try", "throw", "import",
        ]
        if let scalar = name.unicodeScalars.first, ("0"..."9").contains(scalar) || keywords.contains(name) {
            return "`\(name)`"
        }
        return name
    }

    // MARK: - Dates

    mutating func checkDate(_ value: Int, format: DateFormat, _ node: Int) {
        // A value that matches is a string or a number, so it always has a style: matching first skips sniffing.
        if case .iso8601 = format, view.kind(value) == .string {
            if ISO8601.parse(bytes: view.rawBytes(value), requireZone: true) != nil { return }
        } else if DateSniffer.value(json(value), matches: format) {
            return
        }
        dateMismatch(value, format: format, node)
    }

    @inline(never)
    private mutating func dateMismatch(_ value: Int, format: DateFormat, _ node: Int) {
        let declared = plan.declared[node]
        let json = json(value)
        guard let style = DateSniffer.style(of: json) else { return mismatch(value, declared, hint: nil) }
        var hint = "decode with a strategy that reads it"
        if let strategy = style.suggestedStrategy(for: json) {
            // A format the key declares itself (`Date(iso8601)`) is read whatever the endpoint's `dates:` says: the
            // fix is in the key's shape.
            if case .date(_?) = declared.nonOptional.kind {
                hint =
                    DateSniffer.value(json, matches: checker.options.dates)
                    ? "declare it `Date(\(strategy))` (or `Date(flexible)`; the endpoint's `dates: \(checker.options.dates)` "
                        + "reads it already), or ask the backend to keep \(format)"
                    : "declare it `Date(\(strategy))` and decode with `dates: \(strategy)` (or `flexible` for both), "
                        + "or ask the backend to keep \(format)"
            } else {
                hint = "decode with `dates: \(strategy)` (or `flexible`), or ask the backend to keep \(format)"
            }
        } else if case .unrecognised = style {
            hint =
                "the value is not a date the app can read; ask the backend team, or declare the property "
                + (json.numberValue == nil ? "String" : "Double")
        }
        let looks = style.description(for: json)
        report(
            .dateFormatMismatch, .breaking, expected: "Date(\(format))",
            actual: "\(describe(value)) (looks like \(looks))",
            message: "\(lastKeyDescription) is written as \(looks), not as \(format)", hint: hint,
            at: declared.location,
            variant: looks)
    }
}

/// One member of an object on the tape: its key's entry and its value's entry.
struct Member {
    let key: Int
    let value: Int
}

extension Finding {
    /// Counts `occurrences` more places of this drift, and lists `paths` (theirs) after its own while there is room
    /// (``maximumListedPaths``); the paths are made only when there is.
    mutating func count(_ occurrences: Int, listing paths: @autoclosure () -> [JSONPath]) {
        self.occurrences += occurrences
        let room = Finding.maximumListedPaths - 1 - morePaths.count
        if room > 0 { morePaths += paths().prefix(room) }
    }
}
