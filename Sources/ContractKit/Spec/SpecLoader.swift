import Foundation

/// Loads a suite of spec files, checks it whole, and reports every error it finds at once.
public struct SpecLoader: Sendable {
    /// Creates a loader.
    public init() {}

    /// Loads every `.yaml`/`.yml` file under `directory` (sorted, recursively) as one suite.
    ///
    /// - Throws: ``ContractErrors`` with every problem found, each with its `file:line:col` and source line.
    public func load(directory: String) throws(ContractErrors) -> SpecSuite {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw ContractErrors([
                ContractError(
                    .io, "the specs folder '\(directory)' does not exist",
                    hint:
                        "run from the folder that holds Specs/, or point \(SettingNames.current[.specs]) at the specs folder"
                )
            ])
        }
        let files: [String]
        var errors: [ContractError] = []
        if isDirectory.boolValue {
            let found = SpecLoader.specFiles(in: directory)
            files = found.files
            errors = found.problems
            guard !files.isEmpty || !errors.isEmpty else {
                throw ContractErrors([
                    ContractError(
                        .io, "no spec files (*.yaml, *.yml) in '\(directory)'",
                        hint: "add a spec such as Specs/users.yaml; see docs/Specs.md for the format")
                ])
            }
        } else {
            files = [directory]
        }
        var sources: [(path: String, text: String)] = []
        for file in files {
            do {
                sources.append((file, try SpecLoader.readText(file)))
            } catch {
                errors.append(error)
            }
        }
        let suite: SpecSuite
        do {
            suite = try load(sources: sources)
        } catch {
            throw ContractErrors(errors + error.errors)
        }
        guard errors.isEmpty else { throw ContractErrors(errors) }
        return suite
    }

    /// Loads a suite from in-memory sources, each a path (for messages) and its YAML text.
    public func load(sources: [(path: String, text: String)]) throws(ContractErrors) -> SpecSuite {
        var errors: [ContractError] = []
        var parsedFiles: [ParsedSpecFile] = []
        var texts: [String: SourceText] = [:]
        for source in sources {
            // Quoted as libyaml counts its lines and columns: without a byte order mark, every line break a `\n`.
            let text = YAMLLoader.normalized(source.text)
            texts[source.path] = SourceText(path: source.path, text: text, lineBreaks: .yaml)
            do {
                let root = try YAMLLoader.load(normalized: text, path: source.path)
                var parser = SpecFileParser(path: source.path)
                parsedFiles.append(parser.parse(root))
                errors += parser.errors
            } catch {
                errors.append(error)
            }
        }

        var shapes: [String: Shape] = [:]
        var shapeLocations: [String: SourceLocation] = [:]
        for file in parsedFiles {
            for (name, shape, location) in file.shapes {
                if let first = shapeLocations[name] {
                    errors.append(
                        ContractError(
                            .invalidShape, "shape '\(name)' is already defined at \(first)", at: location,
                            hint: "shapes are shared by every spec file; rename one of them"))
                    continue
                }
                shapes[name] = shape
                shapeLocations[name] = location
            }
        }

        // Endpoints are large values (over 400 bytes, most of them references): a file's are read in place to check
        // their ids, and its array becomes the suite's (or joins it) rather than each being copied out of it.
        var endpoints: [Endpoint] = []
        var endpointLocations: [String: SourceLocation] = [:]
        endpointLocations.reserveCapacity(parsedFiles.reduce(0) { $0 + $1.endpoints.count })
        for index in parsedFiles.indices {
            let fileEndpoints = parsedFiles[index].endpoints
            parsedFiles[index].endpoints = []
            for position in fileEndpoints.indices {
                let id = fileEndpoints[position].id
                if let first = endpointLocations[id] {
                    errors.append(
                        ContractError(
                            .invalidSpec, "endpoint '\(id)' is already defined at \(first)",
                            at: fileEndpoints[position].location,
                            hint: "two spec files with the same name in different folders share ids; rename one"))
                    continue
                }
                endpointLocations[id] = fileEndpoints[position].location
            }
            // A repeated id is an error, and a suite with errors is not made: the endpoints are kept whole.
            if endpoints.isEmpty { endpoints = fileEndpoints } else { endpoints += fileEndpoints }
        }

        // `history:` is the suite's: files may repeat it, but not disagree.
        var history: HistorySetting?
        for file in parsedFiles {
            guard let setting = file.history else { continue }
            guard let first = history else {
                history = setting
                continue
            }
            if first.path != setting.path {
                errors.append(
                    ContractError(
                        .invalidSpec,
                        "the history file is already set to '\(first.path)' at \(first.location); here it is '\(setting.path)'",
                        at: setting.location,
                        hint:
                            "one suite keeps one history: remove one of the two 'history:' settings, or make them agree"
                    ))
            }
        }

        var resolver = ShapeNameResolver(shapes: shapes)
        for name in shapes.keys.sorted() { resolver.check(shapes[name]!, definingName: name) }
        for file in parsedFiles {
            for body in file.bodyShapes { resolver.check(body, definingName: nil) }
        }
        errors += resolver.errors

        guard errors.isEmpty else {
            let quoted = errors.map { $0.quoting($0.location.flatMap { texts[$0.file] }) }
            let nowhere = SourceLocation(file: "", line: 0, column: 0)
            throw ContractErrors(quoted.sorted { ($0.location ?? nowhere) < ($1.location ?? nowhere) })
        }
        let imported = sources.filter { $0.text.hasPrefix(SpecSuite.importedHeaderPrefix) }.map(\.path)
        var suite = SpecSuite(
            endpoints: endpoints, shapes: shapes, files: sources.map(\.path), importedFiles: Set(imported))
        suite.history = history
        return suite
    }

    /// Spec files under `directory`, sorted so runs are deterministic.
    /// The spec files under `directory` (`*.yaml`, `*.yml`), as paths that start with it, sorted; and the folders
    /// that could not be read and the links out of it, which are not read (``FolderWalk``).
    static func specFiles(in directory: String) -> (files: [String], problems: [ContractError]) {
        let found = FolderWalk.files(in: directory, what: "the specs folder") {
            $0.hasSuffix(".yaml") || $0.hasSuffix(".yml")
        }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return (found.files.map { prefix + $0 }, found.problems)
    }

    /// The text of the spec at `path`; an error naming what stands there instead of a file, or where its text
    /// stops being UTF-8.
    static func readText(_ path: String) throws(ContractError) -> String {
        let data = try InputFile.spec.contents(of: path)
        if let text = String(data: data, encoding: .utf8) { return text }
        let offset = firstNonUTF8Offset(in: data)
        let place = data.withUnsafeBytes {
            SourceLocation(ofByteOffset: offset, in: $0.assumingMemoryBound(to: UInt8.self), file: path)
        }
        throw ContractError(
            .invalidSpec, "the text here is not UTF-8, and a spec is read as UTF-8", at: place,
            hint: "save the file as UTF-8 (an editor's \"encoding\" setting; iconv -f LATIN1 -t UTF-8 converts Latin-1)"
        )
    }

    /// The offset of the first byte of `data` that does not begin a UTF-8 character, or its end when the text is
    /// cut off in the middle of one.
    static func firstNonUTF8Offset(in data: Data) -> Int {
        var offset = 0
        var bytes = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while case .valid(let encoded) = parser.parseScalar(from: &bytes) { offset += encoded.count }
        return offset
    }
}

