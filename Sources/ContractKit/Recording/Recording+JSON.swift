import Foundation

extension Recording {
    /// Reads a recording from a file.
    ///
    /// - Throws: ``ContractError`` with code `.invalidRecording` (with `line:col` for malformed JSON) or `.io`.
    public static func read(from path: String) throws(ContractError) -> Recording {
        let parsed: Result<JSONValue, ContractError>
        if let mapped = MappedFile(path: path) {
            // Parsed in place; the pages behind the tree being built are given back as it goes, so that a large
            // recording's bytes and its tree are not resident together.
            parsed = Result { () throws(ContractError) -> JSONValue in
                try JSONParser().parse(mapped.bytes, file: path, every: 8 << 20) { mapped.releaseBytes(before: $0) }
            }
        } else {
            let data = try contents(of: path)
            parsed = data.withUnsafeBytes { buffer in
                Result { () throws(ContractError) -> JSONValue in try JSONParser().parse(buffer, file: path) }
            }
        }
        switch parsed {
        case .success(let value): return try Recording(json: value, file: path)
        case .failure(let error): throw notJSON(error)
        }
    }

    /// Reads a recording from a file, keeping a JSON response body as a document over the file's text, unbuilt.
    ///
    /// The recording's own `response.body` is then `null`: build it from the document when it is needed.
    static func readIndexed(from path: String) throws(ContractError) -> (recording: Recording, body: JSONDocument?) {
        let document: JSONDocument
        do {
            if let mapped = MappedFile(path: path) {
                document = JSONDocument(source: .mapped(mapped), tape: try JSONParser().index(mapped.bytes, file: path), root: 0)
            } else {
                let bytes = [UInt8](try contents(of: path))
                document = try JSONParser().parseDocument(bytes, file: path)
            }
        } catch {
            throw error.code == .io ? error : notJSON(error)
        }
        guard let bodyEntry = document.entry(at: ["response", "body"]) else {
            return (try Recording(json: document.value, file: path), nil)
        }
        return (try Recording(json: document.value(skipping: bodyEntry), file: path), document.subdocument(at: bodyEntry))
    }

