import ArgumentParser
import Testing

@testable import ContractCLI

/// A subcommand named first is parsed alone (ArgumentParser otherwise builds every subcommand's options first); what
/// does not parse so, and every request for text, is left to the whole command, whose messages name it all.
@Suite struct DirectParseTests {
    @Test func aSubcommandWithItsOptionsIsParsedAlone() throws {
        let lint = try #require(RootCommand.parsedDirectly(["lint", "--specs", "Elsewhere"]) as? LintCommand)
        #expect(lint.selection.specs == "Elsewhere")
        let diff = try #require(
            RootCommand.parsedDirectly(["diff", "old.json", "new.json", "--values"]) as? DiffCommand)
        #expect(diff.values)
    }

    @Test func everythingElseGoesTheWholeWay() {
        for arguments in [
            [], ["--help"], ["help", "verify"], ["--specs", "Specs"], ["verfy"],
            // Subcommands of a subcommand, requests for text, and anything that does not parse or validate.
            ["import", "openapi", "a.yaml"], ["record", "--help"], ["verify", "-h"], ["lint", "--version"],
            ["verify", "--generate-completion-script", "bash"], ["verify", "--no-such-flag"], ["diff", "one.json"],
            ["record", "--concurrency", "0"],
        ] {
            #expect(RootCommand.parsedDirectly(arguments) == nil, "\(arguments)")
        }
    }
}
