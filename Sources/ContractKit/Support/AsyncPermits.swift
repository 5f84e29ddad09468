import Synchronization

/// A count of permits tasks wait for, first come first served: at most `count` holders at once.
///
/// The recorder holds one while a request is on the wire and gives it back as soon as the answer is in, so that the
/// next request goes out while the answer is being checked and written, as `curl --parallel` starts its next
/// transfer. A waiting task that is cancelled still gets its permit in turn (every holder gives one back), and
/// should give it back at once.
final class AsyncPermits: Sendable {
    private struct State {
        var available: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
        /// Where the next waiter to be answered is in `waiting`: answered from the front without moving the rest.
        var first = 0
    }

    private let state: Mutex<State>
    /// Whether ``handOver()`` lets the task it gave the permit to run first.
    private let handsOverOnRelease: Bool

    /// `count` permits (at least one). With `handsOverOnRelease`, a task giving its permit back through
    /// ``handOver()`` to a waiter steps aside for it: for tasks that share one thread (a lane), so the waiter's
    /// request goes out before the giver goes on with its own work.
    init(_ count: Int, handsOverOnRelease: Bool = false) {
        state = Mutex(State(available: max(1, count)))
        self.handsOverOnRelease = handsOverOnRelease
    }

    /// Takes a permit, waiting for one to be given back when none is left.
    func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.available > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.available -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Gives a permit back as ``release()`` does, then, when it went to a waiting task and the permits were made to hand
    /// over, yields so that the waiter runs first.
    func handOver() async {
        if release(), handsOverOnRelease { await Task.yield() }
    }

    /// Gives a permit back: to the task that has waited longest, or to the next to ask. True when a waiting task got
    /// it.
    @discardableResult
    func release() -> Bool {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard state.first < state.waiting.count else {
                state.available += 1
                return nil
            }
            let next = state.waiting[state.first]
            state.first += 1
            if state.first == state.waiting.count || state.first >= 64 {
                state.waiting.removeFirst(state.first)
                state.first = 0
            }
            return next
        }
        next?.resume()
        return next != nil
    }
}
