/// The machine-readable report, `contract-report/1`: stable field names for CI scripts and `report merge`.
///
/// Endpoints with findings also carry what the other formats need to show them, so a report merged from shards
/// renders as fully as one from a single run: `expected` (the spec's side, line by line) and `exchange` (the
/// recording checked, in the recording format, request secrets redacted).
public struct JSONReportRenderer: ReportRenderer {
    /// The format id written in every report.
    public static let formatID = "contract-report/1"

    /// Creates a renderer.
    public init() {}

    public func render(_ report: VerificationReport) -> String {
        JSONWriter(style: .pretty).write(jsonValue(report)) + "\n"
    }

    /// The report as JSON.
    public func jsonValue(_ report: VerificationReport) -> JSONValue {
        let summary = report.summary
        let summaryObject = JSONObject([
            "endpoints": .number(JSONNumber(summary.endpoints)), "passed": .number(JSONNumber(summary.passed)),
            "failed": .number(JSONNumber(summary.failed)), "breaking": .number(JSONNumber(summary.breaking)),
            "warning": .number(JSONNumber(summary.warning)), "info": .number(JSONNumber(summary.info)),
            "waived": .number(JSONNumber(summary.waived)),
        ])
        let endpoints = report.results.map { result -> JSONValue in
            var object = JSONObject([
                "id": .string(result.id), "spec": .string(result.specLocation.exactText),
                "recording": .string(result.recordingPath),
            ])
            object.entries.append(.init(key: "model", value: result.model.map(JSONValue.string) ?? .null))
            object.entries.append(
                .init(key: "status", value: .string(result.fails(at: report.failOn) ? "failed" : "passed")))
            object.entries.append(.init(key: "findings", value: .array(result.findings.map(jsonValue))))
            if !result.notes.isEmpty {
                object.entries.append(.init(key: "notes", value: .array(result.notes.map(JSONValue.string))))
            }
            if let expected = result.expected {
                let lines = expected.lines.map { line -> JSONValue in
                    var entry = JSONObject(["text": .string(line.text)])
                    if let location = line.location {
                        entry.entries.append(.init(key: "spec", value: .string(location.exactText)))
                    }
                    return .object(entry)
                }
                object.entries.append(.init(key: "expected", value: .array(lines)))
            }
            if let recording = result.recording {
                object.entries.append(.init(key: "exchange", value: recording.recording.jsonValue))
            }
            return .object(object)
        }
        var root = JSONObject([
            "format": .string(JSONReportRenderer.formatID),
            "failOn": .string(report.failOn.rawValue),
        ])
        if let coverage = report.shard {
            root.entries.append(
                .init(
                    key: "shard",
                    value: .object(
                        JSONObject([
                            "index": .number(JSONNumber(coverage.shard.index)),
                            "count": .number(JSONNumber(coverage.shard.count)),
                            "suiteEndpoints": .number(JSONNumber(coverage.suiteEndpoints)),
                        ]))))
        }
        root.entries.append(.init(key: "summary", value: .object(summaryObject)))
        root.entries.append(.init(key: "endpoints", value: .array(endpoints)))
        if let history = report.history {
            let trend = history.trend.map { point -> JSONValue in
                .object(
                    JSONObject([
                        "startedAt": .string(point.startedAt), "breaking": .number(JSONNumber(point.breaking)),
                        "warning": .number(JSONNumber(point.warning)), "info": .number(JSONNumber(point.info)),
                        "endpoints": .number(JSONNumber(point.endpoints)),
                        "failedEndpoints": .number(JSONNumber(point.failedEndpoints)),
                    ]))
            }
            root.entries.append(
                .init(
                    key: "history",
                    value: .object(
                        JSONObject([
                            "env": .string(history.environment),
                            "previousRun": history.previousRun.map(JSONValue.string) ?? .null,
                            "trend": .array(trend),
                        ]))))
            let resolved = history.resolved.map { finding -> JSONValue in
                guard case .object(var object) = jsonValue(finding) else { return .null }
                object.entries.insert(.init(key: "endpoint", value: .string(finding.endpoint)), at: 0)
                return .object(object)
            }
            root.entries.append(.init(key: "resolved", value: .array(resolved)))
        }
        return .object(root)
    }

    func jsonValue(_ finding: Finding) -> JSONValue {
        var object = JSONObject([
            "kind": .string(finding.kind.rawValue), "severity": .string(finding.severity.rawValue),
        ])
        object.entries.append(.init(key: "path", value: finding.path.map { .string($0.description) } ?? .null))
        object.entries.append(.init(key: "expected", value: .string(finding.expected)))
        object.entries.append(.init(key: "actual", value: .string(finding.actual)))
        object.entries.append(.init(key: "message", value: .string(finding.message)))
        object.entries.append(.init(key: "hint", value: finding.hint.map(JSONValue.string) ?? .null))
        object.entries.append(.init(key: "spec", value: finding.specLocation.map { .string($0.exactText) } ?? .null))
        object.entries.append(.init(key: "occurrences", value: .number(JSONNumber(finding.occurrences))))
        if !finding.morePaths.isEmpty {
            object.entries.append(.init(key: "paths", value: .array(finding.paths.map { .string($0.description) })))
        }
        if let waiver = finding.waiver {
            var waived = JSONObject(["until": .string(waiver.until), "reason": .string(waiver.reason)])
            if let path = waiver.path { waived.entries.append(.init(key: "path", value: .string(path))) }
            waived.entries.append(.init(key: "spec", value: .string(waiver.location.exactText)))
            object.entries.append(.init(key: "waived", value: .object(waived)))
        }
        if let history = finding.history {
            object.entries.append(.init(key: "new", value: .bool(history.isNew)))
            object.entries.append(.init(key: "firstSeen", value: .string(history.firstSeen)))
            object.entries.append(.init(key: "runsSeen", value: .number(JSONNumber(history.runsSeen))))
            if let before = history.severityBefore {
                object.entries.append(.init(key: "severityBefore", value: .string(before.rawValue)))
            }
            if history.waivedBefore { object.entries.append(.init(key: "waivedBefore", value: .bool(true))) }
        }
        return .object(object)
    }
}
