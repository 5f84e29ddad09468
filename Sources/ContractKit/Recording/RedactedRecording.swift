/// A recording with its secrets redacted (``SecretRedaction/redacted(_:)``): the only form in which a recording
/// reaches a report. It is redacted once, where it enters a result (the verifier, the report reader), so that
/// renderers only render.
package struct RedactedRecording: Sendable, Hashable {
    /// The redacted recording.
    package let recording: Recording

    /// `recording`, redacted.
    package init(_ recording: Recording) {
        self.recording = SecretRedaction.redacted(recording)
    }
}
