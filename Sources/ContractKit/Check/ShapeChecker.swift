import Foundation

/// Walks a JSON body against a shape and reports every drift, not the first, each with its JSON path.
public struct ShapeChecker: Sendable {
    /// The endpoint settings the check depends on.
    public struct Options: Sendable, Hashable {
        /// The date strategy for `Date` shapes without their own format.
        public var dates: DateFormat
        /// The app's key strategy: a key variant it reads anyway is a warning, not breaking.
        public var keys: KeyStrategy
        /// What to do with undeclared keys.
        public var extraKeys: ExtraKeysPolicy

        /// Creates options.
        public init(dates: DateFormat = .iso8601, keys: KeyStrategy = .useDefaultKeys, extraKeys: ExtraKeysPolicy = .allow) {
            self.dates = dates
            self.keys = keys
            self.extraKeys = extraKeys
        }
    }

    /// Named shapes the checked shapes may refer to.
    public let shapes: [String: Shape]
    /// The endpoint settings.
    public let options: Options

    /// Creates a checker.
    public init(shapes: [String: Shape] = [:], options: Options = Options()) {
        self.shapes = shapes
        self.options = options
    }

    /// Every drift of `value` from `shape`, grouped so that one drift repeated across array elements is one finding.
    public func check(_ value: JSONValue, against shape: Shape) -> [Finding] {
        ShapeFinding.grouped(checkEach(value, against: shape))
    }

    /// Every drift, one per place (not grouped), each with what grouping and merging need.
    func checkEach(_ value: JSONValue, against shape: Shape) -> [ShapeFinding] {
        var walk = ShapeWalk(checker: self)
        walk.check(value, shape)
        return walk.findings
    }

