/// Writes declarations out as Swift source, indented by four spaces, in the order given.
struct SwiftRenderer {
    /// `public `, `package ` or nothing (internal), written before each declaration and member.
    let access: String

    init(access: ModelAccess) {
        self.access = access == .internal ? "" : access.rawValue + " "
    }

    func render(_ declaration: SwiftDeclaration, indent: String = "") -> String {
        var lines: [String] = []
        for line in declaration.documentation { lines.append(indent + "///" + (line.isEmpty ? "" : " " + line)) }
        let name = SwiftNames.escaped(declaration.name)
        switch declaration.kind {
        case .alias(let type):
            lines.append("\(indent)\(access)typealias \(name) = \(type)")
        case .wrapper(let type):
            let inner = indent + "    "
            lines += [
                "\(indent)\(access)struct \(name): Codable, Sendable, Hashable {",
                "\(inner)\(access)var value: \(type)",
                "",
                "\(inner)\(access)init(_ value: \(type)) { self.value = value }",
                "",
                "\(inner)\(access)init(from decoder: any Decoder) throws {",
                "\(inner)    value = try decoder.singleValueContainer().decode(\(type).self)",
                "\(inner)}",
                "",
                "\(inner)\(access)func encode(to encoder: any Encoder) throws {",
                "\(inner)    var container = encoder.singleValueContainer()",
                "\(inner)    try container.encode(value)",
                "\(inner)}",
                "\(indent)}",
            ]
        case .structure(let structure):
            lines.append("\(indent)\(access)struct \(name): Codable, Sendable, Hashable {")
            lines += structureBody(structure, indent: indent + "    ")
            lines.append("\(indent)}")
        case .enumeration(let cases, let integers):
            lines.append("\(indent)\(access)enum \(name): Codable, Sendable, Hashable, RawRepresentable {")
            lines += enumerationBody(cases, rawType: integers ? "Int" : "String", indent: indent + "    ")
            lines.append("\(indent)}")
        case .union(let members):
            // Indirect: a member may hold the type that holds the union (Stripe's expandable `String | Customer`
            // fields make such cycles); an indirect enum stores its values out of line, so the cycle has a size.
            lines.append("\(indent)\(access)indirect enum \(name): Codable, Sendable, Hashable {")
            lines += unionBody(members, indent: indent + "    ")
            lines.append("\(indent)}")
        }
        return lines.joined(separator: "\n")
    }

    private func structureBody(_ structure: SwiftDeclaration.Structure, indent: String) -> [String] {
        var lines: [String] = []
        for property in structure.properties {
            for line in property.documentation { lines.append(indent + "///" + (line.isEmpty ? "" : " " + line)) }
            let wrapper = property.isIndirect ? "@Indirect " : ""
            lines.append("\(indent)\(wrapper)\(access)var \(SwiftNames.escaped(property.name)): \(property.type)")
        }
        if structure.needsCodingKeys {
            lines.append("")
            lines.append("\(indent)enum CodingKeys: String, CodingKey {")
            for property in structure.properties {
                let name = SwiftNames.escaped(property.name)
                lines.append(
                    property.codingKey == property.name
                        ? "\(indent)    case \(name)"
                        : "\(indent)    case \(name) = \(SwiftNames.stringLiteral(property.codingKey))")
            }
            lines.append("\(indent)}")
        }
        if !access.isEmpty {
            lines.append("")
            lines += memberwiseInitializer(structure.properties, indent: indent)
        }
        for nested in structure.nested {
            lines.append("")
            lines.append(render(nested, indent: indent))
        }
        return lines
    }

    /// A public type's memberwise initializer is internal unless written out.
    private func memberwiseInitializer(_ properties: [SwiftDeclaration.Property], indent: String) -> [String] {
        let parameters = properties.map { property in
            "\(SwiftNames.escaped(property.name)): \(property.type)\(property.isOptional ? " = nil" : "")"
        }
        let oneLine = "\(indent)\(access)init(\(parameters.joined(separator: ", "))) {"
        var lines: [String] = []
        if oneLine.count <= 120 {
            lines.append(oneLine)
        } else {
            lines.append("\(indent)\(access)init(")
            for (index, parameter) in parameters.enumerated() {
                lines.append("\(indent)    \(parameter)\(index == parameters.count - 1 ? "" : ",")")
            }
            lines.append("\(indent)) {")
        }
        for property in properties {
            let name = SwiftNames.escaped(property.name)
            lines.append("\(indent)    self.\(name) = \(name)")
        }
        lines.append("\(indent)}")
        return lines
    }

