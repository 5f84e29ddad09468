import Foundation

/// The OpenAPI document being imported and the files its `$ref`s lead to, each read once as a JSON value.
///
/// YAML and JSON documents alike: a `.json` file (or one whose text starts with `{`) goes through the JSON parser,
/// which is several times faster on a large document; anything else through the YAML loader, then converted.
final class OpenAPIFiles {
    /// The document named on the command line, as given.
    let mainPath: String
    private var values: [String: JSONValue] = [:]
    private var failures: [String: ContractError] = [:]

    /// The folder holding the main document, symbolic links resolved: `$ref`s are read only inside it.
    let folder: String

    /// True when the main document is a pipe or a terminal (`<(curl -s ...)`, `/dev/stdin`): it is read to its end,
    /// and its folder is the current one.
    let mainIsPipe: Bool
    /// What else than a regular file, a pipe or a terminal stands at the main document's path (a folder, a socket),
    /// in the words of a message; nil otherwise.
    private let mainIsNoDocument: String?

    init(mainPath: String) {
        self.mainPath = mainPath
        var info = stat()
        let kind = stat(mainPath, &info) == 0 ? FileKind.nonRegular(info) : nil
        mainIsPipe = kind != nil && [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT)
        mainIsNoDocument = mainIsPipe ? nil : kind
        let parent = mainIsPipe ? "" : (mainPath as NSString).deletingLastPathComponent
        folder = URL(fileURLWithPath: parent.isEmpty ? "." : parent).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// True when `path` (after `..` and symbolic links) is not inside the main document's folder: a document
    /// from elsewhere must not read, and copy into a spec, whatever files sit beside it.
    func isOutsideFolder(_ path: String) -> Bool {
        // A URL is no path on this machine: reading it is refused as remote (``value(of:)``), not as outside.
        if path == mainPath || Self.isRemote(path) { return false }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
        return !(resolved.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/"))
    }

    /// The problem for a `$ref` that leads outside the document's folder.
    func outsideFolderProblem(_ reference: String, pointer: String, then: String) -> OpenAPIImportProblem {
        OpenAPIImportProblem(pointer: pointer, outsideFolderWords(reference), then: then)
    }

    /// Why a `$ref` that leads outside the document's folder is not followed.
    func outsideFolderWords(_ reference: String) -> OpenAPIImportProblem.Words {
        .init(
            message: "the $ref '\(reference)' leads outside the document's folder \(folder); it is not read",
            hint: "copy the file into the document's folder and point the $ref there")
    }

    /// `path` as written in a problem: relative to the main document's folder when inside it.
    func displayName(of path: String) -> String {
        let parent = (mainPath as NSString).deletingLastPathComponent
        guard !parent.isEmpty, path.hasPrefix(parent + "/") else { return path }
        return String(path.dropFirst(parent.count + 1))
    }

    /// The value of the file at `path` (relative paths are taken from the main document's folder).
    ///
    /// - Throws: when the file cannot be read, or lies outside the main document's folder.
    func value(of path: String) throws(ContractError) -> JSONValue {
        if Self.isRemote(path) {
            throw ContractError(
                .invalidSpec, "'\(path.escapingNonPrintables())' is a remote document; remote $refs are not fetched",
                hint: "download it beside the document (curl -o) and point the $ref at the local file")
        }
        if isOutsideFolder(path) {
            throw ContractError(
                .invalidSpec, "'\(path)' is outside the folder of the document \(folder); it is not read",
                hint: "copy the file into the document's folder and point the $ref there")
        }
        if let value = values[path] { return value }
        if let failure = failures[path] { throw failure }
        do throws(ContractError) {
            // The main document may be a pipe (`<(curl ...)`), read to its end; a file a $ref names must be a file,
            // as reading a pipe no one writes to would wait for good.
            var value: JSONValue
            if path != mainPath {
                try Self.requireRegularFile(path)
                value = try Self.read(path)
            } else if let kind = mainIsNoDocument {
                throw ContractError(
                    .io, "'\(path.escapingNonPrintables())' is \(kind), not a document",
                    hint: "give the OpenAPI document's file (YAML or JSON)")
            } else if mainIsPipe {
                value = try Self.parse(
                    Self.readStream(path), path: path, isJSONName: path.lowercased().hasSuffix(".json"))
            } else {
                value = try Self.read(path)
            }
            if path == mainPath { OpenAPIRequestSchemas.prune(&value) }
            values[path] = value
            return value
        } catch {
            failures[path] = error
            throw error
        }
    }

    /// The value `reference` leads to, at `place`; or why it leads nowhere, in the words of a problem: the file
    /// cannot be read (and why), or holds nothing at the pointer.
    func value(of reference: String, at place: (file: String, pointer: String)) -> Result<
        JSONValue, OpenAPIImportProblem.Words
    > {
        let root: JSONValue
        do {
            root = try value(of: place.file)
        } catch {
            return .failure(
                .init(
                    message: "the $ref '\(reference)' leads to a file that cannot be read: \(error.message)",
                    hint: error.hint))
        }
        guard let value = JSONPointer.value(at: place.pointer, in: root) else {
            return .failure(
                .init(
                    message:
                        "the $ref '\(reference)' leads nowhere: \(place.file == mainPath ? "the document" : "'\(displayName(of: place.file))'") has nothing at '#\(place.pointer)'",
                    hint: nil))
        }
        return .success(value)
    }

    /// Throws unless `path` is a regular file (or a link to one), saying what it is instead.
    static func requireRegularFile(_ path: String) throws(ContractError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ContractError(
                .io, "'\(path)': \(String(cString: strerror(errno)))",
                hint: "check the path; relative $refs are read from the document's folder")
        }
        guard let kind = FileKind.nonRegular(info) else { return }
        throw ContractError(
            .io, "'\(path)' is \(kind), not a document", hint: "point the $ref at a YAML or JSON file")
    }

    /// True for a `$ref` to a URL (`https://example.com/common.yaml`), which is not fetched: an import reads files.
    static func isRemote(_ reference: String) -> Bool {
        guard let colon = reference.range(of: "://") else { return false }
        let scheme = reference[..<colon.lowerBound]
        // A `file:` URL names a file here: read as its path, inside the document's folder only.
        return !scheme.isEmpty && scheme.lowercased() != "file"
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// The path of `reference` (a relative file name in a `$ref`) as seen from the file `base`.
    func path(of reference: String, from base: String) -> String {
        if reference.hasPrefix("/") || Self.isRemote(reference) { return reference }
        if reference.lowercased().hasPrefix("file://"), let url = URL(string: reference), url.isFileURL {
            return url.standardizedFileURL.path
        }
        let folder = base == mainPath && mainIsPipe ? "" : (base as NSString).deletingLastPathComponent
        return ((folder.isEmpty ? reference : folder + "/" + reference) as NSString).standardizingPath
    }

    /// Reads a YAML or JSON file as a JSON value.
    ///
    /// A YAML file is mapped and libyaml reads it in place, giving back the pages it has read as it goes; one that
    /// must be changed first (a byte order mark, `\r\n` line ends) is read once into one buffer, as is JSON, which
    /// the JSON parser reads in place. A document of megabytes is never held as data, bytes and text besides.
    static func read(_ path: String) throws(ContractError) -> JSONValue {
        let isJSONName = path.lowercased().hasSuffix(".json")
        if !isJSONName, let mapped = MappedFile(path: path), Self.isYAMLToReadInPlace(mapped.bytes) {
            guard Self.isUTF8(mapped.bytes) else { throw Self.notUTF8(path) }
            mapped.releaseBytes(before: mapped.bytes.count)
            guard let root = try YAMLJSONReader.read(mapped: mapped, path: path) else { throw Self.empty(path) }
            return root
        }
        guard
            let bytes = MappedFile.readSmall(path: path, limit: Int.max)
                ?? FileManager.default.contents(atPath: path).map({ [UInt8]($0) })
        else {
            throw ContractError(
                .io, "cannot read '\(path)'", hint: "check the path; relative $refs are read from the document's folder"
            )
        }
        return try parse(bytes, path: path, isJSONName: isJSONName)
    }

    /// The document `bytes`, read from `path`: JSON when named so or when it starts with `{`, else YAML.
    private static func parse(_ bytes: [UInt8], path: String, isJSONName: Bool) throws(ContractError) -> JSONValue {
        if isJSONName || Self.firstSignificantByte(bytes) == UInt8(ascii: "{") {
            return try JSONParser().parse(bytes, file: path)
        }
        guard Self.isUTF8(bytes) else { throw Self.notUTF8(path) }
        guard let root = try YAMLJSONReader.read(bytes: consume bytes, path: path) else { throw Self.empty(path) }
        return root
    }

    /// The most read from a pipe: a document larger than any published one, and short of exhausting memory.
    static let mostFromAPipe = 1 << 30

    /// Everything that comes from the pipe (or terminal) at `path` until it ends.
    private static func readStream(_ path: String) throws(ContractError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ContractError(
                .io, "cannot read '\(path.escapingNonPrintables())': \(String(cString: strerror(errno)))",
                hint: "check that whatever writes to it is running")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let count = Foundation.read(descriptor, chunk.baseAddress, chunk.count)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw ContractError(
                    .io, "cannot read '\(path.escapingNonPrintables())': \(String(cString: strerror(errno)))",
                    hint: "check that whatever writes to it is running")
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            guard bytes.count <= mostFromAPipe else {
                throw ContractError(
                    .io, "'\(path.escapingNonPrintables())' gave more than 1 GiB; that is no OpenAPI document",
                    hint: "save the document to a file and check what it is")
            }
        }
    }

    private static func notUTF8(_ path: String) -> ContractError {
        ContractError(.io, "'\(path)' is not UTF-8 text", hint: "save the document as UTF-8")
    }

    private static func empty(_ path: String) -> ContractError {
        ContractError(
            .invalidSpec, "'\(path)' is empty",
            hint: "an empty file holds no document: check that it was saved whole, or give another path")
    }

    private static func firstSignificantByte<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt8? {
        bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
    }

    /// True for YAML that libyaml may read as it is: not JSON text, no byte order mark and no `\r` to normalize.
    private static func isYAMLToReadInPlace(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress, firstSignificantByte(bytes) != UInt8(ascii: "{"),
            !bytes.starts(with: [0xEF, 0xBB, 0xBF])
        else { return false }
        return memchr(base, 0x0D, bytes.count) == nil
    }

    /// True when `bytes` are valid UTF-8; checked in place, without making a string of them.
    static func isUTF8<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = Unicode.UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}

/// YAML's plain scalars read as JSON reads them.
enum YAMLJSONValue {
    /// `null`, `true`, `false` and numbers as JSON values; any other plain text as a string.
    static func plain(_ text: String) -> JSONValue {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE": return .bool(true)
        case "false", "False", "FALSE": return .bool(false)
        default: break
        }
        guard let first = text.utf8.first, first == UInt8(ascii: "-") || (48...57).contains(first) else {
            return .string(text)
        }
        if let number = try? JSONParser().parse(text), case .number = number { return number }
        return .string(text)
    }
}