/// Checks that every named shape exists and that no name is only an alias of itself.
struct ShapeNameResolver {
    let shapes: [String: Shape]
    var errors: [ContractError] = []

    mutating func check(_ shape: Shape, definingName: String?) {
        switch shape.kind {
        case .named(let name):
            if shapes[name] == nil {
                let candidates = ShapeExpressionParser.builtins.keys.sorted() + shapes.keys.sorted()
                let known =
                    shapes.isEmpty
                    ? "no shapes are declared under 'shapes:'"
                    : "declared shapes: \(shapes.keys.sorted().joined(separator: ", "))"
                errors.append(
                    ContractError(
                        .invalidShape, "unknown type '\(name)'\(Suggestions.didYouMean(name, in: candidates))",
                        at: shape.location,
                        hint: "built-in types: String, Int, Double, Bool, Date, URL, UUID, Any "
                            + "(Int64 and Int32 are checked as Int, Float and Decimal as Double); \(known)"))
            } else if let definingName, aliasCycle(from: name, to: definingName) {
                errors.append(
                    ContractError(
                        .invalidShape, "shape '\(definingName)' is defined only in terms of itself", at: shape.location,
                        hint:
                            "a shape can contain itself inside an object, array or dictionary, but not be just another name for itself"
                    ))
            }
        case .optional(let wrapped), .array(let wrapped), .dictionary(let wrapped):
            check(wrapped, definingName: shape.isOptional ? definingName : nil)
        case .object(let object):
            for field in object.fields { check(field.shape, definingName: nil) }
        case .union(let members):
            for member in members { check(member, definingName: definingName) }
        default:
            break
        }
    }

    /// True when following bare names, `?` and union members from `name` leads back to `target`: a shape checked
    /// that way would check itself again against the same value, without end.
    private func aliasCycle(from name: String, to target: String) -> Bool {
        var seen: Set<String> = []
        var names = [name]
        while let current = names.popLast() {
            guard seen.insert(current).inserted, let shape = shapes[current] else { continue }
            if current == target { return true }
            var pending = [shape]
            while let next = pending.popLast() {
                switch next.kind {
                case .named(let other): names.append(other)
                case .optional(let wrapped): pending.append(wrapped)
                case .union(let members): pending += members
                default: break
                }
            }
        }
        return false
    }
}
