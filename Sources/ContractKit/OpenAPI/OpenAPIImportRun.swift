import Foundation

/// One import of one document: operations to endpoint drafts, schemas to named shapes.
struct OpenAPIImportRun {
    let files: OpenAPIFiles
    let root: JSONValue
    let document: JSONObject
    let version: String
    let options: OpenAPIImporter.Options
    let sourceName: String

    private var mapper: OpenAPISchemaMapper
    private var problems: [OpenAPIImportProblem] = []
    private var skipped = 0
    private var usedNames = UniqueNames()
    private var examples: [String: [(name: String, body: JSONValue)]] = [:]

    /// An imported operation: its endpoint, the tag it is filed under, and its auth headers and query.
    private struct Imported {
        var endpoint: EndpointDraft
        var tag: String?
        /// Where the tag is written: `#/paths/~1pets/get/tags/0`.
        var tagPointer: String = ""
        var authHeaders: [SpecEntry]
        var authQuery: [SpecEntry]
    }

    init(
        files: OpenAPIFiles, root: JSONValue, document: JSONObject, version: String, options: OpenAPIImporter.Options,
        sourceName: String
    ) {
        self.files = files
        self.root = root
        self.document = document
        self.version = version
        self.options = options
        self.sourceName = sourceName
        self.mapper = OpenAPISchemaMapper(files: files)
    }

    private var mainPlace: OpenAPISchemaMapper.Place { .init(file: files.mainPath, pointer: "") }

    mutating func run() -> OpenAPIImporter.Result {
        mapper.declareComponents(of: root)
        var imported: [Imported] = []
        if let paths = document["paths"]?.objectValue {
            for entry in paths.entries {
                imported += importPath(entry.key, entry.value)
            }
        } else if document["paths"] != nil {
            problem("#/paths", "'paths' must be a mapping")
        }
        mapper.mapPending()
        mapper.breakBareCycles()
        problems += mapper.problems
        let shapes = reachableShapes(from: imported)
        let files = layOut(imported, shapes: shapes)
        return OpenAPIImporter.Result(
            files: files, problems: problems, examples: examples, endpointCount: imported.count,
            shapeCount: shapes.count, skippedOperations: skipped)
    }

    private mutating func problem(_ pointer: String, _ message: String, hint: String? = nil, skips: Bool = false) {
        problems.append(OpenAPIImportProblem(pointer: pointer, message: message, hint: hint, skippedOperation: skips))
        if skips { skipped += 1 }
    }

    // MARK: - Layout

