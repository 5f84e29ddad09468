/// What every renderer says the same way: which findings fail the run, how findings are counted and named.
extension EndpointResult {
    /// The findings that fail this endpoint: not waived, at or above `threshold`.
    func failing(at threshold: Severity) -> [Finding] {
        findings.filter { !$0.isWaived && $0.severity >= threshold }
    }

    /// `2 breaking, 1 info, 1 waived`; empty when there are no findings.
    var countsText: String {
        var parts: [String] = []
        for severity in Severity.allCases.reversed() {
            let count = findings.filter { !$0.isWaived && $0.severity == severity }.count
            if count > 0 { parts.append(severity.counted(count)) }
        }
        let waived = findings.filter(\.isWaived).count
        if waived > 0 { parts.append("\(waived) waived") }
        return parts.joined(separator: ", ")
    }

    /// The spec file the endpoint is declared in.
    var specFile: String { specLocation.file }
}

extension Finding {
    /// `type-mismatch at $.b[1].i`, with the repeat count when there is one.
    var headline: String {
        var text = kind.rawValue
        if let path { text += " at \(path)" }
        return text + moreLikeIt
    }

    /// ` (and 2 more like it)` when the finding stands for several occurrences, else empty.
    package var moreLikeIt: String {
        occurrences > 1 ? " (and \(occurrences - 1) more like it)" : ""
    }

    /// The severity word a report shows: `waived` for a waived finding.
    var label: String { isWaived ? "waived" : severity.rawValue }

    /// `waived until 2099-12-31: reason`, for waived findings.
    var waiverText: String? {
        waiver.map { "waived until \($0.until)\($0.path.map { " for \($0)" } ?? ""): \($0.reason) (\($0.location))" }
    }

    /// The details under a finding's headline, one per line: message, expected, actual, fix, spec, waiver.
    var detailLines: [String] {
        var lines = [message, "expected: \(expected)", "actual: \(actual)"]
        if let hint { lines.append("fix: \(hint)") }
        if let specLocation { lines.append("spec: \(specLocation)") }
        if let waiverText { lines.append(waiverText) }
        if let history { lines.append("history: \(history.label)") }
        return lines
    }
}

extension VerificationReport.Summary {
    /// `7 endpoints: 5 passed, 2 failed · 3 breaking, 1 warning, 0 info, 1 waived`.
    package var line: String {
        var text = "\(endpoints) endpoint\(endpoints == 1 ? "" : "s"): \(passed) passed, \(failed) failed"
        text +=
            " · \(Severity.breaking.counted(breaking)), \(Severity.warning.counted(warning)), \(Severity.info.counted(info))"
        if waived > 0 { text += ", \(waived) waived" }
        return text
    }
}

extension Severity {
    /// The severity as a count's noun: `warning`, `warnings`; `breaking` and `info` are the same for any count.
    package func noun(for count: Int) -> String {
        self == .warning && count != 1 ? "warnings" : rawValue
    }

    /// `1 warning`, `3 warnings`, `2 breaking`, `0 info`.
    package func counted(_ count: Int) -> String { "\(count) \(noun(for: count))" }
}

extension ReportHistory {
    /// `history (staging): 2 new, 5 seen before, 1 resolved since the previous run (2026-11-20T03:00:00Z)`.
    func line(for report: VerificationReport) -> String {
        let marks = report.results.flatMap(\.findings).filter { !$0.isWaived }.compactMap(\.history)
        let fresh = marks.filter(\.isNew).count
        var text = "history\(environment.isEmpty ? "" : " (\(environment))"): \(fresh) new, "
        text += "\(marks.count - fresh) seen before"
        let anew = report.results.flatMap(\.findings).filter {
            !$0.isWaived && $0.severity >= report.failOn
                && $0.history.map { !$0.isNew && $0.failsAnew(at: report.failOn) } == true
        }.count
        if anew > 0 { text += " (\(anew) failing now that did not before: risen or no longer waived)" }
        text += ", \(resolved.count) resolved"
        text += previousRun.map { " since the previous run (\($0))" } ?? "; the first run"
        return text
    }
}

extension Finding {
    /// True when the history marks this finding as what `--fail-on-new` fails on, or as new: reports set it apart
    /// (bold), so that a drift that rose to `failOn` or lost its waiver stands out as a new one does.
    func standsOut(failingOn failOn: Severity) -> Bool {
        guard let history else { return false }
        return history.isNew || (!isWaived && severity >= failOn && history.failsAnew(at: failOn))
    }

    /// `resolved type-mismatch at $.id (users/list; seen since 2026-11-01, 4 runs)`.
    var resolvedLine: String {
        var text = "resolved \(headline) (\(endpoint)"
        if let history {
            text +=
                "; seen since \(history.firstSeen.prefix(10)), \(history.runsSeen) run\(history.runsSeen == 1 ? "" : "s")"
        }
        return text + ")"
    }
}
