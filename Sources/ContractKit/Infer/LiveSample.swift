/// One live request recorded as a sample: `contract infer --base-url URL --request "GET /users/42"` sends it
/// through the recorder (redaction, volatile headers, retries and limits as `contract record` has them) and infers
/// from what it wrote.
package enum LiveSample {
    /// Records `method path` into `<recordings>/<group>/<endpoint>.json` and reads the recording back. `headers`
    /// are sent as a spec's `headers:` are: `${NAME}` read from the recorder's environment, and redacted.
    package static func record(
        method: String, path: String, headers: [(name: String, value: Template)] = [], group: String,
        recorder: Recorder
    ) async -> Result<ResponseSample, ContractError> {
        let (template, _) = PathTemplate.of(ResponseSample.pathAndQuery(of: path).path)
        let name = SpecInferrer.endpointName(method: method, template: template)
        let location = SourceLocation(file: "--request", line: 1, column: 1)
        let endpoint = Endpoint(
            id: "\(group)/\(name)", name: name, group: group, location: location,
            request: RequestSpec(method: method, path: path, headers: headers, location: location),
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
            try SampleReader.checkDepth(of: recording, source: result.path)
            return .success(
                ResponseSample(
                    source: result.path, endpointName: name, recording: recording, recordingFile: result.path,
                    requestHeaders: headers.map { ($0.name, $0.value.description) }))
        } catch {
            return .failure(error)
        }
    }

    /// A `--header` value, `Name: value`, as a spec's header: `${NAME}` reads an environment variable when the
    /// request is sent, and the spec is written with the reference, never the value. A credential written out
    /// (`Authorization: Bearer abc123`) is refused: it would be written to the spec, and the shell history has it.
    package static func header(parsing line: String) throws(ContractError) -> (name: String, value: Template) {
        guard let colon = line.firstIndex(of: ":") else {
            throw ContractError(
                .invalidArgument,
                "--header '\(line.escapingNonPrintables())' is not a header: write it as 'Name: value'",
                hint: "for example --header 'Accept: application/json'")
        }
        let name = line[..<colon].trimmingCharacters(in: .whitespaces)
        let text = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        let token = "!#$%&'*+-.^_`|~"
        guard !name.isEmpty,
            name.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || token.unicodeScalars.contains($0)
            })
        else {
            throw ContractError(
                .invalidArgument,
                "--header '\(line.escapingNonPrintables())': '\(name.escapingNonPrintables())' is not a header name",
                hint: "a header name is letters, digits and !#$%&'*+-.^_`|~, as in 'X-Api-Key: ${API_KEY}'")
        }
        let value: Template
        do {
            value = try Template(parsing: text)
        } catch {
            throw ContractError(.invalidArgument, "--header '\(name)': \(error.message)", hint: error.hint)
        }
        let literal = value.parts.compactMap { part -> String? in
            if case .literal(let text) = part { return text } else { return nil }
        }
        // A credential header may spell out only its scheme (`Bearer `) and the names its variables are values of
        // (`session=${SESSION}`); anything else written out in it (`session=abc123; lang=${LANG}`) would reach the spec.
        let writtenOut =
            Redactor.isSensitiveHeader(name)
            ? value.variables.isEmpty || !literal.allSatisfy(LiveSample.onlyNamesTheVariables)
            : literal.contains(where: SecretRedaction.looksLikeCredential)
        guard !writtenOut else {
            throw ContractError(
                .invalidArgument,
                "--header '\(name)' holds a credential written out; it would be written to the spec, so it is refused",
                hint:
                    "put it in an environment variable and name it: --header '\(name): Bearer ${TOKEN}' (in single quotes, so that the shell leaves ${TOKEN} to contract)"
            )
        }
        return (name, value)
    }

    /// Authorization schemes a credential header may name before its variable.
    static let schemes: Set<String> = ["bearer", "basic", "token", "digest", "bot", "apikey", "api-key", "key"]

    /// Whether a literal part of a credential header holds nothing secret: separators, a scheme word, or
    /// `name=` whose value is the variable after it.
    static func onlyNamesTheVariables(_ literal: String) -> Bool {
        return literal.split(whereSeparator: { $0 == ";" || $0 == "," }).allSatisfy { piece in
            let word = piece.trimmingCharacters(in: .whitespaces)
            if word.isEmpty || schemes.contains(word.lowercased()) { return true }
            guard word.hasSuffix("="), word.count > 1 else { return false }
            return word.dropLast().allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_.-".contains($0)) }
        }
    }
}
