import ContractKit
import Foundation

// contract-bench: the speed and memory targets, each a ratio against a baseline measured in the same run.
// Run with `swift run -c release contract-bench` (add `--quick` for a shorter run).

let arguments = CommandLine.arguments
if arguments.count >= 4, arguments[1] == "child-verify" {
    exit(await ChildVerify.run(specs: arguments[2], recordings: arguments[3]))
}
let quick = arguments.contains("--quick")

var rows: [Row] = []
print("contract-bench: \(quick ? "quick run" : "full run"), \(ProcessInfo.processInfo.activeProcessorCount) cores; ratios of medians, measured side by side\n")

rows += ParseFigures.run(quick: quick)
rows += CheckFigures.run(quick: quick)
rows += ScalingFigures.run(quick: quick)
rows += StartupFigures.run()

print("")
printTable(rows)
let missed = rows.filter { $0.met == false }
print(missed.isEmpty ? "\nall targets met" : "\n\(missed.count) target\(missed.count == 1 ? "" : "s") missed")
