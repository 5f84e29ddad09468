import Foundation

/// Timing with a baseline measured in the same run: machines are noisy, so only ratios are reported.
enum Measure {
    /// The median of `runs` timings of `body`, in seconds, after one warm-up run.
    static func median(runs: Int = 7, _ body: () throws -> Void) rethrows -> Double {
        try body()
        var samples: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            let elapsed = try clock.measure(body)
            samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        samples.sort()
        return samples[samples.count / 2]
    }

    /// Peak resident set size of this process so far, in bytes (Linux: VmHWM; elsewhere: getrusage).
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
           let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
           let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") {
            return kilobytes * 1024
        }
        #endif
        #if os(macOS)
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #else
        return 0
        #endif
    }
}

/// One row of the results table.
struct Row {
    var figure: String
    var payload: String
    var ratio: Double
    var target: String
    var met: Bool?
    var detail: String
}

func formatRatio(_ ratio: Double) -> String {
    ratio >= 100 ? String(format: "%.0fx", ratio) : ratio >= 10 ? String(format: "%.1fx", ratio) : String(format: "%.2fx", ratio)
}

func printTable(_ rows: [Row]) {
    let header = ["figure", "payload", "ratio", "target", "", "detail"]
    let cells = rows.map { [$0.figure, $0.payload, formatRatio($0.ratio), $0.target, $0.met.map { $0 ? "met" : "MISSED" } ?? "", $0.detail] }
    var widths = header.map(\.count)
    for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    func line(_ row: [String]) -> String {
        row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(separator: " | ")
    }
    print("| " + line(header) + " |")
    print("|-" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-") + "-|")
    for row in cells { print("| " + line(row) + " |") }
}
