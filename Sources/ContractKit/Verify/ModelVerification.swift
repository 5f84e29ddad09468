import Foundation

/// The model stage of verifying one endpoint: apply the spec's transforms to the raw body, decode the result
/// through the app's model reporting every failure, trace each failure back to the raw body, and merge it with
/// the shape findings, so that each place has one finding, judged from the app's side.
///
/// - A shape finding the model fails on stays, becomes `breaking`, and gains the model's view
///   (`User.email: Swift type String, property is not Optional`) and a fix for the model.
/// - A shape finding the model copes with becomes a `warning` (an `info` one stays `info`), but only when the
///   model decoded the whole body, so that every place was judged.
/// - A model failure no shape finding explains is a `decode-failed` finding.
/// - A transform whose precondition fails is merged into the shape finding at its place, or is a
///   `transform-failed` finding of its own; nothing is decoded after it.
/// - Elements a `lossy` transform drops are one `elements-dropped` warning per array; shape findings inside
///   them become warnings.
struct ModelVerification {
    let endpoint: Endpoint
    let model: ModelType
    let locator: ShapeLocator
    /// The body as the server sent it: a tree, or a body on its recording's tape built when first read.
    let rawBodySource: Recording.Body
    /// The body's own JSON text, when it has one: decoded as is when no transform changes the body.
    let rawBodyText: Data?
    /// The endpoint's decoder, when the verifier keeps one; else one is made for the first attempt.
    let decoder: JSONDecoder?

    /// Verification of a body read from a recording file: its text goes to the decoder as it stands when no
    /// transform changes it, and its tree is built only if the model fails.
    init(endpoint: Endpoint, model: ModelType, locator: ShapeLocator, rawBody: IndexedBody, decoder: JSONDecoder?) {
        self.endpoint = endpoint
        self.model = model
        self.locator = locator
        rawBodySource = .indexed(rawBody)
        let unchanged = endpoint.transforms.isEmpty
        rawBodyText = unchanged ? rawBody.text : nil
        self.decoder = unchanged ? decoder : nil
    }

    /// Verification of a body as a tree.
    init(endpoint: Endpoint, model: ModelType, locator: ShapeLocator, rawBody: JSONValue) {
        self.endpoint = endpoint
        self.model = model
        self.locator = locator
        rawBodySource = .json(rawBody)
        rawBodyText = nil
        decoder = nil
    }

    /// The body as the server sent it.
    var rawBody: JSONValue { rawBodySource.jsonValue ?? .null }

    /// The merged findings (grouped) and notes for the report.
    struct Outcome {
        var findings: [Finding]
        var notes: [String]
    }

    /// A failure traced back to the raw body.
    struct TracedFailure {
        var failure: DecodeFailure
        /// The place in the raw body; for a value a transform added, the nearest place that exists.
        var path: JSONPath
        /// Said when `path` is not the value's own place.
        var originNote: String?
        /// True when the value is an entry's key that keyedToArray put into the element.
        var isEntryKey = false
    }

