import Foundation

extension Recording {
    /// Reads a recording from a file.
    ///
    /// - Throws: ``ContractError`` with code `.invalidRecording` (with `line:col` for malformed JSON) or `.io`.
    package static func read(from path: String) throws(ContractError) -> Recording {
        // One way of reading for both: the metadata in place on the tape, then the body's tree, built with the pages
        // of a mapped file given back behind it, so that a large recording's text and tree are not resident together.
        var recording = try readInPlace(from: path)
        recording.response.body = recording.response.body?.built
        return recording
    }

    /// Reads a recording from a file, keeping a JSON response body on the file's tape, unbuilt: its body is
    /// ``Body/indexed(_:)``.
    ///
    /// With `folder`, a symbolic link is followed only to a file inside that folder: a recording that links to
    /// `/etc/passwd` is an error that quotes nothing of it.
    package static func readInPlace(from path: String, within folder: String? = nil) throws(ContractError) -> Recording
    {
        // The fast readers follow links in the folders on the way (only the last step is refused to them): a folder of
        // recordings that links elsewhere is refused here, once per folder.
        if let folder, FolderWalk.folderLeadsOutside(of: path, root: folder) {
            throw ContractError(
                .io, "'\(path.escapingNonPrintables())' is in a folder that links outside the recordings folder",
                hint: "a recording is a file inside the recordings folder: replace the link with the folder itself")
        }
        let document: JSONDocument
        do {
            if let small = MappedFile.readSmall(path: path, limit: 1 << 20) {
                document = try JSONParser().parseDocument(small, file: path)
            } else if let mapped = MappedFile(path: path) {
                // The pages behind the parser are given back as it goes, and so are those behind the shape check
                // later: a large body's text need not be resident all at once beside its tape.
                let tape = try JSONParser().index(mapped.bytes, file: path, every: JSONDocument.releaseStride) {
                    mapped.releaseBytes(before: $0)
                }
                document = JSONDocument(source: .mapped(mapped), tape: tape, root: 0)
            } else {
                let bytes = [UInt8](try contents(of: path, within: folder))
                document = try JSONParser().parseDocument(bytes, file: path)
            }
        } catch {
            throw error.code == .io ? error : notJSON(error)
        }
        return try read(document: document, path: path)
    }

    /// Reads a recording from its parsed text, the response body left on the tape (``Body/indexed(_:)``).
    static func read(document: JSONDocument, path: String) throws(ContractError) -> Recording {
        // The metadata is read in place on the tape; the response body stays there, as a document of its own.
        let bodyEntry = document.entry(at: ["response", "body"])
        var recording = try document.withView { view throws(ContractError) in
            try Recording(
                fields: TapeFields(view: view, node: document.root, skipping: bodyEntry ?? -1), file: path,
                locate: Recording.fieldLocator(inFileAt: path))
        }
        if let bodyEntry { recording.response.body = .indexed(IndexedBody(document.subdocument(at: bodyEntry))) }
        return recording
    }

    private static func contents(of path: String, within folder: String?) throws(ContractError) -> Data {
        // The fast readers do not follow a final symbolic link (O_NOFOLLOW): a link comes here, and is checked.
        var link = stat()
        // A link that leads nowhere is read, and says so.
        if let folder, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK,
            let target = FilePaths.resolved(path),
            let root = FilePaths.resolved(folder)
        {
            guard FilePaths.isInside(target, root), target != root else {
                throw ContractError(
                    .io, "'\(path.escapingNonPrintables())' is a link to a file outside the recordings folder",
                    hint: "a recording is a file inside the recordings folder: replace the link with the file itself")
            }
        }
        // Asked only here, when neither fast reader took the file.
        return try InputFile.recording.contents(of: path, mapped: true)
    }

    /// A JSON syntax error in a recording, worded as one.
    private static func notJSON(_ syntaxError: ContractError) -> ContractError {
        var error = syntaxError
        error.code = .invalidRecording
        error.message = "the recording is not valid JSON: " + error.message
        if error.hint == nil {
            error.hint = "re-record it with `\(RunnerName.current) record`, or fix the JSON by hand"
        }
        return error
    }

    /// Reads a recording from its parsed JSON; `file` names it in errors.
    package init(json: JSONValue, file: String) throws(ContractError) {
        try self.init(json: json, file: file, locate: nil)
    }

