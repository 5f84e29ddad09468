import Foundation

/// Writes an ``InferredSpec`` as a spec file, through the spec writer `import openapi` uses: the same layout as
/// hand-written specs, with the inference's notes as comments above each endpoint.
package struct InferredSpecWriter: Sendable {
    /// The longest comment line written; notes are wrapped at word breaks to fit.
    static let commentWidth = 110

    /// A writer.
    package init() {}

    /// The spec file's text. The same spec always gives the same bytes.
    package func yaml(for spec: InferredSpec) -> String {
        SpecYAMLWriter().render(document(for: spec))
    }

    /// The spec as a document for the spec writer.
    package func document(for spec: InferredSpec) -> SpecDocument {
        let samples = spec.endpoints.reduce(0) { $0 + $1.sampleCount }
        let comment = Self.wrapped(
            "Drafted by `contract infer` from \(samples) sample\(samples == 1 ? "" : "s"). A sample shows what the server sent, not what it promises: review the optional keys, the types and the names before relying on it."
        )
        let keyStrategies = Set(spec.endpoints.map(\.keys))
        let sharedKeys = keyStrategies.count == 1 ? keyStrategies.first : nil
        let defaults = sharedKeys.flatMap { $0 == .useDefaultKeys ? nil : SpecDefaults(keys: $0) }
        let endpoints = spec.endpoints.map { endpoint in
            var notes = endpoint.notes
            notes.append("Inferred from \(endpoint.sampleCount) sample\(endpoint.sampleCount == 1 ? "" : "s").")
            var requestBody: JSONValue?
            // Sent as it was captured: a `${NAME}` in it is text, not a variable to fill from the environment.
            if case .json(let value)? = endpoint.recording.recording.request.body?.built {
                requestBody = Template.literal(value)
            }
            return EndpointDraft(
                name: endpoint.name, comment: notes.flatMap(Self.wrapped), method: endpoint.method,
                path: Template.literal(endpoint.path),
                params: endpoint.params.map { SpecEntry($0.name, Template.literal($0.value)) },
                query: endpoint.query.map { SpecEntry($0.name, Template.literal($0.value)) },
                headers: endpoint.headers.map { SpecEntry($0.name, $0.value) }, body: requestBody,
                status: endpoint.statuses.map(String.init), contentType: endpoint.contentType,
                expectedBody: endpoint.body,
                keys: sharedKeys == nil && endpoint.keys != .useDefaultKeys ? endpoint.keys : nil,
                dates: endpoint.dates)
        }
        return SpecDocument(
            comment: comment, shapes: spec.shapes.map { NamedShape(name: $0.name, shape: $0.shape) },
            defaults: defaults, endpoints: endpoints)
    }

    /// `text` in lines of at most ``commentWidth`` characters, broken at spaces.
    static func wrapped(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > commentWidth {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Writes `text` to `path` atomically, creating its folder.
    package static func write(_ text: String, to path: String) throws(ContractError) {
        do {
            try AtomicFile.write(Data(text.utf8), to: path)
        } catch {
            throw WriteFailure.error(writing: path, error)
        }
    }

}
