/// Builds the ``YAMLNode`` tree of a one-document stream from its events, one event at a time.
///
/// Aliases become copies of their anchored nodes and merge keys (`<<: *base`) are resolved here.
/// Duplicate keys, a second document, unknown aliases and documents that grow past ``Limits`` are errors.
/// Work is kept on an explicit stack, so deep nesting cannot exhaust the call stack.
struct YAMLComposer {
    /// Bounds that keep hostile input from exhausting memory.
    struct Limits: Sendable {
        /// The most nodes a document may hold with every alias expanded (guards against "billion laughs").
        var maximumNodeCount = 1_000_000
        /// The deepest nesting of sequences and mappings.
        var maximumDepth = 256
        /// The most bytes of scalar text a document may hold with every alias expanded: ten aliases of a long
        /// value are ten copies of it, in memory and in every message that quotes it.
        var maximumTextBytes = 64 << 20
    }

    /// The document's root once ``YAMLEvent/streamEnd`` has been consumed; nil when the stream held no
    /// document or only an empty one (`---` alone).
    var document: YAMLNode? {
        guard let root, case .scalar(let scalar) = root.content else { return root }
        return scalar.style == .plain && scalar.value.isEmpty && scalar.tag == nil ? nil : root
    }

    private var root: YAMLNode?

    private let limits: Limits
    private var openCollections: [OpenCollection] = []
    private var anchors: [String: AnchoredNode] = [:]
    /// Nodes built so far, each alias counted as the size of what it copies.
    private var nodeCount = 0
    /// Bytes of scalar text so far, each alias counted as the text of what it copies.
    private var textBytes = 0
    private var documentCount = 0

    /// Creates a composer with the given bounds.
    init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Adds the next event of the stream to the tree.
    mutating func consume(_ event: YAMLEvent) throws(ContractError) {
        switch event {
        case .streamStart, .documentEnd, .streamEnd:
            break
        case .documentStart(let location):
            guard documentCount == 0 else {
                throw ContractError(
                    .yamlSyntax, "a second YAML document starts here; a file may hold only one", at: location,
                    hint: "remove the '---' (or '...') separator, or move the second document to a file of its own")
            }
            documentCount += 1
        case .scalar(let scalar, let anchor, let location):
            let bytes = scalar.value.utf8.count
            try count(1, bytes: bytes, at: location)
            let node = YAMLNode(.scalar(scalar), at: location)
            if let anchor { anchors[anchor] = AnchoredNode(node: node, size: 1, textBytes: bytes) }
            try attach(node)
        case .alias(let anchor, let location):
            guard let anchored = anchors[anchor] else {
                throw ContractError(
                    .yamlSyntax, "unknown alias '*\(anchor)'; no anchor '&\(anchor)' comes before it", at: location,
                    hint: "mark the node to reuse with '&\(anchor)' above this line, "
                        + "or put the value in quotes if it is text")
            }
            try count(anchored.size, bytes: anchored.textBytes, at: location)
            var node = anchored.node
            node.location = location
            try attach(node)
        case .sequenceStart(let anchor, let isFlow, let location):
            try open(isMapping: false, anchor: anchor, isFlow: isFlow, at: location)
        case .mappingStart(let anchor, let isFlow, let location):
            try open(isMapping: true, anchor: anchor, isFlow: isFlow, at: location)
        case .sequenceEnd, .mappingEnd:
            guard let collection = openCollections.popLast() else { return }
            let anchor = collection.anchor
            let size = nodeCount - collection.nodeCountBefore
            let anchoredBytes = textBytes - collection.textBytesBefore
            let node = try collection.close()
            if let anchor { anchors[anchor] = AnchoredNode(node: node, size: size, textBytes: anchoredBytes) }
            try attach(node)
        }
    }

    private mutating func open(
        isMapping: Bool, anchor: String?, isFlow: Bool, at location: SourceLocation
    ) throws(ContractError) {
        guard openCollections.count < limits.maximumDepth else {
            throw ContractError(
                .yamlSyntax, "lists and mappings nest deeper than \(limits.maximumDepth) levels", at: location,
                hint: "flatten the structure")
        }
        let before = nodeCount
        let textBefore = textBytes
        try count(1, bytes: 0, at: location)
        let collection = OpenCollection(
            isMapping: isMapping, location: location, isFlow: isFlow, anchor: anchor, nodeCountBefore: before,
            textBytesBefore: textBefore)
        openCollections.append(collection)
    }

    private mutating func count(_ nodes: Int, bytes: Int, at location: SourceLocation) throws(ContractError) {
        textBytes += bytes
        guard textBytes <= limits.maximumTextBytes else {
            throw ContractError(
                .yamlSyntax,
                "the document's text grows past \(Self.grouped(limits.maximumTextBytes >> 20)) MB once aliases are expanded",
                at: location,
                hint: "an alias is a copy of its anchored value: reuse long values through fewer aliases")
        }
        nodeCount += nodes
        guard nodeCount <= limits.maximumNodeCount else {
            throw ContractError(
                .yamlSyntax,
                "the document grows past \(Self.grouped(limits.maximumNodeCount)) nodes once aliases are expanded",
                at: location,
                hint: "aliases that repeat other aliases grow exponentially ('billion laughs'); "
                    + "reuse fewer levels of aliases")
        }
    }

    private mutating func attach(_ node: YAMLNode) throws(ContractError) {
        guard !openCollections.isEmpty else {
            root = node
            return
        }
        try openCollections[openCollections.count - 1].add(node)
    }

