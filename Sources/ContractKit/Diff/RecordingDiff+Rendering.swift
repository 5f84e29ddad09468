extension RecordingDiff {
    /// The diff for a terminal: the shape changes like a report's findings, then (with `values`) the values that
    /// changed (made with ``Options/listsValues``), then a summary line. `old` and `new` name the two recordings. Keys and values from the bodies
    /// are shown with their non-printable characters escaped (``Swift/String/escapingNonPrintables(keepingLineBreaks:)``).
    package func renderText(old: String, new: String, values: Bool) -> String {
        var out = "\(RunnerName.current) diff \(old.escapingNonPrintables()) → \(new.escapingNonPrintables())\n"
        for note in notes { out += "  note: \(note.escapingNonPrintables())\n" }
        for finding in findings {
            var head = "\(finding.severity.rawValue.padding(to: 8)) \(finding.kind.rawValue)"
            if let path = finding.path { head += "  at \(path.description.escapingNonPrintables())" }
            head += finding.moreLikeIt
            out += head + "\n"
            out += "    \(finding.message.escapingNonPrintables())\n"
            out += "    old      \(finding.expected.escapingNonPrintables())\n"
            out += "    new      \(finding.actual.escapingNonPrintables())\n"
            if let hint = finding.hint { out += "    fix      \(hint.escapingNonPrintables())\n" }
        }
        if values, !valueChanges.isEmpty {
            out += "values that changed while the shape held:\n"
            for change in valueChanges {
                out +=
                    "  \(change.path.description.escapingNonPrintables())  \(change.old.escapingNonPrintables()) → \(change.new.escapingNonPrintables())\n"
            }
        }
        var summary: String
        if findings.isEmpty {
            summary = "no shape change"
        } else {
            let count = { (severity: Severity) in findings.filter { $0.severity == severity }.count }
            summary =
                "shape changed: \(findings.count) change\(findings.count == 1 ? "" : "s") (\(count(.breaking)) breaking, \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), \(count(.info)) info)"
        }
        summary += " · \(valueChangeCount) value\(valueChangeCount == 1 ? "" : "s") changed"
        if !values && valueChangeCount > 0 { summary += " (\(SettingNames.current[.diffValues]) lists them)" }
        return out + "\n" + summary + "\n"
    }

    /// The diff as JSON (`contract-diff/1`): `shapeChanged`, `findings` with the report's finding fields, `values`
    /// (made with ``Options/listsValues``).
    package func renderJSON(old: String, new: String) -> String {
        JSONWriter(style: .pretty).write(jsonValue(old: old, new: new)) + "\n"
    }

    /// The diff as the JSON value ``renderJSON(old:new:)`` writes, for callers that embed it in more JSON.
    package func jsonValue(old: String, new: String) -> JSONValue {
        let renderer = JSONReportRenderer()
        var root = JSONObject([
            "format": .string("contract-diff/1"), "old": .string(old), "new": .string(new),
            "shapeChanged": .bool(shapeChanged),
        ])
        root.entries.append(.init(key: "findings", value: .array(findings.map(renderer.jsonValue))))
        root.entries.append(
            .init(
                key: "values",
                value: .array(
                    valueChanges.map { change in
                        .object(
                            JSONObject([
                                "path": .string(change.path.description), "old": .string(change.old),
                                "new": .string(change.new),
                            ]))
                    })))
        if !notes.isEmpty { root.entries.append(.init(key: "notes", value: .array(notes.map(JSONValue.string)))) }
        return .object(root)
    }
}
