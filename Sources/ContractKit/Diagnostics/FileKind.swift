import Foundation

/// What stands at a path, in the words of a message, when it is not a regular file.
enum FileKind {
    /// "a folder", "a FIFO (named pipe)", "a socket" or "a device" for what `info` (from `stat`) describes; nil for a
    /// regular file.
    static func nonRegular(_ info: stat) -> String? {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }

    /// What stands at `path` (a link followed) when it is there and not a regular file; nil otherwise.
    static func nonRegular(at path: String) -> String? {
        var info = stat()
        return stat(path, &info) == 0 ? nonRegular(info) : nil
    }
}
