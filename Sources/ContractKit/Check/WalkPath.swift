/// Where a walk is in the body: the path from the root, each step marked when it groups as a wildcard.
///
/// The walk steps down and back up once per value, so this is a plain stack over memory it owns, without the
/// uniqueness checks and bookkeeping of two growing arrays.
struct WalkPath: ~Copyable {
    /// One step: an object key or array index, and whether it is an array index or dictionary key, which stand
    /// for any index or key when repeated drift is grouped.
    struct Step {
        var component: JSONPath.Component
        var isWildcard: Bool
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
    mutating func push(_ component: JSONPath.Component, isWildcard: Bool) {
        if count == capacity { grow() }
        (steps + count).initialize(to: Step(component: component, isWildcard: isWildcard))
        count += 1
    }

    /// Steps back up.
    @inline(__always)
    mutating func pop() {
        count -= 1
        (steps + count).deinitialize(count: 1)
    }

    /// The last step, or nil at the root.
    var last: JSONPath.Component? {
        count > 0 ? steps[count - 1].component : nil
    }

    /// The steps from the root, in order.
    var components: [JSONPath.Component] {
        UnsafeBufferPointer(start: steps, count: count).map { $0.component }
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
