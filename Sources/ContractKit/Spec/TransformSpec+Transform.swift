/// Building the public transforms from what a spec declares.
extension TransformSpec {
    /// The transform this spec declares. A `lossy` array keeps the elements its entry in `keep` accepts (all of
    /// them when it has none: dropping needs the model, which the spec alone does not have).
    ///
    /// - Throws: ``ContractError`` (`invalid-spec`, at the transform) when a path is not a transform path.
    package func makeTransform(keep: [TransformPath: @Sendable (JSONValue) -> Bool] = [:]) throws(ContractError)
        -> any JSONTransform
    {
        do {
            return try makeTransformOrThrow(keep: keep)
        } catch {
            throw ContractError(
                .invalidSpec, "\(name): \(error.description)", at: location,
                hint: "paths are keys separated by '.', with [] for every element of an array: data.items, b[].i")
        }
    }

    private func makeTransformOrThrow(keep: [TransformPath: @Sendable (JSONValue) -> Bool]) throws(TransformPathError)
        -> any JSONTransform
    {
        switch operation {
        case .keyedToArray(let key, let into, let at):
            return KeyedToArrayTransform(
                key: key, into: into, at: try at.map(TransformPath.init(parsing:)) ?? TransformPath(steps: []))
        case .unwrap(let key):
            let path = try TransformPath(parsing: key)
            guard !path.steps.contains(.everyElement), !path.steps.isEmpty else {
                throw TransformPathError(text: key, reason: "unwrap takes a key, or keys separated by '.', without []")
            }
            return UnwrapTransform(path)
        case .wrap(let key):
            return WrapTransform(key: key)
        case .renameKeys(let renames):
            var parsed: [(from: TransformPath, to: String)] = []
            for rename in renames { parsed.append((try TransformPath(parsing: rename.from), rename.to)) }
            return try RenameKeysTransform(parsed)
        case .lossy(let paths):
            let parsed = try paths.map { (text) throws(TransformPathError) in try TransformPath(parsing: text) }
            let transforms: [any JSONTransform] = parsed.map {
                LossyArrayTransform(at: $0, keep: keep[$0] ?? { _ in true })
            }
            return transforms.count == 1 ? transforms[0] : TransformPipeline(transforms, name: name)
        case .defaults(let values):
            var parsed: [(path: TransformPath, value: JSONValue)] = []
            for entry in values { parsed.append((try TransformPath(parsing: entry.path), entry.value)) }
            return try DefaultsTransform(parsed)
        }
    }

    /// The array paths a `lossy` transform names; empty for other transforms.
    var lossyPaths: [TransformPath] {
        guard case .lossy(let paths) = operation else { return [] }
        return paths.compactMap { try? TransformPath(parsing: $0) }
    }
}
