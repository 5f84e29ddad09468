/// Checks specs against the app's models, before any backend drifts: that every model a spec names is
/// registered, and that no model demands more than its spec guarantees.
///
/// For each endpoint with a model and a body shape, bodies are made up from the spec: one with only the
/// required keys, one with every key and `null` wherever the spec allows it, and ones with every value filled
/// in (as many as it takes to send each case of each `enum(...)`). Each goes through the spec's
/// transforms and is decoded through the model; every failure is a mismatch between spec and model, such as
/// "model NoticeList requires 'body' at $.notices[0].body, but the spec says it may be absent".
package struct ModelLinter: Sendable {
    /// The registered models.
    package let models: ModelRegistry
    /// Named shapes the specs share.
    package let shapes: [String: Shape]

    /// Creates a linter.
    package init(models: ModelRegistry, shapes: [String: Shape] = [:]) {
        self.models = models
        self.shapes = shapes
    }

    /// An error for each model a spec names that is not registered, with the registered names and the closest.
    /// Nothing when no models are registered at all: verification is then by shape only.
    package func unresolvedModels(in endpoints: [Endpoint]) -> [ContractError] {
        guard !models.isEmpty else { return [] }
        var errors: [ContractError] = []
        for endpoint in endpoints {
            guard let name = endpoint.model else { continue }
            do {
                _ = try models.resolve(name)
            } catch {
                var located = error
                located.location = endpoint.modelLocation ?? endpoint.location
                errors.append(located)
            }
        }
        return errors
    }

    /// Every place where a model demands more than its spec guarantees, for the endpoints whose model is
    /// registered.
    package func lint(_ endpoints: [Endpoint]) -> [ContractError] {
        var errors: [ContractError] = []
        for endpoint in endpoints {
            guard let name = endpoint.model, let shape = endpoint.expect.body, let model = try? models.resolve(name)
            else { continue }
            var seen: Set<String> = []
            var choice = 0
            var bodies = 3
            // A minimal body, one with nulls, then full bodies until every case of every enum has been sent once.
            while choice < bodies {
                let mode: SampleBodyBuilder.Mode = choice == 0 ? .minimal : choice == 1 ? .nulls : .full
                let (found, mostEnumCases) = lint(
                    endpoint, model: model, shape: shape, mode: mode, enumChoice: max(0, choice - 2))
                for error in found where seen.insert(error.message).inserted { errors.append(error) }
                bodies = max(bodies, min(mostEnumCases, 32) + 2)
                choice += 1
            }
        }
        return errors
    }

    private func lint(
        _ endpoint: Endpoint, model: ModelType, shape: Shape, mode: SampleBodyBuilder.Mode, enumChoice: Int
    ) -> (errors: [ContractError], mostEnumCases: Int) {
        var builder = SampleBodyBuilder(
            shapes: shapes, dates: endpoint.decoding.dates, mode: mode, enumChoice: enumChoice)
        let body = builder.body(for: shape)
        return (
            lint(endpoint, model: model, shape: shape, body: body, mode: mode, anyPaths: builder.anyPaths),
            builder.mostEnumCases
        )
    }

    private func lint(
        _ endpoint: Endpoint, model: ModelType, shape: Shape, body: JSONValue, mode: SampleBodyBuilder.Mode,
        anyPaths: [JSONPath]
    ) -> [ContractError] {
        let locator = ShapeLocator(shapes: shapes)
        let verification = ModelVerification(endpoint: endpoint, model: model, locator: locator, rawBody: body)
        // Elements a lossy array would drop still count: the spec allows them, and the app would lose them.
        let (run, _) = verification.runTransforms(body, dropping: false)
        if let failure = run.failure {
            let spec = endpoint.transforms[failure.step]
            var error = failure.error
            error.path = run.origin(of: error.path, beforeStep: failure.step).nearestPath
            return [
                ContractError(
                    .invalidSpec, "the \(spec.name) transform fails on a body the spec describes: \(error)",
                    at: spec.location,
                    hint: "the transform and the body shape disagree; fix whichever is wrong")
            ]
        }
        let report = EveryFailureDecoder(model: model, options: endpoint.decoding).decode(run.output ?? body)
        var errors: [ContractError] = []
        for failure in report.failures {
            let traced = verification.trace(failure, run: run, body: body)
            if anyPaths.contains(where: { traced.path.hasPrefix($0) }) { continue }
            errors.append(
                error(for: traced, endpoint: endpoint, model: model, shape: shape, locator: locator, body: body))
        }
        return errors
    }

    private func error(
        for traced: ModelVerification.TracedFailure, endpoint: Endpoint, model: ModelType, shape: Shape,
        locator: ShapeLocator,
        body: JSONValue
    ) -> ContractError {
        let failure = traced.failure
        let path = traced.path
        let (declared, field) = locator.locate(path, in: shape)
        let key: String
        if case .key(let last)? = path.components.last { key = last } else { key = path.description }
        let swift =
            "\(failure.place) is \(failure.expectedType)\(failure.property != nil && !failure.isOptional ? ", not Optional" : "")"
        let message: String
        switch failure.kind {
        case .keyNotFound where field != nil:
            message = "model \(model) requires '\(key)' at \(path) (\(swift)), but the spec says it may be absent"
        case .keyNotFound:
            message = "model \(model) requires '\(key)' at \(path) (\(swift)), but the spec does not declare it"
        case .valueNotFound:
            message = "model \(model) requires a value at \(path) (\(swift)), but the spec says it may be null"
        case .typeMismatch where failure.expectedType == "Date":
            message =
                "model \(model) cannot read the date at \(path), written as the spec says (\(JSONValue.describe(failure.found))), with dates: \(endpoint.decoding.dates)"
        case .typeMismatch:
            message =
                "model \(model) reads \(path) as \(failure.expectedType) (\(failure.place)), but the spec says \(declared?.description ?? "something else")"
        case .dataCorrupted where failure.expectedType == "Date":
            message =
                "model \(model) cannot read the date at \(path), written as the spec says (\(JSONValue.describe(failure.found))), with dates: \(endpoint.decoding.dates)"
        case .dataCorrupted:
            message =
                "model \(model) rejects \(JSONValue.describe(failure.found)) at \(path), which the spec allows (\(declared?.description ?? "?")): \(failure.detail)"
        case .other:
            message = "model \(model) throws on a body the spec allows: \(failure.detail)"
        }
        let location = field?.location ?? declared?.location ?? endpoint.modelLocation ?? endpoint.location
        return ContractError(
            .invalidSpec, message, at: location,
            hint:
                "to keep the spec, change the model: \(DecodeHints.hint(for: failure, rawPath: path, body: body, keys: endpoint.decoding.keys)); otherwise correct the spec"
        )
    }
}
