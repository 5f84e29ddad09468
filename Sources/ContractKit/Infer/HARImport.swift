import Foundation

/// Reads a HAR file (what browser devtools, Proxyman, Charles and mitmproxy export) into samples, each a recording
/// redacted as `contract record` redacts: credential headers and token-like query values replaced, those secrets
/// searched for and replaced wherever the server echoed them, volatile response headers dropped.
package enum HARImport {
    /// The entries of the HAR at `path`, in file order; an entry that cannot be read is a problem, not the end.
    package static func samples(fromFileAt path: String) throws(ContractError) -> (
        samples: [ResponseSample], problems: [ContractError]
    ) {
        let data = try InputFile.sample.contents(of: path)
        let root = try JSONParser().parse([UInt8](data), file: path)
        guard let entries = root.objectValue?["log"]?.objectValue?["entries"]?.arrayValue else {
            throw ContractError(
                .invalidRecording, "'\(path)' is not a HAR file: it has no 'log.entries' array",
                hint: "export the capture as HAR (HTTP Archive) from devtools, Proxyman, Charles or mitmproxy")
        }
        var samples: [ResponseSample] = []
        var problems: [ContractError] = []
        samples.reserveCapacity(entries.count)
        // A secret seen in one entry (a login's token, the refresh token, a password) shows up in later ones: all
        // the capture's secrets are collected first, and every entry is redacted with all of them.
        let redactor = Redactor(secrets: entries.flatMap(secrets(in:)))
        for (index, entry) in entries.enumerated() {
            let source = "\(path) entry \(index + 1)"
            do {
                samples.append(try sample(entry, source: source, redactor: redactor))
            } catch {
                problems.append(error)
            }
        }
        return (samples, problems)
    }

    /// One entry as a sample.
    static func sample(_ entry: JSONValue, source: String, redactor: Redactor) throws(ContractError)
        -> ResponseSample
    {
        func invalid(_ what: String) -> ContractError {
            ContractError(
                .invalidRecording, "\(source): \(what)", hint: "the entry is skipped; the others are read")
        }
        guard let request = entry.objectValue?["request"]?.objectValue,
            let response = entry.objectValue?["response"]?.objectValue
        else { throw invalid("an entry needs 'request' and 'response' objects") }
        guard let method = request["method"]?.stringValue, let url = request["url"]?.stringValue else {
            throw invalid("the request needs 'method' and 'url'")
        }
        guard let status = response["status"]?.numberValue?.int64Value, (100...599).contains(status) else {
            throw invalid("the response needs a 'status' from 100 to 599 (an aborted request has 0)")
        }
        guard url.contains("://"), let parsed = URL(string: url), parsed.host?.isEmpty == false else {
            throw invalid("the request's url '\(redactor.redactURL(url))' is not an absolute URL")
        }
        let responseHeaders = headers(response["headers"])

        var requestBody: Recording.Body?
        if let post = request["postData"]?.objectValue, let text = post["text"]?.stringValue, !text.isEmpty {
            requestBody = Recording.Body(received: Data(text.utf8), contentType: post["mimeType"]?.stringValue).map {
                body -> Recording.Body in
                if case .json(let value) = body {
                    return .json(redactor.redactBody(SecretRedaction.redactedBody(value)))
                }
                return redactor.redactBody(body)
            }
        }
        var responseBody: Recording.Body?
        if let content = response["content"]?.objectValue, let text = content["text"]?.stringValue, !text.isEmpty {
            let bytes: Data
            if content["encoding"]?.stringValue == "base64" {
                guard let decoded = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                    throw invalid("the response's content is marked base64 but is not")
                }
                bytes = decoded
            } else {
                bytes = Data(text.utf8)
            }
            let contentType =
                responseHeaders.first { $0.name.lowercased() == "content-type" }?.value
                ?? content["mimeType"]?.stringValue
            let body = Recording.Body(received: bytes, contentType: contentType)
            if case .json(let value)? = body, depth(of: value) > maximumDepth {
                throw invalid(
                    "the response body nests deeper than \(maximumDepth) levels, more than a spec can hold")
            }
            if case .json? = body, !redactor.mayChange(jsonText: [UInt8](bytes)) {
                responseBody = body
            } else if case .json(let value)? = body {
                responseBody = .json(redactor.redactBody(SecretRedaction.redactedResponseBody(value)))
            } else {
                responseBody = body.map(redactor.redactBody)
            }
        }
        let duration = entry.objectValue?["time"]?.numberValue.map { Int($0.doubleValue.rounded()) }
        let recording = Recording(
            endpoint: "", recordedAt: timestamp(entry.objectValue?["startedDateTime"]?.stringValue),
            request: Recording.Request(method: method.uppercased(), url: redactor.redactURL(url), body: requestBody),
            response: Recording.Response(
                status: Int(status),
                headers: ResponseHeaderFilter.kept(
                    responseHeaders.filter { !$0.name.hasPrefix(":") }, redactor: redactor),
                durationMs: duration.map { max(0, $0) }, body: responseBody))
        return ResponseSample(source: source, recording: recording)
    }

    /// The deepest nesting a body may have: its spec nests about as deep, and YAML is read to 256 levels.
    static let maximumDepth = 200

    /// How many arrays and objects deep `value` nests.
    static func depth(of value: JSONValue) -> Int {
        switch value {
        case .array(let items): return 1 + (items.map(depth(of:)).max() ?? 0)
        case .object(let object): return 1 + (object.entries.map { depth(of: $0.value) }.max() ?? 0)
        default: return 0
        }
    }

    private static func headers(_ value: JSONValue?) -> [Recording.Header] {
        (value?.arrayValue ?? []).compactMap { item in
            guard let name = item.objectValue?["name"]?.stringValue, let value = item.objectValue?["value"]?.stringValue
            else { return nil }
            return Recording.Header(name: name, value: value)
        }
    }

    /// `startedDateTime` (ISO 8601 with any offset and fraction) as a recording writes it: UTC, whole seconds, as
    /// ``ISO8601/utcSeconds(_:)`` writes it.
    static func timestamp(_ text: String?) -> String? {
        guard let text, let date = ISO8601.parse(text) else { return nil }
        return ISO8601.utcSeconds(date)
    }

    /// The secrets one entry holds, to be searched for in every entry: credential headers' values (and the token in
    /// `Bearer <token>`), cookie values, token-like query and fragment values of the request's URL and of URL-valued
    /// response headers (`Location`), the URL's user info, and the text values of secret-named keys in the request
    /// and response bodies (`access_token`, `refresh_token`, `password`). An entry that cannot be read has none.
    static func secrets(in entry: JSONValue) -> [String] {
        let request = entry.objectValue?["request"]?.objectValue
        let response = entry.objectValue?["response"]?.objectValue
        var secrets: [String] = []
        if let url = request?["url"]?.stringValue {
            secrets += Redactor.sensitiveQueryValues(in: url) + SecretRedaction.userInfoSecrets(in: url)
        }
        for header in headers(request?["headers"]) + headers(response?["headers"]) {
            let name = header.name.lowercased()
            if ["location", "content-location", "link", "refresh"].contains(name) {
                secrets += Redactor.sensitiveQueryValues(in: header.value).map {
                    String($0.prefix { !">;, \"".contains($0) })
                }
            }
            guard Redactor.isSensitiveHeader(header.name) || SecretRedaction.looksLikeCredential(header.value) else {
                continue
            }
            secrets.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                secrets.append(String(header.value[header.value.index(after: space)...]))
            }
            if name == "cookie" || name == "set-cookie" {
                // A `Cookie` header sends every pair; a `Set-Cookie` sets one, followed by its attributes.
                let pairs = header.value.split(separator: ";")
                for pair in name == "cookie" ? pairs : Array(pairs.prefix(1)) {
                    if let equals = pair.firstIndex(of: "=") {
                        secrets.append(String(pair[pair.index(after: equals)...]))
                    }
                }
            }
        }
        for cookie in (request?["cookies"]?.arrayValue ?? []) + (response?["cookies"]?.arrayValue ?? []) {
            if let value = cookie.objectValue?["value"]?.stringValue { secrets.append(value) }
        }
        if let text = request?["postData"]?.objectValue?["text"]?.stringValue {
            if let value = try? JSONParser().parse(Array(text.utf8), file: "") {
                secrets += SecretRedaction.secretBodyValues(in: value, isSecret: SecretRedaction.isSecretParameter)
            } else {
                secrets += Redactor.sensitiveQueryValues(in: "?" + text)
            }
        }
        if let content = response?["content"]?.objectValue, let text = content["text"]?.stringValue {
            let bytes =
                content["encoding"]?.stringValue == "base64"
                ? Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) } : Array(text.utf8)
            if let bytes, let value = try? JSONParser().parse(bytes, file: "") {
                secrets += SecretRedaction.secretBodyValues(in: value, isSecret: SecretRedaction.isSecretResponseKey)
            }
        }
        return secrets.map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.isEmpty && $0 != SecretRedaction.placeholder
        }
    }
}
