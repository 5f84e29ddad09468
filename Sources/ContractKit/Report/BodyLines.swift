/// A JSON body laid out as lines for people, each line knowing the path it shows, with drifted paths marked.
///
/// Two layouts: ``full(_:marking:limit:)`` writes the whole body (long bodies keep only the parts around the marks)
/// and ``excerpt(_:around:mark:)`` writes the least that shows one path in its context: the path's ancestors,
/// its neighbours folded, and the value itself. Elisions and absent keys are written as `//` comments, so the
/// text still reads as JSON with comments (`jsonc`).
struct BodyLines: Sendable, Hashable {
    /// One line.
    struct Line: Sendable, Hashable {
        /// Nesting depth; each level is two spaces.
        var depth: Int
        /// The text without indentation.
        var text: String
        /// The indices of the marks on this line (into the list given when laying out).
        var marks: [Int] = []
        /// True for a line that stands for lines left out.
        var isGap = false
        /// True for the line that stands for an absent key.
        var isAbsent = false

        /// The line with its indentation.
        var indentedText: String { String(repeating: "  ", count: depth) + text }
    }

    /// The lines, top to bottom.
    var lines: [Line]

    /// The whole body with lines at `marks` (by index) marked; a body longer than `limit` lines keeps only the
    /// lines near a mark and near its ends.
    static func full(_ body: JSONValue, marking marks: [JSONPath?], limit: Int = 400) -> BodyLines {
        var layout = Layout(body: body, marks: marks, stringLimit: 200)
        layout.full(body, label: nil, path: .root, depth: 0, comma: false)
        return BodyLines(lines: window(layout.lines, limit: limit))
    }

    /// The least of the body that shows `path` in its context, the path's line marked with `mark`.
    static func excerpt(_ body: JSONValue, around path: JSONPath, mark: Int = 0) -> BodyLines {
        var layout = Layout(body: body, marks: [], stringLimit: 80)
        layout.focus(body, label: nil, path: .root, depth: 0, comma: false, remaining: path.components[...], mark: mark)
        return BodyLines(lines: layout.lines)
    }

    /// Keeps the lines within a few of a marked line, and the first and last few, when there are more than `limit`.
    static func window(_ lines: [Line], limit: Int) -> [Line] {
        guard lines.count > limit else { return lines }
        let context = 6
        var keep = Set<Int>()
        for index in 0..<min(3, lines.count) { keep.insert(index) }
        for index in max(0, lines.count - 3)..<lines.count { keep.insert(index) }
        for (index, line) in lines.enumerated() where !line.marks.isEmpty {
            for near in max(0, index - context)...min(lines.count - 1, index + context) { keep.insert(near) }
        }
        var result: [Line] = []
        var index = 0
        while index < lines.count {
            if keep.contains(index) {
                result.append(lines[index])
                index += 1
                continue
            }
            var end = index
            while end < lines.count, !keep.contains(end) { end += 1 }
            let count = end - index
            result.append(
                Line(
                    depth: lines[index].depth, text: "// … \(count) line\(count == 1 ? "" : "s") left out", isGap: true)
            )
            index = end
        }
        return result
    }
}

/// The state of one layout: the lines so far, and where the marks go.
private struct Layout {
    var lines: [BodyLines.Line] = []
    /// Marks on paths present in the body.
    var marksByPath: [JSONPath: [Int]] = [:]
    /// Marks on paths absent from the body, by the deepest present ancestor: the child that is missing.
    var absentByParent: [JSONPath: [(component: JSONPath.Component, mark: Int)]] = [:]
    let stringLimit: Int

    init(body: JSONValue, marks: [JSONPath?], stringLimit: Int) {
        self.stringLimit = stringLimit
        for (index, path) in marks.enumerated() {
            guard let path else { continue }
            let (present, missing) = Layout.resolve(path, in: body)
            if let missing {
                absentByParent[present, default: []].append((missing, index))
            } else {
                marksByPath[path, default: []].append(index)
            }
        }
    }

    /// The deepest ancestor of `path` present in `body`, and the first step that is not (nil when all are).
    static func resolve(_ path: JSONPath, in body: JSONValue) -> (JSONPath, JSONPath.Component?) {
        var value = body
        var present = JSONPath.root
        for component in path.components {
            guard let child = Layout.child(of: value, at: component) else { return (present, component) }
            value = child
            present = present.appending(component)
        }
        return (present, nil)
    }

    static func child(of value: JSONValue, at component: JSONPath.Component) -> JSONValue? {
        switch (value, component) {
        case (.object(let object), .key(let key)): return object[key]
        case (.array(let items), .index(let index)): return items.indices.contains(index) ? items[index] : nil
        default: return nil
        }
    }

    // MARK: - Text of values

    func scalarText(_ value: JSONValue) -> String {
        if case .string(let text) = value, text.count > stringLimit {
            return String(JSONWriter.quote(String(text.prefix(stringLimit))).dropLast()) + "…\""
        }
        return JSONWriter(style: .compact).write(value)
    }

    func folded(_ value: JSONValue) -> String {
        switch value {
        case .object(let object) where !object.isEmpty:
            return "{ /* \(object.count) key\(object.count == 1 ? "" : "s") */ }"
        case .array(let items) where !items.isEmpty:
            return "[ /* \(items.count) element\(items.count == 1 ? "" : "s") */ ]"
        default:
            return scalarText(value)
        }
    }

