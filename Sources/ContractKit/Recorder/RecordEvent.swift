/// What happened to one endpoint: the recorder's answer for it.
package enum RecordOutcome: Sendable, Hashable {
    /// A response was recorded and the file was created or changed.
    case written(status: Int, durationMs: Int)
    /// A response was recorded and matched the file on disk, which was left untouched.
    case unchanged(status: Int, durationMs: Int)
    /// Not requested: `--mode missing` and a recording exists.
    case skipped
    /// No recording: the request failed, or the response could not be recorded. The reason is redacted.
    case failed(RecordFailure)

    /// The response status, when one was recorded.
    package var status: Int? {
        switch self {
        case .written(let status, _), .unchanged(let status, _): return status
        case .skipped, .failed: return nil
        }
    }
}

/// Why an endpoint could not be recorded, already redacted.
package struct RecordFailure: Sendable, Hashable {
    /// What went wrong, in one sentence.
    package var reason: String
    /// How to fix it.
    package var hint: String?
    /// How many attempts were made (0 when the request could not even be built).
    package var attempts: Int

    /// Creates a failure.
    package init(reason: String, hint: String? = nil, attempts: Int) {
        self.reason = reason
        self.hint = hint
        self.attempts = attempts
    }
}

/// Progress while recording, for a terminal or a log; every text in it is already redacted.
package enum RecordEvent: Sendable, Hashable {
    /// The first attempt for an endpoint is about to be sent; `request` is `GET http://host/path`.
    case started(endpoint: String, request: String)
    /// The answer is in and its slot free for the next request; the recording is being made and written.
    case answered(endpoint: String)
    /// An attempt failed and another follows after `delay` seconds.
    case retrying(endpoint: String, attempt: Int, of: Int, reason: String, delay: Double)
    /// The endpoint is done; `seconds` is the time since it started, retries included.
    case finished(endpoint: String, outcome: RecordOutcome, seconds: Double)
}
