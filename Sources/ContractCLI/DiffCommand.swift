import ArgumentParser
import ContractKit
import Foundation

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two recordings of one endpoint, or two folders of recordings, by shape: what drifted.",
        discussion: """
            Reports the shape changes between OLD (say the committed baseline) and NEW (say last night's recording) \
            with the drift kinds of `verify`: missing-key, extra-key, key-case-changed, type-mismatch, null-value, \
            object-instead-of-array, array-instead-of-object, date-format-mismatch, status-mismatch, \
            content-type-mismatch. Values that change while the shape holds are not drift; --values lists them. \
            Array elements are compared by the union of their shapes, not by position. Given two folders (last \
            night's recordings and the committed ones), it compares every recording they share, by relative path, and \
            lists those only one of them has.

            Exit codes: 0 the shape is the same; 1 it changed; 2 a recording cannot be read; 64 usage error.
            """
    )

    @Argument(
        help: ArgumentHelp("The older recording, or a folder of them.", valueName: "old"),
        transform: PathOption.nonEmpty)
    var old: String

    @Argument(
        help: ArgumentHelp("The newer recording, or a folder of them.", valueName: "new"),
        transform: PathOption.nonEmpty)
    var new: String

    @Option(
        name: .long, parsing: .singleValue,
        help: ArgumentHelp(
            "Leave out this path and everything under it: a glob such as '$.users[*].updatedAt' (repeatable).",
            valueName: "glob"))
    var ignore: [String] = []

    @Flag(
        name: .long,
        help:
            "Also list the values that changed at the same path: scalars, array lengths, and values whose kind changed."
    )
    var values = false

    @Option(name: .long, help: "The output format: text or json.")
    var format: DiffFormat = .text

    enum DiffFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func validate() throws {
        guard ParseOrder.validates else { return }
        // A path's text starts with '$': a glob that starts with another character than '$', '*' or '?' leaves
        // nothing out, silently, where the user meant to (`users[*].updatedAt`, `.updatedAt`).
        for glob in ignore where !Glob.mayMatchJSONPath(glob) {
            let steps = Glob.stepsFromRoot(glob)
            let suggestion =
                glob.isEmpty
                ? "'$.users[*].updatedAt'" : "'$\(steps)' (or '*' for any start: '*\(steps)')"
            throw ValidationError(
                "--ignore '\(glob)' can match no path: paths start with '$', such as \(suggestion)"
                    .escapingNonPrintables())
        }
    }

    /// The bodies are compared on their files' tapes, never built as trees; the values that changed are listed only
    /// when they are shown.
    var options: RecordingDiff.Options {
        .init(ignoredPaths: ignore, listsValues: values || format == .json)
    }

    func run() async throws {
        switch (Self.isFolder(old), Self.isFolder(new)) {
        case (true, true): return try compareFolders()
        case (false, false): break
        case (true, false), (false, true):
            let folder = Self.isFolder(old) ? old : new
            throw ValidationError(
                "'\(folder.escapingNonPrintables())' is a folder and the other is a file; give two recordings or two folders"
            )
        }
        try compareFiles()
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The `.json` files under `folder`, by path relative to it, sorted; the folders that could not be read and the
    /// links out of it (not read) are printed as errors, and make `unreadable` true.
    static func recordings(in folder: String, unreadable: inout Bool) -> [String] {
        let found = FolderWalk.files(in: folder, what: "'\(folder.escapingNonPrintables())'") { $0.hasSuffix(".json") }
        for problem in found.problems {
            unreadable = true
            Console.error(problem.description)
        }
        return found.files
    }

    /// Every recording the folders share, diffed; those only one has, listed. Exit 2 when one cannot be read,
    /// else 1 when anything changed or is only on one side.
    func compareFolders() throws {
        var unreadable = false
        let olds = Self.recordings(in: old, unreadable: &unreadable)
        let news = Set(Self.recordings(in: new, unreadable: &unreadable))
        var changedCount = 0
        var text = ""
        var results: [JSONValue] = []
        for relative in olds where news.contains(relative) {
            let oldPath = old + "/" + relative
            let newPath = new + "/" + relative
            do {
                let (oldRecording, newRecording) = try Self.readBoth(oldPath, newPath, within: (old, new))
                let diff = RecordingDiff(old: oldRecording, new: newRecording, options: options)
                if diff.shapeChanged { changedCount += 1 }
                switch format {
                case .text:
                    if diff.shapeChanged || values {
                        text += diff.renderText(old: oldPath, new: newPath, values: values) + "\n"
                    }
                case .json: results.append(diff.jsonValue(old: oldPath, new: newPath))
                }
            } catch {
                unreadable = true
                Console.error(error.description.escapingNonPrintables(keepingLineBreaks: true))
            }
        }
        let onlyOld = olds.filter { !news.contains($0) }
        let onlyNew = news.subtracting(olds).sorted()
        for relative in onlyOld {
            text += "only in \(old.escapingNonPrintables()): \(relative.escapingNonPrintables())\n"
        }
        for relative in onlyNew {
            text += "only in \(new.escapingNonPrintables()): \(relative.escapingNonPrintables())\n"
        }
        let changed = changedCount > 0 || !onlyOld.isEmpty || !onlyNew.isEmpty
        let compared = olds.count - onlyOld.count
        text +=
            "\(compared) recording\(compared == 1 ? "" : "s") compared: \(changedCount) changed shape"
            + " · \(onlyOld.count) only in \(old.escapingNonPrintables()) · \(onlyNew.count) only in \(new.escapingNonPrintables())\n"
        switch format {
        case .text: Console.output(text)
        case .json:
            let root = JSONObject([
                "format": .string("contract-diff-folders/1"), "old": .string(old), "new": .string(new),
                "recordings": .array(results), "onlyInOld": .array(onlyOld.map(JSONValue.string)),
                "onlyInNew": .array(onlyNew.map(JSONValue.string)),
            ])
            Console.output(JSONWriter(style: .pretty).write(.object(root)) + "\n")
        }
        if unreadable { throw ExitCode(2) }
        if changed { throw ExitCode(1) }
    }

    /// The recordings at `oldPath` and `newPath`, read (and their bodies parsed) side by side on two threads; the
    /// old one's error first when both fail, as when they are read one after the other.
    static func readBoth(_ oldPath: String, _ newPath: String, within folders: (String, String)? = nil)
        throws(ContractError) -> (Recording, Recording)
    {
        let (old, new) = SideBySide.run(
            { Result { () throws(ContractError) in try Recording.readInPlace(from: oldPath, within: folders?.0) } },
            { Result { () throws(ContractError) in try Recording.readInPlace(from: newPath, within: folders?.1) } })
        return (try old.get(), try new.get())
    }

    func compareFiles() throws {
        let oldRecording: Recording
        let newRecording: Recording
        do {
            (oldRecording, newRecording) = try Self.readBoth(old, new)
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
        let diff = RecordingDiff(old: oldRecording, new: newRecording, options: options)
        switch format {
        case .text: diff.writeText(old: old, new: new, values: values) { Console.output($0) }
        case .json: diff.writeJSON(old: old, new: new) { Console.output($0) }
        }
        if diff.shapeChanged { throw ExitCode(1) }
    }
}
