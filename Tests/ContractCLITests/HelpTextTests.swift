import ArgumentParser
import Testing

@testable import ContractCLI

/// `--help` text: paragraphs are written as one line each, so ArgumentParser wraps them to the terminal instead
/// of keeping the source's line breaks ("...its JSON" / "path, what was expected...").
@Suite struct HelpTextTests {
    @Test(arguments: [
        (RootCommand.self as any ParsableCommand.Type, "reports every drift with its JSON path, what was expected"),
        (RootCommand.self, "2 the run could not be done (bad spec, unreadable files); 64 usage error."),
        (DiffCommand.self, "NEW (say last night's recording) with the drift kinds of `verify`"),
        (DiffCommand.self, "status-mismatch, content-type-mismatch. Values that change"),
        (ReportMergeCommand.self, "as report.json by --report-dir. Shards must come from one run"),
        (ReportMergeCommand.self, "cannot be read or do not belong together; 64 usage error."),
    ])
    func paragraphsAreNotBrokenWhereTheSourceWraps(_ command: any ParsableCommand.Type, _ sentence: String) {
        let help = RootCommand.helpMessage(for: command, columns: 1000)
        #expect(help.contains(sentence), "\(help)")
    }
}

/// Each command lists the options it uses.
@Suite struct CommandOptionsTests {
    @Test func lintDoesNotListTheRecordingsFolderItDoesNotRead() throws {
        #expect(!RootCommand.helpMessage(for: LintCommand.self, columns: 1000).contains("--recordings"))
        for command in [VerifyCommand.self, RecordCommand.self, CheckCommand.self] as [any ParsableCommand.Type] {
            #expect(
                RootCommand.helpMessage(for: command, columns: 1000).contains("--recordings <recordings>"), "\(command)"
            )
        }
        // Still accepted, so that a script passing the same options to every command keeps working.
        let lint = try LintCommand.parse(["--specs", "S", "--recordings", "R", "--filter", "a/*"])
        #expect(lint.selection.specs == "S" && lint.selection.patterns == ["a/*"])
    }
}
