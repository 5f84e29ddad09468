/// A YAML node with the place it starts in its file, so every spec error can point at the text.
package struct YAMLNode: Sendable {
    /// How a scalar was written; quoted scalars are never read as `null` or numbers.
    package enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// A scalar's text and how it was written.
    package struct Scalar: Sendable, Hashable {
        package var value: String
        package var style: ScalarStyle
        /// The explicit tag (`!!str`), if any.
        package var tag: String?
        package init(value: String, style: ScalarStyle = .plain, tag: String? = nil) {
            self.value = value
            self.style = style
            self.tag = tag
        }
    }

    /// A key and its value in a mapping.
    package struct Pair: Sendable {
        package var key: YAMLNode
        package var value: YAMLNode
        package init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// What the node holds.
    package indirect enum Content: Sendable {
        case scalar(Scalar)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// What the node holds.
    package var content: Content
    /// Where the node starts.
    package var location: SourceLocation
    /// True when the sequence or mapping was written in flow style (`[a, b]`, `{a: 1}`).
    package var isFlow: Bool

    /// Creates a node.
    package init(_ content: Content, at location: SourceLocation, isFlow: Bool = false) {
        self.content = content
        self.location = location
        self.isFlow = isFlow
    }

    /// The scalar's text, or nil when the node is a sequence or mapping.
    package var scalarValue: String? {
        if case .scalar(let scalar) = content { return scalar.value }
        return nil
    }

    /// True for a plain `null`, `~` or empty scalar.
    package var isNull: Bool {
        guard case .scalar(let scalar) = content, scalar.style == .plain else { return false }
        return scalar.value.isEmpty || scalar.value == "~" || scalar.value == "null" || scalar.value == "Null"
            || scalar.value == "NULL"
    }

    /// The mapping's pairs, or nil.
    package var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The sequence's items, or nil.
    package var items: [YAMLNode]? {
        if case .sequence(let items) = content { return items }
        return nil
    }

    /// A short name of the node's kind for messages: `a mapping`, `a list`, `the text "x"`.
    package var kindDescription: String {
        switch content {
        case .scalar(let scalar): return isNull ? "nothing (null)" : "the text \"\(scalar.value)\""
        case .sequence: return "a list"
        case .mapping: return "a mapping"
        }
    }
}
