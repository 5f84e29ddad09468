import Foundation

/// Reads a `contract-report/1` report back, for `contract report merge` and for rendering a report in other formats.
///
/// What it reads renders the same as what was written: the reader is the renderer's inverse.
package struct JSONReportReader: Sendable {
    /// Creates a reader.
    package init() {}

    /// A report quotes each failing endpoint's recording a few levels down (`endpoints[i].exchange.response.body`):
    /// it nests deeper than any body a recording may hold, and what we write we must read.
    static let maximumDepth = JSONParser.defaultMaxDepth + 16

    /// Reads the report in a file.
    ///
    /// - Throws: ``ContractError`` with code `.io`, `.jsonSyntax` (with `line:col`) or `.invalidReport`.
    package func read(from path: String) throws(ContractError) -> VerificationReport {
        let data = try InputFile.report.contents(of: path)
        let parsed: Result<JSONValue, ContractError> = data.withUnsafeBytes { buffer in
            Result { () throws(ContractError) -> JSONValue in
                try JSONParser(maxDepth: JSONReportReader.maximumDepth).parse(buffer, file: path)
            }
        }
        switch parsed {
        case .success(let value): return try ReportReading(file: path, text: data).report(value)
        case .failure(let error): throw error
        }
    }

    /// Reads a report from its parsed JSON; `file` names it in errors.
    package func report(from json: JSONValue, file: String) throws(ContractError) -> VerificationReport {
        try ReportReading(file: file, text: nil).report(json)
    }
}

/// One report being read, for error messages that say where.
private struct ReportReading {
    let file: String
    /// The report's text, to find the value an error is about; nil to point at the start.
    let text: Data?

    /// An error about the value `name` names (`endpoints[2].findings[0].severity`; `report` for the whole), or, when
    /// no name is given, the one the message starts by quoting. It points at that value in the text, or at the
    /// nearest container around it the text has (a missing member, at the object that lacks it).
    func invalid(_ message: String, at name: String? = nil) -> ContractError {
        var named = name
        if named == nil, message.hasPrefix("'"), let close = message.dropFirst().firstIndex(of: "'") {
            named = String(message[message.index(after: message.startIndex)..<close])
        }
        return ContractError(
            .invalidReport, message,
            at: named.flatMap(location(of:)) ?? SourceLocation(file: file, line: 1, column: 1),
            hint:
                "pass reports written by `\(RunnerName.current) verify --format json` (or report.json from --report-dir)"
        )
    }

    /// Where the value `name` names is in the text, or the nearest container around it.
    private func location(of name: String) -> SourceLocation? {
        guard let text else { return nil }
        var steps: [JSONValueLocator.Step] = []
        if name != "report" {
            for part in name.split(separator: ".", omittingEmptySubsequences: false) {
                let pieces = part.split(separator: "[", omittingEmptySubsequences: false)
                steps.append(.key(String(pieces[0])))
                for piece in pieces.dropFirst() {
                    guard piece.hasSuffix("]"), let index = Int(piece.dropLast()) else { return nil }
                    steps.append(.index(index))
                }
            }
        }
        return text.withUnsafeBytes { JSONValueLocator.location(of: steps, in: $0, file: file, nearest: true) }
    }

    func object(_ value: JSONValue?, _ name: String) throws(ContractError) -> JSONObject {
        guard case .object(let object)? = value else { throw invalid("'\(name)' must be an object") }
        return object
    }

    func string(_ object: JSONObject, _ key: String, in name: String) throws(ContractError) -> String {
        guard let text = object[key]?.stringValue else { throw invalid("'\(name).\(key)' must be a string") }
        return text
    }

