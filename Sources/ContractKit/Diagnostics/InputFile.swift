import Foundation

/// A kind of file the tool reads whole (a spec, a recording, a sample given to `infer`, a JSON report to merge),
/// and how it says, in words to act on, why one cannot be read: something else stands at the path (a folder, a FIFO
/// that would block the run, a device), a link loops or leads nowhere, a file stands where a folder on the way should
/// be, or it may not be read.
struct InputFile: Sendable {
    /// What the file is, in hints: "spec", "recording", "report", "sample".
    let noun: String
    /// The hint when something other than a regular file stands at the path.
    let notAFileHint: String
    /// The hint when a file stands where a folder on the way to the path should be.
    let fileOnTheWayHint: String

    /// A kind of input file; most say "move that file aside, or fix the path" of a file on the way.
    init(noun: String, notAFileHint: String, fileOnTheWayHint: String = "move that file aside, or fix the path") {
        self.noun = noun
        self.notAFileHint = notAFileHint
        self.fileOnTheWayHint = fileOnTheWayHint
    }

    static let spec = InputFile(
        noun: "spec", notAFileHint: "a spec is a YAML file; remove what is at that path or give the spec another name")
    static let recording = InputFile(
        noun: "recording",
        notAFileHint: "a recording is a JSON file; remove what is at that path and record it again",
        fileOnTheWayHint: "a spec's recordings are files in a folder named after the spec: move that file aside")
    static let report = InputFile(noun: "report", notAFileHint: "give JSON reports written by `--format json`")
    static let sample = InputFile(
        noun: "sample", notAFileHint: "give recordings, HAR files, raw JSON files, or folders of them")

    /// The bytes of the file at `path`, mapped rather than read when `mapped`; a clear error when it cannot be read.
    ///
    /// What stands at the path is asked first: a FIFO would block the run forever, and a folder or a device is not
    /// a file to read.
    func contents(of path: String, mapped: Bool = false) throws(ContractError) -> Data {
        if let kind = FileKind.nonRegular(at: path) {
            throw ContractError(
                .io, "'\(path.escapingNonPrintables())' is \(kind), not a regular file", hint: notAFileHint)
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: mapped ? .alwaysMapped : [])
        } catch {
            throw unreadable(path)
        }
    }

    /// Why the file at `path` cannot be read: a folder on the way that is a file or may not be entered, a link that
    /// loops or leads nowhere, a file that is not there or may not be read.
    func unreadable(_ path: String) -> ContractError {
        let shown = path.escapingNonPrintables()
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        let failure = descriptor >= 0 ? EIO : errno
        if descriptor >= 0 { close(descriptor) }
        switch failure {
        case ENOTDIR:
            return ContractError(
                .io,
                "cannot read '\(shown)': '\(Self.fileOnTheWay(to: path).escapingNonPrintables())' is a file, not a folder",
                hint: fileOnTheWayHint)
        case ELOOP:
            return ContractError(
                .io, "cannot read '\(shown)': it is a link that leads round in a loop",
                hint: "replace the link with the \(noun) itself")
        case ENOENT:
            var entry = stat()
            guard lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFLNK else {
                return ContractError(
                    .io, "cannot read '\(shown)': there is no such file",
                    hint: "check the path, and that the file is there")
            }
            return ContractError(
                .io, "cannot read '\(shown)': it is a link to a file that does not exist",
                hint: "remove the link, or replace it with the \(noun) itself")
        default:
            return ContractError(
                .io, "cannot read '\(shown)': \(String(cString: strerror(failure)))",
                hint: "check that the file, and each folder on the way to it, may be read (ls -ld, chmod)")
        }
    }

    /// The nearest folder on the way to `path` that is not one: `Recordings/users` left as a file.
    private static func fileOnTheWay(to path: String) -> String {
        var folder = AtomicFile.folder(of: path)
        var entry = stat()
        while !folder.isEmpty, folder != "/", stat(folder, &entry) != 0 || entry.st_mode & S_IFMT != S_IFDIR {
            let outer = AtomicFile.folder(of: folder)
            var outerEntry = stat()
            if outer == folder || (stat(outer, &outerEntry) == 0 && outerEntry.st_mode & S_IFMT == S_IFDIR) {
                break
            }
            folder = outer
        }
        return folder
    }
}