    func verify(shapeFindings: [ShapeFinding]) -> Outcome {
        var firstError: (any Error)?
        switch decodeAtOnce(shapeFindings: shapeFindings) {
        case .decoded(let outcome): return outcome
        case .failed(let error): firstError = error
        case .notTried: break
        }
        let body = rawBody
        var items = shapeFindings
        var notes: [String] = []
        let (run, elementTypes) = runTransforms(body)
        if let failure = run.failure {
            merge(transformFailure: failure, run: run, into: &items)
            notes.append(
                "not decoded through \(model): the \(endpoint.transforms[failure.step].name) transform failed; the other findings keep the spec's severity"
            )
            return Outcome(findings: ShapeFinding.grouped(items), notes: notes)
        }
        let unchanged = endpoint.transforms.isEmpty
        let report = EveryFailureDecoder(model: model, options: endpoint.decoding)
            .decode(
                run.output ?? body, encoded: unchanged ? rawBodyText : nil, firstError: unchanged ? firstError : nil)
        let traced = report.failures.map { trace($0, run: run, body: body) }
        let dropped = run.removed.map(\.path)

        var attached: [Int: [TracedFailure]] = [:]
        var unexplained: [TracedFailure] = []
        let index = FindingIndex(items)
        for failure in traced {
            if let index = matchingFinding(for: failure, in: items, index: index) {
                attached[index, default: []].append(failure)
            } else {
                unexplained.append(failure)
            }
        }
        // A drift repeated over a long list is tens of thousands of items: look dropped elements up by ancestor,
        // and word only the first item of each group, the one grouping keeps (the others are counted).
        let droppedPaths = Set(dropped)
        // A value inside a place the model failed on (a new envelope, a key it could not find, a container of the
        // wrong kind) was never read by the model, if the model read nothing there: it is judged by the spec.
        let blocked = attached.keys.compactMap { index -> JSONPath? in
            Self.blockingKinds.contains(items[index].finding.kind) ? items[index].finding.path : nil
        }
        let reached =
            blocked.isEmpty ? nil : ReachedPlaces(model: model, options: endpoint.decoding, run: run, body: body)
        var worded: Set<String> = []
        for index in items.indices {
            guard let path = items[index].finding.path else { continue }
            if let failures = attached[index] {
                if worded.insert(items[index].group).inserted {
                    judgeBreaking(&items[index], failures)
                } else {
                    items[index].finding.severity = .breaking
                }
            } else if !droppedPaths.isEmpty, path.ancestors.contains(where: droppedPaths.contains) {
                judgeCoping(
                    &items[index], reason: "the lossy transform drops this element, so the app copes without it",
                    newHint: false)
            } else if let reached, blocked.contains(where: { path.hasPrefix($0) && path != $0 }),
                !reached.contains(path.parent)
            {
                judgeUnreached(&items[index], failures: traced)
            } else if report.completed {
                judgeCoping(&items[index], reason: "\(model) decodes the body anyway", newHint: true)
            }
        }
        for failure in unexplained {
            items.append(ShapeFinding(finding: decodeFailedFinding(failure), group: group(for: failure), specKey: nil))
        }
        items += droppedElementFindings(run: run, body: body, elementTypes: elementTypes)
        notes.append(
            "decoded through \(model) (keys: \(endpoint.decoding.keys.rawValue), dates: \(endpoint.decoding.dates))")
        if let reason = report.stopReason {
            notes.append(
                "decoding through \(model) stopped early: \(reason); findings past that point keep the spec's severity")
        }
        // The same drift in two elements is one finding only if the app fares the same with both.
        for index in items.indices { items[index].group += "|\(items[index].finding.severity)" }
        return Outcome(findings: ShapeFinding.grouped(items), notes: notes)
    }

    /// Decoding the body's own text, untransformed, before anything else.
    private enum AtOnce {
        /// It decoded: no failure to trace, so the body is never built as a tree. The same outcome as the full
        /// path's for a body that decodes: every shape finding is one the model copes with.
        case decoded(Outcome)
        /// It threw this; the full path's first attempt takes it rather than decoding the same bytes again.
        case failed(any Error)
        /// There are transforms, or no text.
        case notTried
    }

    private func decodeAtOnce(shapeFindings: [ShapeFinding]) -> AtOnce {
        guard endpoint.transforms.isEmpty, let text = rawBodyText else { return .notTried }
        do {
            try model.decode(text, with: decoder ?? endpoint.decoding.makeDecoder())
        } catch {
            return .failed(error)
        }
        var items = shapeFindings
        for index in items.indices where items[index].finding.path != nil {
            judgeCoping(&items[index], reason: "\(model) decodes the body anyway", newHint: true)
        }
        for index in items.indices { items[index].group += "|\(items[index].finding.severity)" }
        return .decoded(
            Outcome(
                findings: ShapeFinding.grouped(items),
                notes: [
                    "decoded through \(model) (keys: \(endpoint.decoding.keys.rawValue), dates: \(endpoint.decoding.dates))"
                ]))
    }

