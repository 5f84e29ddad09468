/// The machine-readable report, `contract-report/1`: stable field names for CI scripts and `report merge`.
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
                "id": .string(result.id), "spec": .string(result.specLocation.description),
                "recording": .string(result.recordingPath),
            ])
            object.entries.append(.init(key: "model", value: result.model.map(JSONValue.string) ?? .null))
            object.entries.append(.init(key: "status", value: .string(result.fails(at: report.failOn) ? "failed" : "passed")))
            object.entries.append(.init(key: "findings", value: .array(result.findings.map(jsonValue))))
            if !result.notes.isEmpty { object.entries.append(.init(key: "notes", value: .array(result.notes.map(JSONValue.string)))) }
            return .object(object)
        }
        return .object(JSONObject([
            "format": .string(JSONReportRenderer.formatID),
            "failOn": .string(report.failOn.rawValue),
            "summary": .object(summaryObject),
            "endpoints": .array(endpoints),
        ]))
    }

    private func jsonValue(_ finding: Finding) -> JSONValue {
        var object = JSONObject([
            "kind": .string(finding.kind.rawValue), "severity": .string(finding.severity.rawValue),
        ])
        object.entries.append(.init(key: "path", value: finding.path.map { .string($0.description) } ?? .null))
        object.entries.append(.init(key: "expected", value: .string(finding.expected)))
        object.entries.append(.init(key: "actual", value: .string(finding.actual)))
        object.entries.append(.init(key: "message", value: .string(finding.message)))
        object.entries.append(.init(key: "hint", value: finding.hint.map(JSONValue.string) ?? .null))
        object.entries.append(.init(key: "spec", value: finding.specLocation.map { .string($0.description) } ?? .null))
        object.entries.append(.init(key: "occurrences", value: .number(JSONNumber(finding.occurrences))))
        if let waiver = finding.waiver {
            object.entries.append(.init(key: "waived", value: .object(JSONObject([
                "until": .string(waiver.until), "reason": .string(waiver.reason),
                "spec": .string(waiver.location.description),
            ]))))
        }
        return .object(object)
    }
}
