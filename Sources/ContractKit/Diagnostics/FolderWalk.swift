import Foundation
import Synchronization

/// The files under a folder (the specs, a folder of recordings), found by a walk that says what it could not see.
///
/// `FileManager`'s enumerator passes over a folder it may not read, which made a suite with an unreadable
/// `Specs/team/` pass with its endpoints left out; and it lists a link as the file it leads to, wherever that is, so
/// `Specs/zz.yaml -> /proc/self/environ` was read and its text quoted in the error about it. Here a folder that
/// cannot be read is a problem, and so is a link to a file out of the folder walked, named without being read, and a
/// link to a folder that holds files the walk would take, which is not walked into. A link to a file inside the
/// folder is followed.
package enum FolderWalk {
    /// The files found, by path relative to the folder, sorted; and what could not be walked.
    package struct Found {
        package var files: [String] = []
        package var problems: [ContractError] = []
    }

    /// The files under `root` whose names `matching` accepts. `what` names the folder in problems ("the specs
    /// folder").
    package static func files(
        in root: String, what: String, skippingHidden: Bool = false, matching: (String) -> Bool
    ) -> Found {
        var found = Found()
        guard let resolvedRoot = FilePaths.resolved(root) else {
            found.problems.append(
                ContractError(.io, "cannot read \(what) '\(root.escapingNonPrintables())'", hint: Self.readableHint))
            return found
        }
        walk(
            root, relative: "", resolvedRoot: resolvedRoot, what: what, skippingHidden: skippingHidden,
            matching: matching, into: &found)
        found.files.sort()
        return found
    }

    private static let readableHint = "check that it exists and that you may read it (ls -ld, chmod)"

    /// `cannot read <shown> in <what>: <the system's words for code>`, with the hint, and what would be left out.
    private static func unreadable(_ shown: String, in what: String, code: Int32, leftOut: String) -> ContractError {
        ContractError(
            .io, "cannot read \(shown) in \(what): \(String(cString: strerror(code)))",
            hint: readableHint + "; \(leftOut) would otherwise be left out")
    }

    private static func walk(
        _ folder: String, relative: String, resolvedRoot: String, what: String, skippingHidden: Bool,
        matching: (String) -> Bool, into found: inout Found
    ) {
        guard let directory = opendir(folder) else {
            let failure = errno
            found.problems.append(
                unreadable(
                    "the folder '\(folder.escapingNonPrintables())'", in: what, code: failure, leftOut: "its files"))
            return
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let bytes = nameBytes(of: entry)
            guard let name = String(validating: bytes, as: UTF8.self) else {
                let shown = String(decoding: bytes, as: UTF8.self)
                found.problems.append(
                    ContractError(
                        .io,
                        "the name of '\((folder + "/" + shown).escapingNonPrintables())' in \(what) is not UTF-8 text",
                        hint: "rename it: a file's name is part of its endpoint's name, which is text"))
                continue
            }
            if name != "." && name != ".." && !(skippingHidden && name.hasPrefix(".")) { names.append(name) }
        }
        for name in names.sorted() {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let shownRelative = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard lstat(path, &entry) == 0 else {
                // Gone since the folder was listed: nothing to see. Anything else (a folder that may be listed but
                // not entered) is a file the walk could not see.
                let failure = errno
                if failure != ENOENT {
                    found.problems.append(
                        unreadable("'\(path.escapingNonPrintables())'", in: what, code: failure, leftOut: "it"))
                }
                continue
            }
            let isFolder = entry.st_mode & S_IFMT == S_IFDIR
            if entry.st_mode & S_IFMT == S_IFLNK {
                var target = stat()
                // A link that leads nowhere (or round in a loop) is listed, for the reader to say so. A link to a
                // folder is not walked into, and says so: inside the folder walked, its files would be found twice
                // (two specs with one name); outside, they are not ours to read; and passed over without a word (as
                // FileManager's enumerator did), a folder of specs would leave its endpoints out of a passing run.
                if let resolvedTarget = FilePaths.resolved(path), stat(path, &target) == 0 {
                    if target.st_mode & S_IFMT == S_IFDIR {
                        // Named only when it holds files the walk would take (a link to a folder of fixtures is no
                        // concern of ours); its names are looked at, none is read or quoted.
                        if holdsMatchingFiles(resolvedTarget, skippingHidden: skippingHidden, matching: matching) {
                            found.problems.append(
                                ContractError(
                                    .io,
                                    "'\(path.escapingNonPrintables())' is a link to a folder, which is not walked into",
                                    hint: "its files would be left out: move the folder itself into \(what), or "
                                        + "remove the link"))
                        }
                        continue
                    }
                    guard FilePaths.isInside(resolvedTarget, resolvedRoot) else {
                        guard matching(name) else { continue }
                        found.problems.append(
                            ContractError(
                                .io, "'\(path.escapingNonPrintables())' is a link to a file outside \(what)",
                                hint: "it is not read: put the file itself in \(what), or a link to one inside it"))
                        continue
                    }
                }
            }
            if isFolder {
                walk(
                    path, relative: shownRelative, resolvedRoot: resolvedRoot, what: what,
                    skippingHidden: skippingHidden, matching: matching, into: &found)
            } else if matching(name) {
                found.files.append(shownRelative)
            }
        }
    }

    /// The bytes of the name of a folder entry that `readdir` gave.
    private static func nameBytes(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
    }

    /// True when the folder at `folder` (its links followed) holds, a few levels down at most, a file whose name
    /// `matching` accepts; links inside it are not followed, and what cannot be listed is passed over.
    private static func holdsMatchingFiles(
        _ folder: String, skippingHidden: Bool, matching: (String) -> Bool, depth: Int = 0
    ) -> Bool {
        guard depth < 8, let directory = opendir(folder) else { return false }
        defer { closedir(directory) }
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = String(decoding: nameBytes(of: entry), as: UTF8.self)
            guard name != "." && name != "..", !(skippingHidden && name.hasPrefix(".")) else { continue }
            var info = stat()
            let path = folder + "/" + name
            guard lstat(path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: folders.append(path)
            case S_IFREG, S_IFLNK: if matching(name) { return true }
            default: continue
            }
        }
        return folders.contains {
            holdsMatchingFiles($0, skippingHidden: skippingHidden, matching: matching, depth: depth + 1)
        }
    }

    /// The folders already found to be inside (or not) the root they were asked about, by folder and root.
    private static let folderVerdicts = Mutex<[String: Bool]>([:])

    /// True when the folder that holds `path`, once its links are followed, is outside `root`: a recording read as
    /// `Recordings/users/get-user.json` where `Recordings/users` links elsewhere. Asked once per folder in a process.
    package static func folderLeadsOutside(of path: String, root: String) -> Bool {
        let folder = AtomicFile.folder(of: path)
        let key = folder + "\u{0}" + root
        if let known = folderVerdicts.withLock({ $0[key] }) { return !known }
        let inside: Bool
        if let resolvedFolder = FilePaths.resolved(folder), let resolvedRoot = FilePaths.resolved(root) {
            inside = FilePaths.isInside(resolvedFolder, resolvedRoot)
        } else {
            // A folder that does not resolve holds no file to read; the read says so.
            inside = true
        }
        folderVerdicts.withLock { $0[key] = inside }
        return !inside
    }
}