    static func label(_ component: JSONPath.Component) -> String? {
        if case .key(let key) = component { return JSONWriter.quote(key) + ": " }
        return nil
    }

    static func children(of value: JSONValue) -> [(JSONPath.Component, JSONValue)]? {
        switch value {
        case .object(let object): return object.entries.map { (.key($0.key), $0.value) }
        case .array(let items): return items.enumerated().map { (.index($0.offset), $0.element) }
        default: return nil
        }
    }

    static func brackets(of value: JSONValue) -> (String, String) {
        if case .array = value { return ("[", "]") }
        return ("{", "}")
    }

    mutating func add(_ depth: Int, _ text: String, marks: [Int] = [], isGap: Bool = false, isAbsent: Bool = false) {
        lines.append(BodyLines.Line(depth: depth, text: text, marks: marks, isGap: isGap, isAbsent: isAbsent))
    }

    mutating func gap(_ depth: Int, _ count: Int, in value: JSONValue) {
        let noun: String
        if case .array = value {
            noun = count == 1 ? "element" : "elements"
        } else {
            noun = count == 1 ? "key" : "keys"
        }
        add(depth, "// … \(count) more \(noun)", isGap: true)
    }

    mutating func absent(_ depth: Int, _ component: JSONPath.Component, mark: Int) {
        let name: String
        switch component {
        case .key(let key): name = JSONWriter.quote(key)
        case .index(let index): name = "element \(index)"
        }
        add(depth, "// \(name) is absent", marks: [mark], isAbsent: true)
    }

    // MARK: - Layouts

    /// The whole value, expanded.
    mutating func full(_ value: JSONValue, label: String?, path: JSONPath, depth: Int, comma: Bool) {
        let prefix = label ?? ""
        let marks = marksByPath[path] ?? []
        let missing = absentByParent[path] ?? []
        guard let children = Layout.children(of: value), !children.isEmpty || !missing.isEmpty else {
            add(depth, prefix + scalarText(value) + (comma ? "," : ""), marks: marks)
            return
        }
        let (open, close) = Layout.brackets(of: value)
        add(depth, prefix + open, marks: marks)
        for (index, (component, child)) in children.enumerated() {
            full(
                child, label: Layout.label(component), path: path.appending(component), depth: depth + 1,
                comma: index < children.count - 1)
        }
        for item in missing { absent(depth + 1, item.component, mark: item.mark) }
        add(depth, close + (comma ? "," : ""))
    }

    /// `path`'s ancestors down from `value`, each with the child on the way only (its direct parent with a few
    /// neighbours, folded), then the value at the path itself, one level deep.
    mutating func focus(
        _ value: JSONValue, label: String?, path: JSONPath, depth: Int, comma: Bool,
        remaining: ArraySlice<JSONPath.Component>, mark: Int
    ) {
        let prefix = label ?? ""
        let suffix = comma ? "," : ""
        guard let children = Layout.children(of: value) else {
            add(depth, prefix + scalarText(value) + suffix, marks: remaining.isEmpty ? [mark] : [])
            return
        }
        let (open, close) = Layout.brackets(of: value)
        guard let next = remaining.first else {
            // The drifted container itself: its first members, folded.
            guard !children.isEmpty else {
                add(depth, prefix + open + close + suffix, marks: [mark])
                return
            }
            add(depth, prefix + open, marks: [mark])
            let shown = children.count <= 8 ? children.count : 6
            for (index, (component, child)) in children.prefix(shown).enumerated() {
                add(
                    depth + 1, (Layout.label(component) ?? "") + folded(child) + (index < children.count - 1 ? "," : "")
                )
            }
            if shown < children.count { gap(depth + 1, children.count - shown, in: value) }
            add(depth, close + suffix)
            return
        }
        add(depth, prefix + open)
        guard let target = children.firstIndex(where: { $0.0 == next }) else {
            // The path ends in a key this object lacks: show its members, then where the key would be.
            let shown = children.count <= 8 ? children.count : 6
            for (index, (component, child)) in children.prefix(shown).enumerated() {
                add(
                    depth + 1, (Layout.label(component) ?? "") + folded(child) + (index < children.count - 1 ? "," : "")
                )
            }
            if shown < children.count { gap(depth + 1, children.count - shown, in: value) }
            absent(depth + 1, next, mark: mark)
            add(depth, close + suffix)
            return
        }
        let radius = remaining.count == 1 ? 3 : 0
        let low = max(0, target - radius)
        let high = min(children.count - 1, target + radius)
        if low > 0 { gap(depth + 1, low, in: value) }
        for index in low...high {
            let (component, child) = children[index]
            let childComma = index < children.count - 1
            if index == target {
                focus(
                    child, label: Layout.label(component), path: path.appending(component), depth: depth + 1,
                    comma: childComma,
                    remaining: remaining.dropFirst(), mark: mark)
            } else {
                add(depth + 1, (Layout.label(component) ?? "") + folded(child) + (childComma ? "," : ""))
            }
        }
        if high < children.count - 1 { gap(depth + 1, children.count - 1 - high, in: value) }
        add(depth, close + suffix)
    }
}

extension JSONPath {
    /// This path with one more step.
    fileprivate func appending(_ component: Component) -> JSONPath { JSONPath(components: components + [component]) }
}
