import Foundation

extension GeneratedModels {
    /// Writes the files into `folder` (created when missing), each whole or not at all; a file whose text is already
    /// there is left untouched, so a build that depends on it does not run again.
    ///
    /// - Returns: the paths written, and the unchanged ones.
    /// - Throws: ``ContractError`` (`io`) naming the file that could not be written; files before it are written.
    package func write(to folder: String) throws(ContractError) -> (written: [String], unchanged: [String]) {
        var written: [String] = []
        var unchanged: [String] = []
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name)
            let data = Data(file.text.utf8)
            if FileManager.default.contents(atPath: path) == data {
                unchanged.append(path)
                continue
            }
            do {
                try AtomicFile.write(data, to: path)
            } catch {
                throw ContractError(
                    .io, "cannot write '\(path)': \(error.localizedDescription)",
                    hint: "check that the output folder is writable, or pass another one with --output")
            }
            written.append(path)
        }
        return (written, unchanged)
    }
}
