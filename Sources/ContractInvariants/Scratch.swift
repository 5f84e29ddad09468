import Foundation

/// One temporary folder per process for the files a check reads, removed when the process exits normally.
///
/// Each input overwrites the same few files and removes them after, so a long run leaves nothing behind; a crash
/// leaves the folder, which `Fuzz/run.sh` cleans up by putting TMPDIR inside `Fuzz/.build`.
final class Scratch: Sendable {
    /// The folder, created on first use.
    static let shared = Scratch()

    /// The folder's path, without a trailing slash.
    let path: String

    private init() {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base + "/contract-invariants.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("cannot create a temporary folder in \(base)") }
        path = String(cString: made)
        atexit { try? FileManager.default.removeItem(atPath: Scratch.shared.path) }
    }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes `bytes` to `name` inside the folder (creating the folders on the way) and returns its path.
    @discardableResult
    func write(_ bytes: UnsafeBufferPointer<UInt8>, to name: String) -> String {
        let target = file(name)
        let folder = (target as NSString).deletingLastPathComponent
        if folder != path {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // Plain POSIX writes: an atomic, synced write costs milliseconds an input.
        let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { fatalError("cannot write the scratch file \(target)") }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = Foundation.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            guard count > 0 else { fatalError("cannot write the scratch file \(target)") }
            written += count
        }
        return target
    }

    /// Removes `name` from the folder, if it is there.
    func remove(_ name: String) { try? FileManager.default.removeItem(atPath: file(name)) }
}
