/// The verdict for one endpoint: its findings and what was (and was not) checked.
public struct EndpointResult: Sendable {
    /// The endpoint's id.
    public var id: String
    /// Where the endpoint is declared.
    public var specLocation: SourceLocation
    /// The recording file read (or looked for).
    public var recordingPath: String
    /// The model the spec names, if any.
    public var model: String?
    /// Every finding, waived ones included, in body order.
    public var findings: [Finding]
    /// What the verifier wants the reader to know: a check skipped, a model not available.
    public var notes: [String]
    /// The recording checked, redacted as the recorder redacts; kept only when there are findings, for reports
    /// that show the request and the body around each drift.
    package var recording: RedactedRecording?
    /// What the spec expects, as reports show it beside the body; kept only when there are findings.
    package var expected: ShapeOutline?

    /// Creates a result.
    package init(
        id: String, specLocation: SourceLocation, recordingPath: String, model: String?, findings: [Finding],
        notes: [String] = [],
        recording: RedactedRecording? = nil, expected: ShapeOutline? = nil
    ) {
        self.id = id
        self.specLocation = specLocation
        self.recordingPath = recordingPath
        self.model = model
        self.findings = findings
        self.notes = notes
        self.recording = recording
        self.expected = expected
    }

    /// True when a finding that is not waived is at or above `threshold`.
    public func fails(at threshold: Severity) -> Bool {
        findings.contains { !$0.isWaived && $0.severity >= threshold }
    }
}

/// The result of verifying a suite.
public struct VerificationReport: Sendable {
    /// Per-endpoint verdicts, in spec order.
    public var results: [EndpointResult]
    /// The severity at and above which an endpoint fails.
    public var failOn: Severity
    /// The part of the suite this report covers, when the run was one shard of several.
    package var shard: ShardCoverage?
    /// What the run history says: resolved drift and the trend; nil when the run kept no history.
    package var history: ReportHistory?

    /// Creates a report.
    package init(results: [EndpointResult], failOn: Severity, shard: ShardCoverage? = nil) {
        self.results = results
        self.failOn = failOn
        self.shard = shard
    }

    /// Counts for the summary line.
    public struct Summary: Sendable, Hashable {
        public var endpoints = 0, passed = 0, failed = 0
        public var breaking = 0, warning = 0, info = 0, waived = 0
    }

    /// Counts of endpoints and of findings by severity; waived findings are counted only as waived.
    public var summary: Summary {
        var summary = Summary()
        summary.endpoints = results.count
        for result in results {
            if result.fails(at: failOn) { summary.failed += 1 } else { summary.passed += 1 }
            for finding in result.findings {
                if finding.isWaived {
                    summary.waived += 1
                    continue
                }
                switch finding.severity {
                case .breaking: summary.breaking += 1
                case .warning: summary.warning += 1
                case .info: summary.info += 1
                }
            }
        }
        return summary
    }

    /// True when any endpoint fails.
    public var hasFailures: Bool { results.contains { $0.fails(at: failOn) } }

    /// True when a finding that fails the run did not fail the previous run of the same environment (new, back,
    /// no longer waived, or risen to `failOn`): what `--fail-on-new` fails on. Without a history every failing
    /// finding counts.
    package var hasNewFailures: Bool {
        results.contains { result in
            result.findings.contains {
                !$0.isWaived && $0.severity >= failOn && ($0.history?.failsAnew(at: failOn) ?? true)
            }
        }
    }
}