    /// Every named shape when all operations are imported; with filters, those the chosen endpoints use.
    private func reachableShapes(from imported: [Imported]) -> [NamedShape] {
        guard !options.filters.isEmpty else { return mapper.shapes }
        let byName = Dictionary(mapper.shapes.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var reached: Set<String> = []
        var queue = imported.compactMap(\.endpoint.expectedBody)
        while let shape = queue.popLast() {
            Self.forEachName(in: shape) { name in
                if reached.insert(name).inserted, let named = byName[name] { queue.append(named.shape) }
            }
        }
        return mapper.shapes.filter { reached.contains($0.name) }
    }

    static func forEachName(in shape: Shape, _ body: (String) -> Void) {
        switch shape.kind {
        case .named(let name): body(name)
        case .optional(let inner), .array(let inner), .dictionary(let inner): forEachName(in: inner, body)
        case .object(let object): for field in object.fields { forEachName(in: field.shape, body) }
        case .union(let members): for member in members { forEachName(in: member, body) }
        default: break
        }
    }

    /// The spec file's name when none is given: the document's file name without its extension, made a name a spec
    /// file may have (letters, digits, `-`, `_`, `.`, not starting with `.`; a run of other characters becomes `-`);
    /// for a document read from a pipe (`<(curl -s ...)` is `/dev/fd/63`), its title in lower case, made so;
    /// `openapi` when neither gives one.
    static func defaultName(source: String, fromPipe: Bool, title: String?) -> String {
        let stem = (source as NSString).deletingPathExtension
        for candidate in fromPipe ? [title?.lowercased()] : [stem, title?.lowercased()] {
            if let candidate, let name = SpecFileName.made(from: candidate) { return name }
        }
        return "openapi"
    }

    private mutating func layOut(
        _ imported: [Imported], shapes: [NamedShape]
    ) -> [(name: String, document: SpecDocument)] {
        let info = document["info"]?.objectValue
        let title = info?["title"]?.stringValue ?? "untitled"
        let name =
            options.name
            ?? Self.defaultName(
                source: sourceName, fromPipe: files.mainIsPipe, title: info?["title"]?.stringValue)
        let apiVersion = info?["version"]?.stringValue ?? info?["version"]?.numberValue?.literal ?? "?"
        var header = [
            "Imported by `contract import openapi` from \(sourceName): \(title) \(apiVersion) (OpenAPI \(version))."
        ]
        if let server = document["servers"]?.arrayValue?.first?.objectValue?["url"]?.stringValue, !server.isEmpty {
            // Its user information and credential-like query values are not the spec's to keep.
            header.append("The document's server: \(SecretRedaction.redactedURL(server)) (record with --base-url).")
        }
        header.append("Re-importing rewrites this file; review the change with git diff.")
        // Auth the same for every endpoint goes in `defaults`, once.
        let sameAuth =
            imported.allSatisfy {
                $0.authHeaders == imported.first?.authHeaders && $0.authQuery == imported.first?.authQuery
            }
        var defaults: SpecDefaults?
        if sameAuth, let first = imported.first, !(first.authHeaders.isEmpty && first.authQuery.isEmpty) {
            defaults = SpecDefaults(headers: first.authHeaders, query: first.authQuery)
        }
        let named = Dictionary(shapes.map { ($0.name, $0.shape) }, uniquingKeysWith: { first, _ in first })
        let endpoints = imported.map { item -> (String?, EndpointDraft) in
            var endpoint = item.endpoint
            if endpoint.dates == nil, let body = endpoint.expectedBody {
                endpoint.dates = Self.decodingDates(for: body, shapes: named)
            }
            if !sameAuth {
                endpoint.headers = item.authHeaders + endpoint.headers
                endpoint.query = item.authQuery + endpoint.query
            }
            return (options.splitByTags ? item.tag : nil, endpoint)
        }
        var files = [
            (
                name: name,
                document: SpecDocument(
                    comment: header, shapes: shapes,
                    defaults: endpoints.contains { $0.0 == nil } ? defaults : nil,
                    endpoints: endpoints.filter { $0.0 == nil }.map(\.1))
            )
        ]
        // Split by tags, with every operation tagged and no schema: the main file would say nothing, and a spec
        // file with nothing in it does not load.
        if shapes.isEmpty, !endpoints.contains(where: { $0.0 == nil }) { files.removeAll() }
        var tags: [String] = []
        for (tag, _) in endpoints { if let tag, !tags.contains(tag) { tags.append(tag) } }
        // Tags whose file names differ only in case (`Pets`, `pets`) share one file: written apart, the second would
        // replace the first (and on a case-insensitive disk, always would).
        var groups: [(file: String, tags: [String])] = []
        for tag in tags {
            let file = tagFileName(tag, base: name, imported: imported)
            if let index = groups.firstIndex(where: { $0.file.lowercased() == file.lowercased() }) {
                groups[index].tags.append(tag)
            } else {
                groups.append((file, [tag]))
            }
        }
        for group in groups {
            let named = group.tags.map { "'\(SpecYAMLWriter.oneLine($0))'" }.joined(separator: ", ")
            files.append(
                (
                    name: group.file,
                    document: SpecDocument(
                        comment: [header[0], "Operations tagged \(named)."] + header.dropFirst(),
                        defaults: defaults,
                        endpoints: endpoints.filter { $0.0.map(group.tags.contains) ?? false }.map(\.1))
                )
            )
        }
        return files
    }

    /// Longest tag part of a file name, in UTF-8 bytes: file systems allow 255 for the whole name.
    static let maximumTagFileLength = 80

    /// The file name for the operations tagged `tag`: `NAME-TAG`; a tag that is empty, or too long for a file
    /// name, gets a part cut short with a hash of the whole tag (so two such tags do not share a file) and a problem.
    private mutating func tagFileName(_ tag: String, base: String, imported: [Imported]) -> String {
        let kebab = Self.kebab(tag)
        if !kebab.isEmpty, kebab.utf8.count <= Self.maximumTagFileLength { return base + "-" + kebab }
        let short = ShortName.start(of: kebab, bytes: 40)
        let part = (short.isEmpty ? "tag" : short) + "-" + String(ShortName.hash(tag), radix: 16)
        let pointer = imported.first { $0.tag == tag }?.tagPointer ?? "#/paths"
        problem(
            pointer,
            kebab.isEmpty
                ? "the tag '\(SpecYAMLWriter.oneLine(tag))' gives no file name; its operations are in \(base)-\(part).yaml"
                : "the tag is too long for a file name (\(kebab.utf8.count) bytes); its operations are in \(base)-\(part).yaml",
            hint: "shorten the tag in the document to choose the file's name")
        return base + "-" + part
    }

    /// The `decoding.dates` an endpoint needs so that a model decoding its body reads every date its schema
    /// declares: nil when they are all ISO 8601 date-times (the default), the one format when there is one other,
    /// else `flexible` (date-times, dates and epochs together).
    static func decodingDates(for body: Shape, shapes: [String: Shape]) -> DateFormat? {
        var formats: Set<DateFormat> = []
        var visited: Set<String> = []
        func walk(_ shape: Shape, depth: Int) {
            guard depth < 64 else { return }
            switch shape.kind {
            case .date(let format): formats.insert(format ?? .iso8601)
            case .optional(let inner), .array(let inner), .dictionary(let inner): walk(inner, depth: depth + 1)
            case .object(let object): for field in object.fields { walk(field.shape, depth: depth + 1) }
            case .union(let members): for member in members { walk(member, depth: depth + 1) }
            case .named(let name):
                if visited.insert(name).inserted, let definition = shapes[name] { walk(definition, depth: depth + 1) }
            default: break
            }
        }
        walk(body, depth: 0)
        guard !formats.subtracting([.iso8601]).isEmpty else { return nil }
        return formats.count == 1 ? formats.first : .flexible
    }

    // MARK: - Operations

    private mutating func importPath(_ path: String, _ value: JSONValue) -> [Imported] {
        let pointer = JSONPointer.appending("#/paths", path)
        guard var item = value.objectValue else {
            problem(pointer, "a path item must be a mapping", skips: true)
            return []
        }
        if item["$ref"]?.stringValue != nil {
            let refPointer = JSONPointer.appending(pointer, "$ref")
            switch followed(value) {
            case .success(let target):
                guard let resolved = target.objectValue else {
                    problem(
                        refPointer, "the $ref leads to \(target.kindDescription), not a path item", skips: true)
                    return []
                }
                item = resolved
            case .failure(let words):
                problems.append(
                    OpenAPIImportProblem(
                        pointer: refPointer, words, then: "the path is left out", skippedOperation: true))
                skipped += 1
                return []
            }
        }
        let shared = item["parameters"]?.arrayValue ?? []
        var result: [Imported] = []
        for entry in item.entries where OpenAPIImporter.methods.contains(entry.key) {
            let operationPointer = JSONPointer.appending(pointer, entry.key)
            guard let operation = entry.value.objectValue else {
                problem(operationPointer, "an operation must be a mapping", skips: true)
                continue
            }
            if let imported = importOperation(
                operation, method: entry.key.uppercased(), path: path, sharedParameters: shared,
                sharedPointer: JSONPointer.appending(pointer, "parameters"), pointer: operationPointer)
            {
                result.append(imported)
            }
        }
        return result
    }

    private func matchesFilters(operationId: String?, name: String, path: String) -> Bool {
        guard !options.filters.isEmpty else { return true }
        return options.filters.contains { pattern in
            Glob.matches(pattern, name) || Glob.matches(pattern, path)
                || operationId.map { Glob.matches(pattern, $0) } == true
        }
    }

    private mutating func importOperation(
        _ operation: JSONObject, method: String, path: String, sharedParameters: [JSONValue], sharedPointer: String,
        pointer: String
    ) -> Imported? {
        let operationId = operation["operationId"]?.stringValue
        var name = operationId.map(Self.kebab) ?? ""
        if name.isEmpty || !SpecFileParser.isRecordingName(name) {
            name = Self.kebab(method.lowercased() + " " + (path == "/" ? "root" : path))
        }
        guard matchesFilters(operationId: operationId, name: name, path: path) else { return nil }
        guard SpecFileParser.methods.contains(method) else {
            problem(
                pointer, "\(method) requests are not recorded by contract",
                hint: "supported methods: \(SpecFileParser.methods.joined(separator: ", "))", skips: true)
            return nil
        }
        let base = name
        name = usedNames.claim(base) { number in
            number.map { SpecFileParser.fittingEndpointName(base, suffix: "-\($0)") }
                ?? SpecFileParser.fittingEndpointName(base)
        }

        // The document's path is text: a `${` in it is sent as written, not filled from the environment.
        var endpoint = EndpointDraft(name: name, method: method, path: options.basePath + Template.literal(path))
        // `/files/${name}` in the document is a `$` and a parameter; a spec cannot write a `$` before a placeholder
        // (`${` is a variable, `$${` text), so the text `${name}` is sent instead.
        for placeholder in SpecFileParser.placeholders(inText: path, followingADollar: true) {
            endpoint.comment.append(
                "the path's '{\(placeholder)}' follows a '$', which a spec cannot write before a parameter: it is sent as the text '${\(placeholder)}'"
            )
        }
        if let summary = operation["summary"]?.stringValue ?? operation["description"]?.stringValue {
            let line = SpecYAMLWriter.oneLine(String(summary.prefix { $0 != "\n" }))
            if !line.isEmpty { endpoint.description = line.count > 160 ? String(line.prefix(157)) + "..." : line }
        }
        if operation["deprecated"] == .bool(true) { endpoint.comment.append("deprecated in the document") }

        parameters(operation, shared: sharedParameters, sharedPointer: sharedPointer, pointer: pointer, into: &endpoint)
        requestBody(operation, pointer: pointer, into: &endpoint)
        response(operation, pointer: pointer, into: &endpoint)
        let auth = security(operation, pointer: pointer, endpoint: &endpoint)
        let tag = operation["tags"]?.arrayValue?.first?.stringValue
        return Imported(
            endpoint: endpoint, tag: tag, tagPointer: pointer + "/tags/0", authHeaders: auth.headers,
            authQuery: auth.query)
    }

    // MARK: - Parameters

    /// An object behind its `$ref` (one into `components`), or nil with a problem when the ref leads nowhere.
    private mutating func resolved(_ value: JSONValue, pointer: String, quietly: Bool = false) -> JSONObject? {
        switch followed(value) {
        case .success(let target):
            return target.objectValue
        case .failure(let words):
            if !quietly {
                problems.append(
                    OpenAPIImportProblem(pointer: JSONPointer.appending(pointer, "$ref"), words, then: "it is left out")
                )
            }
            return nil
        }
    }

    /// The value at the end of `value`'s chain of `$ref`s (`value` itself when it is not one), or why there is none:
    /// a `$ref` that leads nowhere, outside the document's folder, or back into its own chain.
    private func followed(_ value: JSONValue) -> Result<JSONValue, OpenAPIImportProblem.Words> {
        var current = value
        var place = mainPlace
        var chain: [(reference: String, place: OpenAPISchemaMapper.Place)] = []
        while let reference = current.objectValue?["$ref"]?.stringValue {
            place = mapper.target(of: reference, from: place)
            if files.isOutsideFolder(place.file) { return .failure(files.outsideFolderWords(reference)) }
            if let start = chain.firstIndex(where: { $0.place == place }) {
                let circle = chain[start...].map { "'\($0.reference)'" } + ["'\(reference)'"]
                return .failure(
                    .init(
                        message:
                            "the $refs go round in a circle and never reach a value: \(circle.joined(separator: " → "))",
                        hint: "point one of them at the object itself"))
            }
            chain.append((reference, place))
            switch files.value(of: reference, at: (place.file, place.pointer)) {
            case .success(let next): current = next
            case .failure(let words): return .failure(words)
            }
        }
        return .success(current)
    }

    private mutating func parameters(
        _ operation: JSONObject, shared: [JSONValue], sharedPointer: String, pointer: String,
        into endpoint: inout EndpointDraft
    ) {
        var parameters: [(pointer: String, value: JSONObject)] = []
        let own = operation["parameters"]?.arrayValue ?? []
        let ownPointer = JSONPointer.appending(pointer, "parameters")
        for (list, listPointer) in [(shared, sharedPointer), (own, ownPointer)] {
            for (index, value) in list.enumerated() {
                let itemPointer = listPointer + "/\(index)"
                guard let parameter = resolved(value, pointer: itemPointer),
                    let name = parameter["name"]?.stringValue, let location = parameter["in"]?.stringValue
                else { continue }
                // An operation's parameter replaces the path item's of the same name and place; header names are
                // the same in any letter case (RFC 9110), so `x-token` replaces `X-Token`.
                parameters.removeAll {
                    guard $0.value["in"]?.stringValue == location, let other = $0.value["name"]?.stringValue else {
                        return false
                    }
                    return location == "header" ? other.lowercased() == name.lowercased() : other == name
                }
                parameters.append((itemPointer, parameter))
            }
        }
        let placeholders = SpecFileParser.placeholders(in: endpoint.path)
        for placeholder in placeholders {
            if let found = parameters.first(where: {
                $0.value["in"]?.stringValue == "path" && $0.value["name"]?.stringValue == placeholder
            }) {
                let (value, missing, items) = parameterValue(found.value)
                if SecretNames.isSecretParameter(placeholder) || Self.holdsCredential(value, items) {
                    endpoint.params.append(
                        SpecEntry(placeholder, secret(value, name: placeholder, "params", &endpoint)))
                    continue
                }
                endpoint.params.append(SpecEntry(placeholder, value))
                if let missing {
                    endpoint.comment.append("params.\(placeholder): \(missing)")
                }
            } else {
                endpoint.params.append(SpecEntry(placeholder, Template.literal(placeholder)))
                endpoint.comment.append("params.\(placeholder): not declared in the document; set a real value")
            }
        }
        for (itemPointer, parameter) in parameters where parameter["required"] == .bool(true) {
            guard let name = parameter["name"]?.stringValue else { continue }
            let (value, missing, items) = parameterValue(parameter)
            let location = parameter["in"]?.stringValue
            // A header the spec could not send (and lint would refuse) is left out and listed.
            if location == "header", !HTTPHeaderText.isToken(name) {
                problem(
                    itemPointer,
                    "the required header '\(SpecYAMLWriter.oneLine(name))' is not an HTTP header name and is not imported",
                    hint:
                        "a header name is letters, digits and !#$%&'*+-.^_`|~ only; fix the document, or add the header the server means to the endpoint's 'headers'"
                )
                continue
            }
            let secretName =
                location == "header" ? SecretNames.isSecretHeader(name) : SecretNames.isSecretParameter(name)
            if location == "query" || location == "header", secretName || Self.holdsCredential(value, items) {
                let field = location == "query" ? "query" : "headers"
                let entry = SpecEntry(name, secret(value, name: name, field, &endpoint))
                if location == "query" { endpoint.query.append(entry) } else { endpoint.headers.append(entry) }
                continue
            }
            switch location {
            case "query":
                // A list goes in the request line, as its style writes it: the name repeated (`form`, exploded:
                // OpenAPI's default for a query; a spec's `query:` holds one value for a name), or the items joined
                // by a separator that is not percent-encoded as the items are (`a,b`, `a%20b`, `a%7Cb`).
                if let items {
                    let key = PercentEncoding.queryComponent(name)
                    let encoded = items.map(PercentEncoding.queryComponent)
                    let (style, explode) = Self.listStyle(parameter)
                    let pairs =
                        explode
                        ? encoded.map { key + "=" + $0 }
                        : [key + "=" + encoded.joined(separator: Self.listSeparator(style: style, encoded: true))]
                    endpoint.path += (endpoint.path.contains("?") ? "&" : "?") + pairs.joined(separator: "&")
                    continue
                }
                endpoint.query.append(SpecEntry(name, value))
                if let missing { endpoint.comment.append("query.\(name): \(missing)") }
            case "header":
                endpoint.headers.append(SpecEntry(name, value))
                if let missing { endpoint.comment.append("headers.\(name): \(missing)") }
            case "cookie":
                problem(
                    itemPointer, "the required cookie '\(name)' is not imported",
                    hint: "add 'headers: { Cookie: \"\(name)=...\" }' to the endpoint")
            default:
                break
            }
        }
    }

    /// Whether a parameter's value, or any item of a list it was made of, looks like a credential: joined, a token
    /// is no longer at the start of the text or whole.
    private static func holdsCredential(_ value: String, _ items: [String]?) -> Bool {
        OpenAPISecrets.looksLikeCredential(value) || (items ?? []).contains(where: OpenAPISecrets.looksLikeCredential)
    }

    /// A secret parameter's value as a `${NAME}` reference, with a comment naming the variable to set.
    private func secret(_ value: String, name: String, _ field: String, _ endpoint: inout EndpointDraft) -> String {
        let variable = OpenAPISecrets.variable(for: name)
        endpoint.comment.append(
            "\(field).\(name): a credential; set the environment variable \(variable) (the document's value is not copied)"
        )
        return OpenAPISecrets.reference(value, variable: variable)
    }

    /// The value to send for a parameter: its example, default or first enum case; or a sample of its type, with
    /// what the endpoint's comment says of it (no example, or one a spec cannot send). An example that is a list of
    /// scalars is written as the parameter's style joins it, and its items given too.
    private func parameterValue(_ parameter: JSONObject) -> (value: String, missing: String?, items: [String]?) {
        let schema = parameter["schema"]?.objectValue
        var unusable: String?
        for case let value? in Self.exampleCandidates(parameter) {
            switch value {
            case .string(let text) where !text.isEmpty: return (Template.literal(text), nil, nil)
            case .number(let number): return (number.literal, nil, nil)
            case .bool(let flag): return (flag ? "true" : "false", nil, nil)
            case .array(let list):
                // A list, written as its style says: `a,b` (`simple`, `form` not exploded), `a b`, `a|b`, and in a
                // path `.a.b` (`label`) or `;ids=a;ids=b` (`matrix`).
                guard let items = Self.exampleItems(value) else {
                    unusable = unusable ?? (list.isEmpty ? "an empty list" : "a list of lists or objects")
                    continue
                }
                let (style, explode) = Self.listStyle(parameter)
                let name = parameter["name"]?.stringValue ?? ""
                let text =
                    switch style {
                    case "label": "." + items.joined(separator: explode ? "." : ",")
                    case "matrix":
                        explode ? items.map { ";\(name)=\($0)" }.joined() : ";\(name)=" + items.joined(separator: ",")
                    default: items.joined(separator: Self.listSeparator(style: style, encoded: false))
                    }
                return (Template.literal(text), nil, items)
            case .object: unusable = unusable ?? "an object"
            default: continue
            }
        }
        let missing =
            unusable.map { "the document's example is \($0), which the import does not write out; set a real value" }
            ?? "no example in the document; set a real one"
        let name = parameter["name"]?.stringValue ?? "value"
        switch (schema?["type"]?.stringValue, schema?["format"]?.stringValue) {
        case ("integer", _), ("number", _): return ("1", missing, nil)
        case ("boolean", _): return ("true", missing, nil)
        case (_, "uuid"): return ("00000000-0000-0000-0000-000000000000", missing, nil)
        case (_, "date"): return ("2024-01-01", missing, nil)
        case (_, "date-time"): return ("2024-01-01T00:00:00Z", missing, nil)
        default: return (name, missing, nil)
        }
    }

    /// A parameter's `style` and `explode`, or OpenAPI's defaults for where it goes: `form` for a query or cookie,
    /// `simple` elsewhere; exploded for `form` only.
    private static func listStyle(_ parameter: JSONObject) -> (style: String, explode: Bool) {
        let location = parameter["in"]?.stringValue
        let style =
            parameter["style"]?.stringValue ?? (location == "query" || location == "cookie" ? "form" : "simple")
        guard case .bool(let explode)? = parameter["explode"] else { return (style, style == "form") }
        return (style, explode)
    }

    /// What joins the items of a list parameter in `style`: `,` but for the delimited styles, percent-encoded in a
    /// query (`%20`, `%7C`) when `encoded`.
    private static func listSeparator(style: String?, encoded: Bool) -> String {
        switch style {
        case "spaceDelimited": encoded ? "%20" : " "
        case "pipeDelimited": encoded ? "%7C" : "|"
        default: ","
        }
    }

    /// Where a parameter's value may be found, in the order they are tried: its example, its first named example,
    /// its schema's example, first example, default, first enum value.
    private static func exampleCandidates(_ parameter: JSONObject) -> [JSONValue?] {
        let schema = parameter["schema"]?.objectValue
        var candidates: [JSONValue?] = [parameter["example"]]
        if let examples = parameter["examples"]?.objectValue, let first = examples.entries.first {
            candidates.append(first.value.objectValue?["value"])
        }
        candidates += [
            schema?["example"], schema?["examples"]?.arrayValue?.first, schema?["default"],
            schema?["enum"]?.arrayValue?.first,
        ]
        return candidates
    }

    /// The items of `list` as text, when it is a list of strings, numbers and booleans (a parameter's example
    /// that is a list).
    private static func exampleItems(_ list: JSONValue) -> [String]? {
        guard let values = list.arrayValue, !values.isEmpty else { return nil }
        var items: [String] = []
        for value in values {
            switch value {
            case .string(let text): items.append(text)
            case .number(let number): items.append(number.literal)
            case .bool(let flag): items.append(flag ? "true" : "false")
            default: return nil
            }
        }
        return items
    }

    // MARK: - Bodies

    /// The media type of `content` that carries JSON: `application/json`, then any `+json` or `/json` type.
    private static func jsonMediaType(_ content: JSONObject) -> (String, JSONObject)? {
        let candidates = content.entries.compactMap { entry in entry.value.objectValue.map { (entry.key, $0) } }
        if let exact = candidates.first(where: { MediaType.essence(of: $0.0) == "application/json" }) { return exact }
        return candidates.first {
            let essence = MediaType.essence(of: $0.0)
            return essence.hasSuffix("+json") || essence.hasSuffix("/json")
        }
    }

    private mutating func requestBody(_ operation: JSONObject, pointer: String, into endpoint: inout EndpointDraft) {
        guard let value = operation["requestBody"] else { return }
        let bodyPointer = JSONPointer.appending(pointer, "requestBody")
        guard let body = resolved(value, pointer: bodyPointer), let content = body["content"]?.objectValue else {
            return
        }
        guard let (type, media) = Self.jsonMediaType(content) else {
            if body["required"] == .bool(true) {
                let types = content.entries.map(\.key).joined(separator: ", ")
                endpoint.comment.append("request body: \(types) is not imported; add it before recording")
            }
            return
        }
        if let example = exampleValues(media, pointer: JSONPointer.appending(bodyPointer, "content/\(type)")).first {
            var variables: [String] = []
            endpoint.body = OpenAPISecrets.body(example.body, variables: &variables)
            if !variables.isEmpty {
                let names = variables.joined(separator: ", ")
                endpoint.comment.append(
                    "body: credentials; set the environment variables \(names) (the document's values are not copied)")
            }
        } else if body["required"] == .bool(true) {
            endpoint.comment.append("request body: the document gives no example; add 'body:' before recording")
        }
    }

    /// The examples of a media type object: `example`, each of `examples`, or the schema's `example`.
    private mutating func exampleValues(_ media: JSONObject, pointer: String) -> [(name: String, body: JSONValue)] {
        var found: [(name: String, body: JSONValue)] = []
        if let example = media["example"] { found.append(("example", example)) }
        if let examples = media["examples"]?.objectValue {
            for entry in examples.entries {
                guard
                    let example = resolved(
                        entry.value, pointer: JSONPointer.appending(pointer, "examples/\(entry.key)")),
                    let value = example["value"]
                else { continue }
                found.append((entry.key, value))
            }
        }
        if found.isEmpty, let schema = media["schema"],
            let example = resolved(schema, pointer: pointer, quietly: true)?["example"]
        {
            found.append(("schema example", example))
        }
        // An example written as JSON text in a string: the body it stands for.
        return found.map { item in
            if case .string(let text) = item.body, let first = text.first(where: { !$0.isWhitespace }),
                first == "{" || first == "[", let parsed = try? JSONParser().parse(text)
            {
                return (item.name, parsed)
            }
            return item
        }
    }

    private mutating func response(_ operation: JSONObject, pointer: String, into endpoint: inout EndpointDraft) {
        let responsesPointer = JSONPointer.appending(pointer, "responses")
        guard let responses = operation["responses"]?.objectValue, !responses.isEmpty else {
            endpoint.comment.append("the document lists no responses: status and body are not checked")
            return
        }
        let codes = responses.entries.map(\.key)
        let success =
            codes.filter { Int($0).map { (200...299).contains($0) } == true }.min { Int($0)! < Int($1)! }
            ?? codes.first { $0.uppercased() == "2XX" }
        guard let code = success else {
            endpoint.comment.append("the document gives no success (2xx) response: status and body are not checked")
            return
        }
        endpoint.status = [code.uppercased() == "2XX" ? "2xx" : code]
        let codePointer = JSONPointer.appending(responsesPointer, code)
        guard let response = resolved(responses[code]!, pointer: codePointer) else { return }
        guard let content = response["content"]?.objectValue, !content.isEmpty else {
            endpoint.comment.append("no response body is documented")
            return
        }
        guard let (type, media) = Self.jsonMediaType(content) else {
            let type = content.entries[0].key
            endpoint.contentType = MediaType.essence(of: type)
            endpoint.comment.append("the response is \(type), not JSON: its body is not checked")
            return
        }
        endpoint.contentType = MediaType.essence(of: type)
        let mediaPointer = JSONPointer.appending(JSONPointer.appending(codePointer, "content"), type)
        if let schema = media["schema"] {
            let place = OpenAPISchemaMapper.Place(
                file: files.mainPath, pointer: String(JSONPointer.appending(mediaPointer, "schema").dropFirst()))
            (endpoint.expectedBody, endpoint.bodyFieldComments) = mapper.mapBody(schema, at: place)
            if let discriminator = mapper.discriminatorNote(schema, at: place) {
                endpoint.comment.append(discriminator)
            }
        } else {
            endpoint.comment.append("the response has no schema: its body is not checked")
        }
        let found = exampleValues(media, pointer: mediaPointer)
        if !found.isEmpty { examples[endpoint.name] = found }
    }

    // MARK: - Security

    /// Headers and query parameters for the operation's security requirement (its own, or the document's), each
    /// reading its secret from an environment variable.
    private mutating func security(_ operation: JSONObject, pointer: String, endpoint: inout EndpointDraft)
        -> (headers: [SpecEntry], query: [SpecEntry])
    {
        guard let requirements = (operation["security"] ?? document["security"])?.arrayValue, !requirements.isEmpty
        else { return ([], []) }
        let schemes = document["components"]?.objectValue?["securitySchemes"]?.objectValue ?? JSONObject()
        // The first alternative that uses a bearer token, the most common way a test client authenticates; or the
        // first one.
        let alternatives = requirements.compactMap(\.objectValue)
        let chosen =
            alternatives.first { requirement in
                requirement.entries.contains { entry in
                    let scheme = schemes[entry.key]?.objectValue
                    return scheme?["scheme"]?.stringValue?.lowercased() == "bearer"
                }
            } ?? alternatives.first
        guard let chosen, !chosen.isEmpty else { return ([], []) }
        var headers: [SpecEntry] = []
        var query: [SpecEntry] = []
        for entry in chosen.entries {
            let schemePointer = JSONPointer.appending("#/components/securitySchemes", entry.key)
            guard let scheme = schemes[entry.key].flatMap({ resolved($0, pointer: schemePointer) }) else {
                problem(
                    JSONPointer.appending(pointer, "security"), "the security scheme '\(entry.key)' is not declared",
                    hint: "declare it under components/securitySchemes, or add the header to the spec by hand")
                continue
            }
            let variable = Self.environmentName(entry.key)
            switch (scheme["type"]?.stringValue, scheme["scheme"]?.stringValue?.lowercased()) {
            case ("http", "basic"):
                headers.append(SpecEntry("Authorization", "Basic ${\(variable)_CREDENTIALS}"))
            case ("http", _), ("oauth2", _), ("openIdConnect", _):
                headers.append(SpecEntry("Authorization", "Bearer ${\(variable)_TOKEN}"))
            case ("apiKey", _):
                let name = scheme["name"]?.stringValue ?? entry.key
                let keyVariable =
                    variable.hasSuffix("KEY") || variable.hasSuffix("TOKEN") ? variable : variable + "_KEY"
                switch scheme["in"]?.stringValue {
                case "query": query.append(SpecEntry(name, "${\(keyVariable)}"))
                case "cookie": headers.append(SpecEntry("Cookie", "\(name)=${\(keyVariable)}"))
                default: headers.append(SpecEntry(name, "${\(keyVariable)}"))
                }
            default:
                problem(
                    schemePointer, "the security scheme type '\(scheme["type"]?.stringValue ?? "?")' is not imported",
                    hint: "add the header it needs to the spec by hand")
            }
        }
        return (headers, query)
    }

    // MARK: - Names

    /// `listPets`, `GetCustomersCustomer`, `get_user`, `GET /pets/{petId}` as `list-pets`, `get-customers-customer`,
    /// `get-user`, `get-pets-pet-id`.
    static func kebab(_ text: String) -> String {
        var words: [String] = []
        var word = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isLetterOrDigit = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            guard isLetterOrDigit else {
                if !word.isEmpty { words.append(word) }
                word = ""
                continue
            }
            if !word.isEmpty, scalar.properties.isUppercase {
                let previous = scalars[index - 1]
                let next = index + 1 < scalars.count ? scalars[index + 1] : nil
                // `listPets` breaks before P; `HTTPStatus` breaks before the S that starts a lower-case word.
                if previous.properties.isLowercase || ("0"..."9").contains(previous)
                    || (previous.properties.isUppercase && next?.properties.isLowercase == true)
                {
                    words.append(word)
                    word = ""
                }
            }
            word.unicodeScalars.append(scalar)
        }
        if !word.isEmpty { words.append(word) }
        return words.map { $0.lowercased() }.joined(separator: "-")
    }

    /// `bearerAuth` as `BEARER_AUTH`: a security scheme's name as an environment variable's.
    static func environmentName(_ scheme: String) -> String {
        let name = kebab(scheme).uppercased().replacingOccurrences(of: "-", with: "_")
        guard let first = name.unicodeScalars.first else { return "API" }
        return ("0"..."9").contains(first) ? "API_" + name : name
    }
}
