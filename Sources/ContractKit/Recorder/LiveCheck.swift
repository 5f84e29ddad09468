/// `contract check`: record live responses, then verify them, in one run for the nightly job.
///
/// Endpoints whose request failed are not verified (there is no fresh recording to verify); each gets a
/// `request-failed` finding instead, so the report lists every endpoint.
package struct LiveCheck: Sendable {
    /// Records into its options' folder.
    package let recorder: Recorder
    /// Verifies what was recorded; its recordings folder is the recorder's.
    package let verifier: Verifier

    /// A check of `suite` with `recorder`, decoding through `models`; the verifier reads the folder the recorder writes.
    package init(
        suite: SpecSuite, recorder: Recorder, verifierOptions: Verifier.Options = Verifier.Options(),
        models: ModelRegistry = ModelRegistry()
    ) {
        var options = verifierOptions
        options.recordingsDirectory = recorder.options.recordingsDirectory
        self.recorder = recorder
        self.verifier = Verifier(suite: suite, options: options, models: models)
    }

    /// Records then verifies `endpoints`; the report keeps their order.
    package func run(
        _ endpoints: [Endpoint], failOn: Severity = .breaking,
        progress: @escaping @Sendable (RecordEvent) -> Void = { _ in }
    ) async -> (recording: RecordRun, report: VerificationReport) {
        let run = await recorder.record(endpoints, progress: progress)
        let recorded = run.results.filter { $0.failure == nil }.map(\.endpoint)
        let verified = await verifier.verify(recorded, failOn: failOn)
        var byID: [String: EndpointResult] = [:]
        for result in verified.results { byID[result.id] = result }
        let results = run.results.map { recording -> EndpointResult in
            if let finding = recording.finding {
                return EndpointResult(
                    id: recording.endpoint.id, specLocation: recording.endpoint.location, recordingPath: recording.path,
                    model: recording.endpoint.model, findings: [finding],
                    notes: ["not verified: the request failed, so there is no fresh recording"])
            }
            return byID[recording.endpoint.id]!
        }
        return (run, VerificationReport(results: results, failOn: failOn))
    }
}