    // MARK: - Transforms

    /// Runs the spec's transforms; `lossy` arrays drop the elements that do not decode alone as the type the
    /// model reads there, learnt by probing the model over the body with nothing dropped (unless `dropping` is
    /// false: then they keep every element).
    func runTransforms(_ body: JSONValue, dropping: Bool = true) -> (TransformRun, [TransformPath: ModelType]) {
        let plain = pipeline(keep: [:])
        let firstRun = plain.run(body)
        let lossy = endpoint.transforms.enumerated().flatMap { step, spec in spec.lossyPaths.map { (step, $0) } }
        guard dropping, !lossy.isEmpty, let output = firstRun.output else { return (firstRun, [:]) }
        let probe = ModelProbe(keys: endpoint.decoding.keys, dates: endpoint.decoding.dates)
        probe.walk(model.type, over: output)
        var elementTypes: [TransformPath: ModelType] = [:]
        for (codingPath, record) in probe.records {
            guard case .index? = codingPath.components.last, let type = record.type as? any Decodable.Type else {
                continue
            }
            let (bodyPath, _) = DecodeSession.locate(
                codingPath, in: output, keys: endpoint.decoding.keys, records: probe.records)
            for (step, arrayPath) in lossy where elementTypes[arrayPath] == nil {
                guard case .value(let place) = firstRun.origin(of: bodyPath, downTo: step + 1),
                    arrayPath.matches(place.parent)
                else { continue }
                elementTypes[arrayPath] = ModelType(type: type)
            }
        }
        var keep: [TransformPath: @Sendable (JSONValue) -> Bool] = [:]
        for (path, type) in elementTypes {
            let decodes = DecodesAlone(type: type.type, decoder: endpoint.decoding.makeDecoder())
            keep[path] = { decodes($0) }
        }
        return (pipeline(keep: keep).run(body), elementTypes)
    }

    private func pipeline(keep: [TransformPath: @Sendable (JSONValue) -> Bool]) -> TransformPipeline {
        // The parser already refused transforms that cannot be built.
        TransformPipeline(endpoint.transforms.compactMap { try? $0.makeTransform(keep: keep) })
    }

    private func merge(
        transformFailure failure: TransformRun.Failure, run: TransformRun, into items: inout [ShapeFinding]
    ) {
        let spec = endpoint.transforms[failure.step]
        let path = run.origin(of: failure.error.path, beforeStep: failure.step).nearestPath
        var error = failure.error
        error.path = path
        let hint = transformHint(spec, error, run: run)
        var unwrapKeys: [String] = []
        if case .unwrap(let key) = spec.operation { unwrapKeys = key.split(separator: ".").map(String.init) }
        // The shape finding at the same place, or the one about the envelope key `unwrap` looks for.
        if let index = items.firstIndex(where: { $0.finding.path == path && $0.finding.severity > .info })
            ?? items.firstIndex(where: {
                $0.finding.path?.parent == path && $0.specKey.map(unwrapKeys.contains) == true
            })
        {
            items[index].finding.severity = .breaking
            items[index].finding.message += "; the app's \(spec.name) transform fails on it (\(error))"
            if let proposed = items[index].proposedTransform?.name, proposed != spec.name,
                let shapeHint = items[index].finding.hint
            {
                // The shape's fix (keyedToArray before `lossy: notices`) restores what the failing transform needs.
                items[index].finding.hint =
                    shapeHint
                    + "; put it before the \(spec.name) transform (\(spec.location)), which needs \(error.expected) there"
            } else {
                items[index].finding.hint = hint
            }
            return
        }
        let finding = Finding(
            kind: .transformFailed, severity: .breaking, path: path, expected: error.expected, actual: error.found,
            message: error.description, hint: hint, specLocation: spec.location)
        items.append(ShapeFinding(finding: finding, group: "transform-failed|\(path)", specKey: nil))
    }

