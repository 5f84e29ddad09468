import ContractKit
import Foundation

/// Figure 5: verifying 1x, 10x and 100x a corpus grows linearly, and peak memory follows the largest recording.
enum ScalingFigures {
    static func run(quick: Bool) -> [Row] {
        let root = NSTemporaryDirectory() + "contract-bench-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        let body = try! JSONParser().parse(Payloads.users(count: 180))
        var rows: [Row] = []
        var timings: [(Int, Double, Int)] = []
        let base = quick ? 5 : 20
        // Growth is judged on CPU time (both verifying threads, user and system): wall time on a shared machine
        // swings with other processes' load. The median of several runs, and the largest peak, to be safe. The
        // smaller corpora take a fraction of a second, where a neighbour's burst weighs most, so they run more often.
        func measure(_ directory: String, runs: Int) -> (cpuSeconds: Double, peak: Int) {
            let runs = (0..<(quick ? 1 : runs)).map { _ in childVerify(directory) }
            return (runs.map(\.cpuSeconds).sorted()[runs.count / 2], runs.map(\.peakBytes).max()!)
        }
        // A run's fixed cost (Foundation's first use, the first decode, the worker threads) is measured on a corpus
        // of one recording and taken off, so that growth is that of the work per recording.
        makeCorpus(at: root + "/x0", endpoints: 1, body: body)
        let fixed = measure(root + "/x0", runs: 15).cpuSeconds
        for factor in [1, 10, 100] {
            let count = base * factor
            let directory = root + "/x\(factor)"
            makeCorpus(at: directory, endpoints: count, body: body)
            let (cpuSeconds, peak) = measure(directory, runs: factor == 100 ? 5 : 15)
            timings.append((count, cpuSeconds, peak))
            try? FileManager.default.removeItem(atPath: directory)
            print("  measured figure 5 on \(count) recordings")
        }
        for index in 1..<timings.count {
            let (count, seconds, _) = timings[index]
            let (previousCount, previousSeconds, _) = timings[index - 1]
            let proportional = Double(count - 1) / Double(previousCount - 1)
            // A step whose smaller corpus costs no more than the fixed part (a quick run, a noisy machine) says
            // nothing about growth: it is shown as missed rather than as a ratio of noise.
            let measurable = previousSeconds - fixed > max(0.002, fixed / 10)
            let growth = measurable ? (seconds - fixed) / (previousSeconds - fixed) : .nan
            rows.append(
                Row(
                    figure: "5 scaling (time)", payload: "\(previousCount) -> \(count) recordings",
                    ratio: growth / proportional,
                    target: "<= 1.2x of proportional", met: measurable && growth / proportional <= 1.2,
                    detail: String(
                        format: "%.2f s -> %.2f s of CPU, less %.3f s fixed", previousSeconds, seconds, fixed)
                        + (measurable ? "" : "; too little work to measure")))
        }
        let memoryGrowth = Double(timings[2].2) / Double(timings[0].2)
        rows.append(
            Row(
                figure: "5 scaling (peak memory)", payload: "\(base) -> \(base * 100) recordings", ratio: memoryGrowth,
                target: "<= 1.5x (bounded by the largest recording)", met: memoryGrowth <= 1.5,
                detail: "\(timings[0].2 / 1_048_576) MB -> \(timings[2].2 / 1_048_576) MB"))

        // One 100 MB body: peak RSS against the recording's size.
        let bigDirectory = root + "/big"
        let bigCount = quick ? 40_000 : 180_000
        let bigBytes = Payloads.users(count: bigCount)
        let bigBody = try! JSONParser().parse(bigBytes)
        makeCorpus(at: bigDirectory, endpoints: 1, body: bigBody)
        let size =
            (try? FileManager.default.attributesOfItem(atPath: bigDirectory + "/Recordings/bench/e0.json")[.size]
                as? Int) ?? 1
        let (bigSeconds, _, bigPeak) = childVerify(bigDirectory)
        rows.append(
            Row(
                // Against the body's compact size, not the recording's: the recording is pretty-printed, which would
                // flatter the ratio by half.
                figure: "5 one large body (peak RSS)", payload: "\(bigBytes.count / 1_048_576) MB body",
                ratio: Double(bigPeak) / Double(bigBytes.count), target: "< 4x its size",
                met: Double(bigPeak) / Double(bigBytes.count) < 4,
                detail: String(
                    format: "%d MB peak, %.2f s; recording file %d MB (%.1fx)", bigPeak / 1_048_576, bigSeconds,
                    size / 1_048_576,
                    Double(bigPeak) / Double(size))))
        print("  measured figure 5 on a \(size / 1_048_576) MB recording")
        return rows
    }

    static func makeCorpus(at directory: String, endpoints: Int, body: JSONValue, model: String? = nil) {
        try? FileManager.default.createDirectory(atPath: directory + "/Specs", withIntermediateDirectories: true)
        var spec = Payloads.spec.replacingOccurrences(
            of: "endpoints:\n  list-users:\n    request: GET /users\n    expect: { body: [User] }", with: "endpoints:\n"
        )
        let modelLine = model.map { ", model: \"\($0)\"" } ?? ""
        for index in 0..<endpoints {
            spec += "  e\(index): { request: GET /e\(index), expect: { body: [User] }\(modelLine) }\n"
        }
        try! spec.write(toFile: directory + "/Specs/bench.yaml", atomically: true, encoding: .utf8)
        for index in 0..<endpoints {
            let recording = Recording(
                endpoint: "bench/e\(index)", request: .init(method: "GET", url: "https://example.com/e\(index)"),
                response: .init(
                    status: 200, headers: [.init(name: "Content-Type", value: "application/json")], body: .json(body)))
            try! recording.write(to: directory + "/Recordings/bench/e\(index).json")
        }
    }

    /// Runs the verifier in a child process, so peak memory is that run's alone.
    static func childVerify(_ directory: String) -> (seconds: Double, cpuSeconds: Double, peakBytes: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["child-verify", directory + "/Specs", directory + "/Recordings"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let parts = output.split(separator: " ")
        guard parts.count == 3, let seconds = Double(parts[0]), let cpuSeconds = Double(parts[1]),
            let peak = Int(parts[2].trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            fatalError("child-verify printed: \(output)")
        }
        return (seconds, cpuSeconds, peak)
    }
}

/// The child side of `childVerify`: load, verify everything, print "seconds cpuSeconds peakBytes". Both times
/// count from when the suite starts loading: the process's own start-up is the same for every corpus, and counted
/// in would make growth look less than proportional.
enum ChildVerify {
    static func run(specs: String, recordings: String) async -> Int32 {
        let clock = ContinuousClock()
        let start = clock.now
        let cpuAtStart = Measure.cpuSeconds()
        guard let suite = try? SpecLoader().load(directory: specs) else { return 2 }
        let report = await Verifier(suite: suite, options: .init(recordingsDirectory: recordings)).verify(
            suite.endpoints)
        let elapsed = clock.now - start
        guard !report.hasFailures else {
            print("failures: \(report.results.first { $0.fails(at: .breaking) }!.findings.first!.message)")
            return 1
        }
        let seconds = elapsed.seconds
        print("\(seconds) \(Measure.cpuSeconds() - cpuAtStart) \(Measure.peakResidentBytes())")
        return 0
    }
}
