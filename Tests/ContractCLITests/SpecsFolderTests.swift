import ContractTestSupport
import Foundation
import Testing

/// A specs folder the tool cannot fully see fails the run, and a spec linked from outside it is never read.
@Suite struct SpecsFolderTests {

    @Test func aSpecLinkedOutOfTheSpecsFolderIsRefusedWithoutQuotingIt() throws {
        let root = try LinkedFolders.make()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/Specs/dangling.yaml")
        let run = try ContractProcess.run(["verify"], in: root)
        #expect(run.status == 2)
        #expect(run.standardError.contains("'Specs/zz.yaml' is a link to a file outside the specs folder"))
        #expect(!(run.standardOutput + run.standardError).contains("SECRETVALUE"))
    }

    @Test(
        .enabled(
            if: getuid() == 0 && ExternalTool.path(of: "setpriv") != nil,
            "needs root and setpriv, to run the tool as a user a folder's permissions apply to"))
    func aSpecsFolderThatCannotBeReadFailsTheRunInsteadOfLeavingItsEndpointsOut() throws {
        let setpriv = try #require(ExternalTool.path(of: "setpriv"))
        let suite = SampleSuiteCopyForCLI()
        defer {
            chmod(suite.root + "/Specs/team", 0o755)
            suite.remove()
        }
        try FileManager.default.createDirectory(atPath: suite.root + "/Specs/team", withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            atPath: suite.root + "/Specs/bets.yaml", toPath: suite.root + "/Specs/team/bets.yaml")
        #expect(chmod(suite.root, 0o755) == 0)
        let contract = ContractProcess.productsDirectory.appendingPathComponent("contract").path
        // Unreadable, or readable (its names listed) but not searchable (its files not opened).
        for (mode, said) in [
            (mode_t(0), "cannot read the folder 'Specs/team' in the specs folder: Permission denied"),
            (0o644, "cannot read 'Specs/team/bets.yaml' in the specs folder: Permission denied"),
        ] {
            #expect(chmod(suite.root + "/Specs/team", mode) == 0)
            let run = try ContractProcess.run(
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", contract, "verify"], executable: setpriv,
                in: suite.root)
            #expect(run.status == 2, "mode \(mode)")
            #expect(run.standardError.contains(said), "mode \(mode): \(run.standardError)")
        }
    }
}
