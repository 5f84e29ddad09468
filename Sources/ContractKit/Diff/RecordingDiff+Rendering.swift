extension RecordingDiff {
    /// The diff for a terminal: the shape changes like a report's findings, then (with `values`) the values that
    /// changed (made with ``Options/listsValues``), then a summary line. `old` and `new` name the two recordings. Keys and values from the bodies
    /// are shown with their non-printable characters escaped (``Swift/String/escapingNonPrintables(keepingLineBreaks:)``).
    package func renderText(old: String, new: String, values: Bool) -> String {
        var text = ""
        writeText(old: old, new: new, values: values) { text += $0 }
        return text
    }

    /// ``renderText(old:new:values:)``, handed to `write` a piece at a time (about 64 KB each), so that a list of
    /// hundreds of thousands of values is never one string.
    package func writeText(old: String, new: String, values: Bool, to write: (String) -> Void) {
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
            out += "values that changed at the same path:\n"
            for change in valueChanges {
                out +=
                    "  \(change.path.escapingNonPrintables())  \(change.old.escapingNonPrintables()) → \(change.new.escapingNonPrintables())\n"
                if out.utf8.count >= Self.pieceSize {
                    write(out)
                    out = ""
                }
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
        write(out + "\n" + summary + "\n")
    }

    /// About how many bytes ``writeText(old:new:values:to:)`` and ``writeJSON(old:new:to:)`` hand over at a time.
    static let pieceSize = 1 << 16

    /// The diff as JSON (`contract-diff/1`): `shapeChanged`, `findings` with the report's finding fields, `values`
    /// (made with ``Options/listsValues``).
    package func renderJSON(old: String, new: String) -> String {
        var text = ""
        writeJSON(old: old, new: new) { text += $0 }
        return text
    }

    /// ``renderJSON(old:new:)``, handed to `write` a piece at a time: the values are written one by one, never as one
    /// tree, as they are many when every value of two large recordings changed. The text is the tree's
    /// (``jsonValue(old:new:)``) written pretty, byte for byte.
    package func writeJSON(old: String, new: String, to write: (String) -> Void) {
        let writer = JSONWriter(style: .pretty)
        // The root up to its findings, its closing brace left off; the values at the depth of an array's elements.
        var out = writer.write(.object(jsonRoot(old: old, new: new)))
        out.removeLast(2)
        out += ",\n  \"values\": ["
        var isFirst = true
        for change in valueChanges {
            out += isFirst ? "\n    " : ",\n    "
            isFirst = false
            // As the writer writes an object of three strings, two levels down.
            out += "{\n      \"path\": " + JSONWriter.quote(change.path) + ",\n      \"old\": "
            out += JSONWriter.quote(change.old) + ",\n      \"new\": " + JSONWriter.quote(change.new) + "\n    }"
            if out.utf8.count >= Self.pieceSize {
                write(out)
                out = ""
            }
        }
        out += isFirst ? "]" : "\n  ]"
        if !notes.isEmpty {
            // The notes as a member of a root of their own, its braces left off: the same depth.
            let notesText = writer.write(.object(JSONObject(["notes": .array(notes.map(JSONValue.string))])))
            out += ",\n" + notesText.dropFirst(2).dropLast(2)
        }
        write(out + "\n}\n")
    }

    /// The diff as the JSON value ``renderJSON(old:new:)`` writes, for callers that embed it in more JSON.
    package func jsonValue(old: String, new: String) -> JSONValue {
        var root = jsonRoot(old: old, new: new)
        root.entries.append(.init(key: "values", value: .array(valueChanges.map(Self.jsonValue(of:)))))
        if !notes.isEmpty { root.entries.append(.init(key: "notes", value: .array(notes.map(JSONValue.string)))) }
        return .object(root)
    }

    /// The JSON root's members up to its findings.
    private func jsonRoot(old: String, new: String) -> JSONObject {
        var root = JSONObject([
            "format": .string("contract-diff/1"), "old": .string(old), "new": .string(new),
            "shapeChanged": .bool(shapeChanged),
        ])
        root.entries.append(.init(key: "findings", value: .array(findings.map(JSONReportRenderer().jsonValue))))
        return root
    }

    /// A value that changed, as JSON.
    private static func jsonValue(of change: ValueChange) -> JSONValue {
        .object(JSONObject(["path": .string(change.path), "old": .string(change.old), "new": .string(change.new)]))
    }
}
