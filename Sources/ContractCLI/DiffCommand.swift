import ArgumentParser
import ContractKit
import Foundation

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two recordings of one endpoint by shape: what drifted between them.",
        discussion: """
            Reports the shape changes between OLD (say the committed baseline) and NEW (say last night's recording) \
            with the drift kinds of `verify`: missing-key, extra-key, key-case-changed, type-mismatch, null-value, \
            object-instead-of-array, array-instead-of-object, date-format-mismatch, status-mismatch, \
            content-type-mismatch. Values that change while the shape holds are not drift; --values lists them. \
            Array elements are compared by the union of their shapes, not by position.

            Exit codes: 0 the shape is the same; 1 it changed; 2 a recording cannot be read; 64 usage error.
            """
    )

    @Argument(help: ArgumentHelp("The older recording.", valueName: "old.json"))
    var old: String

    @Argument(help: ArgumentHelp("The newer recording.", valueName: "new.json"))
    var new: String

    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "Leave out this path and everything under it: a glob such as '$.users[*].updatedAt' (repeatable).",
            valueName: "glob"))
    var ignore: [String] = []

    @Flag(name: .long, help: "Also list the values that changed while the shape held.")
    var values = false

    @Option(name: .long, help: "The output format: text or json.")
    var format: DiffFormat = .text

    enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func run() async throws {
        let oldRecording: Recording
        let newRecording: Recording
        do {
            oldRecording = try Recording.read(from: old)
            newRecording = try Recording.read(from: new)
        } catch {
            Console.error(error.description.escapingNonPrintables(keepingLineBreaks: true))
            throw ExitCode(2)
        }
        if oldRecording.endpoint != newRecording.endpoint {
            let names = (oldRecording.endpoint.escapingNonPrintables(), newRecording.endpoint.escapingNonPrintables())
            Console.error(
                "\(CommandName.current) diff: warning: the recordings are of different endpoints, '\(names.0)' and '\(names.1)'"
            )
        }
        let diff = RecordingDiff(old: oldRecording, new: newRecording, options: .init(ignoredPaths: ignore))
        switch format {
        case .text: Console.output(diff.renderText(old: old, new: new, values: values))
        case .json: Console.output(diff.renderJSON(old: old, new: new))
        }
        if diff.shapeChanged { throw ExitCode(1) }
    }
}
