import ContractKit
import Foundation

// contract-bench: the speed and memory targets, each a ratio against a baseline measured in the same run.
// Run with `swift run -c release contract-bench` (add `--quick` for a shorter run, `--only 6,8` for some figures).

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "child-verify" {
    exit(await ChildVerify.run(specs: arguments[2], recordings: arguments[3]))
}
if arguments.count >= 3, arguments[1] == "write-har" {
    // The HAR figure 9 infers, written to a file: `contract-bench write-har 10 capture.har`.
    let megabytes = arguments.count >= 4 ? Int(arguments[2]) ?? 10 : 10
    _ = FileManager.default.createFile(
        atPath: arguments.last!, contents: Data(InferFigures.harText(megabytes: megabytes).utf8))
    exit(0)
}
if arguments.count >= 3, arguments[1] == "write-diff-pair" {
    // The two recordings figure 11 diffs, written into a folder as old.json and new.json:
    // `contract-bench write-diff-pair 150000 /tmp/pair` (the number of users in each).
    let count = arguments.count >= 4 ? Int(arguments[2]) ?? 150_000 : 150_000
    DiffFigures.writePair(count: count, old: arguments.last! + "/old.json", new: arguments.last! + "/new.json")
    exit(0)
}
if arguments.count >= 2, arguments[1] == "profile" {
    exit(ProfileDriver.run(Array(arguments.dropFirst(2))))
}
let quick = arguments.contains("--quick")
/// `--only 1,3` runs those figures alone.
let only: Set<Int>? = arguments.firstIndex(of: "--only").flatMap { index in
    index + 1 < arguments.count ? Set(arguments[index + 1].split(separator: ",").compactMap { Int($0) }) : nil
}
func wanted(_ figure: Int) -> Bool { only?.contains(figure) ?? true }
/// The `contract` executable figures 6, 8, 9, 10 and 11 run: `--contract PATH` (an older build, for before-and-after figures),
/// or the one built beside the bench.
let contractExecutable: String =
    arguments.firstIndex(of: "--contract").flatMap { index in
        index + 1 < arguments.count ? arguments[index + 1] : nil
    }
    ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("contract")
    .path

/// How the `contract` executable was linked, for the header: the figures that spawn it start faster when the Swift
/// runtime and Foundation are linked into it (`swift build -c release --static-swift-stdlib`).
let contractLinking: String = {
    #if os(Linux)
    // A dynamically linked executable names the runtime's shared object among the libraries it needs.
    guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: contractExecutable), options: .alwaysMapped) else {
        return "not built"
    }
    return bytes.range(of: Data("libswiftCore.so".utf8)) == nil
        ? "Swift runtime linked in (--static-swift-stdlib)" : "Swift runtime in shared libraries"
    #else
    return "Swift runtime in the system's shared libraries"
    #endif
}()

var rows: [Row] = []
print(
    "contract-bench: \(quick ? "quick run" : "full run"), \(ProcessInfo.processInfo.activeProcessorCount) cores; ratios of medians, measured side by side"
)
print("contract executable: \(contractExecutable), \(contractLinking)")
print(
    ChildProcess.spawner == nil
        ? "contract-spawn not built beside the bench: children's peak memory counts the bench's own (swift build -c release builds it)\n"
        : "children run through contract-spawn: their peak memory is their own\n")

if wanted(1) { rows += ParseFigures.run(quick: quick) }
if wanted(2) { rows += CheckFigures.run(quick: quick) }
if wanted(3) { rows += DecodeFigures.run(quick: quick) }
if wanted(4) { rows += KeyStrategyFigures.run(quick: quick) }
if wanted(5) { rows += ScalingFigures.run(quick: quick) }
if wanted(6) { rows += StartupFigures.run() }
if wanted(7) { rows += HistoryFigures.run(quick: quick) }
#if os(Linux)
if wanted(8) { rows += RecordFigures.run(quick: quick) }
#endif
if wanted(9) { rows += InferFigures.run(quick: quick) }
if wanted(10) {
    let mirror =
        arguments.firstIndex(of: "--stripe-mirror").flatMap { index in
            index + 1 < arguments.count ? arguments[index + 1] : nil
        } ?? "/work/.mirror/stripe+openapi/repo"
    rows += ImportFigures.run(quick: quick, contract: contractExecutable, mirror: mirror)
}
if wanted(11) { rows += DiffFigures.run(quick: quick) }
if wanted(12) { rows += IndentFigures.run(quick: quick) }

print("")
printTable(rows)
let missed = rows.filter { $0.met == false }
print(missed.isEmpty ? "\nall targets met" : "\n\(missed.count) target\(missed.count == 1 ? "" : "s") missed")
