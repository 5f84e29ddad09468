import Foundation

/// Turns an OpenAPI 3.0 or 3.1 document into spec files: each operation an endpoint, each schema a named shape.
///
/// Whatever the importer cannot carry over is a problem with its JSON pointer, and the rest is still imported.
/// The same document always gives the same files, in the document's own order.
package struct OpenAPIImporter {
    /// What to import and how to lay it out.
    package struct Options: Sendable {
        /// The spec file's name (without `.yaml`); nil for the document's file name.
        package var name: String?
        /// Globs; only operations whose id, endpoint name or path matches one are imported. Empty: all.
        package var filters: [String]
        /// Written before every path: `/v1`.
        package var basePath: String
        /// One spec file per operation tag (the first), beside the file of shapes.
        package var splitByTags: Bool

        /// Creates options.
        package init(name: String? = nil, filters: [String] = [], basePath: String = "", splitByTags: Bool = false) {
            self.name = name
            self.filters = filters
            self.basePath = basePath
            self.splitByTags = splitByTags
        }
    }

    /// The spec files to write, and what could not be imported.
    package struct Result: Sendable {
        /// Each spec file's name (without `.yaml`) and content, in order.
        package var files: [(name: String, document: SpecDocument)]
        /// What was left out or approximated, in document order.
        package var problems: [OpenAPIImportProblem]
        /// The response examples the document gives for each imported endpoint, by endpoint name.
        package var examples: [String: [(name: String, body: JSONValue)]]
        /// How many endpoints were imported.
        package var endpointCount: Int
        /// How many named shapes the document's schemas made. The files may declare more: an object that YAML
        /// cannot write where it stands is given a name when a file is written (``Written/shapeCount``).
        package var shapeCount: Int
        /// How many operations were left out because of problems.
        package var skippedOperations: Int
    }

    static let methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

    private let options: Options

    /// An importer with `options`.
    package init(options: Options = Options()) {
        self.options = options
    }

    /// Imports the document at `path`.
    ///
    /// - Throws: when the file cannot be read or is not an OpenAPI 3 document at all.
    package func importDocument(at path: String) throws(ContractError) -> Result {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let files = OpenAPIFiles(mainPath: absolute)
        let root = try files.value(of: absolute)
        guard let document = root.objectValue else {
            throw ContractError(
                .invalidSpec, "\(path) is not an OpenAPI document: it holds \(root.kindDescription)",
                hint: "give the path of an OpenAPI 3.0 or 3.1 document (YAML or JSON)")
        }
        guard let version = document["openapi"]?.stringValue ?? document["openapi"]?.numberValue?.literal,
            version.hasPrefix("3.")
        else {
            if document["swagger"] != nil {
                throw ContractError(
                    .invalidSpec, "\(path) is a Swagger 2.0 document; only OpenAPI 3.0 and 3.1 are imported",
                    hint: "convert it first (for example with swagger2openapi), then import the result")
            }
            throw ContractError(
                .invalidSpec, "\(path) has no 'openapi: 3.x' field at #/openapi",
                hint: "give the path of an OpenAPI 3.0 or 3.1 document (YAML or JSON)")
        }
        var run = OpenAPIImportRun(
            files: files, root: root, document: document, version: version, options: options,
            sourceName: (path as NSString).lastPathComponent)
        return run.run()
    }
}

extension OpenAPIImporter.Result {
    /// The first line of every file the import writes: what a re-import may overwrite without `--force`.
    static let headerPrefix = SpecSuite.importedHeaderPrefix

    /// Writes each spec file into `folder` (made when missing), whole or not at all; a file whose text would not
    /// change is left untouched. Returns the paths written or already up to date, in order.
    ///
    /// - Throws: before writing anything, when a file to replace was not written by `import openapi` (a
    ///   hand-written spec) and `force` is false.
    /// The files an import wrote, and how many named shapes they declare.
    package struct Written: Sendable {
        package var paths: [String]
        package var shapeCount: Int
    }

    package func write(into folder: String, force: Bool = false) throws(ContractError) -> Written {
        let writer = SpecYAMLWriter()
        // What would stop a file being written is looked for before any is: a folder where a file goes, or (unless
        // forced) a spec that the import did not write.
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name + ".yaml")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                throw ContractError(
                    .io, "'\(path)' is a folder, where the import writes a spec file; nothing was written",
                    hint: "move the folder away, or pass --name or --output to write the import elsewhere")
            }
            guard !force, let existing = FileManager.default.contents(atPath: path) else { continue }
            if !String(decoding: existing.prefix(200), as: UTF8.self).hasPrefix(Self.headerPrefix) {
                throw ContractError(
                    .io,
                    "'\(path)' exists and was not written by `contract import openapi`; nothing was written",
                    hint: "pass --force to replace it, or --name or --output to write the import elsewhere")
            }
        }
        var paths: [String] = []
        var shapeCount = 0
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name + ".yaml")
            let (text, shapes) = writer.rendered(file.document)
            shapeCount += shapes
            let data = Data(text.utf8)
            if FileManager.default.contents(atPath: path) != data {
                do {
                    try AtomicFile.write(data, to: path)
                } catch {
                    var failure = WriteFailure.error(
                        writing: path, error, otherwise: "check that the folder '\(folder)' is writable")
                    // Each file is whole or not there; those before it are, and say so.
                    if !paths.isEmpty {
                        failure.message +=
                            " (\(paths.count) written before it: \(paths.map { ($0 as NSString).lastPathComponent }.joined(separator: ", ")))"
                    }
                    throw failure
                }
            }
            paths.append(path)
        }
        return Written(paths: paths, shapeCount: shapeCount)
    }
}
