import Foundation

/// Samples in, a spec out: groups the samples into endpoints (by the name an input gives, else by method and path
/// template), merges each endpoint's bodies into one shape, names the object shapes, and notes what a reader should
/// know (envelopes, collections keyed by id, the key style).
///
/// The result depends only on the samples and their order, so the same input gives the same spec, byte for byte.
package struct SpecInferrer: Sendable {
    /// Whether strings and integers with few distinct values across many samples become enums (`enum(a, b)`,
    /// `Int(1, 2)`).
    package var enums: Bool

    /// Shape names the spec must not declare: those of the other spec files in the folder it is written to.
    package var takenShapeNames: Set<String>

    /// An inferrer; enums only when asked for.
    package init(enums: Bool = false, takenShapeNames: Set<String> = []) {
        self.enums = enums
        self.takenShapeNames = takenShapeNames
    }

    /// The shape names declared under `shapes:` by the spec files in `directory`, except the file at `except` (the
    /// one about to be replaced). A file that does not read declares nothing here; `lint` reports it.
    package static func shapeNamesDeclared(in directory: String, except: String) -> Set<String> {
        var names: Set<String> = []
        let replaced = URL(fileURLWithPath: except).standardizedFileURL.path
        for file in SpecLoader.specFiles(in: directory).files
        where URL(fileURLWithPath: file).standardizedFileURL.path != replaced {
            guard let text = try? SpecLoader.readText(file), let root = try? YAMLLoader.load(text, path: file),
                let shapes = root.pairs?.first(where: { $0.key.scalarValue == "shapes" })?.value.pairs
            else { continue }
            for pair in shapes { if let name = pair.key.scalarValue { names.insert(name) } }
        }
        return names
    }

    /// Keys that hold a response's payload inside an envelope.
    static let envelopeKeys: Set<String> = [
        "data", "objects", "results", "items", "records", "payload", "response", "result", "entries", "content",
    ]

    private struct Group {
        var name: String?
        var method: String
        var template: PathTemplate
        var samples: [ResponseSample] = []
        /// The values each sample's path gave the template's placeholders.
        var values: [[String]] = []
    }

    /// The spec for `samples`, under the spec file name `name`.
    package func infer(_ samples: [ResponseSample], name: String) -> InferredSpec {
        var groups: [Group] = []
        var groupIndex: [String: Int] = [:]
        var skipped: [String] = []
        var leftOutErrors: [Int] = []
        let words = PathWords.positions(in: samples)
        for (index, sample) in samples.enumerated() {
            let (template, values) = PathTemplate.of(sample.path, words: words[index])
            let method = sample.recording.request.method.uppercased()
            // Recordings of different groups may share a short name (`users/list-users`, `directory/list-users`):
            // samples are one endpoint only when their method and path template agree too.
            let key = (sample.endpointName.map { "name \($0) " } ?? "") + "\(method) \(template.text)"
            if let position = groupIndex[key] {
                groups[position].samples.append(sample)
                groups[position].values.append(values)
            } else {
                groupIndex[key] = groups.count
                groups.append(
                    Group(
                        name: sample.endpointName, method: method, template: template, samples: [sample],
                        values: [values]))
            }
        }
        var namer = ShapeNamer()
        namer.reserved = takenShapeNames
        var drafts: [(endpoint: InferredSpec.Endpoint, body: Shape?)] = []
        var names = UniqueNames()
        var sampleNumber = 0
        for group in groups {
            guard group.samples.contains(where: { $0.body != nil }) else {
                leftOutErrors += group.samples.filter { $0.recording.response.status >= 400 }.map(
                    \.recording.response.status)
                skipped.append(
                    "\(group.method) \(group.template.text): no JSON body in \(group.samples.count) sample\(group.samples.count == 1 ? "" : "s") (\(group.samples[0].source))"
                )
                continue
            }
            let successes = group.samples.filter { (200..<300).contains($0.recording.response.status) }
            let chosenStatuses = Set((successes.isEmpty ? group.samples : successes).map(\.recording.response.status))
            let used = group.samples.filter { chosenStatuses.contains($0.recording.response.status) }
            let root = ValueSummary()
            var jsonSamples = 0
            for sample in used {
                guard let body = sample.body else { continue }
                root.add(body, sample: sampleNumber)
                sampleNumber += 1
                jsonSamples += 1
            }
            var inference = ShapeInference(enums: enums)
            let body =
                jsonSamples > 0
                ? inference.shape(of: root, at: .init(key: nil, transformPath: [], jsonPath: "$")) : nil
            let chosen = group.samples.indices.filter {
                chosenStatuses.contains(group.samples[$0].recording.response.status)
            }
            let representativeIndex = chosen.first { group.samples[$0].body != nil } ?? chosen[0]
            let representative = group.samples[representativeIndex]
            let values = group.values[representativeIndex]
            let endpointName = uniqueName(
                group.name.map(Self.safeName) ?? Self.endpointName(method: group.method, template: group.template),
                taken: &names)
            leftOutErrors += group.samples.map(\.recording.response.status).filter {
                $0 >= 400 && !chosenStatuses.contains($0)
            }
            var notes = inference.notes
            if let guess = group.samples.first(where: \.requestIsGuessed) {
                notes.insert(
                    "The request line is a guess from the file name (\((guess.source as NSString).lastPathComponent)): correct it, or infer again with --request \"GET /path\" to name it.",
                    at: 0)
            }
            if let envelope = Self.envelopeNote(root) { notes.insert(envelope, at: 0) }
            let (keys, keyNote) = KeyStyle.strategy(for: inference.objectKeys)
            if let keyNote { notes.append(keyNote) }
            let left = group.samples.count - used.count
            if left > 0 {
                let others = Set(group.samples.map(\.recording.response.status)).subtracting(chosenStatuses).sorted()
                notes.append(
                    "\(left) sample\(left == 1 ? "" : "s") with status \(others.map(String.init).joined(separator: ", ")) left out: the body is inferred from the \(chosenStatuses.sorted().map(String.init).joined(separator: ", ")) responses."
                )
            }
            let contentTypes = Set(
                used.map { $0.recording.response.header("Content-Type").map(MediaType.essence(of:)) })
            let (query, repeated) = Self.splitRepeated(Self.query(of: representative))
            let endpoint = InferredSpec.Endpoint(
                name: endpointName, method: group.method, path: group.template.text + repeated,
                params: Array(zip(group.template.parameters, values)).map { ($0.0, $0.1) },
                query: query, statuses: chosenStatuses.sorted(),
                contentType: contentTypes.count == 1 ? contentTypes.first! : nil, body: nil, keys: keys,
                dates: Self.dateStrategy(inference.dateFormats), notes: notes, sampleCount: used.count,
                samples: used, requestIsGuessed: group.samples.contains(where: \.requestIsGuessed),
                headers: representative.requestHeaders)
            let collection =
                body.map { shape -> Bool in
                    switch shape.nonOptional.kind {
                    case .array, .dictionary: return true
                    default: return false
                    }
                } ?? false
            let words = Self.rootWords(group: group, name: endpointName, collection: collection)
            let alternative = Self.alternativeWords(group: group, collection: collection)
            drafts.append((endpoint, body.map { namer.register(body: $0, words: words, alternative: alternative) }))
        }
        namer.assignNames()
        var endpoints = drafts.map { draft -> InferredSpec.Endpoint in
            var endpoint = draft.endpoint
            endpoint.body = draft.body.map(namer.resolve)
            return endpoint
        }
        endpoints.sort { ($0.path, $0.method, $0.name) < ($1.path, $1.method, $1.name) }
        return InferredSpec(
            name: name, shapes: namer.namedShapes, endpoints: endpoints, skipped: skipped,
            leftOutErrorStatuses: leftOutErrors.sorted())
    }

    private func uniqueName(_ base: String, taken: inout UniqueNames) -> String {
        taken.claim(base) { number in
            number.map { SpecFileParser.fittingEndpointName(base, suffix: "-\($0)") }
                ?? SpecFileParser.fittingEndpointName(base)
        }
    }

    /// A name from an input (a recording's endpoint id, a file's name) as an endpoint name may be written: letters,
    /// digits, `-` and `_`, not starting with `.` (it names a recording file); `endpoint` when nothing is left.
    static func safeName(_ name: String) -> String {
        let kept = String(
            name.unicodeScalars.map { scalar -> Character in
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                    ? Character(scalar) : "-"
            })
        let trimmed = kept.split(separator: "-").joined(separator: "-")
        return trimmed.isEmpty ? "endpoint" : trimmed
    }

    /// `get-user` for `GET /users/{id}`, `get-users` for `GET /users`, `post-orders` for `POST /orders`;
    /// `api` and version segments (`v1`) are left out, and a name past an endpoint name's 250 bytes is cut.
    static func endpointName(method: String, template: PathTemplate) -> String {
        var words = nameWords(template)
        if words.isEmpty { words = ["root"] }
        return SpecFileParser.fittingEndpointName(([method.lowercased()] + words).joined(separator: "-"))
    }

    private static func nameWords(_ template: PathTemplate) -> [String] {
        var literals = template.literals.filter { !isVersionOrAPI($0) }
        if template.endsWithParameter, let last = literals.last {
            literals[literals.count - 1] = KeyWords.singular(last)
        }
        return literals.flatMap(KeyWords.words).map { word in
            String(word.unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        }.filter { !$0.isEmpty }
    }

    private static func isVersionOrAPI(_ segment: String) -> Bool {
        let lowered = segment.lowercased()
        if lowered == "api" || lowered == "rest" { return true }
        return lowered.count >= 2 && lowered.first == "v" && lowered.dropFirst().allSatisfy(\.isNumber)
    }

    /// The words a body's shape is named from, outermost first: `GET /users/{id}` gives `["Get", "User"]`, and
    /// the body's object is a `User`; so does `GET /users` when its body is a list, for its elements.
    private static func rootWords(group: Group, name: String, collection: Bool) -> [String] {
        var literals = group.template.literals.filter { !isVersionOrAPI($0) }
        if literals.isEmpty { literals = [name] }
        var words = [KeyWords.typeName(group.method.lowercased(), singular: false) ?? "Get"]
        for (position, literal) in literals.enumerated() {
            let last = position == literals.count - 1
            let singular = !last || collection || group.template.endsWithParameter
            guard let word = KeyWords.typeName(literal, singular: singular) else { continue }
            words.append(word)
        }
        return words
    }

    /// The words of the shape a body may share a name with, when its path ends in a fixed word after a collection:
    /// `GET /users/me` gives `["Get", "User"]`, so that a body shaped like the other users' is a `User`, not a `Me`.
    private static func alternativeWords(group: Group, collection: Bool) -> [String]? {
        let segments = group.template.text.split(separator: "/").map(String.init)
        guard !collection, segments.count >= 2, !group.template.endsWithParameter,
            let last = group.template.literals.last, PathWords.fixedWords.contains(last.lowercased()),
            let parent = segments.dropLast().last, !parent.hasPrefix("{"), !isVersionOrAPI(parent),
            let word = KeyWords.typeName(parent, singular: true)
        else { return nil }
        return [KeyWords.typeName(group.method.lowercased(), singular: false) ?? "Get", word]
    }

    /// The query of the sample, without parameters that carry credentials or were redacted.
    private static func query(of sample: ResponseSample) -> [(name: String, value: String)] {
        let query = sample.query
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&").compactMap { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let name = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? parts[0]
            let value =
                parts.count > 1
                ? (parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? parts[1]) : ""
            guard !name.isEmpty, !Redactor.isSensitiveQueryParameter(name), value != SecretRedaction.placeholder else {
                return nil
            }
            return (name, value)
        }
    }

    /// The parameters whose names the query has once, and the others written as a query for the request's path
    /// (`?tag=red&tag=blue`, or empty): a spec's `query:` is a mapping, which holds one value for a name, and a path
    /// may carry a query of its own.
    private static func splitRepeated(_ query: [(name: String, value: String)]) -> (
        once: [(name: String, value: String)], inPath: String
    ) {
        var counts: [String: Int] = [:]
        for parameter in query { counts[parameter.name, default: 0] += 1 }
        let repeated = query.filter { counts[$0.name]! > 1 }
        guard !repeated.isEmpty else { return (query, "") }
        let inPath = repeated.map {
            PercentEncoding.queryComponent($0.name) + "=" + PercentEncoding.queryComponent($0.value)
        }
        return (query.filter { counts[$0.name]! == 1 }, "?" + inPath.joined(separator: "&"))
    }

    /// The decoder's date strategy: the one every date uses, or `flexible` when they differ (or carry fractions,
    /// which Foundation's `.iso8601` refuses); nil when there are no dates.
    private static func dateStrategy(_ formats: [DateFormat]) -> DateFormat? {
        guard let first = formats.first else { return nil }
        return formats.allSatisfy { $0 == first } ? first : .flexible
    }

    /// A note when the body is an envelope: an object whose payload sits under `data`, `objects`, `results`, ...
    /// beside at most a few keys of metadata.
    private static func envelopeNote(_ root: ValueSummary) -> String? {
        guard root.objects > 0, root.objects == root.count - root.nulls, root.keyOrder.count <= 4 else { return nil }
        for key in root.keyOrder where envelopeKeys.contains(key) {
            guard let member = root.members[key], member.arrays + member.objects > 0 else { continue }
            let kind = member.arrays > 0 ? "a list" : "an object"
            return
                "an envelope: the payload (\(kind)) is under '\(key)'; an app that decodes only the payload adds `- unwrap: \(key)` to transforms."
        }
        return nil
    }
}
