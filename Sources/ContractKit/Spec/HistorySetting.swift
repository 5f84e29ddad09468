import Foundation

/// `history:` in a spec file's `defaults:`: the history file every run of the suite appends to, unless
/// `--history` or `CONTRACT_HISTORY` says otherwise.
package struct HistorySetting: Sendable, Hashable {
    /// The file, relative to the working folder (or absolute): the setting's path taken from the folder of the spec
    /// file that declares it.
    package var path: String
    /// Where the setting's value is written.
    package var location: SourceLocation

    /// Creates a setting.
    package init(path: String, location: SourceLocation) {
        self.path = path
        self.location = location
    }

    /// `value` (as written in `specFile`) as a path from the working folder: an absolute one as it is, a relative
    /// one joined to the spec file's folder, with `a/..` pairs taken out.
    package static func resolve(_ value: String, declaredIn specFile: String) -> String {
        if value.hasPrefix("/") { return normalized(value) }
        let folder = (specFile as NSString).deletingLastPathComponent
        return normalized(folder.isEmpty ? value : folder + "/" + value)
    }

    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        if path.hasPrefix("/") { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