    /// Reads a recording from its parsed JSON. `locate` finds a value in the file's text by its keys from the root
    /// (``fieldLocator(in:file:)``, ``fieldLocator(inFileAt:)``), so that an error points at the offending field;
    /// it is called only when the recording is refused. Without it, errors point at 1:1.
    init(json: JSONValue, file: String, locate: ((_ keys: [String]) -> SourceLocation?)?) throws(ContractError) {
        try self.init(fields: json, file: file, locate: locate)
    }

    /// Reads a recording from its fields, as a tree or in place on a tape; see ``init(json:file:locate:)``.
    init<Fields: RecordingFields>(
        fields json: Fields, file: String, locate: ((_ keys: [String]) -> SourceLocation?)?
    ) throws(ContractError) {
        /// An error at the value reached by `keys`, or at the nearest object around it that the text has (a missing
        /// member is reported at the object that should hold it).
        func invalid(_ message: String, at keys: [String] = [], hint: String? = nil) -> ContractError {
            var location: SourceLocation?
            var path = keys[...]
            while location == nil, let locate {
                location = locate(Array(path))
                if path.isEmpty { break }
                path.removeLast()
            }
            return ContractError(
                .invalidRecording, message, at: location ?? SourceLocation(file: file, line: 1, column: 1),
                hint: hint
                    ?? "a recording needs at least format, endpoint, request.method, request.url and response.status; see docs/Recording.md"
            )
        }
        /// A recording's own objects name each member once: JSON lets a key repeat, and the last one would be read
        /// without a word (a second `status`), or be taken for two bodies.
        func requireEachKeyOnce(_ object: Fields, _ keys: [String]) throws(ContractError) {
            var seen = Set<String>()
            for member in object.members ?? [] where !seen.insert(member.key).inserted {
                throw invalid(
                    "\(keys.isEmpty ? "the recording" : "'\(keys[0])'") has '\(member.key)' twice",
                    at: keys + [member.key],
                    hint: "the recorder writes each member once, so the file was edited or merged by hand: keep the "
                        + "one the server sent and remove the other")
            }
        }
        guard json.isObject else { throw invalid("a recording is a JSON object, found \(json.kindDescription)") }
        let root = json
        try requireEachKeyOnce(root, [])
        guard let format = root["format"]?.stringValue else {
            throw invalid("missing 'format' (\"\(Recording.formatID)\")", at: ["format"])
        }
        guard format == Recording.formatID else {
            throw invalid("unsupported format '\(format)'; this version reads \(Recording.formatID)", at: ["format"])
        }
        guard let endpoint = root["endpoint"]?.stringValue else {
            throw invalid("missing 'endpoint' (such as \"users/list-users\")", at: ["endpoint"])
        }
        guard let request = root["request"], request.isObject else {
            throw invalid("missing 'request' object", at: ["request"])
        }
        try requireEachKeyOnce(request, ["request"])
        guard let method = request["method"]?.stringValue else {
            throw invalid("missing 'request.method'", at: ["request", "method"])
        }
        guard let url = request["url"]?.stringValue else {
            throw invalid("missing 'request.url'", at: ["request", "url"])
        }
        guard let response = root["response"], response.isObject else {
            throw invalid("missing 'response' object", at: ["response"])
        }
        try requireEachKeyOnce(response, ["response"])
        guard let statusNumber = response["status"]?.numberValue, let status = statusNumber.int64Value,
            (100...599).contains(status)
        else {
            throw invalid(
                "missing or invalid 'response.status' (a number from 100 to 599)", at: ["response", "status"])
        }
        func headers(_ value: Fields?, _ keys: [String]) throws(ContractError) -> [Header] {
            guard let value else { return [] }
            guard let members = value.members else {
                throw invalid("'\(keys.joined(separator: "."))' must be an object of header names to values", at: keys)
            }
            var result: [Header] = []
            result.reserveCapacity(members.count)
            for entry in members {
                if let text = entry.value.stringValue {
                    result.append(Header(name: entry.key, value: text))
                } else if let items = entry.value.items {
                    for item in items {
                        guard let text = item.stringValue else {
                            throw invalid(
                                "header '\(entry.key)' in '\(keys.joined(separator: "."))' must be text",
                                at: keys + [entry.key])
                        }
                        result.append(Header(name: entry.key, value: text))
                    }
                } else {
                    throw invalid(
                        "header '\(entry.key)' in '\(keys.joined(separator: "."))' must be text", at: keys + [entry.key]
                    )
                }
            }
            return result
        }
        func body(_ object: Fields, _ name: String) throws(ContractError) -> Body? {
            let fields = object.members(named: Recording.bodyFields)
            guard let field = fields.first else { return nil }
            guard fields.count == 1 else {
                throw invalid(
                    "'\(name)' has both '\(field.key)' and '\(fields[1].key)'; use one of body, bodyText or bodyBase64",
                    at: [name, fields[1].key],
                    hint:
                        "body holds a JSON body, bodyText any other text, bodyBase64 binary data; keep the one the response really had"
                )
            }
            switch field.key {
            case "body":
                return .json(field.value.tree)
            case "bodyText":
                guard let string = field.value.stringValue else {
                    throw invalid("'\(name).bodyText' must be a string", at: [name, field.key])
                }
                return .text(string)
            default:
                guard let string = field.value.stringValue else {
                    throw invalid("'\(name).bodyBase64' must be a string", at: [name, field.key])
                }
                guard Data(base64Encoded: string) != nil else {
                    throw invalid(
                        "'\(name).bodyBase64' is not valid base64: \(Recording.base64Problem(in: string))",
                        at: [name, field.key],
                        hint:
                            "bodyBase64 holds the body's bytes in standard base64 (A-Z, a-z, 0-9, + and /, padded with =, on one line); "
                            + "re-record it with `\(RunnerName.current) record`, or put a text body in bodyText")
                }
                return .base64(string)
            }
        }
        var duration: Int?
        if let value = response["durationMs"] {
            // Any JSON number reads as a Double; only a plausible one becomes an Int (1e300 would trap).
            guard let milliseconds = value.numberValue?.doubleValue, milliseconds.isFinite,
                (0...1e15).contains(milliseconds)
            else {
                throw invalid(
                    "'response.durationMs' must be a number of milliseconds from 0 to 10^15",
                    at: ["response", "durationMs"],
                    hint: "it is informational: fix it or remove it")
            }
            duration = Int(milliseconds.rounded())
        }
        var finalURL: String?
        if let value = response["url"] {
            guard let text = value.stringValue else {
                throw invalid("'response.url' must be a string", at: ["response", "url"])
            }
            finalURL = text
        }
        var redirects: [Redirect] = []
        if let value = response["redirects"] {
            guard let items = value.items else {
                throw invalid(
                    "'response.redirects' must be an array of { status, url }", at: ["response", "redirects"])
            }
            for item in items {
                guard let status = item["status"]?.numberValue?.int64Value, let hopURL = item["url"]?.stringValue else {
                    throw invalid(
                        "each of 'response.redirects' must be an object { \"status\": 301, \"url\": \"...\" }",
                        at: ["response", "redirects"])
                }
                redirects.append(Redirect(status: Int(status), url: hopURL))
            }
        }
        self.init(
            endpoint: endpoint, recordedAt: root["recordedAt"]?.stringValue,
            request: Request(
                method: method, url: url, headers: try headers(request["headers"], ["request", "headers"]),
                body: try body(request, "request")),
            response: Response(
                status: Int(status), headers: try headers(response["headers"], ["response", "headers"]),
                durationMs: duration, body: try body(response, "response"),
                url: finalURL, redirects: redirects))
    }

