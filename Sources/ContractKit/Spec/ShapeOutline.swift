/// The expected side of an endpoint, as reports show it beside the actual body: status, content type and the
/// body's shape in the spec's own YAML syntax, with the named shapes it uses written out below.
///
/// Each line keeps the spec location it comes from, so a report can highlight the line a finding points at.
package struct ShapeOutline: Sendable, Hashable {
    /// One line of the outline.
    package struct Line: Sendable, Hashable {
        /// The text, indentation included.
        package var text: String
        /// Where in the spec the line comes from.
        package var location: SourceLocation?

        /// Creates a line.
        package init(text: String, location: SourceLocation? = nil) {
            self.text = text
            self.location = location
        }
    }

    /// The lines, top to bottom.
    package var lines: [Line]

    /// An outline of these lines.
    package init(lines: [Line]) { self.lines = lines }

    /// The outline of an expectation; `shapes` resolves the named shapes it refers to.
    package init(expectation: Expectation, shapes: [String: Shape]) {
        var writer = OutlineWriter(shapes: shapes)
        writer.add("status: \(expectation.status)", expectation.status.location ?? expectation.location)
        if let contentType = expectation.contentType { writer.add("contentType: \(contentType)", expectation.location) }
        if expectation.extraKeys != .allow {
            writer.add("extraKeys: \(expectation.extraKeys.rawValue)", expectation.location)
        }
        if let body = expectation.body {
            // A body written as a YAML mapping starts on the line below `body:`; name the `expect:` line instead.
            writer.value(
                of: body, key: "body", indent: "", keyLocation: OutlineWriter.isBlock(body) ? expectation.location : nil
            )
        }
        writer.namedShapes()
        lines = writer.lines
    }

    /// The line that comes from `location`: the first from that very place, or else the last from the same spec
    /// line (a value's location points past its key, on the key's line).
    package func lineIndex(for location: SourceLocation) -> Int? {
        if let exact = lines.firstIndex(where: { $0.location == location }) { return exact }
        return lines.lastIndex { $0.location.map { $0.file == location.file && $0.line == location.line } ?? false }
    }
}

/// Writes shapes as YAML-like lines, queueing the named shapes it meets.
private struct OutlineWriter {
    let shapes: [String: Shape]
    var lines: [ShapeOutline.Line] = []
    var queuedNames: [String] = []
    var writtenNames: Set<String> = []

    init(shapes: [String: Shape]) { self.shapes = shapes }

    mutating func add(_ text: String, _ location: SourceLocation?) {
        lines.append(ShapeOutline.Line(text: text, location: location))
    }

    /// `key: Shape`, or `key:` followed by the object's fields (or a list item of them) one level deeper.
    ///
    /// `prefix` is written before the key (it differs from `indent` on the first field of a list item, `- `);
    /// `indent` is the key's own indentation, which nested lines are measured from.
    mutating func value(
        of shape: Shape, key: String, indent: String, prefix: String? = nil, keyLocation: SourceLocation? = nil
    ) {
        let location = keyLocation ?? shape.location
        let head = (prefix ?? indent) + key + ":"
        queueNames(in: shape)
        switch shape.kind {
        case .object(let object):
            add(head, location)
            fields(object, indent: indent + "  ", listItem: false)
        case .array(let element):
            if case .object(let object) = element.kind {
                add(head, location)
                fields(object, indent: indent + "  ", listItem: true)
            } else {
                add("\(head) \(shape)", location)
            }
        case .optional(let wrapped):
            if case .object(let object) = wrapped.kind {
                add("\(head)  # or null", location)
                fields(object, indent: indent + "  ", listItem: false)
            } else {
                add("\(head) \(shape)", location)
            }
        default:
            add("\(head) \(shape)", location)
        }
    }

    /// The fields of an object at `indent`; as a list item, the first line carries the `- ` marker.
    mutating func fields(_ object: ObjectShape, indent: String, listItem: Bool) {
        let itemIndent = listItem ? indent + "  " : indent
        var first = listItem
        func prefix() -> String? {
            defer { first = false }
            return first ? indent + "- " : nil
        }
        if let policy = object.extraKeys { add("\(prefix() ?? itemIndent)$extraKeys: \(policy.rawValue)", nil) }
        for field in object.fields {
            let marker: String
            switch field.presence {
            case .implied: marker = ""
            case .mayBeAbsent: marker = "?"
            case .required: marker = "!"
            }
            value(
                of: field.shape, key: field.name + marker, indent: itemIndent, prefix: prefix(),
                keyLocation: field.location)
        }
        if object.fields.isEmpty && object.extraKeys == nil { add("\(prefix() ?? itemIndent){}", nil) }
    }

    /// True for shapes written as nested lines rather than after the key.
    static func isBlock(_ shape: Shape) -> Bool {
        switch shape.kind {
        case .object: return true
        case .array(let inner), .optional(let inner):
            if case .object = inner.kind { return true }
            return false
        default: return false
        }
    }

    mutating func queueNames(in shape: Shape) {
        switch shape.kind {
        case .named(let name):
            if !writtenNames.contains(name), !queuedNames.contains(name), shapes[name] != nil {
                queuedNames.append(name)
            }
        case .optional(let inner), .array(let inner), .dictionary(let inner):
            queueNames(in: inner)
        case .union(let members):
            for member in members { queueNames(in: member) }
        default:
            break
        }
    }

    /// Every named shape met so far, and those they refer to, each once, in the order first met.
    mutating func namedShapes() {
        while !queuedNames.isEmpty {
            let name = queuedNames.removeFirst()
            guard !writtenNames.contains(name), let shape = shapes[name] else { continue }
            writtenNames.insert(name)
            add("", nil)
            value(of: shape, key: name, indent: "")
        }
    }
}
