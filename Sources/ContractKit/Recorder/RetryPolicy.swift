import Foundation

/// When to try a request again, and how long to wait first.
///
/// Connection failures, `429 Too Many Requests` and `5xx` answers are retried with exponential backoff; a
/// `Retry-After` header (seconds or an HTTP date) replaces the backoff. Every wait is capped, so a server asking
/// for an hour cannot stall a nightly run.
package struct RetryPolicy: Sendable, Hashable {
    /// Attempts after the first.
    package var retries: Int
    /// Seconds before the first retry; each later one waits twice as long as the one before.
    package var backoff: Double
    /// The longest wait, for backoff and `Retry-After` alike.
    package var maxDelay: Double

    /// Creates a policy.
    package init(retries: Int = 2, backoff: Double = 0.5, maxDelay: Double = 30) {
        self.retries = max(0, retries)
        self.backoff = max(0, backoff)
        self.maxDelay = max(0, maxDelay)
    }

    /// True when a response with this status is worth another attempt: 429 and 5xx.
    package static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// Seconds to wait after failed attempt number `attempt` (1 for the first): `Retry-After` when the server sent
    /// one, exponential backoff otherwise, at most ``maxDelay``.
    package func delay(afterAttempt attempt: Int, retryAfter: String? = nil, now: Date = Date()) -> Double {
        if let retryAfter, let seconds = RetryPolicy.seconds(fromRetryAfter: retryAfter, now: now) {
            return min(maxDelay, seconds)
        }
        let exponent = Double(max(0, attempt - 1))
        return min(maxDelay, backoff * pow(2, exponent))
    }

    /// The wait a `Retry-After` value asks for: delay-seconds (`120`) or an HTTP date; nil when it is neither.
    /// A date in the past asks for no wait.
    package static func seconds(fromRetryAfter value: String, now: Date = Date()) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces)
        if !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), let seconds = Double(text) {
            return seconds
        }
        guard let date = httpDate(text) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }

    /// Parses the three date forms HTTP allows: IMF-fixdate, RFC 850 and asctime.
    static func httpDate(_ text: String) -> Date? {
        for format in ["EEE, dd MMM yyyy HH:mm:ss zzz", "EEEE, dd-MMM-yy HH:mm:ss zzz", "EEE MMM d HH:mm:ss yyyy"] {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            let normalized = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            if let date = formatter.date(from: normalized) { return date }
        }
        return nil
    }
}
