import Foundation

/// Reads a HAR file (what browser devtools, Proxyman, Charles and mitmproxy export) into samples, each a recording
/// redacted as `contract record` redacts: credential headers and token-like query values replaced, those secrets
/// searched for and replaced wherever the server echoed them, volatile response headers dropped.
package enum HARImport {
    /// The entries of the HAR at `path`, in file order; an entry that cannot be read is a problem, not the end.
    package static func samples(fromFileAt path: String) throws(ContractError) -> (
        samples: [ResponseSample], problems: [ContractError]
    ) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ContractError(
                .io, "cannot read '\(path)': \(error.localizedDescription)", hint: "check the path and its permissions")
        }
        let root = try JSONParser().parse([UInt8](data), file: path)
        guard let entries = root.objectValue?["log"]?.objectValue?["entries"]?.arrayValue else {
            throw ContractError(
                .invalidRecording, "'\(path)' is not a HAR file: it has no 'log.entries' array",
                hint: "export the capture as HAR (HTTP Archive) from devtools, Proxyman, Charles or mitmproxy")
        }
        var samples: [ResponseSample] = []
        var problems: [ContractError] = []
        samples.reserveCapacity(entries.count)
        var redactors = RedactorCache()
        for (index, entry) in entries.enumerated() {
            let source = "\(path) entry \(index + 1)"
            do {
                samples.append(try sample(entry, source: source, redactors: &redactors))
            } catch {
                problems.append(error)
            }
        }
        return (samples, problems)
    }

    /// One entry as a sample.
    static func sample(_ entry: JSONValue, source: String, redactors: inout RedactorCache) throws(ContractError)
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
        let requestHeaders = headers(request["headers"])
        let responseHeaders = headers(response["headers"])

        // The secrets of this exchange: credential headers' values (and the token in `Bearer <token>`), cookie
        // values, and token-like query values, searched for wherever the server echoed them.
        var secrets = Redactor.sensitiveQueryValues(in: url)
        for header in requestHeaders
        where Redactor.isSensitiveHeader(header.name) || SecretRedaction.looksLikeCredential(header.value) {
            secrets.append(header.value)
            if let space = header.value.firstIndex(of: " ") {
                secrets.append(String(header.value[header.value.index(after: space)...]))
            }
            if header.name.lowercased() == "cookie" {
                for pair in header.value.split(separator: ";") {
                    if let equals = pair.firstIndex(of: "=") {
                        secrets.append(String(pair[pair.index(after: equals)...]))
                    }
                }
            }
        }
        let redactor = redactors.redactor(for: secrets)

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
            if case .json? = body, !redactor.mayChange(jsonText: [UInt8](bytes)) {
                responseBody = body
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

    private static func headers(_ value: JSONValue?) -> [Recording.Header] {
        (value?.arrayValue ?? []).compactMap { item in
            guard let name = item.objectValue?["name"]?.stringValue, let value = item.objectValue?["value"]?.stringValue
            else { return nil }
            return Recording.Header(name: name, value: value)
        }
    }

    /// `startedDateTime` (ISO 8601 with any offset and fraction) as a recording writes it: UTC, whole seconds, as
    /// `Recorder.timestamp` writes it, without making a formatter for each of thousands of entries.
    static func timestamp(_ text: String?) -> String? {
        guard let text, let date = ISO8601.parse(text) else { return nil }
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return nil }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        let year = String(parts.tm_year + 1900)
        return
            "\(String(repeating: "0", count: max(0, 4 - year.count)))\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))"
            + "T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
    }
}

/// The redactors of a HAR's entries, one for each set of secrets: the entries of one capture mostly share their
/// credentials, and a redactor prepares every spelling of its secrets once.
struct RedactorCache {
    private var redactors: [[String]: Redactor] = [:]

    mutating func redactor(for secrets: [String]) -> Redactor {
        let key = Array(Set(secrets)).sorted()
        if let cached = redactors[key] { return cached }
        let redactor = Redactor(secrets: key)
        redactors[key] = redactor
        return redactor
    }
}
