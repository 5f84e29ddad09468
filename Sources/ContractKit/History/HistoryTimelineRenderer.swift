/// `contract history` output: the timeline as text, JSON (`contract-history/1`), CSV (the runs) or one HTML page
/// with the trend chart.
package enum HistoryTimelineRenderer {
    /// The output formats `contract history --format` takes.
    package enum Format: String, Sendable, CaseIterable {
        case text, json, csv, html
    }

    /// The format id of the JSON output.
    package static let formatID = "contract-history/1"

    /// The timeline in `format`, ending in a newline.
    package static func render(_ timeline: HistoryTimeline, as format: Format) -> String {
        switch format {
        case .text: return text(timeline)
        case .json: return JSONWriter(style: .pretty).write(json(timeline)) + "\n"
        case .csv: return csv(timeline)
        case .html: return html(timeline)
        }
    }

    static func title(_ timeline: HistoryTimeline) -> String {
        var text: String
        switch timeline.scope {
        case .suite: text = "History of the suite"
        case .endpoint(let name): text = "History of \(name)"
        case .fingerprint(let fingerprint): text = "History of drift \(fingerprint)"
        }
        if let environment = timeline.environment { text += " in \(environment.isEmpty ? "(no env)" : environment)" }
        return text
    }

    static func span(_ timeline: HistoryTimeline) -> String {
        guard let first = timeline.runs.first, let last = timeline.runs.last else { return "no runs" }
        let count = "\(timeline.runs.count) run\(timeline.runs.count == 1 ? "" : "s")"
        return "\(count), \(first.startedAt.prefix(10)) to \(last.startedAt.prefix(10))"
    }

    static func state(_ drift: HistoryTimeline.Drift) -> String {
        var words = [drift.present ? "present" : "gone"]
        if drift.waived { words.append("waived") }
        if drift.isFlapping { words.append("flapping (\(drift.streaks) streaks)") }
        return words.joined(separator: ", ")
    }

    static func runStatus(_ run: HistoryTimeline.Run) -> String {
        run.status ?? "\(run.failed)/\(run.endpoints) failed"
    }

    // MARK: text

    static func text(_ timeline: HistoryTimeline) -> String {
        var out = "\(title(timeline).escapingNonPrintables()): \(span(timeline))\n"
        out += "\nDrifts (\(timeline.drifts.count))\n"
        if timeline.drifts.isEmpty { out += "  none\n" }
        out += table(
            ["fingerprint", "endpoint", "kind", "path", "first seen", "last seen", "runs", "state"],
            timeline.drifts.map { drift in
                [
                    drift.fingerprint, drift.endpoint, drift.kind, drift.foldedPath ?? "-",
                    String(drift.firstSeen.prefix(10)),
                    String(drift.lastSeen.prefix(10)), String(drift.runs), state(drift),
                ]
            })
        out += "\nRuns (\(timeline.runs.count))\(runsNote(timeline))\n"
        if timeline.runs.isEmpty { out += "  none\n" }
        let columns = runColumns(timeline)
        out += table(
            ["started", "env", "commit", "branch"] + columns.header.map { $0.lowercased() } + ["duration"],
            timeline.runs.map { run in
                [
                    run.startedAt, run.environment.isEmpty ? "-" : run.environment,
                    run.gitCommit.map { String($0.prefix(10)) } ?? "-", run.gitBranch ?? "-",
                ] + columns.cells(run) + ["\(run.durationMs) ms"]
            })
        return out
    }

    /// What the counts of the runs table are, when they are not the whole run's.
    static func runsNote(_ timeline: HistoryTimeline) -> String {
        switch timeline.scope {
        case .suite: return ""
        case .endpoint: return ", this endpoint's own findings"
        case .fingerprint: return ", how each had this drift"
        }
    }

    /// The scope's columns of the runs table, between the branch and the duration: the whole run's counts for the
    /// suite, the endpoint's own findings for an endpoint, the sighting for a drift. Plain text cells.
    static func runColumns(_ timeline: HistoryTimeline) -> (
        header: [String], cells: @Sendable (HistoryTimeline.Run) -> [String]
    ) {
        switch timeline.scope {
        case .suite:
            return (
                ["Status", "Breaking", "Warning", "Info", "Waived"],
                { run in
                    [
                        runStatus(run), String(run.breaking), String(run.warning), String(run.info),
                        String(run.waived),
                    ]
                }
            )
        case .endpoint:
            return (
                ["Status", "Breaking", "Warning", "Info", "Waived"],
                { run in
                    let own = run.endpointFindings ?? HistoryTimeline.EndpointFindings()
                    return [
                        runStatus(run), String(own.breaking), String(own.warning), String(own.info),
                        String(own.waived),
                    ]
                }
            )
        case .fingerprint:
            return (
                ["Status", "Severity", "Occurrences", "Path", "Waived"],
                { run in
                    [
                        runStatus(run), run.sighting?.severity ?? "-",
                        run.sighting.map { String($0.occurrences) } ?? "-", run.sighting?.path ?? "-",
                        run.sighting.map { $0.waived ? "yes" : "no" } ?? "-",
                    ]
                }
            )
        }
    }

    /// Columns padded to their widest cell, two spaces apart, indented by two.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "" }
        let all = [header] + rows.map { $0.map { $0.escapingNonPrintables() } }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            "  "
                + row.enumerated().map { column, cell in
                    column == row.count - 1 ? cell : cell.padding(to: widths[column])
                }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    static func json(_ timeline: HistoryTimeline) -> JSONValue {
        var scope = JSONObject()
        switch timeline.scope {
        case .suite: scope.entries.append(.init(key: "suite", value: .bool(true)))
        case .endpoint(let name): scope.entries.append(.init(key: "endpoint", value: .string(name)))
        case .fingerprint(let fingerprint): scope.entries.append(.init(key: "fingerprint", value: .string(fingerprint)))
        }
        let drifts = timeline.drifts.map { drift -> JSONValue in
            .object(
                JSONObject([
                    "fingerprint": .string(drift.fingerprint), "endpoint": .string(drift.endpoint),
                    "kind": .string(drift.kind), "path": drift.path.map(JSONValue.string) ?? .null,
                    "foldedPath": drift.foldedPath.map(JSONValue.string) ?? .null, "expected": .string(drift.expected),
                    "severity": .string(drift.severity), "firstSeen": .string(drift.firstSeen),
                    "lastSeen": .string(drift.lastSeen), "runs": .number(JSONNumber(drift.runs)),
                    "streaks": .number(JSONNumber(drift.streaks)), "flapping": .bool(drift.isFlapping),
                    "present": .bool(drift.present), "waived": .bool(drift.waived),
                ]))
        }
        let runs = timeline.runs.map { run -> JSONValue in
            var object = JSONObject([
                "startedAt": .string(run.startedAt), "env": .string(run.environment),
                "runId": run.runKey.map(JSONValue.string) ?? .null,
                "commit": run.gitCommit.map(JSONValue.string) ?? .null,
                "branch": run.gitBranch.map(JSONValue.string) ?? .null, "toolVersion": .string(run.toolVersion),
                "durationMs": .number(JSONNumber(run.durationMs)), "endpoints": .number(JSONNumber(run.endpoints)),
                "failed": .number(JSONNumber(run.failed)), "breaking": .number(JSONNumber(run.breaking)),
                "warning": .number(JSONNumber(run.warning)), "info": .number(JSONNumber(run.info)),
                "waived": .number(JSONNumber(run.waived)),
            ])
            if let status = run.status { object.entries.append(.init(key: "status", value: .string(status))) }
            if case .endpoint = timeline.scope {
                // The counts above are the whole run's; these are the endpoint's own.
                let own = run.endpointFindings ?? HistoryTimeline.EndpointFindings()
                object.entries.append(
                    .init(
                        key: "endpointFindings",
                        value: .object(
                            JSONObject([
                                "breaking": .number(JSONNumber(own.breaking)),
                                "warning": .number(JSONNumber(own.warning)), "info": .number(JSONNumber(own.info)),
                                "waived": .number(JSONNumber(own.waived)),
                                "fingerprints": .array(own.fingerprints.map(JSONValue.string)),
                            ]))))
            }
            if case .fingerprint = timeline.scope {
                let sighting = run.sighting.map { sighting -> JSONValue in
                    .object(
                        JSONObject([
                            "severity": .string(sighting.severity),
                            "path": sighting.path.map(JSONValue.string) ?? .null,
                            "occurrences": .number(JSONNumber(sighting.occurrences)), "waived": .bool(sighting.waived),
                        ]))
                }
                object.entries.append(.init(key: "sighting", value: sighting ?? .null))
            }
            return .object(object)
        }
        return .object(
            JSONObject([
                "format": .string(formatID), "scope": .object(scope),
                "env": timeline.environment.map(JSONValue.string) ?? .null,
                "since": timeline.since.map(JSONValue.string) ?? .null, "drifts": .array(drifts), "runs": .array(runs),
            ]))
    }

    // MARK: CSV

    /// The runs, one a line, RFC 4180 quoting: for the suite, each run's counts; for an endpoint, the runs that
    /// verified it, with its status and its own findings; for a drift, the same runs, with whether each had it and
    /// how.
    static func csv(_ timeline: HistoryTimeline) -> String {
        let run = ["startedAt", "env", "runId", "commit", "branch", "toolVersion", "durationMs"]
        func runCells(_ run: HistoryTimeline.Run) -> [String] {
            [
                run.startedAt, run.environment, run.runKey ?? "", run.gitCommit ?? "", run.gitBranch ?? "",
                run.toolVersion, String(run.durationMs),
            ]
        }
        let header: [String]
        let rows: [[String]]
        switch timeline.scope {
        case .suite:
            header = run + ["endpoints", "failed", "breaking", "warning", "info", "waived"]
            rows = timeline.runs.map { run in
                runCells(run) + [
                    String(run.endpoints), String(run.failed), String(run.breaking), String(run.warning),
                    String(run.info), String(run.waived),
                ]
            }
        case .endpoint:
            header = run + ["status", "breaking", "warning", "info", "waived", "fingerprints"]
            rows = timeline.runs.map { run in
                let own = run.endpointFindings ?? HistoryTimeline.EndpointFindings()
                return runCells(run) + [
                    run.status ?? "", String(own.breaking), String(own.warning), String(own.info), String(own.waived),
                    own.fingerprints.joined(separator: " "),
                ]
            }
        case .fingerprint:
            header = run + ["status", "severity", "path", "occurrences", "waived"]
            rows = timeline.runs.map { run in
                runCells(run) + [
                    run.status ?? "", run.sighting?.severity ?? "", run.sighting?.path ?? "",
                    run.sighting.map { String($0.occurrences) } ?? "",
                    run.sighting.map { $0.waived ? "true" : "false" } ?? "",
                ]
            }
        }
        return ([header] + rows).map { $0.map(csvCell).joined(separator: ",") + "\n" }.joined()
    }

    /// One cell, quoted as RFC 4180 says when it holds a comma, a quote or a line break. A cell that starts with
    /// `=`, `+`, `-`, `@`, a tab or a carriage return would be read as a formula by a spreadsheet (CSV injection):
    /// it gets a leading apostrophe, and quotes.
    static func csvCell(_ text: String) -> String {
        var text = text
        if let first = text.unicodeScalars.first, "=+-@\t\r\n".unicodeScalars.contains(first) { text = "'" + text }
        guard
            text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                || text.hasPrefix("'")
        else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: HTML

    /// How many of the last runs the page's chart draws.
    static let chartRuns = 90

    static func html(_ timeline: HistoryTimeline) -> String {
        let heading = HTML.escape(title(timeline))
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
            <title>\(heading)</title>
            <style>\(HTMLReportRenderer.style)</style>
            <style>\(HTMLReportRenderer.historyStyle)</style>
            </head>
            <body>
            <header>
            <h1>\(heading)</h1>
            <p class="history-line">\(HTML.escape(span(timeline)))</p>
            <figure class="trend">

            """
        let charted = Array(timeline.trend.suffix(chartRuns))
        let line: TrendChart.Line
        switch timeline.scope {
        case .suite: line = .endpointsFailing
        case .endpoint: line = .endpointFailed
        case .fingerprint: line = .driftPresent
        }
        out += TrendChart(points: charted, line: line).svg()
        out +=
            "<figcaption>\(charted.count == timeline.runs.count ? "Every run" : "The last \(charted.count) runs"): \(chartCaption(timeline)).</figcaption>\n</figure>\n</header>\n<main>\n"
        out += "<h2>Drifts (\(timeline.drifts.count))</h2>\n"
        out += htmlTable(
            ["Fingerprint", "Endpoint", "Kind", "Path", "Expected", "First seen", "Last seen", "Runs", "State"],
            timeline.drifts.map { drift in
                [
                    "<code>\(HTML.escape(drift.fingerprint))</code>", "<code>\(HTML.escape(drift.endpoint))</code>",
                    "<span class=\"sev \(drift.severity == "breaking" || drift.severity == "warning" || drift.severity == "info" ? drift.severity : "info")\">\(HTML.escape(drift.kind))</span>",
                    drift.foldedPath.map { "<code>\(HTML.escape($0))</code>" } ?? "",
                    "<code>\(HTML.escape(drift.expected))</code>",
                    "<span class=\"when\">\(HTML.escape(String(drift.firstSeen.prefix(10))))</span>",
                    "<span class=\"when\">\(HTML.escape(String(drift.lastSeen.prefix(10))))</span>", String(drift.runs),
                    drift.isFlapping ? "<b>\(HTML.escape(state(drift)))</b>" : HTML.escape(state(drift)),
                ]
            })
        out += "<h2>Runs (\(timeline.runs.count))\(HTML.escape(runsNote(timeline)))</h2>\n"
        let columns = runColumns(timeline)
        out += htmlTable(
            ["Started", "Env", "Commit", "Branch"] + columns.header + ["Duration"],
            timeline.runs.reversed().map { run in
                [
                    "<span class=\"when\">\(HTML.escape(run.startedAt))</span>", HTML.escape(run.environment),
                    run.gitCommit.map { "<code>\(HTML.escape(String($0.prefix(10))))</code>" } ?? "",
                    HTML.escape(run.gitBranch ?? ""),
                ] + columns.cells(run).map { HTML.escape($0) } + ["\(run.durationMs) ms"]
            })
        return out + "</main>\n</body>\n</html>\n"
    }

    /// What the chart's bars and line stand for in the timeline's scope.
    static func chartCaption(_ timeline: HistoryTimeline) -> String {
        switch timeline.scope {
        case .suite: return "findings by severity (bars, left scale) and endpoints failing (line, right scale)"
        case .endpoint:
            return "this endpoint's findings by severity (bars, left scale) and whether it failed (line, right scale)"
        case .fingerprint:
            return
                "this drift's occurrences at its severity (bars, left scale) and whether the run had it (line, right scale)"
        }
    }

    static func htmlTable(_ header: [String], _ rows: [[String]]) -> String {
        guard !rows.isEmpty else { return "<p class=\"quiet\">None.</p>\n" }
        var out =
            "<table class=\"findings\">\n<thead><tr>" + header.map { "<th>\($0)</th>" }.joined()
            + "</tr></thead>\n<tbody>\n"
        for row in rows { out += "<tr>" + row.map { "<td>\($0)</td>" }.joined() + "</tr>\n" }
        return out + "</tbody>\n</table>\n"
    }
}
