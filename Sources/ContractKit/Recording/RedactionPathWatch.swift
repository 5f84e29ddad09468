/// An endpoint's `redact:` paths as a watch for ``JSONIndenter``, so that a body with them is checked, indented and
/// redacted in the one pass a body without them takes: each scalar a path reaches is written as
/// ``SecretRedaction/placeholder(shapedLike:)`` of it, the bytes
/// ``Redactor/redactedOnTape(_:atDepth:scrubbing:maxLength:)`` writes from the tape.
///
/// The paths run side by side as one automaton over the containers the indenter is in. Each step of each path, and
/// each path's end, is a bit of a word: the bits of a container say which steps its members or elements are tried
/// against, and a member's bits are the steps it has matched. A container none of whose bits are set is passed over
/// with a count of its depth, so that a path such as `$[*].email` costs nothing under `address`.
///
/// It declines a body (the tape then does it) where a path reaches an array or an object, whose placeholder a later
/// step could walk into, and where a key a step compares is not plain ASCII as written: `caf\u00e9`, or a key that
/// Swift calls equal to another spelled otherwise, is compared as Swift compares strings on the tape.
struct RedactionPathWatch: IndentWatch {
    private enum Step {
        case key([UInt8])
        case index(Int)
        case anyChild
        case descendant([UInt8])
        /// A path's end.
        case end
    }

    /// Each bit's step.
    private let steps: [Step]
    /// The bits of the paths' first steps, and of their ends.
    private let rootBits: UInt64
    private let endBits: UInt64
    /// The bits whose steps compare keys.
    private let keyBits: UInt64
    /// The open containers whose bits are set, innermost last: their bits, and for an array the element at hand.
    private var open: [(bits: UInt64, element: Int)] = []
    /// How many containers are open inside the last of `open`, none of whose bits are set.
    private var passedOver = 0
    /// The bits of the value that comes next.
    private var bits: UInt64
    /// The placeholder written last, and its text: most values reached have the same one (`"<redacted>"`).
    private var lastPlaceholder: (value: JSONValue, text: [UInt8])?

    static var watches: Bool { true }

    /// The watch for `paths`, or nil when they have more steps than a word has bits, or a key that is not ASCII (then
    /// the tape does it).
    init?(_ paths: [RedactionPath]) {
        var steps: [Step] = []
        var rootBits: UInt64 = 0
        var endBits: UInt64 = 0
        var keyBits: UInt64 = 0
        for path in paths {
            rootBits |= 1 << UInt64(steps.count)
            for step in path.steps {
                switch step {
                case .key(let key), .descendant(let key):
                    guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
                    keyBits |= 1 << UInt64(steps.count)
                    if case .key = step {
                        steps.append(.key(Array(key.utf8)))
                    } else {
                        steps.append(.descendant(Array(key.utf8)))
                    }
                case .index(let position): steps.append(.index(position))
                case .anyChild: steps.append(.anyChild)
                }
                guard steps.count < 64 else { return nil }
            }
            endBits |= 1 << UInt64(steps.count)
            steps.append(.end)
            guard steps.count <= 64 else { return nil }
        }
        self.steps = steps
        self.rootBits = rootBits
        self.endBits = endBits
        self.keyBits = keyBits
        bits = rootBits
    }

    var reachesValue: Bool { bits & endBits != 0 }

    mutating func open(isObject: Bool) {
        // The container's members are tried against the steps after the ones it matched; its own end is not one.
        let inside = bits & ~endBits
        guard passedOver == 0, inside != 0 else {
            passedOver += 1
            bits = 0
            return
        }
        open.append((inside, 0))
        if !isObject { bits = next(inside, key: nil, element: 0) }
    }

    mutating func close() {
        if passedOver > 0 {
            passedOver -= 1
        } else {
            open.removeLast()
        }
    }

    mutating func member(key: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard passedOver == 0, let container = open.last?.bits else {
            bits = 0
            return true
        }
        // A key that is not plain cannot be compared by its bytes.
        if key == nil, container & keyBits != 0 { return false }
        bits = next(container, key: key, element: nil)
        return true
    }

    mutating func nextElement() {
        guard passedOver == 0, !open.isEmpty else {
            bits = 0
            return
        }
        open[open.count - 1].element += 1
        bits = next(open[open.count - 1].bits, key: nil, element: open[open.count - 1].element)
    }

    /// The bits of a member with `key` (nil for an element), or of the element at `element`, of a container with
    /// `container`'s bits: each step it matches moves on to the next, and a descendant step stays as well.
    private func next(_ container: UInt64, key: UnsafeBufferPointer<UInt8>?, element: Int?) -> UInt64 {
        var result: UInt64 = 0
        var remaining = container
        while remaining != 0 {
            let bit = remaining.trailingZeroBitCount
            remaining &= remaining &- 1
            switch steps[bit] {
            case .key(let wanted):
                if let key, Self.equal(key, wanted) { result |= 2 << UInt64(bit) }
            case .index(let position):
                if element == position { result |= 2 << UInt64(bit) }
            case .anyChild:
                result |= 2 << UInt64(bit)
            case .descendant(let wanted):
                result |= 1 << UInt64(bit)
                if let key, Self.equal(key, wanted) { result |= 2 << UInt64(bit) }
            case .end:
                break
            }
        }
        return result
    }

    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ wanted: [UInt8]) -> Bool {
        key.count == wanted.count && wanted.withUnsafeBufferPointer { key.elementsEqual($0) }
    }

    /// Every path reaching a scalar replaces it with its placeholder, and a placeholder's placeholder is itself: one
    /// replacement is what any number of paths reaching the value make of it.
    mutating func placeholder(for value: JSONValue) -> [UInt8] {
        let placeholder = SecretRedaction.placeholder(shapedLike: value)
        if let last = lastPlaceholder, last.value == placeholder { return last.text }
        var output = JSONTextOutput(pretty: false)
        output.append(placeholder)
        lastPlaceholder = (placeholder, output.bytes)
        return output.bytes
    }
}
