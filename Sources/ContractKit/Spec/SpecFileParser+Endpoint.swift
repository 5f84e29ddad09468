extension SpecFileParser {
    mutating func parseEndpoint(
        name: String, node: YAMLNode, keyLocation: SourceLocation, defaults: Defaults, bodyShapes: inout [Shape]
    ) -> Endpoint? {
        let context = "endpoint '\(name)'"
        guard let map = mapping(node, context, allowed: SpecFileParser.endpointKeys) else { return nil }
        let errorCount = errors.count

        var request: RequestSpec?
        if let requestNode = map["request"] {
            request = parseRequestLine(requestNode, context: context)
        } else {
            report(
                "\(context) has no 'request'", at: keyLocation,
                hint: "add a request line such as 'request: GET /users.json'")
        }

        let params = map["params"].map { namedTemplates($0, "'params'") } ?? []
        let query = merging(defaults.query, map["query"].map { namedTemplates($0, "'query'") } ?? [])
        let headers = merging(defaults.headers, map["headers"].map { headerTemplates($0, "'headers'") } ?? [])
        let body = map["body"].map(jsonValue)

        if let request {
            let placeholders = Self.placeholders(in: request.path)
            for placeholder in placeholders where !params.contains(where: { $0.name == placeholder }) {
                report(
                    "the path has '{\(placeholder)}' but 'params' gives it no value", at: request.location,
                    hint: "add 'params: { \(placeholder): … }' to \(context)")
            }
            for param in params where !placeholders.contains(param.name) {
                report(
                    "'params' gives '\(param.name)' but the path has no '{\(param.name)}'",
                    at: param.value.location ?? request.location,
                    hint: "use '{\(param.name)}' in the path, or move it to 'query' if it is a query parameter")
            }
        }

        var decoding = defaults.decoding
        if let decodingNode = map["decoding"] { decoding = parseDecoding(decodingNode, base: decoding) }

        var expect = Expectation(
            status: defaults.status, contentType: defaults.contentType, extraKeys: defaults.extraKeys,
            location: map.keyLocation("expect") ?? keyLocation)
        if let expectNode = map["expect"],
            let expectMap = mapping(expectNode, "'expect'", allowed: SpecFileParser.expectKeys)
        {
            if let status = expectMap["status"], let parsed = parseStatus(status) { expect.status = parsed }
            if let contentType = expectMap["contentType"] { expect.contentType = scalar(contentType, "'contentType'") }
            if let extra = expectMap["extraKeys"],
                let policy = enumValue(extra, "extraKeys policy", as: ExtraKeysPolicy.self)
            {
                expect.extraKeys = policy
            }
            if let bodyNode = expectMap["body"] {
                expect.body = parseShape(bodyNode, context: "the body of \(context)")
                if let body = expect.body { bodyShapes.append(body) }
            }
        }

        let transforms = map["transforms"].map { parseTransforms($0) } ?? []
        let model = map["model"].flatMap { modelName($0) }
        let waivers = map["waivers"].map { parseWaivers($0) } ?? []
        let redactions = defaults.redactions + (map["redact"].map { stringList($0, "'redact'") } ?? [])

        guard errors.count == errorCount, var request else { return nil }
        request.params = params
        request.query = query
        request.headers = headers
        request.body = body
        return Endpoint(
            id: "\(group)/\(name)", name: name, group: group, location: keyLocation, request: request, expect: expect,
            transforms: transforms, model: model, decoding: decoding, waivers: waivers, redactions: redactions,
            modelLocation: map["model"].map(textLocation))
    }

    /// The model a spec names, as text: `User`, `[User]`, `[String: User]`. Unquoted YAML flow forms mean the
    /// same as quoted ones, as for shapes: `model: [User]` is a list holding `User`.
    mutating func modelName(_ node: YAMLNode) -> String? {
        if let items = node.items, items.count == 1, let inner = modelName(items[0]) { return "[\(inner)]" }
        if let pairs = node.pairs, node.isFlow, pairs.count == 1, let key = pairs[0].key.scalarValue,
            let value = modelName(pairs[0].value)
        {
            return "[\(key): \(value)]"
        }
        guard node.items == nil, node.pairs == nil else {
            report(
                "'model' names one type, such as User, [User] or [String: User], found \(node.kindDescription)",
                at: node.location)
            return nil
        }
        return scalar(node, "'model'")
    }

    /// `GET /users/{id}.json`, or a bare path for GET.
    mutating func parseRequestLine(_ node: YAMLNode, context: String) -> RequestSpec? {
        guard let line = scalar(node, "'request'") else { return nil }
        // Split on the byte: a request line is ASCII where it matters, and Characters cost ten times as much.
        let parts = line.utf8.split(separator: UInt8(ascii: " ")).map { String(Substring($0)) }
        let method: String
        let path: String
        switch parts.count {
        case 1:
            // Not a path: said as what it likely is, a method and a path apart by a tab or another space than ' ', or
            // a method alone, rather than as a path without its '/'.
            if !parts[0].hasPrefix("/") {
                if reportOtherSpace(in: line, at: node) { return nil }
                if SpecFileParser.methods.contains(parts[0].uppercased()) {
                    report(
                        "the request line '\(parts[0])' has a method and no path", at: textLocation(node),
                        hint: "write the path after the method, such as '\(parts[0].uppercased()) /users.json'")
                    return nil
                }
            }
            (method, path) = ("GET", parts[0])
        case 2:
            // Uppercased only when it is not already (`GET` mostly is): uppercasing goes by Unicode's tables.
            let isUppercase = parts[0].utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            (method, path) = (isUppercase ? parts[0] : parts[0].uppercased(), parts[1])
            guard SpecFileParser.methods.contains(method) else {
                // `GET<ideographic space>/x y`: the method holds the path, apart by another space than ' '.
                if reportOtherSpace(in: parts[0], at: node, line: line) { return nil }
                report(
                    "unknown HTTP method '\(parts[0])'\(Suggestions.didYouMean(method, in: SpecFileParser.methods))",
                    at: textLocation(node), hint: "use one of \(SpecFileParser.methods.joined(separator: ", "))")
                return nil
            }
        default:
            report(
                "a request line is a method and a path, such as 'GET /users.json', found \"\(line)\"",
                at: textLocation(node))
            return nil
        }
        guard path.hasPrefix("/") else {
            report(
                "the path '\(path)' must start with '/'", at: textLocation(node),
                hint: "paths are relative to the base URL given to '\(RunnerName.current) record': write '/\(path)'")
            return nil
        }
        return RequestSpec(method: method, path: path, location: textLocation(node))
    }

    /// Reports that the request line holds a whitespace character other than ' ' (a tab, a no-break or ideographic
    /// space) where `part` of it does; false when `part` holds none. Where a method stands before it, the character
    /// is taken to part the method from the path; elsewhere (`users<no-break space>`), it is said to be deleted.
    private mutating func reportOtherSpace(in part: String, at node: YAMLNode, line: String? = nil) -> Bool {
        guard let index = part.unicodeScalars.firstIndex(where: { $0 != " " && $0.properties.isWhitespace }) else {
            return false
        }
        let other = part.unicodeScalars[index]
        let digits = String(other.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        var before = ""
        before.unicodeScalars.append(contentsOf: part.unicodeScalars[..<index].filter { $0 != " " })
        report(
            "the request line \"\((line ?? part).escapingNonPrintables())\" holds \(code), which is not a space",
            at: textLocation(node),
            hint: SpecFileParser.methods.contains(before.uppercased())
                ? "separate the method and the path with spaces, such as 'GET /users.json'"
                : "delete it (it often comes with text copied from a web page or a document); a request line is a path "
                    + "starting with '/', or a method and a path, such as 'GET /users.json'")
        return true
    }

    /// The names of the `{name}` placeholders in a spec's path, found as the recorder finds them: in the text the
    /// path reads as once it is read as a template (`$${` is `${` there), so that what lint passes, `record` sends.
    /// One after a `$` is none (`${NAME}` is an environment variable, `$${name}` text).
    static func placeholders(in path: String) -> [String] {
        guard path.utf8.contains(UInt8(ascii: "$")), let template = try? Template(parsing: path) else {
            return placeholders(inText: path)
        }
        return template.parts.flatMap { part -> [String] in
            guard case .literal(let text) = part else { return [] }
            return placeholders(inText: text)
        }
    }

    /// The names of the `{name}` placeholders in `path` taken as text, not read as a template; `followingADollar`
    /// lists those after a `$` instead, which are none.
    static func placeholders(inText path: String, followingADollar: Bool = false) -> [String] {
        var names: [String] = []
        forEachPiece(ofPath: Substring(path)) { piece in
            if case .placeholder(let name, _, let afterADollar) = piece, afterADollar == followingADollar {
                names.append(String(name))
            }
        }
        return names
    }

    /// A piece of a spec's path, cut at the `{name}` in it.
    enum PathPiece {
        /// Text with no `{name}` in it.
        case text(Substring)
        /// `{name}`, whole and its name. After a `$` (`afterADollar`) it is no placeholder: `${NAME}` is an
        /// environment variable, and `$${name}` the text `${name}` once the path is read as a template.
        case placeholder(name: Substring, whole: Substring, afterADollar: Bool)
    }

    /// Calls `body` with each piece of `path` in order: the rules by which the spec's checks and the recorder both
    /// find placeholders.
    static func forEachPiece<Failure: Error>(
        ofPath path: Substring, _ body: (PathPiece) throws(Failure) -> Void
    ) throws(Failure) {
        var rest = path
        // A text without a `{` byte has no placeholder: told by its bytes, without the walk of Characters.
        while rest.utf8.contains(UInt8(ascii: "{")), let open = rest.firstIndex(of: "{"),
            let close = rest[open...].firstIndex(of: "}")
        {
            let afterADollar = open > rest.startIndex && rest[rest.index(before: open)] == "$"
            if open > rest.startIndex { try body(.text(rest[..<open])) }
            try body(
                .placeholder(
                    name: rest[rest.index(after: open)..<close], whole: rest[open...close], afterADollar: afterADollar))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { try body(.text(rest)) }
    }

    /// The defaults with the endpoint's own entries replacing those of the same name (headers compare case-insensitively).
    func merging(
        _ base: [(name: String, value: Template)], _ overrides: [(name: String, value: Template)]
    ) -> [(name: String, value: Template)] {
        let overridden = Set(overrides.map { $0.name.lowercased() })
        return base.filter { !overridden.contains($0.name.lowercased()) } + overrides
    }

    /// A YAML value as JSON: plain `null`, booleans and numbers become JSON ones, quoted scalars stay strings.
    func jsonValue(_ node: YAMLNode) -> JSONValue {
        switch node.content {
        case .scalar(let scalar):
            guard scalar.style == .plain, scalar.tag == nil else { return .string(scalar.value) }
            if node.isNull { return .null }
            switch scalar.value {
            case "true", "True", "TRUE": return .bool(true)
            case "false", "False", "FALSE": return .bool(false)
            default: break
            }
            if let number = try? JSONParser().parse(scalar.value), case .number = number { return number }
            return .string(scalar.value)
        case .sequence(let items):
            return .array(items.map(jsonValue))
        case .mapping(let pairs):
            return .object(
                JSONObject(pairs.map { JSONObject.Entry(key: $0.key.scalarValue ?? "", value: jsonValue($0.value)) }))
        }
    }

    // MARK: - Transforms

    mutating func parseTransforms(_ node: YAMLNode) -> [TransformSpec] {
        guard let items = node.items else {
            report(
                "'transforms' must be a list, found \(node.kindDescription)", at: node.location,
                hint: "write each transform as a list item: '- unwrap: data'")
            return []
        }
        var transforms: [TransformSpec] = []
        for item in items {
            guard let pairs = item.pairs, pairs.count == 1, let name = pairs[0].key.scalarValue else {
                report(
                    "each transform is a single 'name: argument' pair, found \(item.kindDescription)",
                    at: item.location,
                    hint:
                        "for example '- keyedToArray: { key: id }'; supported: \(TransformSpec.names.joined(separator: ", "))"
                )
                continue
            }
            let argument = pairs[0].value
            let location = pairs[0].key.location
            let operation: TransformSpec.Operation?
            switch name {
            case "keyedToArray":
                if argument.pairs == nil {
                    operation = scalar(argument, "keyedToArray's key").map {
                        .keyedToArray(key: $0, into: nil, at: nil)
                    }
                } else if let map = mapping(argument, "'keyedToArray'", allowed: ["key", "into", "at"]) {
                    if let keyNode = map["key"], let key = scalar(keyNode, "keyedToArray's 'key'") {
                        operation = .keyedToArray(
                            key: key, into: map["into"].flatMap { scalar($0, "keyedToArray's 'into'") },
                            at: map["at"].flatMap { scalar($0, "keyedToArray's 'at'") })
                    } else {
                        report(
                            "keyedToArray needs 'key': the name of the field that receives each entry's key",
                            at: location)
                        operation = nil
                    }
                } else {
                    operation = nil
                }
            case "unwrap":
                operation = scalar(argument, "unwrap's key").map { .unwrap($0) }
            case "wrap":
                operation = scalar(argument, "wrap's key").map { .wrap($0) }
            case "renameKeys":
                if let map = mapping(argument, "'renameKeys'") {
                    var renames: [(from: String, to: String)] = []
                    for pair in map.pairs {
                        guard let from = keyName(pair.key), let to = scalar(pair.value, "the new name of '\(from)'")
                        else { continue }
                        renames.append((from, to))
                    }
                    operation = .renameKeys(renames)
                } else {
                    operation = nil
                }
            case "lossy":
                operation = .lossy(stringList(argument, "'lossy'"))
            case "defaults":
                if let map = mapping(argument, "'defaults'") {
                    var values: [(path: String, value: JSONValue)] = []
                    for pair in map.pairs {
                        guard let path = keyName(pair.key) else { continue }
                        values.append((path, jsonValue(pair.value)))
                    }
                    operation = .defaults(values)
                } else {
                    operation = nil
                }
            default:
                report(
                    "unknown transform '\(name)'\(Suggestions.didYouMean(name, in: TransformSpec.names))", at: location,
                    hint: "supported transforms: \(TransformSpec.names.joined(separator: ", "))")
                operation = nil
            }
            if let operation {
                let transform = TransformSpec(operation, at: location)
                do {
                    _ = try transform.makeTransform()
                    transforms.append(transform)
                } catch {
                    report(error)
                }
            }
        }
        return transforms
    }

    // MARK: - Waivers

    mutating func parseWaivers(_ node: YAMLNode) -> [Waiver] {
        guard let items = node.items else {
            report("'waivers' must be a list, found \(node.kindDescription)", at: node.location)
            return []
        }
        var waivers: [Waiver] = []
        for item in items {
            guard let map = mapping(item, "a waiver", allowed: SpecFileParser.waiverKeys) else { continue }
            let count = errors.count
            var kind: DriftKind?
            if let kindNode = map["kind"], let text = scalar(kindNode, "the waiver's 'kind'") {
                let aboutWaivers: [DriftKind] = [.waiverExpired, .waiverUnused]
                let known = DriftKind.all.filter { !aboutWaivers.contains($0) }.map(\.rawValue)
                if aboutWaivers.contains(DriftKind(rawValue: text)) {
                    // A waiver of these would silence the findings that keep waivers honest.
                    report(
                        "a waiver cannot accept '\(text)': that finding is about the waivers themselves",
                        at: kindNode.location,
                        hint: text == "waiver-expired"
                            ? "renew the expired waiver's 'until', or fix the drift and delete it"
                            : "delete the waiver that accepts nothing")
                } else if known.contains(text) {
                    kind = DriftKind(rawValue: text)
                } else {
                    report(
                        "unknown drift kind '\(text)'\(Suggestions.didYouMean(text, in: known))", at: kindNode.location,
                        hint: "drift kinds: \(known.joined(separator: ", "))")
                }
            } else if map["kind"] == nil {
                report("a waiver needs 'kind': the drift kind it accepts", at: item.location)
            }
            var until: String?
            if let untilNode = map["until"], let text = scalar(untilNode, "the waiver's 'until'") {
                if CalendarDate(text) != nil {
                    until = text
                } else {
                    report(
                        "'\(text)' is not a date (or not a day the calendar has); write the last day the waiver holds "
                            + "as yyyy-MM-dd",
                        at: untilNode.location)
                }
            } else if map["until"] == nil {
                report(
                    "a waiver needs 'until': the last day it holds (yyyy-MM-dd), so it cannot be forgotten",
                    at: item.location)
            }
            var reason: String?
            if let reasonNode = map["reason"] {
                reason = scalar(reasonNode, "the waiver's 'reason'")
            } else {
                report("a waiver needs 'reason': why the drift is accepted, shown in every report", at: item.location)
            }
            var path: String?
            if let pathNode = map["path"], let text = scalar(pathNode, "the waiver's 'path'") {
                // Findings' paths start at the body's root, `$`: a path without it would match none, and the
                // waiver would only ever be reported unused.
                if Glob.mayMatchJSONPath(text) {
                    path = text
                } else {
                    // The path as findings print it (`$["1"].x` for `1.x`), when the text reads as one.
                    let rooted = "$" + Glob.stepsFromRoot(text)
                    // A `[*]` is read as an index the text cannot hold, and put back after.
                    let anyIndex = "[\(Int.max)]"
                    let marked = rooted.replacingOccurrences(of: "[*]", with: anyIndex)
                    // Other wildcards stay as written: quoted into a key, they would match only themselves.
                    let written =
                        marked.contains("*") || marked.contains("?")
                        ? rooted
                        : JSONPath(parsing: marked)?.description.replacingOccurrences(of: anyIndex, with: "[*]")
                    report(
                        "the waiver's path '\(text)' matches nothing: a finding's path starts at '$', the body's root",
                        at: pathNode.location,
                        hint: written.map { "write it as '\($0)'" }
                            ?? "write it as findings print their paths, from '$' (or leave 'path' out to waive the "
                            + "kind anywhere in the body)")
                }
            }
            guard errors.count == count, let kind, let until, let reason else { continue }
            waivers.append(Waiver(kind: kind, path: path, until: until, reason: reason, location: item.location))
        }
        return waivers
    }
}
