/// Where a walk is in the body: the path from the root, each step marked when it groups as a wildcard.
///
/// The walk steps down and back up once per value, so this is a plain stack on the heap, without the uniqueness
/// checks and bookkeeping of two growing arrays.
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

    private var steps = HeapStack<Step>(initialCapacity: 16)

    /// The number of steps from the root.
    var count: Int { steps.count }

    /// Steps down to `component`.
    @inline(__always)
    mutating func push(_ place: Place, isWildcard: Bool) {
        steps.push(Step(place: place, isWildcard: isWildcard))
    }

    /// Steps back up.
    @inline(__always)
    mutating func pop() {
        _ = steps.popLast()
    }

    /// The last step, or nil at the root.
    func last(in view: JSONTapeView) -> JSONPath.Component? {
        steps.last?.place.component(in: view)
    }

    /// The steps from the root, in order.
    func components(in view: JSONTapeView) -> [JSONPath.Component] {
        steps.withElements { $0.map { $0.place.component(in: view) } }
    }

    /// Calls `body` with each step from the root, in order.
    func forEach(_ body: (Step) -> Void) {
        steps.withElements { $0.forEach(body) }
    }
}
