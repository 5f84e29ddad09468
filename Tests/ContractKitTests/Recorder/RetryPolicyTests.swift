import Foundation
import Testing

@testable import ContractKit

struct RetryPolicyTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func backsOffExponentiallyUpToTheCap() {
        let policy = RetryPolicy(retries: 5, backoff: 0.5, maxDelay: 3)
        #expect((1...5).map { policy.delay(afterAttempt: $0) } == [0.5, 1, 2, 3, 3])
    }

    @Test func retryAfterInSecondsReplacesTheBackoffAndIsCapped() {
        let policy = RetryPolicy(retries: 2, backoff: 0.5, maxDelay: 30)
        #expect(policy.delay(afterAttempt: 1, retryAfter: "7", now: now) == 7)
        #expect(policy.delay(afterAttempt: 1, retryAfter: "3600", now: now) == 30)
        #expect(
            policy.delay(afterAttempt: 1, retryAfter: "soon", now: now) == 0.5,
            "an unreadable value falls back to the backoff")
    }

    @Test(arguments: [
        "\(RetryPolicyTests.httpDate(secondsAfter: 12))",
        "Sunday, 06-Nov-94 08:49:37 GMT",
        "Sun Nov  6 08:49:37 1994",
    ])
    func readsHTTPDates(_ value: String) throws {
        let seconds = try #require(RetryPolicy.seconds(fromRetryAfter: value, now: now))
        #expect(seconds == (value.hasPrefix("Sun") ? 0 : 12), "a date in the past asks for no wait")
    }

    @Test func retriesOnly429And5xx() {
        #expect([200, 301, 404, 429, 500, 503, 599].filter(RetryPolicy.isRetryable(status:)) == [429, 500, 503, 599])
    }

    static func httpDate(secondsAfter seconds: Double) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date(timeIntervalSince1970: 1_795_000_000 + seconds))
    }
}
