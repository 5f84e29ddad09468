import Foundation

/// Reads the inputs of `contract infer`: recordings, HAR files, raw JSON files, and folders of them (searched
/// recursively, in sorted order, so the result never depends on the file system's order).
///
/// A JSON file is a recording when its `format` says `contract-recording/1`; any other JSON is a raw response body,
/// named by its file (`user-1.json` and `user-2.json` are two samples of `user`). A file that cannot be read is a
/// problem reported with its path; the others are still read.
package struct SampleReader: Sendable {
    /// What was read: the samples in input order, and the problems met.
    package struct Result: Sendable {
        package var samples: [ResponseSample] = []
        package var problems: [ContractError] = []
        /// How many raw JSON files (response bodies, not recordings or HAR files) were read.
        package var rawFiles = 0
    }

    /// The request raw JSON files answered (`GET /users/42`), when the user named it; nil to guess it from each
    /// file's name.
    package var request: (method: String, path: String)?

    /// A reader; `request` names the request of the raw JSON files read.
    package init(request: (method: String, path: String)? = nil) {
        self.request = request
    }

    /// Refuses a body nested deeper than a spec can hold (``HARImport/maximumDepth``), before anything walks it.
    static func checkDepth(of recording: Recording, source: String) throws(ContractError) {
        guard case .json(let value)? = recording.response.body, HARImport.depth(of: value) > HARImport.maximumDepth
        else { return }
        throw ContractError(
            .invalidRecording,
            "\(source): the response body nests deeper than \(HARImport.maximumDepth) levels, more than a spec can hold",
            hint: "the file is skipped; the others are read")
    }

    /// Reads every path given: files, and folders searched for `.har` and `.json` files.
    package func read(_ paths: [String]) -> Result {
        var result = Result()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                // A link that loops or leads nowhere is there, and says which.
                var link = stat()
                if lstat(path, &link) == 0 {
                    result.problems.append(InputFile.sample.unreadable(path))
                    continue
                }
                result.problems.append(
                    ContractError(
                        .io, "'\(path.escapingNonPrintables())' does not exist",
                        hint: "give recordings, HAR files, raw JSON files, or folders of them"))
                continue
            }
            if isFolder.boolValue {
                let found = Self.files(under: path)
                result.problems += found.problems
                for file in found.files { readFile(file, into: &result) }
            } else {
                readFile(path, into: &result)
            }
        }
        return result
    }

    /// The `.har` and `.json` files under `folder`, sorted by path, with hidden files and folders left out; and what
    /// could not be walked (a folder that cannot be read, a link out of the folder or to a folder: ``FolderWalk``).
    static func files(under folder: String) -> FolderWalk.Found {
        var found = FolderWalk.files(in: folder, what: "'\(folder.escapingNonPrintables())'", skippingHidden: true) {
            let lowered = $0.lowercased()
            return lowered.hasSuffix(".har") || lowered.hasSuffix(".json")
        }
        found.files = found.files.map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
        return found
    }

    private func readFile(_ path: String, into result: inout Result) {
        if path.lowercased().hasSuffix(".har") {
            do {
                let (samples, problems) = try HARImport.samples(fromFileAt: path)
                result.samples += samples
                result.problems += problems
            } catch {
                result.problems.append(error)
            }
            return
        }
        do {
            let data = try InputFile.sample.contents(of: path)
            let value = try JSONParser().parse([UInt8](data), file: path)
            if case .object(let object) = value, object["format"]?.stringValue == Recording.formatID {
                let recording = try Recording(json: value, file: path)
                try Self.checkDepth(of: recording, source: path)
                let name = recording.endpoint.split(separator: "/").last.map(String.init)
                result.samples.append(
                    ResponseSample(source: path, endpointName: name, recording: recording, recordingFile: path))
            } else {
                let recording = Recording(
                    endpoint: "",
                    request: Recording.Request(
                        method: request?.method ?? "GET", url: request?.path ?? "/" + Self.sampleName(ofFile: path)),
                    response: Recording.Response(
                        status: 200, headers: [Recording.Header(name: "Content-Type", value: "application/json")],
                        body: .json(value)))
                result.rawFiles += 1
                try Self.checkDepth(of: recording, source: path)
                // With `request`, the files are samples of the endpoint it names, grouped by its path as HAR entries
                // are; without, each file names its endpoint, and the request line is a guess.
                result.samples.append(
                    ResponseSample(
                        source: path, endpointName: request == nil ? Self.sampleName(ofFile: path) : nil,
                        recording: recording, requestIsGuessed: request == nil))
            }
        } catch {
            result.problems.append(error)
        }
    }

    /// `user-2.json` → `user`, `orders.json` → `orders`: a raw file's endpoint, numbered samples together.
    static func sampleName(ofFile path: String) -> String {
        var stem = Substring((path as NSString).lastPathComponent)
        if let dot = stem.lastIndex(of: ".") { stem = stem[..<dot] }
        if let separator = stem.lastIndex(where: { $0 == "-" || $0 == "_" || $0 == "." }),
            separator != stem.startIndex, stem[stem.index(after: separator)...].allSatisfy(\.isNumber),
            stem.index(after: separator) != stem.endIndex
        {
            stem = stem[..<separator]
        }
        let cleaned = String(
            stem.lowercased().unicodeScalars.map { scalar -> Character in
                ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? Character(scalar) : "-"
            }
        ).split(separator: "-").joined(separator: "-")
        return cleaned.isEmpty ? "body" : cleaned
    }
}
