import Testing

@testable import ContractKit

@Suite struct ArrayMapConcurrentlyTests {
    /// How many jobs are running now, and the most there have been at once.
    actor InFlight {
        var now = 0
        var most = 0
        func enter() {
            now += 1
            most = max(most, now)
        }
        func leave() { now -= 1 }
    }

    @Test(arguments: [1, 3, 64])
    func resultsComeInInputOrderWithAtMostTheLimitRunning(limit: Int) async {
        let inFlight = InFlight()
        // Early elements take longest, so they finish last.
        let results = await Array(0..<12).mapConcurrently(atMost: limit) { (number: Int) -> String in
            await inFlight.enter()
            try? await Task.sleep(nanoseconds: UInt64(12 - number) * 2_000_000)
            await inFlight.leave()
            return "#\(number)"
        }
        #expect(results == (0..<12).map { "#\($0)" })
        let most = await inFlight.most
        #expect(most <= limit)
        if limit == 3 { #expect(most == 3, "the limit is used, not only respected") }
    }

    @Test func emptyInputAndALimitBelowOne() async {
        #expect(await [Int]().mapConcurrently(atMost: 4) { $0 }.isEmpty)
        #expect(await [1, 2].mapConcurrently(atMost: 0) { $0 * 10 } == [10, 20])
    }
}
