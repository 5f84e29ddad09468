/// Reads a YAML document straight into a JSON value from libyaml's events, without building the located node tree
/// that spec files need: an OpenAPI document of several megabytes then takes about half the memory.
///
/// Plain scalars are read as JSON reads them (`null`, `true`, numbers); quoted ones are strings. Aliases are copies
/// of their anchored values and merge keys (`<<: *base`) add the keys not written beside them, as in spec files,
/// within the same bounds on size and depth as ``YAMLComposer``.
struct YAMLJSONReader {
    /// A sequence or mapping still open, changed in place on the stack so that appending never copies it.
    private struct Frame {
        var isMapping: Bool
        var anchor: String?
        var elements: [JSONValue] = []
        var entries: [JSONObject.Entry] = []
        var key: String?
    }

    private var stack: [Frame] = []
    private var anchors: [String: (value: JSONValue, size: Int)] = [:]
    private var root: JSONValue?
    private var nodeCount = 0
    /// One copy of each text too long to be stored inline in a `String` (over 15 bytes): a document repeats its keys
    /// (`additionalProperties`), `$ref`s and boilerplate descriptions thousands of times.
    private var texts: Set<String> = []
    private let limits = YAMLComposer.Limits()

    /// The value of the one document in `text`, or nil when it is empty.
    static func read(_ text: String, path: String) throws(ContractError) -> JSONValue? {
        try read(bytes: Array(text.utf8), path: path)
    }

