/// One live request recorded as a sample: `contract infer --base-url URL --request "GET /users/42"` sends it
/// through the recorder (redaction, volatile headers, retries and limits as `contract record` has them) and infers
/// from what it wrote.
package enum LiveSample {
    /// Records `method path` into `<recordings>/<group>/<endpoint>.json` and reads the recording back.
    package static func record(method: String, path: String, group: String, recorder: Recorder) async -> Result<
        ResponseSample, ContractError
    > {
        let (template, _) = PathTemplate.of(ResponseSample.pathAndQuery(of: path).path)
        let name = SpecInferrer.endpointName(method: method, template: template)
        let location = SourceLocation(file: "--request", line: 1, column: 1)
        let endpoint = Endpoint(
            id: "\(group)/\(name)", name: name, group: group, location: location,
            request: RequestSpec(method: method, path: path, location: location),
            expect: Expectation(status: StatusExpectation(codes: [], classes: [2]), location: location))
        let result = await recorder.record(endpoint)
        if case .failed(let failure) = result.outcome {
            return .failure(
                ContractError(
                    .io, "\(result.request): \(failure.reason)",
                    hint: failure.hint ?? "check the base URL and that the server is running"))
        }
        do {
            let recording = try Recording.read(from: result.path)
            return .success(
                ResponseSample(
                    source: result.path, endpointName: name, recording: recording, recordingFile: result.path))
        } catch {
            return .failure(error)
        }
    }
}