    /// True when `value` fits `shape` with no drift at all (used by heuristics).
    func fits(_ value: JSONValue, _ shape: Shape) -> Bool {
        var walk = ShapeWalk(checker: self)
        walk.stopAtFirst = true
        walk.check(value, shape)
        return walk.findings.isEmpty
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
struct ShapeFinding {
    var finding: Finding
    /// The same drift at another index or dictionary key has the same group.
    var group: String
    /// For key findings (missing, renamed, case changed): the key as the spec names it.
    var specKey: String?

    /// The findings with repeats merged: the first place keeps its path, the rest are counted.
    static func grouped(_ findings: [ShapeFinding]) -> [Finding] {
        var order: [String] = []
        var merged: [String: Finding] = [:]
        for item in findings {
            if var existing = merged[item.group] {
                existing.occurrences += item.finding.occurrences
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
struct ShapeWalk {
    let checker: ShapeChecker
    var path: [JSONPath.Component] = []
    /// For each step of `path`, whether it is an array index or dictionary key: such steps are wildcards when
    /// grouping repeated drift. Kept as flags so that the walk builds no strings on the happy path.
    var wildcards: [Bool] = []
    var findings: [ShapeFinding] = []
    var stopAtFirst = false

    init(checker: ShapeChecker) { self.checker = checker }

    var done: Bool { stopAtFirst && !findings.isEmpty }

    mutating func report(
        _ kind: DriftKind, _ severity: Severity, expected: String, actual: String, message: String, hint: String?,
        at location: SourceLocation?, extraComponent: JSONPath.Component? = nil, variant: String = "", specKey: String? = nil
    ) {
        var components = path
        var group = ""
        for (component, wildcard) in zip(path, wildcards) {
            switch component {
            case .index: group += "[*]"
            case .key(let key): group += wildcard ? ".*" : "." + key
            }
        }
        if let extraComponent {
            components.append(extraComponent)
            if case .key(let key) = extraComponent { group += "." + key }
        }
        let finding = Finding(
            kind: kind, severity: severity, path: JSONPath(components: components), expected: expected, actual: actual,
            message: message, hint: hint, specLocation: location)
        findings.append(ShapeFinding(finding: finding, group: "\(kind.rawValue)|\(group)|\(expected)|\(variant)", specKey: specKey))
    }

    mutating func descend<T>(_ component: JSONPath.Component, wildcard: Bool, _ body: (inout ShapeWalk) -> T) -> T {
        path.append(component)
        wildcards.append(wildcard)
        defer {
            path.removeLast()
            wildcards.removeLast()
        }
        return body(&self)
    }

    // MARK: - The walk

    mutating func check(_ value: JSONValue, _ declared: Shape) {
        if done { return }
        let shape = checker.resolve(declared)
        if case .any = shape.kind { return }
        if case .optional(let wrapped) = shape.kind {
            if case .null = value { return }
            check(value, wrapped)
            return
        }
        if case .null = value {
            report(.nullValue, .breaking, expected: declared.description, actual: "null",
                   message: "\(lastKeyDescription) is null, but the spec says \(declared.description)",
                   hint: "make the property Optional (\(declared.description)?) if null is a legitimate value; otherwise the backend must send a value",
                   at: declared.location)
            return
        }
        switch shape.kind {
        case .string:
            guard case .string = value else { return mismatch(value, declared, hint: hintForString(value)) }
        case .int:
            guard case .number(let number) = value else { return mismatch(value, declared, hint: hintForNumber(value, "Int")) }
            if !fitsInt(number) {
                let hint = number.isInteger
                    ? "the number does not fit in Int: decode it as Double or Decimal, or as a String if it is an id"
                    : "the backend now sends a fraction: declare the property Double or Decimal"
                mismatch(value, declared, hint: hint)
            }
        case .double:
            guard case .number = value else { return mismatch(value, declared, hint: hintForNumber(value, "Double")) }
        case .bool:
            guard case .bool = value else {
                return mismatch(value, declared, hint: "decode the property with a custom init(from:) that maps this to Bool, or ask the backend for true/false")
            }
        case .date(let explicit):
            checkDate(value, format: explicit ?? checker.options.dates, declared)
        case .url:
            guard case .string(let text) = value else { return mismatch(value, declared, hint: nil) }
            if URL(string: text) == nil || text.isEmpty {
                report(.typeMismatch, .breaking, expected: "URL", actual: describe(value),
                       message: "\(lastKeyDescription) is not a valid URL", hint: "declare the property String if the backend sends free text here",
                       at: declared.location)
            }
        case .uuid:
            guard case .string(let text) = value else { return mismatch(value, declared, hint: nil) }
            if UUID(uuidString: text) == nil {
                report(.typeMismatch, .breaking, expected: "UUID", actual: describe(value),
                       message: "\(lastKeyDescription) is not a UUID", hint: "declare the property String if ids are no longer UUIDs",
                       at: declared.location)
            }
        case .enumeration(let cases):
            let text: String
            switch value {
            case .string(let string): text = string
            case .number(let number): text = number.literal
            default: return mismatch(value, declared, hint: nil)
            }
            if !cases.contains(text) {
                report(.enumUnknownValue, .breaking, expected: declared.description, actual: describe(value),
                       message: "\(lastKeyDescription) is '\(text)', which is not one of \(cases.joined(separator: ", "))",
                       hint: "add `case \(Self.swiftCaseName(text)) = \(Self.swiftStringLiteral(text))` to the enum, and decode unknown values into a fallback case so the next new value does not break the app",
                       at: declared.location, variant: text)
            }
        case .pattern(let pattern):
            guard case .string(let text) = value else { return mismatch(value, declared, hint: nil) }
            if !RegexCache.shared.matches(pattern, text) {
                report(.patternMismatch, .breaking, expected: declared.description, actual: describe(value),
                       message: "\(lastKeyDescription) does not match /\(pattern)/",
                       hint: "update the pattern if the new form is intended, or ask the backend team", at: declared.location)
            }
        case .array(let element):
            checkArray(value, element: element, declared)
        case .dictionary(let valueShape):
            checkDictionary(value, valueShape: valueShape, declared)
        case .object(let object):
            checkObject(value, object, declared)
        case .named(let name):
            // Only reached when the name is unknown, which the spec loader already refuses.
            report(.typeMismatch, .breaking, expected: name, actual: describe(value),
                   message: "the shape '\(name)' is not defined", hint: "declare it under 'shapes:'", at: declared.location)
        case .any, .optional:
            break
        }
    }

    func fitsInt(_ number: JSONNumber) -> Bool {
        if number.isInteger { return Int64(number.literal) != nil }
        let double = number.doubleValue
        return double.rounded() == double && abs(double) < 9.2e18
    }

    mutating func mismatch(_ value: JSONValue, _ declared: Shape, hint: String?) {
        report(.typeMismatch, .breaking, expected: declared.description, actual: describe(value),
               message: "\(lastKeyDescription) is \(describe(value)), but the spec says \(declared.description)",
               hint: hint, at: declared.location, variant: JSONValue.kindName(value))
    }

    func hintForString(_ value: JSONValue) -> String? {
        switch value {
        case .number: return "the backend now sends a number: declare the property Int or Double, or accept both forms in a custom init(from:)"
        case .bool: return "the backend now sends a boolean: declare the property Bool"
        default: return nil
        }
    }

    func hintForNumber(_ value: JSONValue, _ type: String) -> String? {
        guard case .string(let text) = value else { return nil }
        if Double(text) != nil {
            return "the backend now sends the number as a string (\"\(text)\"): declare the property String, or accept both forms in a custom init(from:)"
        }
        return "the backend now sends text here: declare the property String if that is intended"
    }

    /// `'email'` for the key being checked, `element 3` for an array element, `the body` at the root.
    var lastKeyDescription: String {
        switch path.last {
        case .key(let key)?: return "'\(key)'"
        case .index(let index)?: return "element \(index)"
        case nil: return "the body"
        }
    }

    func describe(_ value: JSONValue) -> String {
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
        let words = text.unicodeScalars.split { !($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map { String($0) }
        guard let first = words.first else { return "`\(text)`" }
        var name = first.lowercased()
        for word in words.dropFirst() { name += word.prefix(1).uppercased() + word.dropFirst().lowercased() }
        if words.count == 1, first != first.lowercased() { name = first.prefix(1).lowercased() + first.dropFirst() }
        let keywords: Set<String> = ["default", "case", "class", "struct", "enum", "let", "var", "func", "in", "is", "self", "true", "false", "nil", "return", "switch", "if", "else", "for", "while", "do", "try", "throw", "import"]
        if let scalar = name.unicodeScalars.first, ("0"..."9").contains(scalar) || keywords.contains(name) { return "`\(name)`" }
        return name
    }

    // MARK: - Dates

    mutating func checkDate(_ value: JSONValue, format: DateFormat, _ declared: Shape) {
        guard let style = DateSniffer.style(of: value) else { return mismatch(value, declared, hint: nil) }
        if DateSniffer.value(value, matches: format) { return }
        var hint = "decode with a strategy that reads it"
        if let strategy = style.suggestedStrategy {
            hint = "decode with `dates: \(strategy)` (or `flexible`), or ask the backend to keep \(format)"
        } else if case .unrecognised = style {
            hint = "the value is not a date the app can read; ask the backend team, or declare the property String"
        }
        report(.dateFormatMismatch, .breaking, expected: "Date(\(format))", actual: "\(describe(value)) (looks like \(style))",
               message: "\(lastKeyDescription) is written as \(style), not as \(format)", hint: hint, at: declared.location,
               variant: style.description)
    }
}

/// Compiled patterns, shared, behind a lock.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = NSLock()
    private var compiled: [String: NSRegularExpression] = [:]

    /// True when the whole of `text` matches `pattern`; an invalid pattern matches nothing.
    func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = regex(pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        // Anchored on both ends so that `a|ab` must match the whole of "ab", as a spec author means.
        guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return nil }
        compiled[pattern] = regex
        return regex
    }
}