    private func transformHint(_ spec: TransformSpec, _ error: TransformError, run: TransformRun) -> String {
        if case .unwrap(let key) = spec.operation,
            let object = (run.steps.last?.value ?? run.input)[path: error.path]?.objectValue
        {
            // The error's path is where unwrap stopped: the keys before it were found, the next one is missing.
            let steps = key.split(separator: ".").map(String.init)
            let missing = error.path.components.count < steps.count ? steps[error.path.components.count] : key
            let rest = steps.dropFirst(error.path.components.count).joined(separator: ".")
            if let envelope = object.entries.first(where: { $0.value.objectValue?[missing] != nil })?.key {
                let done = steps.prefix(error.path.components.count)
                let path = (done + [envelope, rest]).joined(separator: ".")
                return
                    "the body arrived wrapped in a new envelope under '\(envelope)': write `- unwrap: \(path)`, or ask the backend team to drop '\(envelope)'"
            }
            if let variant = object.keys.first(where: { KeyNames.normalized($0) == KeyNames.normalized(missing) }) {
                let path =
                    (steps.prefix(error.path.components.count) + [variant]
                    + steps.dropFirst(error.path.components.count + 1)).joined(separator: ".")
                return
                    "the envelope's key is now '\(variant)': write `- unwrap: \(path)`, or ask the backend team to keep '\(missing)'"
            }
        }
        switch spec.operation {
        case .keyedToArray:
            return
                "the body no longer has the keyed form keyedToArray needs: if the backend now sends an array, remove the transform; otherwise ask the backend team"
        default:
            return
                "the body no longer has the form the \(spec.name) transform needs (\(spec.location)); update the transform, or ask the backend team"
        }
    }

    // MARK: - Tracing failures back

    func trace(_ failure: DecodeFailure, run: TransformRun, body: JSONValue) -> TracedFailure {
        switch run.origin(of: failure.path) {
        case .value(var path):
            if failure.kind == .keyNotFound { path = respelled(path, property: failure.property, body: body) }
            return TracedFailure(failure: failure, path: path, originNote: nil)
        case .keyOf(let entry):
            return TracedFailure(
                failure: failure, path: entry,
                originNote: "the value is the key of \(entry), which keyedToArray puts in the element", isEntryKey: true
            )
        case .inserted(let transform, let nearest):
            return TracedFailure(
                failure: failure, path: nearest,
                originNote:
                    "at \(failure.path) after the transforms, a value \(transform) added, so it has no place in the raw body; \(nearest) is the nearest"
            )
        }
    }

    /// A missing key spelled as the spec spells it, when the spec declares it under another spelling that the
    /// key strategy reads as the same property (`CreatedAt` for the model's `createdAt`).
    private func respelled(_ path: JSONPath, property: String?, body: JSONValue) -> JSONPath {
        guard let shape = endpoint.expect.body, case .key(let key)? = path.components.last,
            case .object(let object)? = locator.locate(path.parent, in: shape).shape.map(locator.resolve)?.kind
        else { return path }
        if object.fields.contains(where: { $0.name == key }) { return path }
        guard let property,
            let field = object.fields.first(where: { endpoint.decoding.keys.modelKey(forJSONKey: $0.name) == property })
                ?? object.fields.first(where: { AnyCaseKeys.canonical($0.name) == AnyCaseKeys.canonical(property) })
        else { return path }
        return path.parent.appending(key: field.name)
    }

    // MARK: - Merging

    /// Findings whose failure keeps the model out of the value at their place.
    private static let blockingKinds: Set<DriftKind> = [
        .objectInsteadOfArray, .arrayInsteadOfObject, .typeMismatch, .nullValue, .unexpectedEnvelope, .keyCaseChanged,
        .keyRenamed, .missingKey,
    ]

