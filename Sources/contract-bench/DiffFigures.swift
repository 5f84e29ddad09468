import ContractKit
import Foundation

/// Figure 11: `contract diff` of two large recordings of one endpoint, process start to exit, against `contract
/// verify` of one of them (wall time and CPU time, each), and its peak memory against the two files' size; and the
/// same diff leaving out two paths with `--ignore` against the diff without, by CPU time.
enum DiffFigures {
    static func run(quick: Bool) -> [Row] {
        let contract = contractExecutable
        guard FileManager.default.isExecutableFile(atPath: contract) else {
            print(
                "  figure 11 skipped: build the contract executable in the same configuration first (swift build -c release)"
            )
            return []
        }
        let folder = NSTemporaryDirectory() + "contract-bench-diff-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try? FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(
            atPath: folder + "/Recordings/bench", withIntermediateDirectories: true)
        try! Payloads.spec.write(toFile: folder + "/Specs/bench.yaml", atomically: true, encoding: .utf8)
        // Written compactly, as the bodies are: a pretty-printed file would flatter the memory ratio.
        let count = quick ? 30_000 : 150_000
        let old = folder + "/Recordings/bench/list-users.json"
        let new = folder + "/nightly.json"
        writePair(count: count, old: old, new: new)
        let size = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 1 }
        let bytes = size(old) + size(new)
        let verify = ["verify", "--specs", folder + "/Specs", "--recordings", folder + "/Recordings"]
        let diff = ["diff", old, new]
        // As a nightly job runs it, leaving out a field that changes every night; the globs match on every element.
        let ignoring = ["diff", "--ignore", "$[*].address.geo.lat", "--ignore", "$[*].createdAt", old, new]
        // Each side in a child process of its own, so that its peak memory is its alone (wait4's rusage). Both its
        // wall time and its CPU time (user and system) are judged, each against verify's: the diff reads and
        // summarises its two bodies on two threads, so its wall time is what a user waits for and its CPU time what
        // it costs the machine, while verify of one file runs on one thread (its wall and CPU time are close). A
        // neighbour that takes the cores away lengthens the wall clock of both; the rounds alternate, so it lands
        // on both.
        var verifyRuns: [ChildRun] = []
        var diffRuns: [ChildRun] = []
        var ignoringRuns: [ChildRun] = []
        for round in 0..<(quick ? 1 : 5) {
            if round % 2 == 0 {
                diffRuns.append(spawnMeasured(contract, diff, expecting: 1))
                verifyRuns.append(spawnMeasured(contract, verify, expecting: 0))
                ignoringRuns.append(spawnMeasured(contract, ignoring, expecting: 1))
            } else {
                ignoringRuns.append(spawnMeasured(contract, ignoring, expecting: 1))
                verifyRuns.append(spawnMeasured(contract, verify, expecting: 0))
                diffRuns.append(spawnMeasured(contract, diff, expecting: 1))
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        /// `0.52 s (0.50-0.61)`: the median, and the fastest and slowest run.
        func spread(_ values: [Double]) -> String {
            String(format: "%.2f s (%.2f-%.2f)", median(values), values.min()!, values.max()!)
        }
        let diffCPU = median(diffRuns.map(\.cpu))
        let verifyCPU = median(verifyRuns.map(\.cpu))
        let diffWall = median(diffRuns.map(\.wall))
        let verifyWall = median(verifyRuns.map(\.wall))
        let ignoringCPU = median(ignoringRuns.map(\.cpu))
        let diffPeak = diffRuns.map(\.peakBytes).max()!
        let verifyPeak = verifyRuns.map(\.peakBytes).max()!
        let megabytes = { (bytes: Int) in bytes / 1_048_576 }
        let payload = "2 x \(megabytes(size(old))) MB recordings"
        print("  measured figure 11 on two \(megabytes(size(old))) MB recordings, \(diffRuns.count) runs each")
        return [
            Row(
                figure: "11 diff vs verify (wall time)", payload: payload, ratio: diffWall / verifyWall,
                target: "<= 2x", met: diffWall / verifyWall <= 2,
                detail: "diff \(spread(diffRuns.map(\.wall))) wall, verify one \(spread(verifyRuns.map(\.wall))) wall"),
            Row(
                figure: "11 diff vs verify (CPU time)", payload: payload, ratio: diffCPU / verifyCPU,
                target: "<= 2x", met: diffCPU / verifyCPU <= 2,
                detail: "diff \(spread(diffRuns.map(\.cpu))) CPU, verify one \(spread(verifyRuns.map(\.cpu))) CPU"),
            Row(
                figure: "11 diff --ignore vs diff (CPU time)", payload: payload, ratio: ignoringCPU / diffCPU,
                target: "<= 1.25x", met: ignoringCPU / diffCPU <= 1.25,
                detail:
                    "two globs over every element: \(spread(ignoringRuns.map(\.cpu))) CPU, without \(spread(diffRuns.map(\.cpu)))"
            ),
            Row(
                figure: "11 diff peak memory vs file size", payload: "\(megabytes(bytes)) MB in two files",
                ratio: Double(diffPeak) / Double(bytes), target: "< 3x", met: Double(diffPeak) / Double(bytes) < 3,
                detail: "diff \(megabytes(diffPeak)) MB peak RSS, verify one \(megabytes(verifyPeak)) MB"),
        ]
    }

    /// The recordings figure 11 compares: `count` users, and the same users drifted.
    static func writePair(count: Int, old: String, new: String) {
        try? FileManager.default.createDirectory(
            atPath: (old as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        writeRecording(body: Payloads.users(count: count), to: old)
        writeRecording(body: drifted(count: count), to: new)
    }

    /// A recording of `body`, written compactly.
    static func writeRecording(body: [UInt8], to path: String) {
        var text = Array(
            #"{"format":"contract-recording/1","endpoint":"bench/list-users","request":{"method":"GET","url":"https://example.com/users"},"response":{"status":200,"headers":{"Content-Type":"application/json"},"body":"#
                .utf8)
        text += body
        text += Array("}}\n".utf8)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text))
    }

    /// `Payloads.users(count:)` as last night's server might send it: every value of a few fields changed, and a
    /// few elements drifted (a key gone, a new key, a null, a number sent as a string).
    static func drifted(count: Int) -> [UInt8] {
        var text = "["
        text.reserveCapacity(count * 600)
        for index in 0..<count {
            if index > 0 { text += "," }
            let website = index % 1000 == 7 ? "" : #""website":"hildegard.org","#
            let nickname = index % 500 == 3 ? #""nickname":"lea","# : ""
            let phone = index % 2000 == 11 ? "null" : #""1-770-736-8031 x\#(index % 99_999)""#
            let score = index % 5000 == 17 ? #""\#(index % 997)""# : "\(Double(index % 991) / 7.0)"
            text += """
                {"id":\(index + 2),"name":"Leanne Graham \(index + 1)","username":"Bret\(index)","email":"user\(index)@april.biz",\
                "address":{"street":"Kulas Light","suite":"Apt. \(index % 999)","city":"Gwenborough","zipcode":"92998-3874",\
                "geo":{"lat":"-37.\(3159 + index % 100)","lng":"81.1496"}},"phone":\(phone),\(website)\(nickname)\
                "company":{"name":"Romaguera-Crona","catchPhrase":"Multi-layered client-server neural-net","bs":"harness real-time e-markets"},\
                "score":\(score),"active":\(index % 3 == 1),"createdAt":"2026-11-\(10 + index % 19)T09:30:00Z",\
                "tags":["alpha","beta\\u00e9","gamma \(index % 10)"]}
                """
        }
        return Array((text + "]").utf8)
    }

    /// Runs `path` with `arguments` (``ChildProcess/run(_:_:)``); stops the bench when it exits with another status
    /// than `expecting`.
    static func spawnMeasured(_ path: String, _ arguments: [String], expecting: Int32) -> ChildRun {
        let run = ChildProcess.run(path, arguments)
        guard run.exitStatus == expecting else {
            fatalError(
                "\(([path] + arguments).joined(separator: " ")) ended with status \(run.exitStatus.map(String.init) ?? "a signal"), not \(expecting)"
            )
        }
        return run
    }
}
