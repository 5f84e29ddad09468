extension RedactionPath {
    /// Adds to `matches` the tape entries this path reaches in the value at `node`, each as often and in the order
    /// ``redacting(_:by:)`` reaches the same values in a tree of it; false when it reaches an array or an object.
    ///
    /// A path replaces a scalar with a scalar, which no later step or path walks into, so the entries a tree walk
    /// reaches are the ones this walk reaches on the tape. A container's placeholder is a container a later step
    /// could walk into: such a body is left to the tree.
    func scalars(in view: JSONTapeView, at node: Int, into matches: inout [Int]) -> Bool {
        Self.collect(steps[...], view, node, &matches)
    }

    private static func collect(
        _ steps: ArraySlice<Step>, _ view: JSONTapeView, _ node: Int, _ matches: inout [Int]
    ) -> Bool {
        let kind = view.kind(node)
        guard let step = steps.first else {
            guard kind != .array, kind != .object else { return false }
            matches.append(node)
            return true
        }
        let rest = steps.dropFirst()
        switch (step, kind) {
        case (.key(let key), .object):
            for member in view.memberKeys(of: node) where keyIs(view, member, key) {
                guard collect(rest, view, member + 1, &matches) else { return false }
            }
        case (.index(let position), .array):
            let elements = view.elements(of: node)
            if elements.indices.contains(position) { return collect(rest, view, elements[position], &matches) }
        case (.anyChild, .object):
            for member in view.memberKeys(of: node) {
                guard collect(rest, view, member + 1, &matches) else { return false }
            }
        case (.anyChild, .array):
            for element in view.elements(of: node) {
                guard collect(rest, view, element, &matches) else { return false }
            }
        case (.descendant(let key), .object):
            for member in view.memberKeys(of: node) {
                if keyIs(view, member, key), !collect(rest, view, member + 1, &matches) { return false }
                // And below, as the tree walk looks below a value after replacing it (finding nothing in a scalar).
                guard collect(steps, view, member + 1, &matches) else { return false }
            }
        case (.descendant, .array):
            for element in view.elements(of: node) {
                guard collect(steps, view, element, &matches) else { return false }
            }
        default:
            break
        }
        return true
    }

    /// Whether the key at `member` is `key` as Swift compares strings (two spellings of `é` are the same key): by
    /// its bytes when both are ASCII, as then only the same bytes are equal.
    private static func keyIs(_ view: JSONTapeView, _ member: Int, _ key: String) -> Bool {
        if !view.mayBeSpelledOtherwise(member), key.utf8.allSatisfy({ $0 < 0x80 }) {
            return view.string(member, equals: key)
        }
        return view.string(member) == key
    }
}
