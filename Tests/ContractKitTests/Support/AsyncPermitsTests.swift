import Synchronization
import Testing

@testable import ContractKit

@Suite struct AsyncPermitsTests {
    /// What the tasks of a test saw, shared between them.
    final class Tally: Sendable {
        let holders = Mutex((now: 0, most: 0, done: 0))
        let order = Mutex<[Int]>([])
        let queued = Mutex(0)
    }

    /// Forty tasks share three permits: never more than three hold one, and every task gets one in the end.
    @Test(.timeLimit(.minutes(1))) func neverMoreHoldersThanPermits() async {
        let permits = AsyncPermits(3)
        let tally = Tally()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<40 {
                group.addTask {
                    await permits.acquire()
                    tally.holders.withLock {
                        $0.now += 1
                        $0.most = max($0.most, $0.now)
                    }
                    try? await Task.sleep(nanoseconds: 1_000_000)
                    tally.holders.withLock {
                        $0.now -= 1
                        $0.done += 1
                    }
                    permits.release()
                }
            }
        }
        let final = tally.holders.withLock { $0 }
        #expect(final.done == 40)
        #expect(final.most <= 3 && final.most >= 1, "\(final.most) holders at once")
    }

    /// A permit given back goes to the task that has waited longest.
    @Test(.timeLimit(.minutes(1))) func waitersAreAnsweredInTurn() async {
        let permits = AsyncPermits(1)
        await permits.acquire()
        let tally = Tally()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<5 {
                group.addTask {
                    tally.queued.withLock { $0 += 1 }
                    await permits.acquire()
                    tally.order.withLock { $0.append(index) }
                    permits.release()
                }
                // The next waiter is started only once this one has asked (and a moment more to be queued).
                while tally.queued.withLock({ $0 }) <= index { await Task.yield() }
                try? await Task.sleep(nanoseconds: 20_000_000)
            }
            permits.release()
        }
        #expect(tally.order.withLock { $0 } == [0, 1, 2, 3, 4])
    }
}