    /// The cases, `unknown(rawType)`, the raw value both ways, and Codable through the raw value. `rawType` is
    /// `String` or `Int`; an `Int` enum's values are the integers' literals.
    private func enumerationBody(_ cases: [SwiftDeclaration.EnumCase], rawType: String, indent: String) -> [String] {
        let integers = rawType == "Int"
        func literal(_ value: String) -> String { integers ? value : SwiftNames.stringLiteral(value) }
        var lines = cases.map { "\(indent)case \(SwiftNames.escaped($0.name))" }
        lines += [
            "\(indent)/// A value this model does not know yet: a new server value decodes instead of failing.",
            "\(indent)case unknown(\(rawType))",
            "",
            "\(indent)\(access)init(rawValue: \(rawType)) {",
            "\(indent)    switch rawValue {",
        ]
        for enumCase in cases {
            lines.append(
                "\(indent)    case \(literal(enumCase.value)): self = .\(SwiftNames.escaped(enumCase.name))"
            )
        }
        lines += [
            "\(indent)    default: self = .unknown(rawValue)",
            "\(indent)    }",
            "\(indent)}",
            "",
            "\(indent)\(access)var rawValue: \(rawType) {",
            "\(indent)    switch self {",
        ]
        for enumCase in cases {
            lines.append(
                "\(indent)    case .\(SwiftNames.escaped(enumCase.name)): return \(literal(enumCase.value))"
            )
        }
        lines += [
            "\(indent)    case .unknown(let value): return value",
            "\(indent)    }",
            "\(indent)}",
            "",
        ]
        // An enum of numbers (`enum(1, 2)`) reads and writes JSON numbers; its raw values are their literals.
        if !integers, !cases.isEmpty, cases.allSatisfy({ Double($0.value) != nil }) {
            lines += [
                "\(indent)\(access)init(from decoder: any Decoder) throws {",
                "\(indent)    let container = try decoder.singleValueContainer()",
                "\(indent)    if let number = try? container.decode(Int.self) {",
                "\(indent)        self.init(rawValue: String(number))",
                "\(indent)    } else if let number = try? container.decode(Double.self) {",
                "\(indent)        self.init(rawValue: String(number))",
                "\(indent)    } else {",
                "\(indent)        self.init(rawValue: try container.decode(String.self))",
                "\(indent)    }",
                "\(indent)}",
                "",
                "\(indent)\(access)func encode(to encoder: any Encoder) throws {",
                "\(indent)    var container = encoder.singleValueContainer()",
                "\(indent)    if let number = Int(rawValue) {",
                "\(indent)        try container.encode(number)",
                "\(indent)    } else if let number = Double(rawValue) {",
                "\(indent)        try container.encode(number)",
                "\(indent)    } else {",
                "\(indent)        try container.encode(rawValue)",
                "\(indent)    }",
                "\(indent)}",
            ]
            return lines
        }
        lines += [
            "\(indent)\(access)init(from decoder: any Decoder) throws {",
            "\(indent)    self.init(rawValue: try decoder.singleValueContainer().decode(\(rawType).self))",
            "\(indent)}",
            "",
            "\(indent)\(access)func encode(to encoder: any Encoder) throws {",
            "\(indent)    var container = encoder.singleValueContainer()",
            "\(indent)    try container.encode(rawValue)",
            "\(indent)}",
        ]
        return lines
    }

