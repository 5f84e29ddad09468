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

    init(mainPath: String) {
        self.mainPath = mainPath
    }

    /// The value of the file at `path` (relative paths are taken from the main document's folder).
    func value(of path: String) throws(ContractError) -> JSONValue {
        if let value = values[path] { return value }
        if let failure = failures[path] { throw failure }
        do {
            let value = try Self.read(path)
            values[path] = value
            return value
        } catch {
            failures[path] = error
            throw error
        }
    }

    /// The path of `reference` (a relative file name in a `$ref`) as seen from the file `base`.
    func path(of reference: String, from base: String) -> String {
        if reference.hasPrefix("/") { return reference }
        let folder = (base as NSString).deletingLastPathComponent
        return ((folder.isEmpty ? reference : folder + "/" + reference) as NSString).standardizingPath
    }

    /// Reads a YAML or JSON file as a JSON value.
    static func read(_ path: String) throws(ContractError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ContractError(
                .io, "cannot read '\(path)'", hint: "check the path; relative $refs are read from the document's folder"
            )
        }
        let bytes = [UInt8](data)
        let firstSignificant = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        if path.lowercased().hasSuffix(".json") || firstSignificant == UInt8(ascii: "{") {
            return try JSONParser().parse(bytes, file: path)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ContractError(.io, "'\(path)' is not UTF-8 text", hint: "save the document as UTF-8")
        }
        guard let root = try YAMLLoader.load(text, path: path) else {
            throw ContractError(.invalidSpec, "'\(path)' is empty", hint: "give the path of an OpenAPI 3 document")
        }
        return YAMLJSONValue.value(of: root)
    }
}

/// YAML nodes as JSON values, with YAML's plain scalars read as JSON reads them: `null`, `true`, numbers.
enum YAMLJSONValue {
    static func value(of node: YAMLNode) -> JSONValue {
        switch node.content {
        case .scalar(let scalar):
            guard scalar.style == .plain, scalar.tag == nil || scalar.tag == "tag:yaml.org,2002:int" else {
                return .string(scalar.value)
            }
            return plain(scalar.value)
        case .sequence(let items):
            return .array(items.map(value(of:)))
        case .mapping(let pairs):
            return .object(
                JSONObject(pairs.map { JSONObject.Entry(key: $0.key.scalarValue ?? "", value: value(of: $0.value)) }))
        }
    }

    private static func plain(_ text: String) -> JSONValue {
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