    func optionalString(_ object: JSONObject, _ key: String, in name: String) throws(ContractError) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw invalid("'\(name).\(key)' must be a string or null")
        }
    }

    func int(_ object: JSONObject, _ key: String, in name: String) throws(ContractError) -> Int {
        guard let number = object[key]?.numberValue?.int64Value else {
            throw invalid("'\(name).\(key)' must be a whole number")
        }
        return Int(number)
    }

    func location(_ text: String, in name: String) throws(ContractError) -> SourceLocation {
        // `file:line:col`, read from the right: the file may contain colons.
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            throw invalid("'\(name)' must be file:line:col, found '\(text)'")
        }
        return SourceLocation(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    func severity(_ text: String, in name: String) throws(ContractError) -> Severity {
        guard let severity = Severity(rawValue: text) else {
            throw invalid("'\(name)' is '\(text)'; expected breaking, warning or info")
        }
        return severity
    }

    func report(_ json: JSONValue) throws(ContractError) -> VerificationReport {
        let root = try object(json, "report")
        guard let format = root["format"]?.stringValue else {
            throw invalid("missing 'format' (\"\(JSONReportRenderer.formatID)\")", at: "report")
        }
        guard format == JSONReportRenderer.formatID else {
            throw invalid(
                "unsupported format '\(format)'; this version reads \(JSONReportRenderer.formatID)", at: "format")
        }
        let failOn = try severity(try string(root, "failOn", in: "report"), in: "failOn")
        var shard: ShardCoverage?
        if let value = root["shard"], value != .null {
            let object = try object(value, "shard")
            let index = try int(object, "index", in: "shard")
            let count = try int(object, "count", in: "shard")
            do {
                shard = ShardCoverage(
                    shard: try Shard(index: index, count: count),
                    suiteEndpoints: try int(object, "suiteEndpoints", in: "shard"))
            } catch {
                throw invalid("'shard' is \(index)/\(count), which does not exist")
            }
        }
        guard case .array(let endpoints)? = root["endpoints"] else { throw invalid("'endpoints' must be an array") }
        var results: [EndpointResult] = []
        for (index, value) in endpoints.enumerated() {
            results.append(try endpoint(value, name: "endpoints[\(index)]"))
        }
        var report = VerificationReport(results: results, failOn: failOn, shard: shard)
        if let value = root["history"], value != .null {
            report.history = try history(value, resolved: root["resolved"])
        }
        return report
    }

    /// The `history` and `resolved` a report written with a history carries; older reports have neither.
    func history(_ value: JSONValue, resolved: JSONValue?) throws(ContractError) -> ReportHistory {
        let object = try object(value, "history")
        var trend: [TrendPoint] = []
        if case .array(let points)? = object["trend"] {
            for (index, point) in points.enumerated() {
                let name = "history.trend[\(index)]"
                let entry = try self.object(point, name)
                trend.append(
                    TrendPoint(
                        startedAt: try string(entry, "startedAt", in: name),
                        breaking: try int(entry, "breaking", in: name),
                        warning: try int(entry, "warning", in: name), info: try int(entry, "info", in: name),
                        endpoints: try int(entry, "endpoints", in: name),
                        failedEndpoints: try int(entry, "failedEndpoints", in: name)))
            }
        }
        var findings: [Finding] = []
        if let resolved, resolved != .null {
            guard case .array(let items) = resolved else { throw invalid("'resolved' must be an array of findings") }
            for (index, item) in items.enumerated() {
                let name = "resolved[\(index)]"
                var finding = try self.finding(item, name: name)
                finding.endpoint = try string(try self.object(item, name), "endpoint", in: name)
                findings.append(finding)
            }
        }
        return ReportHistory(
            environment: try optionalString(object, "env", in: "history") ?? "",
            previousRun: try optionalString(object, "previousRun", in: "history"), resolved: findings, trend: trend)
    }

    func endpoint(_ value: JSONValue, name: String) throws(ContractError) -> EndpointResult {
        let object = try object(value, name)
        let id = try string(object, "id", in: name)
        var result = EndpointResult(
            id: id, specLocation: try location(try string(object, "spec", in: name), in: "\(name).spec"),
            recordingPath: try string(object, "recording", in: name),
            model: try optionalString(object, "model", in: name),
            findings: [])
        guard case .array(let findings)? = object["findings"] else {
            throw invalid("'\(name).findings' must be an array")
        }
        for (index, finding) in findings.enumerated() {
            var read = try self.finding(finding, name: "\(name).findings[\(index)]")
            read.endpoint = id
            result.findings.append(read)
        }
        if case .array(let notes)? = object["notes"] { result.notes = notes.compactMap(\.stringValue) }
        if case .array(let lines)? = object["expected"] {
            var outline: [ShapeOutline.Line] = []
            for (index, line) in lines.enumerated() {
                let entry = try self.object(line, "\(name).expected[\(index)]")
                let spec = try optionalString(entry, "spec", in: "\(name).expected[\(index)]")
                outline.append(
                    ShapeOutline.Line(
                        text: try string(entry, "text", in: "\(name).expected[\(index)]"),
                        location: try spec.map { (text) throws(ContractError) in
                            try location(text, in: "\(name).expected[\(index)].spec")
                        }))
            }
            result.expected = ShapeOutline(lines: outline)
        }
        if let exchange = object["exchange"], exchange != .null {
            do {
                result.recording = RedactedRecording(try Recording(json: exchange, file: file))
            } catch {
                throw invalid("'\(name).exchange' is not a recording: \(error.message)")
            }
        }
        return result
    }

    func finding(_ value: JSONValue, name: String) throws(ContractError) -> Finding {
        let object = try object(value, name)
        let kindName = try string(object, "kind", in: name)
        let kind = DriftKind(rawValue: kindName)
        let pathText = try optionalString(object, "path", in: name)
        var path: JSONPath?
        if let pathText {
            guard let parsed = JSONPath(parsing: pathText) else {
                throw invalid("'\(name).path' is not a JSON path: '\(pathText)'")
            }
            path = parsed
        }
        let spec = try optionalString(object, "spec", in: name)
        var finding = Finding(
            kind: kind, severity: try severity(try string(object, "severity", in: name), in: "\(name).severity"),
            path: path,
            expected: try string(object, "expected", in: name), actual: try string(object, "actual", in: name),
            message: try string(object, "message", in: name), hint: try optionalString(object, "hint", in: name),
            specLocation: try spec.map { (text) throws(ContractError) in try location(text, in: "\(name).spec") },
            occurrences: object["occurrences"] == nil ? 1 : try int(object, "occurrences", in: name))
        if let listed = object["paths"], listed != .null {
            guard case .array(let items) = listed else {
                throw invalid("'\(name).paths' must be an array of JSON paths")
            }
            for item in items.dropFirst() {
                guard case .string(let text) = item, let parsed = JSONPath(parsing: text) else {
                    throw invalid("'\(name).paths' holds something that is not a JSON path: \(item)")
                }
                finding.morePaths.append(parsed)
            }
        }
        if let waived = object["waived"], waived != .null {
            let waiver = try self.object(waived, "\(name).waived")
            finding.waiver = Waiver(
                kind: kind, path: try optionalString(waiver, "path", in: "\(name).waived"),
                until: try string(waiver, "until", in: "\(name).waived"),
                reason: try string(waiver, "reason", in: "\(name).waived"),
                location: try location(try string(waiver, "spec", in: "\(name).waived"), in: "\(name).waived.spec"))
        }
        if let isNew = object["new"], isNew != .null {
            guard case .bool(let flag) = isNew else { throw invalid("'\(name).new' must be true or false") }
            var severityBefore: Severity?
            if let text = try optionalString(object, "severityBefore", in: name) {
                guard let severity = Severity(rawValue: text) else {
                    throw invalid("'\(name).severityBefore' must be breaking, warning or info, not '\(text)'")
                }
                severityBefore = severity
            }
            var waivedBefore = false
            if let value = object["waivedBefore"], value != .null {
                guard case .bool(let before) = value else {
                    throw invalid("'\(name).waivedBefore' must be true or false")
                }
                waivedBefore = before
            }
            finding.history = FindingHistory(
                isNew: flag, firstSeen: try string(object, "firstSeen", in: name),
                runsSeen: try int(object, "runsSeen", in: name), severityBefore: severityBefore,
                waivedBefore: waivedBefore)
        } else if object["firstSeen"] != nil, object["firstSeen"] != .null {
            // A resolved finding: seen before, not in this run.
            finding.history = FindingHistory(
                isNew: false, firstSeen: try string(object, "firstSeen", in: name),
                runsSeen: try int(object, "runsSeen", in: name))
        }
        return finding
    }
}
