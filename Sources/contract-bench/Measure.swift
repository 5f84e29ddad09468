import Foundation

/// Timing with a baseline measured in the same run: machines are noisy, so only ratios are reported.
enum Measure {
    /// `subject` against `baseline`, timed in alternating pairs after one warm-up of each: the median of the
    /// pairs' ratios, and the median time of each side.
    ///
    /// Timing the two sides in separate batches lets a neighbour's load land on one side only; in pairs, taken in
    /// turn in either order, both sides see the same machine. Work done on this thread is timed by the thread's
    /// CPU time (user and system), not by the wall clock: a neighbour that takes the core away for a while then costs
    /// neither side anything. Work done in other processes (start-up) needs `wallClock`.
    static func sideBySide(
        runs: Int = 7, wallClock: Bool = false, _ subject: () throws -> Void, against baseline: () throws -> Void
    ) rethrows -> (ratio: Double, subject: Double, baseline: Double) {
        try subject()
        try baseline()
        let clock = ContinuousClock()
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            guard !wallClock else {
                let elapsed = try clock.measure(body)
                return elapsed.seconds
            }
            let start = threadCPUSeconds()
            try body()
            return threadCPUSeconds() - start
        }
        var ratios: [Double] = []
        var subjects: [Double] = []
        var baselines: [Double] = []
        for round in 0..<runs {
            let subjectTime: Double
            let baselineTime: Double
            if round % 2 == 0 {
                subjectTime = try seconds(subject)
                baselineTime = try seconds(baseline)
            } else {
                baselineTime = try seconds(baseline)
                subjectTime = try seconds(subject)
            }
            ratios.append(subjectTime / baselineTime)
            subjects.append(subjectTime)
            baselines.append(baselineTime)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return (median(ratios), median(subjects), median(baselines))
    }

    /// User and system CPU time of the calling thread so far, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// User and system CPU time of this process so far, all threads, in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        return [usage.ru_utime, usage.ru_stime].reduce(0.0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
    }

    /// Peak resident set size of this process so far, in bytes (Linux: VmHWM; elsewhere: getrusage).
    static func peakResidentBytes() -> Int {
        #if os(Linux)
        if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        {
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
    ratio >= 100
        ? String(format: "%.0fx", ratio) : ratio >= 10 ? String(format: "%.1fx", ratio) : String(format: "%.2fx", ratio)
}

/// `12.3 ms`, or `85 µs` under a millisecond.
func formatDuration(_ seconds: Double) -> String {
    seconds >= 0.001 ? String(format: "%.1f ms", seconds * 1000) : String(format: "%.0f µs", seconds * 1_000_000)
}

func printTable(_ rows: [Row]) {
    let header = ["figure", "payload", "ratio", "target", "", "detail"]
    let cells = rows.map {
        [
            $0.figure, $0.payload, formatRatio($0.ratio), $0.target, $0.met.map { $0 ? "met" : "MISSED" } ?? "",
            $0.detail,
        ]
    }
    var widths = header.map(\.count)
    for row in cells { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    func line(_ row: [String]) -> String {
        row.enumerated().map { $0.element.padding(toLength: widths[$0.offset], withPad: " ", startingAt: 0) }.joined(
            separator: " | ")
    }
    print("| " + line(header) + " |")
    print("|-" + widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-") + "-|")
    for row in cells { print("| " + line(row) + " |") }
}

extension Duration {
    /// The duration in seconds, as the bench reports times.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