    private static let structuralKinds: Set<DriftKind> = [
        .objectInsteadOfArray, .arrayInsteadOfObject, .typeMismatch, .nullValue, .unexpectedEnvelope,
    ]

    /// The shape findings by place, so that matching each of many failures (a drift repeated over a long
    /// list) does not scan every finding: that made a 50 MB body with one repeated drift take minutes.
    struct FindingIndex {
        /// The first finding at each path.
        var firstAtPath: [JSONPath: Int] = [:]
        /// Findings about a spec key, by the path of the object holding the key, in order.
        var keyFindingsByParent: [JSONPath: [Int]] = [:]
        /// Structural findings (wrong container, null), by path, in order.
        var structuralAtPath: [JSONPath: [Int]] = [:]

        init(_ items: [ShapeFinding]) {
            for (index, item) in items.enumerated() {
                guard let path = item.finding.path else { continue }
                if firstAtPath[path] == nil { firstAtPath[path] = index }
                if item.specKey != nil { keyFindingsByParent[path.parent, default: []].append(index) }
                if ModelVerification.structuralKinds.contains(item.finding.kind) {
                    structuralAtPath[path, default: []].append(index)
                }
            }
        }
    }

    /// The shape finding that explains a failure: one at the same place, one about the same spec key, or a
    /// structural one (wrong container, null) at the nearest ancestor.
    func matchingFinding(for failure: TracedFailure, in items: [ShapeFinding], index: FindingIndex? = nil) -> Int? {
        let index = index ?? FindingIndex(items)
        let path = failure.path
        if let found = index.firstAtPath[path] { return found }
        if case .key(let key)? = path.components.last,
            let found = index.keyFindingsByParent[path.parent]?.first(where: { candidate in
                guard let specKey = items[candidate].specKey else { return false }
                return specKey == key || KeyNames.normalized(specKey) == KeyNames.normalized(key)
            })
        {
            return found
        }
        // The deepest ancestor first; the path itself was matched above. An envelope explains what the model fails
        // on under it: fields it misses at the envelope's level, or, for a dictionary enveloped and then made an
        // array by keyedToArray, the fields of the element the envelope's key became.
        var ancestor = path
        while !ancestor.components.isEmpty {
            ancestor = ancestor.parent
            if let found = index.structuralAtPath[ancestor]?.first { return found }
        }
        return nil
    }

    private func judgeBreaking(_ item: inout ShapeFinding, _ failures: [TracedFailure]) {
        let first = failures[0]
        item.finding.severity = .breaking
        item.finding.message += "; the model fails: \(first.failure.modelView)"
        if failures.count > 1 {
            item.finding.message += " (and \(failures.count - 1) more failure\(failures.count == 2 ? "" : "s") here)"
        }
        if item.finding.kind == .keyRenamed || item.finding.kind == .keyCaseChanged,
            case .key(let newKey)? = item.finding.path?.components.last
        {
            item.finding.hint = DecodeHints.renameHint(
                newKey: newKey, rawPath: item.finding.path, specKey: item.specKey, failure: first.failure,
                endpoint: endpoint, renamed: item.finding.kind == .keyRenamed)
        } else if [.objectInsteadOfArray, .arrayInsteadOfObject, .unexpectedEnvelope].contains(item.finding.kind),
            item.finding.hint != nil
        {
            // The shape checker's fix names the transform that restores the form the model expects.
        } else {
            item.finding.hint = hint(for: first)
        }
    }

