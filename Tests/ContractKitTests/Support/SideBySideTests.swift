import Foundation
import Testing

@testable import ContractKit

@Suite struct SideBySideTests {
    @Test func returnsBothResultsInTheirOrder() {
        var local = [1, 2, 3]
        let (first, second) = SideBySide.run(
            { (0..<1000).reduce(0, +) },
            {
                local.append(4)
                return local.count
            })
        #expect(first == 499_500)
        #expect(second == 4)
        #expect(local == [1, 2, 3, 4])
    }

    /// The first piece runs on another thread, at the same time as the second: each waits for the other to start,
    /// which would never end if they ran one after the other (the wait gives up after 10 s, and the test fails).
    @Test func runsTheTwoAtOnceOnTwoThreads() {
        let firstStarted = DispatchSemaphore(value: 0)
        let secondStarted = DispatchSemaphore(value: 0)
        let (first, second) = SideBySide.run(
            { () -> (thread: pthread_t, sawSecond: Bool) in
                firstStarted.signal()
                return (pthread_self(), secondStarted.wait(timeout: .now() + 10) == .success)
            },
            { () -> (thread: pthread_t, sawFirst: Bool) in
                secondStarted.signal()
                return (pthread_self(), firstStarted.wait(timeout: .now() + 10) == .success)
            })
        #expect(first.sawSecond && second.sawFirst)
        #expect(pthread_equal(first.thread, second.thread) == 0)
        #expect(pthread_equal(second.thread, pthread_self()) != 0, "the second runs on the caller's thread")
    }
}
