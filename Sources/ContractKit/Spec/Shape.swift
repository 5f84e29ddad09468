/// The shape of a JSON value that a spec promises, written in Swift's own type syntax (`[String: User]`, `Date?`).
package struct Shape: Sendable, Hashable {
    /// What the shape accepts.
    package indirect enum Kind: Sendable, Hashable {
        case string
        case int
        case double
        case bool
        /// A date; nil format means "the endpoint's date strategy".
        case date(DateFormat?)
        case url
        case uuid
        /// Anything at all, `null` included.
        case any
        /// `T?`: null, or absent when it is an object's field.
        case optional(Shape)
        /// `[T]`
        case array(Shape)
        /// `[String: T]`
        case dictionary(Shape)
        /// A YAML mapping: an object with named fields.
        case object(ObjectShape)
        /// A shape declared under `shapes:`, by name.
        case named(String)
        /// `enum(a, b)`: one of these strings.
        case enumeration([String])
        /// `Int(1, 2, 3)`: an integer, one of these (listed once each, in spec order).
        case integers([Int])
        /// `String(/regex/)`: a string in which the pattern is found.
        case pattern(String)
        /// `String | Customer`: a value that matches any of the members (two or more), tried in order.
        case union([Shape])
    }

    /// What the shape accepts.
    package var kind: Kind
    /// Where the shape is written in its spec.
    package var location: SourceLocation

    /// Creates a shape.
    package init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// True for `T?`.
    package var isOptional: Bool {
        if case .optional = kind { return true }
        return false
    }

    /// The Swift case name for a value of `Int(1, 2, 3)`: `_7`, `minus1` for -1.
    package static func integerCaseName(_ value: Int) -> String {
        value < 0 ? "minus\(value.magnitude)" : "_\(value)"
    }

    /// The shape with one level of `?` removed.
    package var nonOptional: Shape {
        if case .optional(let wrapped) = kind { return wrapped.nonOptional }
        return self
    }
}

/// An object's fields and its policy for keys the spec does not name.
package struct ObjectShape: Sendable, Hashable {
    /// The declared fields, in spec order.
    package var fields: [Field]
    /// Overrides the endpoint's policy for this object only.
    package var extraKeys: ExtraKeysPolicy?

    /// Creates an object shape.
    package init(fields: [Field], extraKeys: ExtraKeysPolicy? = nil) {
        self.fields = fields
        self.extraKeys = extraKeys
    }
}

/// One declared key of an object.
package struct Field: Sendable, Hashable {
    /// Whether the key may be left out.
    package enum Presence: Sendable, Hashable {
        /// Follows the shape: `T?` may be absent or null; anything else must be present.
        case implied
        /// `name?: T`: may be absent; never null when present (unless the shape is `T?`).
        case mayBeAbsent
        /// `name!: T?`: must be present, even when its value may be null.
        case required
    }

    /// The key as the backend sends it.
    package var name: String
    /// The value's shape.
    package var shape: Shape
    /// The presence rule written on the key.
    package var presence: Presence
    /// Where the key is written.
    package var location: SourceLocation

    /// Creates a field.
    package init(name: String, shape: Shape, presence: Presence = .implied, location: SourceLocation) {
        self.name = name
        self.shape = shape
        self.presence = presence
        self.location = location
    }

    /// True when the backend may leave the key out.
    package var mayBeAbsent: Bool {
        switch presence {
        case .implied: return shape.isOptional
        case .mayBeAbsent: return true
        case .required: return false
        }
    }

    /// True when the value may be `null`.
    package var mayBeNull: Bool {
        if case .any = shape.kind { return true }
        return shape.isOptional
    }
}

/// What to do with object keys the spec does not declare.
package enum ExtraKeysPolicy: String, Sendable, Hashable, CaseIterable {
    /// Report them as `info`: additive change is usually harmless.
    case allow
    /// Say nothing about them.
    case ignore
    /// Report them as `breaking`.
    case forbid
}
