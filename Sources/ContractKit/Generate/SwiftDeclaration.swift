/// A Swift type to generate, before it is written out: what ``ModelBuilder`` makes of a shape.
struct SwiftDeclaration: Hashable {
    /// What kind of type it is.
    enum Kind: Hashable {
        /// A `Codable` struct.
        case structure(Structure)
        /// An enum with an `unknown(String)` case for values it does not know; with `integers`, an enum of `Int`
        /// raw values (`Int(1, 2)`) with an `unknown(Int)` case.
        case enumeration([EnumCase], integers: Bool = false)
        /// `typealias Name = Type`, for a named shape that is not an object or an enum (`Ids: [String]`).
        case alias(String)
        /// A struct holding one value of the type, decoded and encoded as that value: for a named shape that is an
        /// array or a dictionary of itself (`Tree: "[Tree]"`), which Swift refuses as a typealias.
        case wrapper(String)
        /// An enum with a case per member of a union, each holding the member's value; decoding tries the
        /// members in order.
        case union([UnionMember])
    }

    /// One member of a union.
    struct UnionMember: Hashable {
        /// The Swift case name, unescaped.
        var name: String
        /// The Swift type of the value it holds.
        var type: String
    }

    /// The struct's stored properties, and the types declared inside it.
    struct Structure: Hashable {
        var properties: [Property]
        var nested: [SwiftDeclaration]

        /// True when a property's coding key differs from its name: the struct needs `CodingKeys`.
        var needsCodingKeys: Bool { properties.contains { $0.codingKey != $0.name } }
    }

    /// One stored property.
    struct Property: Hashable {
        /// The Swift name, unescaped (`default`, not `` `default` ``).
        var name: String
        /// What the decoder's key strategy makes of the JSON key: the `CodingKeys` raw value.
        var codingKey: String
        /// The Swift type, such as `[User]?`.
        var type: String
        /// True for an Optional property, which the memberwise initializer defaults to nil.
        var isOptional: Bool
        /// The doc comment's lines.
        var documentation: [String] = []
        /// True for a property that holds, by value, the type being declared (`parent: Node?`): it is stored out of
        /// line through `@Indirect`, or the struct would contain itself.
        var isIndirect = false
    }

    /// One known value of an enum.
    struct EnumCase: Hashable {
        /// The Swift case name, unescaped.
        var name: String
        /// The string the server sends, or the integer's literal in an enum of integers.
        var value: String
    }

    /// The type's name, unescaped.
    var name: String
    /// The doc comment's lines.
    var documentation: [String]
    /// What it is.
    var kind: Kind

    /// The declaration without its doc comments (its nested ones' too): two of these being equal means the same
    /// Swift type.
    var withoutDocumentation: SwiftDeclaration {
        var copy = self
        copy.documentation = []
        if case .structure(var structure) = kind {
            for index in structure.properties.indices { structure.properties[index].documentation = [] }
            structure.nested = structure.nested.map(\.withoutDocumentation)
            copy.kind = .structure(structure)
        }
        return copy
    }
}
