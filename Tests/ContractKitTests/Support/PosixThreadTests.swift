import Foundation
import Synchronization
import Testing

@testable import ContractKit

@Suite struct PosixThreadTests {
    /// Tells, once it is freed, on which thread that was.
    final class Probe: Sendable {
        let freed: @Sendable (pthread_t) -> Void
        init(freed: @escaping @Sendable (pthread_t) -> Void) { self.freed = freed }
        deinit { freed(pthread_self()) }
    }

    @Test func releaseFreesTheValueOnAnotherThread() {
        let freedOn = Mutex<pthread_t?>(nil)
        let done = DispatchSemaphore(value: 0)
        // A tree of values, as a spec's YAML nodes are, whose last reference is handed over.
        var tree: [[Probe]]? = [
            [
                Probe { thread in
                    freedOn.withLock { $0 = thread }
                    done.signal()
                }
            ]
        ]
        PosixThread.release(tree.take())
        #expect(tree == nil)
        #expect(done.wait(timeout: .now() + 10) == .success, "the value was never freed")
        let thread = freedOn.withLock { $0 }
        #expect(thread.map { pthread_equal($0, pthread_self()) == 0 } == true)
    }
}
