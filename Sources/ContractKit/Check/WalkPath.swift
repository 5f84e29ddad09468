/// Where a walk is in the body: the path from the root, each step marked when it groups as a wildcard.
///
/// The walk steps down and back up once per value, so this is a plain stack over memory it owns, without the
/// uniqueness checks and bookkeeping of two growing arrays.
struct WalkPath: ~Copyable {
    /// One step: an object key or array index, and whether it is an array index or dictionary key, which stand
    /// for any index or key when repeated drift is grouped.
    struct Step {
        var place: Place
        var isWildcard: Bool
    }

    /// An array index, or an object key still on the tape (decoded only for a finding). Plain integers, so that
    /// stepping down and back up copies and frees nothing.
    enum Place {
        case index(Int)
        case tapeKey(Int)
        /// The key, still on the tape, of an entry of a collection keyed by id where the spec promises an array.
        case keyedEntry(Int)

        func component(in view: JSONTapeView) -> JSONPath.Component {
            switch self {
            case .index(let index): return .index(index)
            case .tapeKey(let node), .keyedEntry(let node): return .key(view.string(node))
            }
        }
    }

    private var steps: UnsafeMutablePointer<Step>
    private var capacity: Int
    /// The number of steps from the root.
    private(set) var count = 0

    init() {
        capacity = 16
        steps = .allocate(capacity: capacity)
    }

    deinit {
        steps.deinitialize(count: count)
        steps.deallocate()
    }

    /// Steps down to `component`.
    @inline(__always)
    mutating func push(_ place: Place, isWildcard: Bool) {
        if count == capacity { grow() }
        (steps + count).initialize(to: Step(place: place, isWildcard: isWildcard))
        count += 1
    }

    /// Steps back up.
    @inline(__always)
    mutating func pop() {
        count -= 1
        (steps + count).deinitialize(count: 1)
    }

    /// The last step, or nil at the root.
    func last(in view: JSONTapeView) -> JSONPath.Component? {
        count > 0 ? steps[count - 1].place.component(in: view) : nil
    }

    /// The steps from the root, in order.
    func components(in view: JSONTapeView) -> [JSONPath.Component] {
        UnsafeBufferPointer(start: steps, count: count).map { $0.place.component(in: view) }
    }

    /// Calls `body` with each step from the root, in order.
    func forEach(_ body: (Step) -> Void) {
        for index in 0..<count { body(steps[index]) }
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newSteps = UnsafeMutablePointer<Step>.allocate(capacity: newCapacity)
        newSteps.moveInitialize(from: steps, count: count)
        steps.deallocate()
        steps = newSteps
        capacity = newCapacity
    }
}