    /// The fix for a traced failure; a key keyedToArray inserted is always a string, whatever the backend sends.
    private func hint(for traced: TracedFailure) -> String {
        let failure = traced.failure
        if failure.kind == .dataCorrupted, failure.detail == JSONNumber.beyondDoubleDetail {
            return JSONNumber.beyondDoubleHint
        }
        if failure.kind == .dataCorrupted, failure.detail == JSONHalfSurrogates.detail {
            return JSONHalfSurrogates.hint
        }
        if traced.isEntryKey, failure.kind == .typeMismatch, let property = failure.property,
            case .key(let key)? = failure.path.components.last
        {
            return
                "keyedToArray writes each entry's key into '\(key)' as a string, but `\(failure.ownerType ?? "?").\(property)` is \(failure.expectedType): "
                + "declare it `String`, or give keyedToArray a key the model does not read (the entries' own '\(key)' is then read as sent)"
        }
        return DecodeHints.hint(for: failure, rawPath: traced.path, body: rawBody, keys: endpoint.decoding.keys)
    }

    private func judgeCoping(_ item: inout ShapeFinding, reason: String, newHint: Bool) {
        guard item.finding.severity > .info else { return }
        let wasBreaking = item.finding.severity == .breaking
        item.finding.severity = .warning
        guard wasBreaking else { return }
        item.finding.message += "; \(reason)"
        guard newHint else { return }
        switch item.finding.kind {
        case .missingKey:
            if let key = item.specKey {
                item.finding.hint =
                    "the app copes; write '\(key)?' in the spec if the backend may leave it out, or ask the backend team"
            }
        case .nullValue:
            let optional = item.finding.expected.hasSuffix("?") ? item.finding.expected : item.finding.expected + "?"
            item.finding.hint =
                "the app copes; declare it `\(optional)` in the spec if null is legitimate, or ask the backend team"
        case .extraKey:
            item.finding.hint =
                "the app ignores it; "
                + (item.finding.hint ?? "add it to the spec, or relax the object's extraKeys policy")
        default:
            break
        }
    }

    /// A value inside a place the model never read, because it failed before it got there (an envelope it did
    /// not expect, a parent key it could not find): the model's view of it is unknown, so it keeps the spec's
    /// severity, as if the failure before it were fixed, and says so. It is never called harmless.
    private func judgeUnreached(_ item: inout ShapeFinding, failures: [TracedFailure]) {
        guard item.finding.severity > .info, let path = item.finding.path else { return }
        // The failure nearest to the value: the one sharing the longest start of its path.
        func shared(_ failure: TracedFailure) -> Int {
            zip(failure.path.components, path.components).prefix { $0 == $1 }.count
        }
        guard let nearest = failures.max(by: { shared($0) < shared($1) }) else { return }
        item.finding.message +=
            "; \(model) never reached this value, because it fails first at \(nearest.path) (\(nearest.failure.modelView)): judged by the spec, as if that were fixed"
    }

    private func decodeFailedFinding(_ traced: TracedFailure) -> Finding {
        let failure = traced.failure
        var message = failure.summary
        if let note = traced.originNote { message += " (\(note))" }
        return Finding(
            kind: .decodeFailed, severity: .breaking, path: traced.path,
            expected: "\(failure.expectedType) (\(failure.place))",
            actual: JSONValue.describe(failure.found), message: message,
            hint: hint(for: traced),
            specLocation: endpoint.modelLocation ?? endpoint.location)
    }

    /// Failures at the same place of different array elements (or dictionary entries) group together.
    private func group(for traced: TracedFailure) -> String {
        var pattern = ""
        var prefix = JSONPath.root
        for component in traced.path.components {
            switch component {
            case .index:
                pattern += "[*]"
            case .key(let key):
                let container = endpoint.expect.body.flatMap {
                    locator.locate(prefix, in: $0).shape.map(locator.resolve)
                }
                if case .dictionary? = container?.kind { pattern += ".*" } else { pattern += "." + key }
            }
            prefix.components.append(component)
        }
        let failure = traced.failure
        return
            "decode-failed|\(pattern)|\(failure.kind.rawValue)|\(failure.expectedType)|\(failure.found.map(JSONValue.kindName) ?? "absent")"
    }