    /// The members that can hold a body; a request or response has at most one of them.
    private static let bodyFields = ["body", "bodyText", "bodyBase64"]

    /// Why `text` is not base64, for a message: the first character that cannot be there, or the length.
    private static func base64Problem(in text: String) -> String {
        var position = 0
        var padding = 0
        for scalar in text.unicodeScalars {
            position += 1
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", "+", "/":
                guard padding == 0 else { return "'=' padding at character \(position - padding) is not at the end" }
            case "=":
                padding += 1
            case "-", "_":
                return
                    "'\(scalar)' at character \(position) is base64url, not base64; write it with '+' and '/' instead of '-' and '_'"
            case "\n", "\r", " ", "\t":
                return "a line break or space at character \(position); write the base64 text on one line"
            default:
                return "'\(String(scalar).escapingNonPrintables())' at character \(position) is not a base64 character"
            }
        }
        let count = text.unicodeScalars.count
        if count % 4 != 0 { return "its length, \(count), is not a multiple of 4 (is '=' padding missing?)" }
        return padding > 2 ? "it ends in \(padding) '=', but padding is at most 2" : "it does not decode"
    }

    /// A `locate` for ``init(json:file:locate:)`` that finds values in `text`, the recording file's bytes.
    static func fieldLocator(in text: Data, file: String) -> (_ keys: [String]) -> SourceLocation? {
        { keys in
            text.withUnsafeBytes {
                JSONValueLocator.location(of: keys.map(JSONValueLocator.Step.key), in: $0, file: file)
            }
        }
    }

    /// A `locate` for ``init(json:file:locate:)`` that reads the file at `path` again when it is called: errors are
    /// rare, so reading a recording need not keep its bytes for them.
    static func fieldLocator(inFileAt path: String) -> (_ keys: [String]) -> SourceLocation? {
        { keys in
            guard let text = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else {
                return nil
            }
            return fieldLocator(in: text, file: path)(keys)
        }
    }

    /// The recording as JSON, members in a fixed order so files diff cleanly.
    package var jsonValue: JSONValue { jsonValue(bodies: true) }

    /// Up to this many headers, a name is looked for among them by scanning them, which costs less than hashing a
    /// usual head's few names; past it, by a table (a server may send tens of thousands).
    static let linearlySearchedHeaders = 32

    /// The recording as JSON; without `bodies`, the request's and the response's bodies are left out.
    private func jsonValue(bodies: Bool) -> JSONValue {
        func headers(_ list: [Header]) -> JSONValue {
            var object = JSONObject()
            // Where each name's entry is, once there are more than a usual head has: a server may send tens of
            // thousands of names, and looking each up among the entries before (as `object[name]` does) took
            // minutes. A usual head's few are scanned, which costs less than hashing them, once a recording.
            var positions: [String: Int] = [:]
            func position(of name: String) -> Int? {
                guard object.entries.count > Recording.linearlySearchedHeaders else {
                    return object.entries.firstIndex { $0.key == name }
                }
                if positions.isEmpty {
                    for (index, entry) in object.entries.enumerated() { positions[entry.key] = index }
                }
                return positions[name]
            }
            for header in list {
                if let index = position(of: header.name) {
                    switch object.entries[index].value {
                    case .array(let items): object.entries[index].value = .array(items + [.string(header.value)])
                    case let existing: object.entries[index].value = .array([existing, .string(header.value)])
                    }
                } else {
                    if !positions.isEmpty { positions[header.name] = object.entries.count }
                    object.entries.append(JSONObject.Entry(key: header.name, value: .string(header.value)))
                }
            }
            return .object(object)
        }
        func add(_ body: Body?, to object: inout JSONObject) {
            guard bodies else { return }
            switch body {
            case .json(let value)?: object.entries.append(.init(key: "body", value: value))
            case .indexed(let body)?: object.entries.append(.init(key: "body", value: body.value))
            case .text(let text)?: object.entries.append(.init(key: "bodyText", value: .string(text)))
            case .base64(let data)?: object.entries.append(.init(key: "bodyBase64", value: .string(data)))
            case nil: break
            }
        }
        var request = JSONObject([
            "method": .string(self.request.method), "url": .string(self.request.url),
        ])
        if !self.request.headers.isEmpty {
            request.entries.append(.init(key: "headers", value: headers(self.request.headers)))
        }
        add(self.request.body, to: &request)
        var response = JSONObject(["status": .number(JSONNumber(self.response.status))])
        if let url = self.response.url { response.entries.append(.init(key: "url", value: .string(url))) }
        if !self.response.redirects.isEmpty {
            let hops = self.response.redirects.map { hop -> JSONValue in
                .object(JSONObject(["status": .number(JSONNumber(hop.status)), "url": .string(hop.url)]))
            }
            response.entries.append(.init(key: "redirects", value: .array(hops)))
        }
        if !self.response.headers.isEmpty {
            response.entries.append(.init(key: "headers", value: headers(self.response.headers)))
        }
        if let duration = self.response.durationMs {
            response.entries.append(.init(key: "durationMs", value: .number(JSONNumber(duration))))
        }
        add(self.response.body, to: &response)
        var root = JSONObject(["format": .string(Recording.formatID), "endpoint": .string(endpoint)])
        if let recordedAt { root.entries.append(.init(key: "recordedAt", value: .string(recordedAt))) }
        root.entries.append(.init(key: "request", value: .object(request)))
        root.entries.append(.init(key: "response", value: .object(response)))
        return .object(root)
    }

    /// The file's bytes: pretty-printed, two-space indent, ending in a newline.
    package func encoded() -> Data {
        Data(encodedBytes())
    }

    /// The file's bytes, as ``encoded()``: the same text as ``jsonValue`` written by ``JSONWriter``, but a body read
    /// or received onto a tape (``Body/indexed(_:)``) is written from its tape, without building its tree.
    func encodedBytes() -> [UInt8] { encodedText().bytes }

    /// The file's text, as ``encodedBytes()``, in the writer's own buffer.
    private func encodedText() -> JSONTextOutput { encodedText(leavingOutIndentedBody: false).text }

    /// The file's text; with `leavingOutIndentedBody`, a body already written indented (``IndexedBody/indented``) is
    /// left out of it and handed back with the offset where it goes, so that it can be written to the file from where
    /// it is rather than copied.
    private func encodedText(leavingOutIndentedBody: Bool) -> (
        text: JSONTextOutput, body: (offset: Int, bytes: JSONOutputBytes)?
    ) {
        var output = JSONTextOutput(pretty: true)
        var leftOut: (offset: Int, bytes: JSONOutputBytes)?
        guard case .object(let root) = jsonValue(bodies: false) else { return (output, nil) }
        // Room for a body on its tape, indented, at once: growing by doubling would copy it and fault in pages anew.
        for case .indexed(let body)? in [request.body, response.body] where !leavingOutIndentedBody {
            output.reserve((body.indented?.bytes.count ?? 2 * body.byteCount) + 4096)
        }
        /// Writes the members of `object`, `depth` deep, then `body` as its last member.
        func write(_ object: JSONObject, depth: Int, body: Body?) {
            output.append(byte: JSONByte.openBrace)
            var first = true
            for entry in object.entries {
                output.startMember(isFirst: first, depth: depth + 1)
                first = false
                output.appendKey(entry.key)
                switch (entry.key, entry.value) {
                case ("request", .object(let request)) where depth == 0:
                    write(request, depth: depth + 1, body: self.request.body)
                case ("response", .object(let response)) where depth == 0:
                    write(response, depth: depth + 1, body: self.response.body)
                default:
                    output.append(entry.value, atDepth: depth + 1)
                }
            }
            if let body {
                output.startMember(isFirst: first, depth: depth + 1)
                output.appendKey(Recording.bodyField(of: body))
                switch body {
                case .indexed(let indexed):
                    if let indented = indexed.indented, indented.depth == depth + 1 {
                        if leavingOutIndentedBody, leftOut == nil {
                            leftOut = (output.count, indented.bytes)
                        } else {
                            output.append(indented.bytes)
                        }
                        break
                    }
                    // Compact where indented it would pass the limit the recorder holds a body received to.
                    let limit = Body.indentedLengthLimit(received: indexed.document.byteCount)
                    let root = indexed.document.root
                    indexed.document.withView { view in
                        let body = JSONTextOutput.indentedOrCompact(within: limit) { text, maxLength in
                            text.append(tape: view, node: root, atDepth: depth + 1, maxLength: maxLength)
                        }
                        output.append(body.buffer)
                    }
                case .json(let value):
                    // The same limit, from the length of its compact text, which is written where indented passes it.
                    var compact = JSONTextOutput(pretty: false)
                    compact.append(value)
                    let limit = Body.indentedLengthLimit(received: compact.count)
                    var indented = JSONTextOutput(pretty: true)
                    indented.append(value, atDepth: depth + 1, maxLength: limit)
                    output.append((indented.count <= limit ? indented : compact).buffer)
                case .text(let text), .base64(let text): output.append(.string(text), atDepth: depth + 1)
                }
            }
            output.close(with: JSONByte.closeBrace, depth: depth)
        }
        write(root, depth: 0, body: nil)
        output.append(byte: JSONByte.lineFeed)
        return (output, leftOut)
    }

    /// The file's bytes as ``encodedBytes()``, in the pieces `write(to:batch:)` writes a new file from: the text before
    /// the response's body, the body, and the text after; or the whole text in one piece.
    func encodedPieces() -> [[UInt8]] {
        let (text, body) = encodedText(leavingOutIndentedBody: true)
        return text.withBytes { bytes in
            guard let body else { return [Array(bytes)] }
            return [
                Array(bytes[..<body.offset]),
                Array(UnsafeBufferPointer(start: body.bytes.base, count: body.bytes.count)),
                Array(bytes[body.offset...]),
            ]
        }
    }

    /// How deep a request's or a response's body is written: the value of a member of `request` or `response`.
    static let bodyDepth = 2

    /// The member a body is written in.
    private static func bodyField(of body: Body) -> String {
        switch body {
        case .json, .indexed: return "body"
        case .text: return "bodyText"
        case .base64: return "bodyBase64"
        }
    }

    /// Writes the recording atomically (a reader sees the old file or the new one, never half of it).
    ///
    /// - Returns: false when the file already holds a recording that differs only in `recordedAt` and
    ///   `durationMs`; it is then left untouched, so re-recording an unchanged response makes no git churn.
    @discardableResult
    package func write(to path: String) throws(ContractError) -> Bool {
        try write(to: path, batch: nil)
    }

    /// Writes the recording as ``write(to:)`` does; with `batch`, the file takes its place as the batch says
    /// (``AtomicFileBatch``): at once, or once it is flushed to disk, which may be after this returns.
    func write(to path: String, batch: AtomicFileBatch?) throws(ContractError) -> Bool {
        var status = stat()
        // A name its folder did not hold when first listed is not looked up again: a file another process has made
        // there since is found when the new file is linked into place, and compared with then.
        if let batch, !AtomicFile.mayExist(path) || (lstat(path, &status) != 0 && errno == ENOENT) {
            // A new file: nothing to compare it with, and a body already indented is written from where it is, beside
            // the text around it, rather than copied into that text first.
            let (text, body) = encodedText(leavingOutIndentedBody: true)
            let written: Bool
            do {
                written = try text.withBytes { bytes in
                    guard let body else { return try batch.writeNew([bytes], to: path) }
                    return try batch.writeNew(
                        [
                            UnsafeRawBufferPointer(rebasing: bytes[..<body.offset]),
                            UnsafeRawBufferPointer(start: body.bytes.base, count: body.bytes.count),
                            UnsafeRawBufferPointer(rebasing: bytes[body.offset...]),
                        ], to: path)
                }
            } catch {
                throw WriteFailure.error(writing: path, error)
            }
            if written { return true }
        }
        let text = encodedText()
        if text.withBytes({ isUnchanged(at: path, comparedWith: $0) }) { return false }
        do {
            try text.withBytes { bytes in
                if let batch {
                    try batch.write(bytes, to: path)
                } else {
                    try AtomicFile.write(Data(bytes), to: path)
                }
            }
        } catch {
            throw WriteFailure.error(writing: path, error)
        }
        return true
    }

    /// True when the file at `path` holds a recording that differs from this one, whose text is `bytes`, only in
    /// `recordedAt` and `durationMs`.
    ///
    /// The quick answer compares text without parsing the file: it is this recording's text byte for byte but for
    /// the values of those two (``differsOnlyInVolatileValues(_:_:)``). Only when it is not (the file was written by
    /// hand, by another version, or something changed) is the file read, and the two compared as values.
    private func isUnchanged(at path: String, comparedWith bytes: UnsafeRawBufferPointer) -> Bool {
        func same(_ existing: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
            existing.count == bytes.count
                && existing.withUnsafeBytes {
                    bytes.isEmpty || memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0
                }
        }
        if let existing = MappedFile.readSmall(path: path, limit: 64 << 20) {
            if existing.withUnsafeBytes({ Recording.differsOnlyInVolatileValues($0, bytes) }) { return true }
            guard let document = try? JSONParser().parseDocument(existing, file: path),
                let old = try? Recording.read(document: document, path: path)
            else { return false }
            // The file may still be this recording's text with values there that the quick look does not skip over
            // (a timestamp with escapes), or without one of the two.
            var candidate = self
            candidate.recordedAt = old.recordedAt
            candidate.response.durationMs = old.response.durationMs
            return candidate.encodedText().withBytes { same(existing, $0) } || old.built.isSemanticallyEqual(to: built)
        }
        guard FileManager.default.fileExists(atPath: path), let old = try? Recording.read(from: path) else {
            return false
        }
        return old.isSemanticallyEqual(to: built)
    }

    /// The recording with its bodies built into trees, as ``read(from:)`` returns it.
    var built: Recording {
        var recording = self
        recording.request.body = request.body?.built
        recording.response.body = response.body?.built
        return recording
    }
}
