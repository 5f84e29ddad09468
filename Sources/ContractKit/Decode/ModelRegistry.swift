import Foundation

/// The app's `Decodable` models, by the names specs use for them (`model: User`).
///
/// Swift cannot look types up by name at run time, so an app's own runner registers them:
/// `await ContractCLI.main(models: [User.self, ObjectsResponse.self])`. A spec may name a registered type
/// (`User`), an array of one (`[User]`), a dictionary of one (`[String: User]`), or an Optional (`User?`).
public struct ModelRegistry: Sendable {
    private var types: [String: ModelType] = [:]
    private var ambiguous: [String: [String]] = [:]
    private var displayNames: [String] = []

    /// A registry of these types. Each is found by its name (`User`) and, for nested types, its qualified name
    /// (`API.User`); the module-qualified name (`MyModels.User`) tells apart two types of the same name.
    public init(_ models: [any Decodable.Type] = []) {
        for model in models { register(model) }
    }

    /// Adds a type under its names.
    public mutating func register(_ model: any Decodable.Type) {
        // `_typeName` is what `String(reflecting:)` and `String(describing:)` print for a type, without first
        // reflecting on it (a Mirror, and protocol conformance look-ups that scan every conformance the program
        // has): a millisecond of every start-up that decodes through models.
        let reflecting = _typeName(model, qualified: true)
        let qualified =
            reflecting.split(separator: ".", maxSplits: 1).count == 2
            ? String(reflecting.split(separator: ".", maxSplits: 1)[1]) : reflecting
        let short = _typeName(model, qualified: false)
        for name in Set([short, qualified, reflecting]) {
            if let existing = types[name], existing.qualifiedName != reflecting {
                types[name] = nil
                ambiguous[name, default: [existing.qualifiedName]].append(reflecting)
            } else if ambiguous[name] != nil {
                ambiguous[name]?.append(reflecting)
            } else {
                types[name] = ModelType(name: name, type: model)
            }
        }
        if !displayNames.contains(short) { displayNames.append(short) }
    }

    /// True when nothing is registered.
    public var isEmpty: Bool { displayNames.isEmpty }

    /// The registered types' names, sorted.
    public var names: [String] { displayNames.sorted() }

    /// The model a spec names: `User`, `[User]`, `[String: User]`, `User?`.
    ///
    /// - Throws: ``ContractError`` with code ``ContractError/Code/unknownModel`` naming the registered types and
    ///   the closest one.
    package func resolve(_ expression: String) throws(ContractError) -> ModelType {
        try resolve(expression, depth: 0)
    }

    /// How deep `[...]` and `?` may nest in a model's name, so that a hostile spec cannot exhaust the stack.
    static let maximumDepth = 64

    private func resolve(_ expression: String, depth: Int) throws(ContractError) -> ModelType {
        guard depth <= ModelRegistry.maximumDepth else {
            throw ContractError(
                .unknownModel, "the model's name nests deeper than \(ModelRegistry.maximumDepth) levels of [ ] and ?",
                hint: "name a registered type, such as User, [User] or [String: User]")
        }
        let text = expression.trimmingSpaces()
        if text.hasSuffix("?") {
            return try resolve(String(text.dropLast()), depth: depth + 1).wrapped(name: text) { $0.optionalOfSelf }
        }
        if text.hasPrefix("["), text.hasSuffix("]") {
            let inner = String(text.dropFirst().dropLast())
            if let colon = topLevelColon(in: inner) {
                let key = inner[..<colon].trimmingCharacters(in: .whitespaces)
                guard key == "String" else {
                    throw ContractError(
                        .unknownModel, "'\(text)' is not a model: dictionary keys must be String",
                        hint: "write [String: T]")
                }
                let value = String(inner[inner.index(after: colon)...])
                return try resolve(value, depth: depth + 1).wrapped(name: text) { $0.dictionaryOfSelf }
            }
            return try resolve(inner, depth: depth + 1).wrapped(name: text) { $0.arrayOfSelf }
        }
        if let model = types[text] { return model }
        if let candidates = ambiguous[text] {
            throw ContractError(
                .unknownModel,
                "model '\(text)' is ambiguous: \(candidates.sorted().joined(separator: ", ")) are registered",
                hint: "write the module-qualified name, such as '\(candidates.sorted()[0])'")
        }
        let registered = names
        let known =
            registered.isEmpty ? "no models are registered" : "registered models: \(registered.joined(separator: ", "))"
        throw ContractError(
            .unknownModel, "unknown model '\(text)'\(Suggestions.didYouMean(text, in: registered))",
            hint:
                "\(known); a type that is not listed must be registered in your runner: ContractCLI.main(models: [\(text).self, ...])"
        )
    }

    private func topLevelColon(in text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<": depth += 1
            case "]", ">": depth -= 1
            case ":" where depth == 0: return index
            default: break
            }
        }
        return nil
    }
}

/// A model to decode through: a `Decodable` type and the name the spec uses for it.
package struct ModelType: @unchecked Sendable, CustomStringConvertible {
    // A metatype is immutable once made, so sharing it across tasks is safe; Swift does not yet know that of
    // `any Decodable.Type`.

    /// The name as the spec writes it: `User`, `[PlaceholderUser]`.
    package let name: String
    /// The Swift type.
    package let type: any Decodable.Type

    /// A model for `type`, named `name` (its Swift name by default).
    package init(name: String? = nil, type: any Decodable.Type) {
        self.name = name ?? SwiftTypeName.of(type)
        self.type = type
    }

    /// `Module.Outer.Name`.
    var qualifiedName: String { _typeName(type, qualified: true) }

    package var description: String { name }

    func wrapped(name: String, _ wrap: (any Decodable.Type) -> any Decodable.Type) -> ModelType {
        ModelType(name: name, type: wrap(type))
    }

    /// Decodes `data` with `decoder`, throwing what the model's `init(from:)` throws.
    func decode(_ data: Data, with decoder: JSONDecoder) throws {
        _ = try type.decodeJSON(data, with: decoder)
    }
}