    /// `1000000` as `1,000,000`.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(Substring(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return groups.joined(separator: ",")
    }
}

/// A node marked with `&anchor`, and how many nodes a copy of it adds.
private struct AnchoredNode {
    var node: YAMLNode
    var size: Int
    var textBytes: Int
}

/// A sequence or mapping whose end event has not come yet.
private struct OpenCollection {
    var isMapping: Bool
    var location: SourceLocation
    var isFlow: Bool
    var anchor: String?
    var nodeCountBefore: Int
    var textBytesBefore: Int
    /// A sequence's items so far.
    var items: [YAMLNode] = []
    /// A mapping's entries so far.
    var entries = MappingEntries()

    mutating func add(_ node: YAMLNode) throws(ContractError) {
        if isMapping {
            try entries.add(node)
        } else {
            items.append(node)
        }
    }

    /// The finished node; the items or pairs move into it rather than being copied.
    consuming func close() throws(ContractError) -> YAMLNode {
        let content: YAMLNode.Content = isMapping ? .mapping(try entries.resolved()) : .sequence(items)
        return YAMLNode(content, at: location, isFlow: isFlow)
    }
}

/// The keys and values of a mapping in the order written, with merge keys kept until the mapping is complete.
private struct MappingEntries {
    /// `<<: value` written before the pair at `position`, where the value should be a mapping or a list of mappings.
    struct Merge {
        var position: Int
        var key: YAMLNode
        var value: YAMLNode
    }

    /// Up to this many keys, a duplicate is found by reading the keys before it; past it, by a table of them.
    private static let keysScanned = 12

    /// The pairs as written, without the merges: the mapping's pairs as they are when it has none, moved into the
    /// node rather than copied.
    private var pairs: [YAMLNode.Pair] = []
    private var merges: [Merge] = []
    private var pendingKey: YAMLNode?
    /// Where each scalar key was first written, kept once the mapping has ``keysScanned`` entries.
    private var firstKeyLocations: [String: SourceLocation] = [:]

    private var entryCount: Int { pairs.count + merges.count }

    /// Takes a key, then its value, then the next key.
    mutating func add(_ node: YAMLNode) throws(ContractError) {
        guard let key = pendingKey else {
            if let name = node.scalarValue {
                if let first = firstLocation(of: name) {
                    let message = "duplicate key '\(name)' in mapping; first defined at \(first.line):\(first.column)"
                    throw ContractError(
                        .yamlSyntax, message, at: node.location,
                        hint: "a key may appear only once in a mapping; remove or rename one of them")
                }
                if entryCount >= Self.keysScanned { firstKeyLocations[name] = node.location }
            }
            pendingKey = node
            return
        }
        pendingKey = nil
        if Self.isMergeKey(key) {
            merges.append(Merge(position: pairs.count, key: key, value: node))
        } else {
            pairs.append(YAMLNode.Pair(key: key, value: node))
        }
        // The mapping has just grown past the keys read one by one: from now on they are looked up.
        if entryCount == Self.keysScanned {
            for key in pairs.map(\.key) + merges.map(\.key) {
                if let name = key.scalarValue, firstKeyLocations[name] == nil { firstKeyLocations[name] = key.location }
            }
        }
    }

    /// Where the scalar key `name` was first written in this mapping, or nil.
    private func firstLocation(of name: String) -> SourceLocation? {
        guard entryCount < Self.keysScanned else { return firstKeyLocations[name] }
        var first: SourceLocation?
        for pair in pairs where pair.key.scalarValue == name {
            first = pair.key.location
            break
        }
        for merge in merges where merge.key.scalarValue == name {
            if first.map({ merge.key.location < $0 }) ?? true { first = merge.key.location }
            break
        }
        return first
    }

    /// The pairs with merged mappings spliced in where their `<<` stood; keys written in this mapping win,
    /// then earlier merged mappings win over later ones.
    consuming func resolved() throws(ContractError) -> [YAMLNode.Pair] {
        guard !merges.isEmpty else { return pairs }
        var taken = Set(pairs.compactMap { $0.key.scalarValue })
        var resolved: [YAMLNode.Pair] = []
        var next = 0
        for merge in merges {
            resolved += pairs[next..<merge.position]
            next = merge.position
            for source in try Self.mergeSources(merge.value) {
                for pair in source {
                    if let name = pair.key.scalarValue {
                        guard !taken.contains(name) else { continue }
                        taken.insert(name)
                    }
                    resolved.append(pair)
                }
            }
        }
        resolved += pairs[next...]
        return resolved
    }

    private static func isMergeKey(_ key: YAMLNode) -> Bool {
        guard case .scalar(let scalar) = key.content, scalar.value == "<<" else { return false }
        return scalar.style == .plain && (scalar.tag == nil || scalar.tag == "!!merge")
    }

    private static func mergeSources(_ value: YAMLNode) throws(ContractError) -> [[YAMLNode.Pair]] {
        switch value.content {
        case .mapping(let pairs):
            return [pairs]
        case .sequence(let items):
            var sources: [[YAMLNode.Pair]] = []
            for item in items {
                guard let pairs = item.pairs else { throw mergeError(found: item) }
                sources.append(pairs)
            }
            return sources
        case .scalar:
            throw mergeError(found: value)
        }
    }

    private static func mergeError(found node: YAMLNode) -> ContractError {
        ContractError(
            .yamlSyntax, "merge key '<<' needs a mapping or a list of mappings, found \(node.kindDescription)",
            at: node.location, hint: "write '<<: *name' where '&name' marks a mapping, or '<<: [*first, *second]'")
    }
}
