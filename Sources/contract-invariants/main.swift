// contract-invariants TARGET FILE...: runs the invariant check TARGET (json-parse, json-roundtrip, recording, diff,
// report-reader, spec) on each file, in this process. Exit 0 when every check held; a broken invariant or a crash
// stops the process (the test that runs it reports which file). `swift test` replays the fuzzers' seeds with it.
import ContractInvariants
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let target = arguments.first, Invariants.targets.contains(target) else {
    FileHandle.standardError.write(
        Data("usage: contract-invariants \(Invariants.targets.joined(separator: "|")) FILE...\n".utf8))
    exit(64)
}
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("cannot read \(path)\n".utf8))
        exit(2)
    }
    FileHandle.standardError.write(Data("\(target): \(path)\n".utf8))
    data.withUnsafeBytes { Invariants.check(target, $0.bindMemory(to: UInt8.self)) }
}
