import ContractInvariants
import ContractTestSupport
import Foundation
import Testing

/// Every input that once broke an invariant (and a few ordinary ones per check) is replayed by the same checks the
/// fuzzers in Fuzz/ run, each check in a process of its own so that a crash names its input.
@Suite(.timeLimit(.minutes(2)))
struct FuzzSeedTests {
    @Test(arguments: Invariants.targets)
    func everySeedHoldsItsInvariants(_ target: String) throws {
        let folder = Fixtures.url("Fuzz/\(target)").path
        let seeds = try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { folder + "/" + $0 }
        #expect(!seeds.isEmpty, "no seeds for \(target)")
        let run = try ContractProcess.run([target] + seeds, executable: "contract-invariants", in: folder)
        let last = run.standardError.split(separator: "\n").last { $0.hasPrefix("\(target): ") } ?? "before any seed"
        #expect(run.status == 0, "\(target) broke on \(last):\n\(run.standardError.suffix(2_000))")
        #expect(
            run.standardError.components(separatedBy: "\n").filter { $0.hasPrefix("\(target): ") }.count == seeds.count)
    }
}