    /// The value of the one document in the UTF-8 `bytes`, or nil when it is empty. libyaml reads the bytes where
    /// they are: the document's text is held once while its values grow beside it.
    static func read(bytes: [UInt8], path: String) throws(ContractError) -> JSONValue? {
        var bytes = bytes
        YAMLLoader.normalize(&bytes)
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(ContractError) -> JSONValue? in
                try read(LibYAMLEventParser(borrowing: buffer, path: path))
            }
        }
        do throws(ContractError) {
            return try result.get()
        } catch {
            throw error.quoting(SourceText(path: path, text: String(decoding: bytes, as: UTF8.self), lineBreaks: .yaml))
        }
    }

    /// The value of the one document in the mapped `file` (UTF-8, no byte order mark, no carriage return), or nil
    /// when it is empty. The pages libyaml has taken in are given back as it goes: the values grow while the text
    /// shrinks, and peak memory is about the values alone.
    static func read(mapped file: MappedFile, path: String) throws(ContractError) -> JSONValue? {
        let bytes = file.bytes.assumingMemoryBound(to: UInt8.self)
        do throws(ContractError) {
            return try read(LibYAMLEventParser(borrowing: bytes, path: path), releasingBehind: file)
        } catch {
            throw error.quoting(SourceText(path: path, text: String(decoding: bytes, as: UTF8.self), lineBreaks: .yaml))
        }
    }

    /// Bytes taken in by libyaml between two `releaseBytes` calls: one call per megabyte.
    private static let releaseStep = 1 << 20

    private static func read(_ parser: LibYAMLEventParser, releasingBehind file: MappedFile? = nil)
        throws(ContractError) -> JSONValue?
    {
        var reader = YAMLJSONReader()
        var documents = 0
        var released = 0
        while true {
            let event = try parser.nextEvent()
            if let file, parser.bytesTaken >= released + Self.releaseStep {
                released = parser.bytesTaken
                file.releaseBytes(before: released)
            }
            switch event {
            case .streamEnd:
                return reader.root
            case .documentStart(let location):
                documents += 1
                if documents > 1 {
                    throw ContractError(
                        .yamlSyntax, "a second YAML document starts here; a file may hold only one", at: location)
                }
            default:
                try reader.consume(event)
            }
        }
    }

    private mutating func consume(_ event: YAMLEvent) throws(ContractError) {
        switch event {
        case .scalar(var scalar, let anchor, let location):
            if scalar.value.utf8.count > 15 { scalar.value = texts.insert(scalar.value).memberAfterInsert }
            let value =
                scalar.style == .plain && (scalar.tag == nil || scalar.tag == "tag:yaml.org,2002:int")
                ? YAMLJSONValue.plain(scalar.value) : .string(scalar.value)
            try count(1, at: location)
            if let anchor { anchors[anchor] = (value, 1) }
            try attach(value, isKeyText: scalar.value, at: location)
        case .alias(let anchor, let location):
            guard let anchored = anchors[anchor] else {
                throw ContractError(.yamlSyntax, "unknown alias '*\(anchor)'", at: location)
            }
            try count(anchored.size, at: location)
            try attach(anchored.value, isKeyText: anchored.value.stringValue, at: location)
        case .sequenceStart(let anchor, _, let location):
            try open(Frame(isMapping: false, anchor: anchor), at: location)
        case .mappingStart(let anchor, _, let location):
            try open(Frame(isMapping: true, anchor: anchor), at: location)
        case .sequenceEnd, .mappingEnd:
            guard let last = stack.popLast() else { return }
            let value: JSONValue =
                last.isMapping
                ? .object(JSONObject(Self.compacted(Self.merged(last.entries)))) : .array(Self.compacted(last.elements))
            let anchor = last.anchor
            if let anchor { anchors[anchor] = (value, Self.size(of: value)) }
            try attach(value, isKeyText: nil, at: nil)
        default:
            break
        }
    }

    private mutating func open(_ frame: Frame, at location: SourceLocation) throws(ContractError) {
        guard stack.count < limits.maximumDepth else {
            throw ContractError(
                .yamlSyntax, "the document nests deeper than \(limits.maximumDepth) levels", at: location)
        }
        if let last = stack.last, last.isMapping, last.key == nil {
            throw ContractError(
                .yamlSyntax, "a mapping key must be text, not a list or mapping", at: location,
                hint: "OpenAPI keys are names, paths and status codes")
        }
        try count(1, at: location)
        stack.append(frame)
    }

    private mutating func attach(_ value: JSONValue, isKeyText key: String?, at location: SourceLocation?)
        throws(ContractError)
    {
        guard !stack.isEmpty else {
            root = value
            return
        }
        let top = stack.count - 1
        if !stack[top].isMapping {
            stack[top].elements.append(value)
        } else if let pending = stack[top].key {
            stack[top].entries.append(JSONObject.Entry(key: pending, value: value))
            stack[top].key = nil
        } else {
            guard let key else {
                throw ContractError(
                    .yamlSyntax, "a mapping key must be text, not a list or mapping", at: location,
                    hint: "OpenAPI keys are names, paths and status codes")
            }
            stack[top].key = key
        }
    }

    private mutating func count(_ nodes: Int, at location: SourceLocation) throws(ContractError) {
        nodeCount += nodes
        guard nodeCount <= limits.maximumNodeCount else {
            throw ContractError(
                .yamlSyntax, "the document grows past \(limits.maximumNodeCount) nodes once aliases are expanded",
                at: location)
        }
    }

    /// The entries with each `<<` merge spliced in: keys written in the mapping win, then earlier merges.
    private static func merged(_ entries: [JSONObject.Entry]) -> [JSONObject.Entry] {
        guard entries.contains(where: { $0.key == "<<" }) else { return entries }
        var result = entries.filter { $0.key != "<<" }
        var seen = Set(result.map(\.key))
        for entry in entries where entry.key == "<<" {
            let sources: [JSONValue]
            if case .array(let list) = entry.value { sources = list } else { sources = [entry.value] }
            for case .object(let object) in sources {
                for merged in object.entries where seen.insert(merged.key).inserted { result.append(merged) }
            }
        }
        return result
    }

    /// `array` in an allocation of its own size: appending doubled its capacity as it grew, and the values of a
    /// large document would keep the unused part (a fifth of the whole) for the rest of the import.
    private static func compacted<Element>(_ array: [Element]) -> [Element] {
        guard array.capacity - array.count >= max(2, array.count / 8) else { return array }
        return [Element](unsafeUninitializedCapacity: array.count) { buffer, count in
            _ = buffer.initialize(fromContentsOf: array)
            count = array.count
        }
    }

    private static func size(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return 1 + elements.reduce(0) { $0 + size(of: $1) }
        case .object(let object): return 1 + object.entries.reduce(0) { $0 + size(of: $1.value) }
        default: return 1
        }
    }
}
