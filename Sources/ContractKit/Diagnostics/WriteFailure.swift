import Foundation

/// How a file that could not be written is told: the system's own words for the error, and a fix that fits it.
///
/// Foundation's `localizedDescription` of a `POSIXError` on Linux is "The operation could not be completed", with
/// the error's words only after it, if at all; and "check that the folder is writable and the disk is not full" does
/// not help someone whose report path is a folder.
enum WriteFailure {
    /// `cannot write <what> '<path>': <reason>`, with the hint for the error; `otherwise` is the hint when the error
    /// has no more telling one.
    static func error(
        writing path: String, what: String? = nil, _ error: any Error,
        otherwise: String = "check that the folder is writable and the disk is not full"
    ) -> ContractError {
        let code = (error as? POSIXError)?.code
        let reason = code.map { String(cString: strerror($0.rawValue)) } ?? error.localizedDescription
        // A path of kilobytes (the error for one may well be that it is too long) is shown by its two ends, so that
        // the message is not cut before the system's words.
        let shown = path.count > 400 ? path.prefix(150) + "…" + path.suffix(200) : Substring(path)
        // A name too long is mended by a shorter name, not a shorter folder.
        let name = (path as NSString).lastPathComponent
        let hint =
            code == .ENAMETOOLONG && name.utf8.count > 255
            ? "the file's name is longer than the file system allows (\(name.utf8.count) bytes, at most 255): give it a shorter name"
            : hint(for: code, otherwise: otherwise)
        return ContractError(.io, "cannot write \(what.map { $0 + " " } ?? "")'\(shown)': \(reason)", hint: hint)
    }

    /// The fix for the error `code`, or `otherwise`.
    static func hint(for code: POSIXErrorCode?, otherwise: String) -> String {
        switch code {
        case .ENOTDIR?:
            return "a file stands where a folder of the path should be: move it aside, or write into another folder"
        case .EISDIR?:
            return "a folder stands where the file should be: move it aside, or write to another path"
        case .ENAMETOOLONG?:
            return "the path is longer than the file system allows: write into a folder with a shorter path"
        case .ENOSPC?, .EDQUOT?:
            return "the disk (or your quota on it) is full: free some space and run again; that file was left as it was"
        case .EACCES?, .EPERM?:
            return "you may not write into that folder: change its permissions, or write into another folder"
        case .ENXIO?:
            return "no process is reading from it: start the named pipe's reader first, or write to a file"
        case .EROFS?:
            return "the file system is mounted read-only: write into a folder on another file system"
        case .EBADF?:
            return
                "the stream it names was closed when the run started: run it with the stream open, or write to a file"
        case .ENOENT?:
            return
                "a folder on the way to it is not there (a link may lead into one): make it, or write to another path"
        default:
            return otherwise
        }
    }
}
