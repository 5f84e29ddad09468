import Foundation

/// What one spec file declares, before named shapes are resolved across the suite.
struct ParsedSpecFile: Sendable {
    var path: String
    var shapes: [(name: String, shape: Shape, location: SourceLocation)] = []
    var endpoints: [Endpoint] = []
    /// Every body shape parsed, including those of endpoints refused for other errors, so that unknown
    /// names are reported in the same run.
    var bodyShapes: [Shape] = []
    /// `defaults: { history: ... }`, resolved from the file's folder.
    var history: HistorySetting?
}

/// Turns one spec file's YAML tree into endpoints and named shapes, collecting every error it can find.
struct SpecFileParser {
    static let topLevelKeys = ["shapes", "defaults", "endpoints"]
    static let defaultsKeys = [
        "decoding", "headers", "query", "extraKeys", "contentType", "status", "redact", "history",
    ]
    static let endpointKeys = [
        "request", "params", "query", "headers", "body", "expect", "transforms", "model", "decoding", "waivers",
        "redact", "description",
    ]
    static let expectKeys = ["status", "contentType", "body", "extraKeys"]
    static let decodingKeys = ["keys", "dates"]
    static let waiverKeys = ["kind", "path", "until", "reason"]
    static let methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]

    let path: String
    let group: String
    private(set) var errors: [ContractError] = []

    init(path: String) {
        self.path = path
        let file = (path as NSString).lastPathComponent
        self.group = (file as NSString).deletingPathExtension
    }

    /// File-wide settings from `defaults:`.
    struct Defaults {
        var decoding = DecodingOptions()
        var headers: [(name: String, value: Template)] = []
        var query: [(name: String, value: Template)] = []
        var extraKeys: ExtraKeysPolicy = .allow
        var contentType: String?
        var status = StatusExpectation()
        var redactions: [String] = []
        /// Not an endpoint's default but the suite's: the history file runs append to.
        var history: HistorySetting?
    }

    /// True when `name` can be a file or folder name under Recordings/: not empty, not starting with '.', no path
    /// separator, and no control or bidirectional formatting character (they would print as terminal commands or
    /// reorder the text around them).
    static func isRecordingName(_ name: String) -> Bool {
        // A first byte '.' hides the file, whatever combining mark follows it (`hasPrefix` compares characters).
        guard let first = name.utf8.first, first != UInt8(ascii: ".") else { return false }
        // Most names are ASCII: there, only '/', '\\' and the C0 controls and DEL are refused, without asking
        // Unicode for each scalar's category (a thousand endpoint names took a millisecond that way).
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            return !name.utf8.contains {
                $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\")
            }
        }
        return !name.unicodeScalars.contains {
            $0 == "/" || $0 == "\\" || $0.properties.generalCategory == .control
                || ($0.properties.generalCategory == .format && $0 != "\u{200C}" && $0 != "\u{200D}")
                || $0.properties.generalCategory == .lineSeparator
                || $0.properties.generalCategory == .paragraphSeparator
        }
    }

    /// The longest endpoint name, in UTF-8 bytes: its recording's file name, with '.json', fits in 255.
    static let maximumEndpointNameBytes = 250

    /// `name` then `suffix`, with as much of `name` as fits in ``maximumEndpointNameBytes`` (cut between scalars,
    /// without a '-' left at the cut): for the names `import` and `infer` make from operation ids and paths, which
    /// may be of any length, so that the spec they write loads.
    static func fittingEndpointName(_ name: String, suffix: String = "") -> String {
        guard name.utf8.count + suffix.utf8.count > maximumEndpointNameBytes else { return name + suffix }
        var kept = String.UnicodeScalarView()
        var bytes = suffix.utf8.count
        for scalar in name.unicodeScalars {
            bytes += UTF8.width(scalar)
            guard bytes <= maximumEndpointNameBytes else { break }
            kept.append(scalar)
        }
        while kept.last == "-" { kept.removeLast() }
        return String(kept) + suffix
    }

    mutating func parse(_ root: YAMLNode?) -> ParsedSpecFile {
        var result = ParsedSpecFile(path: path)
        // The file's name is the folder of its recordings (Recordings/<group>/) and the first half of every id.
        guard SpecFileParser.isRecordingName(group) else {
            report(
                "the spec file name '\(group.escapingNonPrintables())' cannot name a recordings folder",
                at: SourceLocation(file: path, line: 1, column: 1),
                hint:
                    "its name without .yaml is the folder Recordings/<name>/: rename the file with letters, digits, '-', '_' and '.', not starting with '.'"
            )
            return result
        }
        guard let root else {
            report(
                "the spec file is empty", at: SourceLocation(file: path, line: 1, column: 1),
                hint: "a spec has 'endpoints:' (and optionally 'shapes:' and 'defaults:'); see docs/Specs.md")
            return result
        }
        guard let top = mapping(root, "the spec file", allowed: SpecFileParser.topLevelKeys) else { return result }
        if let shapes = top["shapes"], let pairs = mapping(shapes, "'shapes'") {
            for pair in pairs.pairs {
                guard let name = keyName(pair.key) else { continue }
                let disallowed = ShapeName.disallowedScalars(in: name)
                if !disallowed.isEmpty || name.isEmpty {
                    refuseShapeName(name, disallowed: disallowed, at: textLocation(pair.key))
                    continue
                }
                if ShapeName.isBuiltIn(name) {
                    report(
                        "'\(name)' is a built-in type and cannot be redefined", at: pair.key.location,
                        hint: "give the shape another name")
                    continue
                }
                if let shape = parseShape(pair.value, context: "shape '\(name)'") {
                    result.shapes.append((name, shape, pair.key.location))
                }
            }
        }
        var defaults = Defaults()
        if let node = top["defaults"] { defaults = parseDefaults(node) }
        result.history = defaults.history
        guard let endpointsNode = top["endpoints"] else {
            // A file of shared shapes alone (Specs/shapes.yaml) is fine: shapes are visible to every spec file. So is
            // one of suite settings alone (`defaults: { history: ... }`), which no endpoint needs.
            let settingsOnly = top["defaults"]?.pairs?.allSatisfy { $0.key.scalarValue == "history" } ?? true
            if top["shapes"] != nil || top["defaults"] != nil, settingsOnly { return result }
            report(
                "the spec declares no 'endpoints:'", at: root.location,
                hint: top["shapes"] == nil
                    ? "add 'endpoints:' with at least one endpoint; a file may also hold only 'shapes:' shared by the others"
                    : "'defaults:' apply to the endpoints of their own file: add 'endpoints:', or remove 'defaults:' from this file of shared shapes"
            )
            return result
        }
        guard let endpoints = mapping(endpointsNode, "'endpoints'") else { return result }
        result.endpoints.reserveCapacity(endpoints.pairs.count)
        for pair in endpoints.pairs {
            guard let name = keyName(pair.key) else { continue }
            // The name is a file name under Recordings/<spec>/ and the second half of the endpoint's id.
            guard SpecFileParser.isRecordingName(name) else {
                report(
                    "endpoint name '\(name.escapingNonPrintables())' cannot name a recording file",
                    at: pair.key.location,
                    hint:
                        "the name is the recording's file name (Recordings/\(group)/<name>.json): use letters, digits, '-', '_' and '.', not starting with '.'"
                )
                continue
            }
            // A longer name passes the 255 bytes a file name may have once '.json' is added: no recording could be
            // written, and `record` would say so only after the request.
            guard name.utf8.count <= SpecFileParser.maximumEndpointNameBytes else {
                report(
                    "endpoint name '\(String(name.prefix(40)).escapingNonPrintables())…' is \(name.utf8.count) bytes long; "
                        + "its recording file '<name>.json' can have at most 255",
                    at: pair.key.location,
                    hint:
                        "shorten the name to \(SpecFileParser.maximumEndpointNameBytes) bytes at most (UTF-8); describe the endpoint under 'description:'"
                )
                continue
            }
            if let endpoint = parseEndpoint(
                name: name, node: pair.value, keyLocation: pair.key.location, defaults: defaults,
                bodyShapes: &result.bodyShapes)
            {
                result.endpoints.append(endpoint)
            }
        }
        return result
    }

    // MARK: - Errors

    /// Refuses a shape name no shape expression can refer to, suggesting one that it can.
    mutating func refuseShapeName(_ name: String, disallowed: [Unicode.Scalar], at location: SourceLocation) {
        let rule = "shape names, like Swift type names, are made of letters, digits, '_' and '.'"
        guard !name.isEmpty else {
            report("a shape name cannot be empty", at: location, hint: "name it: \(rule)", code: .invalidShape)
            return
        }
        let characters = disallowed.map { "'\(String($0).escapingNonPrintables())'" }.joined(separator: " or ")
        let suggestion = ShapeName.suggestion(for: name).flatMap { ShapeName.isBuiltIn($0) ? nil : $0 }
        report(
            "shape '\(name.escapingNonPrintables())' cannot be named in a type: a type name holds no \(characters)",
            at: location,
            hint: "rename it\(suggestion.map { " '\($0)'" } ?? ""): \(rule)", code: .invalidShape)
    }

    mutating func report(
        _ message: String, at location: SourceLocation, hint: String? = nil, code: ContractError.Code = .invalidSpec
    ) {
        errors.append(ContractError(code, message, at: location, hint: hint))
    }

    mutating func report(_ error: ContractError) { errors.append(error) }

    // MARK: - Reading nodes

    /// A mapping's pairs by key, after checking every key is one of `allowed` (when given).
    struct Mapping {
        var node: YAMLNode
        var pairs: [YAMLNode.Pair]
        subscript(key: String) -> YAMLNode? { pairs.first { $0.key.scalarValue == key }?.value }
        func keyLocation(_ key: String) -> SourceLocation? { pairs.first { $0.key.scalarValue == key }?.key.location }
    }

    mutating func mapping(_ node: YAMLNode, _ context: String, allowed: [String]? = nil) -> Mapping? {
        guard let pairs = node.pairs else {
            report("\(context) must be a mapping, found \(node.kindDescription)", at: node.location)
            return nil
        }
        if let allowed {
            for pair in pairs {
                guard let key = pair.key.scalarValue else {
                    report("keys in \(context) must be plain names", at: pair.key.location)
                    continue
                }
                if !allowed.contains(key) {
                    report(
                        "unknown key '\(key)' in \(context)\(Suggestions.didYouMean(key, in: allowed))",
                        at: pair.key.location,
                        hint: "supported keys: \(allowed.joined(separator: ", "))")
                }
            }
        }
        return Mapping(node: node, pairs: pairs)
    }

    mutating func keyName(_ node: YAMLNode) -> String? {
        guard let name = node.scalarValue, !node.isNull else {
            report("expected a name here, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return name
    }

    mutating func scalar(_ node: YAMLNode, _ context: String) -> String? {
        guard let value = node.scalarValue, !node.isNull else {
            report("\(context) must be a single value, found \(node.kindDescription)", at: node.location)
            return nil
        }
        return value
    }

    /// Where a scalar's text starts (after an opening quote).
    func textLocation(_ node: YAMLNode) -> SourceLocation {
        if case .scalar(let scalar) = node.content, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            return node.location.advanced(byColumns: 1)
        }
        return node.location
    }

    mutating func template(_ node: YAMLNode, _ context: String) -> Template? {
        guard let text = scalar(node, context) else { return nil }
        do {
            return try Template(parsing: text, at: textLocation(node))
        } catch {
            report(error)
            return nil
        }
    }

    mutating func namedTemplates(_ node: YAMLNode, _ context: String) -> [(name: String, value: Template)] {
        guard let map = mapping(node, context) else { return [] }
        var result: [(name: String, value: Template)] = []
        for pair in map.pairs {
            guard let name = keyName(pair.key), let value = template(pair.value, "'\(name)' in \(context)") else {
                continue
            }
            result.append((name, value))
        }
        return result
    }

    /// Headers: names that are HTTP tokens and values with no line break, so that nothing a spec (or a document
    /// imported into one) says can add a header of its own or split the request.
    mutating func headerTemplates(_ node: YAMLNode, _ context: String) -> [(name: String, value: Template)] {
        let headers = namedTemplates(node, context)
        let pairs = node.pairs ?? []
        return headers.filter { header in
            let place = pairs.first { $0.key.scalarValue == header.name }
            if !HTTPHeaderText.isToken(header.name) {
                report(
                    "the header name '\(header.name.escapingNonPrintables())' in \(context) is not an HTTP header name",
                    at: place?.key.location ?? node.location,
                    hint: "a header name is letters, digits and !#$%&'*+-.^_`|~ only, with no space, ':' or line break")
                return false
            }
            for case .literal(let text) in header.value.parts where !HTTPHeaderText.isValue(text) {
                report(
                    "the value of header '\(header.name)' in \(context) holds a line break or a control character",
                    at: place?.value.location ?? node.location,
                    hint: "write the value on one line; a line break would end the header and start another")
                return false
            }
            return true
        }
    }

    mutating func stringList(_ node: YAMLNode, _ context: String) -> [String] {
        if let items = node.items { return items.compactMap { scalar($0, "an item of \(context)") } }
        return scalar(node, context).map { [$0] } ?? []
    }

    mutating func enumValue<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ context: String, as type: T.Type)
        -> T?
    where T.RawValue == String {
        guard let text = scalar(node, context) else { return nil }
        if let value = T(rawValue: text) { return value }
        let names = T.allCases.map(\.rawValue)
        report(
            "unknown \(context) '\(text)'\(Suggestions.didYouMean(text, in: names))", at: node.location,
            hint: "use one of: \(names.joined(separator: ", "))")
        return nil
    }

    // MARK: - Shapes

    mutating func parseShape(_ node: YAMLNode, context: String) -> Shape? {
        switch node.content {
        case .scalar:
            guard let text = scalar(node, context) else { return nil }
            do {
                return try ShapeExpressionParser.parse(text, at: textLocation(node))
            } catch {
                report(error)
                return nil
            }
        case .sequence(let items):
            // Unquoted YAML flow forms: `[User]` is a list holding `User`; `[String: User]` a list holding `{String: User}`.
            guard items.count == 1 else {
                report(
                    "a list shape names exactly one element type, found \(items.count)", at: node.location,
                    hint: "write [T] for an array of T, or \"[String: T]\" for a dictionary")
                return nil
            }
            let item = items[0]
            if let pairs = item.pairs, pairs.count == 1, item.isFlow, let key = pairs[0].key.scalarValue,
                ShapeExpressionParser.builtins[key] != nil
            {
                guard key == "String" else {
                    report(
                        "dictionary keys must be String, not \(key)", at: pairs[0].key.location,
                        hint: "JSON object keys are always strings: write [String: T]")
                    return nil
                }
                guard let value = parseShape(pairs[0].value, context: context) else { return nil }
                return Shape(.dictionary(value), at: node.location)
            }
            guard let element = parseShape(item, context: context) else { return nil }
            return Shape(.array(element), at: node.location)
        case .mapping(let pairs):
            var fields: [Field] = []
            // Looked up by name: a shape `infer` writes from a body of 100,000 keys was 25 minutes of searching.
            var declared: Set<String> = []
            var extraKeys: ExtraKeysPolicy?
            for pair in pairs {
                guard var name = keyName(pair.key) else { continue }
                if name == "$extraKeys" {
                    extraKeys = enumValue(pair.value, "extraKeys policy", as: ExtraKeysPolicy.self)
                    continue
                }
                var presence = Field.Presence.implied
                if !name.isEmpty, name.hasSuffix("?") {
                    presence = .mayBeAbsent
                    name.removeLast()
                } else if !name.isEmpty, name.hasSuffix("!") {
                    presence = .required
                    name.removeLast()
                }
                guard declared.insert(name).inserted else {
                    report("field '\(name)' is declared twice in \(context)", at: pair.key.location)
                    continue
                }
                guard let shape = parseShape(pair.value, context: "field '\(name)' of \(context)") else { continue }
                fields.append(Field(name: name, shape: shape, presence: presence, location: pair.key.location))
            }
            return Shape(.object(ObjectShape(fields: fields, extraKeys: extraKeys)), at: node.location)
        }
    }

    // MARK: - Settings

    mutating func parseDecoding(_ node: YAMLNode, base: DecodingOptions) -> DecodingOptions {
        var options = base
        guard let map = mapping(node, "'decoding'", allowed: SpecFileParser.decodingKeys) else { return options }
        if let keys = map["keys"], let strategy = enumValue(keys, "key strategy", as: KeyStrategy.self) {
            options.keys = strategy
        }
        if let dates = map["dates"], let format = parseDateStrategy(dates) {
            options.dates = format
        }
        return options
    }

    mutating func parseDateStrategy(_ node: YAMLNode) -> DateFormat? {
        guard let text = scalar(node, "date strategy") else { return nil }
        if let named = DateFormat.namedStrategies[text] { return named }
        if ["yy", "MM", "dd", "HH", "mm", "ss"].contains(where: { text.contains($0) }) { return .formatted(text) }
        report(
            "unknown date strategy '\(text)'\(Suggestions.didYouMean(text, in: DateFormat.namedStrategies.keys.sorted()))",
            at: node.location,
            hint:
                "use iso8601, secondsSince1970, millisecondsSince1970, flexible, or a format such as \"yyyy-MM-dd HH:mm:ss\""
        )
        return nil
    }

    mutating func parseStatus(_ node: YAMLNode) -> StatusExpectation? {
        var codes: [Int] = []
        var classes: [Int] = []
        // Every element that is not a code is reported, not only the first.
        var isValid = true
        let items = node.items ?? [node]
        for item in items {
            guard let text = scalar(item, node.items == nil ? "status" : "each status in the list") else {
                isValid = false
                continue
            }
            let lowered = text.lowercased()
            if lowered.count == 3, lowered.hasSuffix("xx"), let digit = Int(lowered.prefix(1)), (1...5).contains(digit)
            {
                classes.append(digit)
            } else if let code = Int(text), (100...599).contains(code) {
                codes.append(code)
            } else {
                // A whole number, however long (`99999999999999999999` is no Int either), is out of range.
                let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
                let isWholeNumber = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
                let range = isWholeNumber ? ": status codes run from 100 to 599" : ""
                report(
                    "'\(text)' is not a status code\(range)", at: item.location,
                    hint: "write a code (200), a list ([200, 201]) or a class (2xx)")
                isValid = false
            }
        }
        guard isValid else { return nil }
        guard !codes.isEmpty || !classes.isEmpty else {
            report("status needs at least one code", at: node.location)
            return nil
        }
        return StatusExpectation(codes: codes, classes: classes, location: node.location)
    }

    mutating func parseDefaults(_ node: YAMLNode) -> Defaults {
        var defaults = Defaults()
        guard let map = mapping(node, "'defaults'", allowed: SpecFileParser.defaultsKeys) else { return defaults }
        if let decoding = map["decoding"] { defaults.decoding = parseDecoding(decoding, base: defaults.decoding) }
        if let headers = map["headers"] { defaults.headers = headerTemplates(headers, "'headers'") }
        if let query = map["query"] { defaults.query = namedTemplates(query, "'query'") }
        if let extra = map["extraKeys"], let policy = enumValue(extra, "extraKeys policy", as: ExtraKeysPolicy.self) {
            defaults.extraKeys = policy
        }
        if let contentType = map["contentType"] { defaults.contentType = scalar(contentType, "'contentType'") }
        if let status = map["status"], let parsed = parseStatus(status) { defaults.status = parsed }
        if let redact = map["redact"] { defaults.redactions = stringList(redact, "'redact'") }
        if let history = map["history"] { defaults.history = parseHistory(history) }
        return defaults
    }

    /// `history: .contract/history.sqlite`: a file path, relative to this spec file's folder.
    mutating func parseHistory(_ node: YAMLNode) -> HistorySetting? {
        let example = "write a file path relative to this spec file, such as history: ../.contract/history.sqlite"
        guard let value = node.scalarValue, !node.isNull else {
            report("'history' must be a file path, found \(node.kindDescription)", at: node.location, hint: example)
            return nil
        }
        let location = textLocation(node)
        let problem: String?
        if value.allSatisfy(\.isWhitespace) {
            problem = "is empty"
        } else if value.unicodeScalars.contains(where: {
            $0.properties.generalCategory == .control || $0.properties.generalCategory == .format
        }) {
            problem = "holds a control character"
        } else if value.contains("${") {
            problem = "holds '${': variables are not read here (set CONTRACT_HISTORY, or pass --history, instead)"
        } else if value.hasPrefix("~") {
            problem = "starts with '~', which is not your home folder here"
        } else if value.hasSuffix("/") || value.hasSuffix("/.") || value == "." || value.hasSuffix("/..")
            || value == ".."
        {
            problem = "names a folder, not a file"
        } else {
            problem = nil
        }
        if let problem {
            report("the history path '\(value.escapingNonPrintables())' \(problem)", at: location, hint: example)
            return nil
        }
        return HistorySetting(path: HistorySetting.resolve(value, declaredIn: path), location: location)
    }
}