    /// The cases, an `init(from:)` that tries each member in order (the last one's error is the union's), and
    /// `encode(to:)`.
    private func unionBody(_ members: [SwiftDeclaration.UnionMember], indent: String) -> [String] {
        var lines = members.map { "\(indent)case \(SwiftNames.escaped($0.name))(\($0.type))" }
        lines += [
            "",
            "\(indent)\(access)init(from decoder: any Decoder) throws {",
            "\(indent)    let container = try decoder.singleValueContainer()",
        ]
        // Member types are written only where a type is expected (`let value: customer`): in an expression, a
        // shape named like a property of the enclosing struct (`customer`) would be read as that property.
        for (index, member) in members.enumerated() {
            let name = SwiftNames.escaped(member.name)
            if index == members.count - 1 {
                // A union has two members or more, so the last one always follows an `if`.
                lines += [
                    "\(indent)    } else {",
                    "\(indent)        self = .\(name)(try Self.member(container))",
                    "\(indent)    }",
                ]
            } else {
                lines += [
                    "\(indent)    \(index == 0 ? "if" : "} else if") let value: \(member.type) = try? Self.member(container) {",
                    "\(indent)        self = .\(name)(value)",
                ]
            }
        }
        lines += [
            "\(indent)}",
            "",
            "\(indent)\(access)func encode(to encoder: any Encoder) throws {",
            "\(indent)    var container = encoder.singleValueContainer()",
            "\(indent)    switch self {",
        ]
        for member in members {
            lines.append(
                "\(indent)    case .\(SwiftNames.escaped(member.name))(let value): try container.encode(value)")
        }
        lines += [
            "\(indent)    }",
            "\(indent)}",
            "",
            "\(indent)/// One member, of the type the context asks for.",
            "\(indent)private static func member<Member: Decodable>(_ container: any SingleValueDecodingContainer) throws",
            "\(indent)    -> Member",
            "\(indent){",
            "\(indent)    try container.decode(Member.self)",
            "\(indent)}",
        ]
        return lines
    }

    /// The property wrapper that stores a value out of line, for a struct that holds a value of its own type
    /// (`parent: Node?`); written once, in a file of its own, when a shape needs it. Decoding an Optional through it
    /// reads an absent key as nil, as an Optional property does.
    func indirect() -> String {
        let a = access
        return """
            /// A value stored out of line, so that a struct can hold a value of its own type (`var parent: Node?`).
            @propertyWrapper
            \(a)struct Indirect<Value: Codable & Sendable & Hashable>: Codable, Sendable, Hashable {
                private final class Box: Sendable {
                    let value: Value
                    init(_ value: Value) { self.value = value }
                }

                private var box: Box

                \(a)init(wrappedValue: Value) { box = Box(wrappedValue) }

                \(a)var wrappedValue: Value {
                    get { box.value }
                    set { box = Box(newValue) }
                }

                \(a)init(from decoder: any Decoder) throws { box = Box(try Value(from: decoder)) }

                \(a)func encode(to encoder: any Encoder) throws { try box.value.encode(to: encoder) }

                \(a)static func == (left: Indirect, right: Indirect) -> Bool { left.box.value == right.box.value }

                \(a)func hash(into hasher: inout Hasher) { hasher.combine(box.value) }
            }

            extension KeyedDecodingContainer {
                /// An absent or null key is nil, as for an Optional property without the wrapper.
                \(a)func decode<Wrapped>(_ type: Indirect<Wrapped?>.Type, forKey key: Key) throws -> Indirect<Wrapped?> {
                    Indirect(wrappedValue: try decodeIfPresent(Wrapped.self, forKey: key))
                }
            }
            """
    }

    /// The type every spec `Any` decodes to; written once, in a file of its own, when a spec uses `Any`.
    func anyJSON() -> String {
        let a = access
        return """
            /// Any JSON value: what a spec's `Any` decodes to. Object keys go through the decoder's key strategy too.
            \(a)enum AnyJSON: Codable, Sendable, Hashable {
                case null
                case bool(Bool)
                case number(Double)
                case string(String)
                case array([AnyJSON])
                case object([String: AnyJSON])

                \(a)init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if container.decodeNil() {
                        self = .null
                    } else if let value = try? container.decode(Bool.self) {
                        self = .bool(value)
                    } else if let value = try? container.decode(Double.self) {
                        self = .number(value)
                    } else if let value = try? container.decode(String.self) {
                        self = .string(value)
                    } else if let value = try? container.decode([AnyJSON].self) {
                        self = .array(value)
                    } else {
                        self = .object(try container.decode([String: AnyJSON].self))
                    }
                }

                \(a)func encode(to encoder: any Encoder) throws {
                    var container = encoder.singleValueContainer()
                    switch self {
                    case .null: try container.encodeNil()
                    case .bool(let value): try container.encode(value)
                    case .number(let value): try container.encode(value)
                    case .string(let value): try container.encode(value)
                    case .array(let value): try container.encode(value)
                    case .object(let value): try container.encode(value)
                    }
                }
            }
            """
    }
}

/// The access level of generated declarations: `--access`.
package enum ModelAccess: String, Sendable, CaseIterable {
    case `public`
    case `package`
    case `internal`
}
