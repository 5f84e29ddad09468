/// The trend of a run history as an inline SVG chart: a stacked bar of breaking, warning and info findings per run,
/// and a line of the endpoints failing, on their own scale at the right.
///
/// Self-contained (explicit colours on its own white ground, no font or script to load), so the chart reads the
/// same in the HTML report, in `contract history --format html`, and pasted alone into a bug ticket.
package struct TrendChart: Sendable {
    /// The runs, oldest first, their counts held between 0 and a billion for drawing (a report read from a file may
    /// say anything; the titles keep what it said).
    package var points: [TrendPoint]
    /// What the line stands for.
    package var line: Line
    private let drawn: [TrendPoint]

    /// What the line at the right scale counts.
    package enum Line: Sendable {
        /// The endpoints that failed in each run, of those verified.
        case endpointsFailing
        /// Whether the one endpoint of the chart failed (1) or passed (0).
        case endpointFailed
        /// Whether the run had the one drift of the chart (1) or not (0).
        case driftPresent

        var legend: String {
            switch self {
            case .endpointsFailing: return "endpoints failing"
            case .endpointFailed: return "endpoint failed"
            case .driftPresent: return "drift present"
            }
        }

        var axis: String {
            switch self {
            case .endpointsFailing: return "failing"
            case .endpointFailed: return "failed"
            case .driftPresent: return "present"
            }
        }

        func describe(_ point: TrendPoint) -> String {
            switch self {
            case .endpointsFailing: return "\(point.failedEndpoints) of \(point.endpoints) endpoints failing"
            case .endpointFailed: return point.failedEndpoints > 0 ? "the endpoint failed" : "the endpoint passed"
            case .driftPresent: return point.failedEndpoints > 0 ? "the drift was present" : "the drift was absent"
            }
        }
    }

    /// Creates a chart of these runs, its line counting what `line` says.
    package init(points: [TrendPoint], line: Line = .endpointsFailing) {
        self.points = points
        self.line = line
        func held(_ count: Int) -> Int { min(max(count, 0), 1_000_000_000) }
        drawn = points.map {
            TrendPoint(
                startedAt: $0.startedAt, breaking: held($0.breaking), warning: held($0.warning), info: held($0.info),
                endpoints: held($0.endpoints), failedEndpoints: held($0.failedEndpoints))
        }
    }

    static let width = 760, height = 240
    static let left = 48, right = 56, top = 34, bottom = 40
    static let colors = (breaking: "#cf222e", warning: "#d4a72c", info: "#54aeff", failed: "#24292f", grid: "#d1d9e0")

    /// The `<svg>` element, ending in a newline.
    package func svg() -> String {
        let plotWidth = Self.width - Self.left - Self.right
        let plotHeight = Self.height - Self.top - Self.bottom
        let totals = drawn.map { $0.breaking + $0.warning + $0.info }
        let findingScale = Self.niceCeiling(totals.max() ?? 0)
        // A yes-or-no line (one endpoint, one drift) is drawn from the bottom to the top, labelled no and yes.
        let isYesOrNo = line != .endpointsFailing
        let endpointScale = isYesOrNo ? 1 : Self.niceCeiling(drawn.map(\.failedEndpoints).max() ?? 0)
        let slot = points.isEmpty ? Double(plotWidth) : Double(plotWidth) / Double(points.count)
        let barWidth = max(1.0, min(28.0, slot * 0.7))
        func y(_ value: Int, scale: Int) -> Double {
            Double(Self.top) + Double(plotHeight) * (1 - Double(value) / Double(scale))
        }
        func x(_ index: Int) -> Double { Double(Self.left) + slot * (Double(index) + 0.5) }

        var out =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"trend-chart\" viewBox=\"0 0 \(Self.width) \(Self.height)\" width=\"\(Self.width)\" height=\"\(Self.height)\" role=\"img\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n"
        // Timestamps come from the history, or from a JSON report read back, which may hold anything: escaped.
        let first = points.first.map { HTML.escape(String($0.startedAt.prefix(10))) } ?? ""
        let last = points.last.map { HTML.escape(String($0.startedAt.prefix(10))) } ?? ""
        out +=
            "<title>Findings per run (breaking, warning, info) and \(line.legend), \(points.count) run\(points.count == 1 ? "" : "s")\(points.isEmpty ? "" : ", \(first) to \(last)")</title>\n"
        out += "<rect width=\"\(Self.width)\" height=\"\(Self.height)\" fill=\"#ffffff\"/>\n"
        // Grid and the two axes' labels: findings at the left, endpoints failing at the right.
        for step in 0...4 {
            let value = findingScale * step / 4
            let lineY = Self.format(y(value, scale: findingScale))
            out +=
                "<line x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(lineY)\" y2=\"\(lineY)\" stroke=\"\(Self.colors.grid)\" stroke-width=\"1\"/>\n"
            out +=
                "<text x=\"\(Self.left - 6)\" y=\"\(lineY)\" dy=\"4\" text-anchor=\"end\" fill=\"#59636e\">\(value)</text>\n"
            let rightLabel = isYesOrNo ? (step == 0 ? "no" : step == 4 ? "yes" : "") : "\(endpointScale * step / 4)"
            if !rightLabel.isEmpty {
                out +=
                    "<text x=\"\(Self.width - Self.right + 6)\" y=\"\(lineY)\" dy=\"4\" fill=\"#59636e\">\(rightLabel)</text>\n"
            }
        }
        out +=
            "<text x=\"\(Self.left)\" y=\"14\" fill=\"#59636e\">findings</text><text x=\"\(Self.width - Self.right + 6)\" y=\"14\" fill=\"#59636e\">\(line.axis)</text>\n"
        // The legend, above the plot.
        let legend: [(String, String)] = [
            ("breaking", Self.colors.breaking), ("warning", Self.colors.warning), ("info", Self.colors.info),
        ]
        var legendX = Self.left + 70
        for (name, color) in legend {
            out += "<rect x=\"\(legendX)\" y=\"6\" width=\"10\" height=\"10\" fill=\"\(color)\"/>"
            out += "<text x=\"\(legendX + 14)\" y=\"15\" fill=\"#1f2328\">\(name)</text>\n"
            legendX += 22 + name.count * 7
        }
        out +=
            "<line x1=\"\(legendX)\" x2=\"\(legendX + 16)\" y1=\"11\" y2=\"11\" stroke=\"\(Self.colors.failed)\" stroke-width=\"2\"/><text x=\"\(legendX + 20)\" y=\"15\" fill=\"#1f2328\">\(line.legend)</text>\n"
        // The bars.
        for (index, (point, shown)) in zip(points, drawn).enumerated() {
            var base = 0
            let barX = Self.format(x(index) - barWidth / 2)
            for (value, color) in [
                (shown.info, Self.colors.info), (shown.warning, Self.colors.warning),
                (shown.breaking, Self.colors.breaking),
            ] where value > 0 {
                let topY = y(base + value, scale: findingScale)
                let height = y(base, scale: findingScale) - topY
                out +=
                    "<rect x=\"\(barX)\" y=\"\(Self.format(topY))\" width=\"\(Self.format(barWidth))\" height=\"\(Self.format(height))\" fill=\"\(color)\"/>"
                base += value
            }
            out +=
                "<title>\(HTML.escape(point.startedAt)): \(point.breaking) breaking, \(point.warning) warning, \(point.info) info; \(line.describe(point))</title>\n"
        }
        // The line of failing endpoints.
        if !points.isEmpty {
            let coordinates = drawn.enumerated().map { index, point in
                "\(Self.format(x(index))),\(Self.format(y(point.failedEndpoints, scale: endpointScale)))"
            }
            out +=
                "<polyline points=\"\(coordinates.joined(separator: " "))\" fill=\"none\" stroke=\"\(Self.colors.failed)\" stroke-width=\"2\"/>\n"
            if points.count <= 60 {
                for coordinate in coordinates {
                    let parts = coordinate.split(separator: ",")
                    out += "<circle cx=\"\(parts[0])\" cy=\"\(parts[1])\" r=\"2.5\" fill=\"\(Self.colors.failed)\"/>"
                }
                out += "\n"
            }
        }
        // Dates under the plot: the first, the last, and a few between that do not crowd each other.
        let labelEvery = max(1, Int((Double(points.count) * 70 / Double(plotWidth)).rounded(.up)))
        for (index, point) in points.enumerated()
        where index == 0 || index == points.count - 1
            || (index % labelEvery == 0 && points.count - 1 - index >= labelEvery)
        {
            out +=
                "<text x=\"\(Self.format(x(index)))\" y=\"\(Self.height - Self.bottom + 16)\" text-anchor=\"middle\" fill=\"#59636e\">\(HTML.escape(String(point.startedAt.prefix(10))))</text>\n"
        }
        out +=
            "<line x1=\"\(Self.left)\" x2=\"\(Self.width - Self.right)\" y1=\"\(Self.top + plotHeight)\" y2=\"\(Self.top + plotHeight)\" stroke=\"#59636e\" stroke-width=\"1\"/>\n"
        return out + "</svg>\n"
    }

    /// The smallest of 4, 8, 20, 40, 80, 200, ... at or above `value`: four grid steps of round numbers.
    static func niceCeiling(_ value: Int) -> Int {
        var magnitude = 1
        while true {
            for step in [4, 8, 20] where step * magnitude >= value { return step * magnitude }
            magnitude *= 10
        }
    }

    /// One decimal at most: `12`, `12.5`.
    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