    // MARK: - Lossy arrays

    private func droppedElementFindings(run: TransformRun, body: JSONValue, elementTypes: [TransformPath: ModelType])
        -> [ShapeFinding]
    {
        var byArray: [(array: JSONPath, step: Int, elements: [(raw: JSONPath, value: JSONValue?)])] = []
        for (step, output) in run.steps.enumerated() {
            let input = step == 0 ? run.input : run.steps[step - 1].value
            for removed in output.removed {
                let raw = run.origin(of: removed, beforeStep: step).nearestPath
                let array = raw.parent
                let element = (raw: raw, value: input[path: removed])
                if let index = byArray.firstIndex(where: { $0.array == array && $0.step == step }) {
                    byArray[index].elements.append(element)
                } else {
                    byArray.append((array, step, [element]))
                }
            }
        }
        return byArray.map { entry in
            let spec = endpoint.transforms[entry.step]
            let elementType = spec.lossyPaths.compactMap { elementTypes[$0] }.first
            let total = body[path: entry.array]?.arrayValue?.count ?? entry.elements.count
            let reasons = entry.elements.prefix(3).map { element -> String in
                guard let elementType, let value = element.value,
                    let failure = EveryFailureDecoder(model: elementType, options: endpoint.decoding, maxAttempts: 1)
                        .decode(value).failures.first
                else { return "element \(element.raw)" }
                return "\(element.raw): \(failure.summary)"
            }
            let count = entry.elements.count
            // Dropping some elements costs the app some rows; dropping every one leaves it an empty list.
            let all = count >= total
            let elements = "element\(total == 1 ? "" : "s")"
            let finding = Finding(
                kind: .elementsDropped, severity: all ? .breaking : .warning, path: entry.elements[0].raw,
                expected: "every element decodes as \(elementType?.name ?? "the element type")",
                actual: all
                    ? (total == 1 ? "the only element does not decode" : "none of \(total) \(elements) decodes")
                    : "\(count) of \(total) \(elements) do\(count == 1 ? "es" : "") not decode",
                message: (all
                    ? "the lossy transform drops \(total == 1 ? "the only element" : "all \(total) elements") of \(entry.array): \(model) decodes none of them, so the app shows an empty list: "
                    : "the lossy transform drops \(count) of \(total) \(elements) of \(entry.array) that \(model) cannot decode, and the app shows the other \(total - count): ")
                    + reasons.joined(separator: "; ") + (count > 3 ? "; …" : ""),
                hint: all
                    ? "the findings inside the dropped elements say what changed; fix the model (or ask the backend team) before the list reaches users empty"
                    : "the findings inside the dropped elements say what changed; fix the model or ask the backend team, or accept the loss",
                specLocation: spec.location)
            return ShapeFinding(finding: finding, group: "elements-dropped|\(entry.array)", specKey: nil)
        }
    }
}

extension JSONPath {
    /// The path itself, its parent, and so on up to the root.
    var ancestors: [JSONPath] {
        (0...components.count).reversed().map { JSONPath(components: Array(components.prefix($0))) }
    }
}

/// The places of the raw body that the model read: every container it decoded a value from. A value whose
/// container is not among them was never seen by the model.
struct ReachedPlaces {
    private var places: Set<JSONPath> = []

    init(model: ModelType, options: DecodingOptions, run: TransformRun, body: JSONValue) {
        let decoded = run.output ?? body
        let probe = ModelProbe(keys: options.keys, dates: options.dates)
        probe.walk(model.type, over: decoded)
        for codingPath in probe.records.keys {
            let (path, absent) = DecodeSession.locate(
                codingPath, in: decoded, keys: options.keys, records: probe.records)
            guard !absent, case .value(let raw) = run.origin(of: path) else { continue }
            places.insert(raw)
        }
    }

    /// True when the model read the value at `path`.
    func contains(_ path: JSONPath) -> Bool { places.contains(path) }
}