    private static func contents(of path: String) throws(ContractError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw ContractError(.io, "cannot read '\(path)'", hint: "check that the file exists and is readable")
        }
    }

    /// A JSON syntax error in a recording, worded as one.
    private static func notJSON(_ syntaxError: ContractError) -> ContractError {
        var error = syntaxError
        error.code = .invalidRecording
        error.message = "the recording is not valid JSON: " + error.message
        if error.hint == nil { error.hint = "re-record it with `contract record`, or fix the JSON by hand" }
        return error
    }

    /// Reads a recording from its parsed JSON; `file` names it in errors.
    public init(json: JSONValue, file: String) throws(ContractError) {
        func invalid(_ message: String) -> ContractError {
            ContractError(
                .invalidRecording, message, at: SourceLocation(file: file, line: 1, column: 1),
                hint: "a recording needs at least format, endpoint, request.method, request.url and response.status; see README.md")
        }
        guard case .object(let root) = json else { throw invalid("a recording is a JSON object, found \(json.kindDescription)") }
        guard let format = root["format"]?.stringValue else { throw invalid("missing 'format' (\"\(Recording.formatID)\")") }
        guard format == Recording.formatID else {
            throw invalid("unsupported format '\(format)'; this version reads \(Recording.formatID)")
        }
        guard let endpoint = root["endpoint"]?.stringValue else { throw invalid("missing 'endpoint' (such as \"users/list-users\")") }
        guard case .object(let request)? = root["request"] else { throw invalid("missing 'request' object") }
        guard let method = request["method"]?.stringValue else { throw invalid("missing 'request.method'") }
        guard let url = request["url"]?.stringValue else { throw invalid("missing 'request.url'") }
        guard case .object(let response)? = root["response"] else { throw invalid("missing 'response' object") }
        guard let statusNumber = response["status"]?.numberValue, let status = statusNumber.int64Value, (100...599).contains(status) else {
            throw invalid("missing or invalid 'response.status' (a number from 100 to 599)")
        }
        func headers(_ value: JSONValue?, _ name: String) throws(ContractError) -> [Header] {
            guard let value else { return [] }
            guard case .object(let object) = value else { throw invalid("'\(name)' must be an object of header names to values") }
            var result: [Header] = []
            for entry in object.entries {
                switch entry.value {
                case .string(let text): result.append(Header(name: entry.key, value: text))
                case .array(let items):
                    for item in items {
                        guard let text = item.stringValue else { throw invalid("header '\(entry.key)' in '\(name)' must be text") }
                        result.append(Header(name: entry.key, value: text))
                    }
                default: throw invalid("header '\(entry.key)' in '\(name)' must be text")
                }
            }
            return result
        }
        func body(_ object: JSONObject, _ name: String) throws(ContractError) -> Body? {
            if let json = object["body"] { return .json(json) }
            if let text = object["bodyText"] {
                guard let string = text.stringValue else { throw invalid("'\(name).bodyText' must be a string") }
                return .text(string)
            }
            if let base64 = object["bodyBase64"] {
                guard let string = base64.stringValue else { throw invalid("'\(name).bodyBase64' must be a string") }
                return .base64(string)
            }
            return nil
        }
        var duration: Int?
        if let number = response["durationMs"]?.numberValue { duration = Int(number.doubleValue.rounded()) }
        var finalURL: String?
        if let value = response["url"] {
            guard let text = value.stringValue else { throw invalid("'response.url' must be a string") }
            finalURL = text
        }
        var redirects: [Redirect] = []
        if let value = response["redirects"] {
            guard let items = value.arrayValue else { throw invalid("'response.redirects' must be an array of { status, url }") }
            for item in items {
                guard let hop = item.objectValue, let status = hop["status"]?.numberValue?.int64Value,
                      let hopURL = hop["url"]?.stringValue else {
                    throw invalid("each of 'response.redirects' must be an object { \"status\": 301, \"url\": \"...\" }")
                }
                redirects.append(Redirect(status: Int(status), url: hopURL))
            }
        }
        self.init(
            endpoint: endpoint, recordedAt: root["recordedAt"]?.stringValue,
            request: Request(method: method, url: url, headers: try headers(request["headers"], "request.headers"),
                             body: try body(request, "request")),
            response: Response(status: Int(status), headers: try headers(response["headers"], "response.headers"),
                               durationMs: duration, body: try body(response, "response"),
                               url: finalURL, redirects: redirects))
    }

    /// The recording as JSON, members in a fixed order so files diff cleanly.
    public var jsonValue: JSONValue {
        func headers(_ list: [Header]) -> JSONValue {
            var object = JSONObject()
            for header in list {
                if let existing = object[header.name] {
                    switch existing {
                    case .array(let items): object[header.name] = .array(items + [.string(header.value)])
                    default: object[header.name] = .array([existing, .string(header.value)])
                    }
                } else {
                    object.entries.append(JSONObject.Entry(key: header.name, value: .string(header.value)))
                }
            }
            return .object(object)
        }
        func add(_ body: Body?, to object: inout JSONObject) {
            switch body {
            case .json(let value)?: object.entries.append(.init(key: "body", value: value))
            case .text(let text)?: object.entries.append(.init(key: "bodyText", value: .string(text)))
            case .base64(let data)?: object.entries.append(.init(key: "bodyBase64", value: .string(data)))
            case nil: break
            }
        }
        var request = JSONObject([
            "method": .string(self.request.method), "url": .string(self.request.url),
        ])
        if !self.request.headers.isEmpty { request.entries.append(.init(key: "headers", value: headers(self.request.headers))) }
        add(self.request.body, to: &request)
        var response = JSONObject(["status": .number(JSONNumber(self.response.status))])
        if let url = self.response.url { response.entries.append(.init(key: "url", value: .string(url))) }
        if !self.response.redirects.isEmpty {
            let hops = self.response.redirects.map { hop -> JSONValue in
                .object(JSONObject(["status": .number(JSONNumber(hop.status)), "url": .string(hop.url)]))
            }
            response.entries.append(.init(key: "redirects", value: .array(hops)))
        }
        if !self.response.headers.isEmpty { response.entries.append(.init(key: "headers", value: headers(self.response.headers))) }
        if let duration = self.response.durationMs { response.entries.append(.init(key: "durationMs", value: .number(JSONNumber(duration)))) }
        add(self.response.body, to: &response)
        var root = JSONObject(["format": .string(Recording.formatID), "endpoint": .string(endpoint)])
        if let recordedAt { root.entries.append(.init(key: "recordedAt", value: .string(recordedAt))) }
        root.entries.append(.init(key: "request", value: .object(request)))
        root.entries.append(.init(key: "response", value: .object(response)))
        return .object(root)
    }

    /// The file's bytes: pretty-printed, two-space indent, ending in a newline.
    public func encoded() -> Data {
        Data((JSONWriter(style: .pretty).write(jsonValue) + "\n").utf8)
    }

    /// Writes the recording atomically (a reader sees the old file or the new one, never half of it).
    ///
    /// - Returns: false when the file already holds a recording that differs only in `recordedAt` and
    ///   `durationMs`; it is then left untouched, so re-recording an unchanged response makes no git churn.
    @discardableResult
    public func write(to path: String) throws(ContractError) -> Bool {
        if FileManager.default.fileExists(atPath: path), let existing = try? Recording.read(from: path),
           existing.isSemanticallyEqual(to: self) {
            return false
        }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try encoded().write(to: url, options: .atomic)
        } catch {
            throw ContractError(.io, "cannot write '\(path)': \(error.localizedDescription)",
                                hint: "check that the folder is writable and the disk is not full")
        }
        return true
    }
}
