/// One step of a YAML parse, as plain Swift values: the only form in which libyaml's events leave
/// ``LibYAMLEventParser``.
enum YAMLEvent: Sendable {
    /// The input begins.
    case streamStart
    /// The input ends.
    case streamEnd
    /// A document begins at `location` (its `---`, or its first content when `---` is left out).
    case documentStart(at: SourceLocation)
    /// The current document ends.
    case documentEnd
    /// `*anchor`, a reference to a node marked earlier with `&anchor`.
    case alias(anchor: String, at: SourceLocation)
    /// A scalar, optionally marked with `&anchor`.
    case scalar(YAMLNode.Scalar, anchor: String?, at: SourceLocation)
    /// A sequence begins; its items follow until ``sequenceEnd``.
    case sequenceStart(anchor: String?, isFlow: Bool, at: SourceLocation)
    /// The innermost open sequence ends.
    case sequenceEnd
    /// A mapping begins; its keys and values follow in turn until ``mappingEnd``.
    case mappingStart(anchor: String?, isFlow: Bool, at: SourceLocation)
    /// The innermost open mapping ends.
    case mappingEnd
}
