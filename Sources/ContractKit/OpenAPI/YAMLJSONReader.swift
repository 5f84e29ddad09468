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
    private let limits = YAMLComposer.Limits()

    /// The value of the one document in `text`, or nil when it is empty.
    static func read(_ text: String, path: String) throws(ContractError) -> JSONValue? {
        let text = YAMLLoader.normalized(text)
        do throws(ContractError) {
            let parser = LibYAMLEventParser(text: text, path: path)
            var reader = YAMLJSONReader()
            var documents = 0
            while true {
                let event = try parser.nextEvent()
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
        } catch {
            throw error.quoting(SourceText(path: path, text: text))
        }
    }

    private mutating func consume(_ event: YAMLEvent) throws(ContractError) {
        switch event {
        case .scalar(let scalar, let anchor, let location):
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
                last.isMapping ? .object(JSONObject(Self.merged(last.entries))) : .array(last.elements)
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

    private static func size(of value: JSONValue) -> Int {
        switch value {
        case .array(let elements): return 1 + elements.reduce(0) { $0 + size(of: $1) }
        case .object(let object): return 1 + object.entries.reduce(0) { $0 + size(of: $1.value) }
        default: return 1
        }
    }
}
