internal import CLibYAML

/// Owns a libyaml parser and the UTF-8 bytes it reads, and hands out its events as ``YAMLEvent`` values.
///
/// This is the one place where libyaml's C types are touched: every event and error is converted to Swift
/// values here and freed before `nextEvent()` returns.
final class LibYAMLEventParser {
    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// libyaml keeps a pointer to its input, so the bytes live as long as this object: in memory it owns, or (see
    /// ``init(borrowing:path:)``) in memory its caller keeps alive.
    private let input: UnsafeBufferPointer<UInt8>
    private let ownsInput: Bool
    private let isInitialized: Bool
    private let path: String
    /// The input as text, for quoting the line of a syntax error: only made when there is one.
    private lazy var text = String(decoding: input, as: UTF8.self)

    /// Prepares to parse `text`; `path` names the file in the locations of events and errors.
    convenience init(text: String, path: String) {
        let bytes = Array(text.utf8)
        let owned = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = owned.initialize(from: bytes)
        self.init(input: UnsafeBufferPointer(start: owned.baseAddress, count: bytes.count), owns: true, path: path)
        self.text = text
    }

    /// Prepares to parse the UTF-8 `bytes` in place, without a copy: a document of megabytes then costs its size
    /// once, not twice. The caller keeps `bytes` alive, unchanged, for as long as this parser lives.
    convenience init(borrowing bytes: UnsafeBufferPointer<UInt8>, path: String) {
        self.init(input: bytes, owns: false, path: path)
    }

    private init(input: UnsafeBufferPointer<UInt8>, owns: Bool, path: String) {
        self.path = path
        self.input = input
        ownsInput = owns
        parser = .allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        isInitialized = yaml_parser_initialize(parser) == 1
        if isInitialized {
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            // libyaml reads an empty input from any non-null pointer.
            let start = input.baseAddress ?? UnsafePointer(bitPattern: 1)
            yaml_parser_set_input_string(parser, start, input.count)
        }
    }

    deinit {
        // Safe after a failed initialize too: libyaml has then already freed and zeroed its buffers.
        yaml_parser_delete(parser)
        parser.deinitialize(count: 1)
        parser.deallocate()
        if ownsInput { UnsafeMutableBufferPointer(mutating: input).deallocate() }
    }

    /// How many bytes of the input libyaml has taken in so far: it reads them only once, into buffers of its own, so
    /// a caller may give back the memory before this offset (the quoted line of a later error reads it again).
    var bytesTaken: Int {
        guard let current = parser.pointee.input.string.current, let start = input.baseAddress else { return 0 }
        return current - start
    }

    /// The next event; after ``YAMLEvent/streamEnd`` it keeps returning `streamEnd`.
    func nextEvent() throws(ContractError) -> YAMLEvent {
        guard isInitialized else {
            throw ContractError(.yamlSyntax, "could not start the YAML parser (out of memory)")
        }
        var event = yaml_event_t()
        guard yaml_parser_parse(parser, &event) == 1 else { throw currentError() }
        defer { yaml_event_delete(&event) }
        return convert(event)
    }

    // MARK: - Converting libyaml values

    private func convert(_ event: yaml_event_t) -> YAMLEvent {
        let location = self.location(of: event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT:
            return .streamStart
        case YAML_DOCUMENT_START_EVENT:
            return .documentStart(at: location)
        case YAML_DOCUMENT_END_EVENT:
            return .documentEnd
        case YAML_ALIAS_EVENT:
            return .alias(anchor: string(event.data.alias.anchor) ?? "", at: location)
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            // Read by length: a scalar may hold NUL (written as "\0").
            let value = data.value.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: data.length), as: UTF8.self)
            }
            let tag = string(data.tag).map(Self.shortTag)
            let scalar = YAMLNode.Scalar(value: value ?? "", style: scalarStyle(data.style), tag: tag)
            return .scalar(scalar, anchor: string(data.anchor), at: location)
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            let isFlow = data.style == YAML_FLOW_SEQUENCE_STYLE
            return .sequenceStart(anchor: string(data.anchor), isFlow: isFlow, at: location)
        case YAML_SEQUENCE_END_EVENT:
            return .sequenceEnd
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            let isFlow = data.style == YAML_FLOW_MAPPING_STYLE
            return .mappingStart(anchor: string(data.anchor), isFlow: isFlow, at: location)
        case YAML_MAPPING_END_EVENT:
            return .mappingEnd
        default:
            // YAML_NO_EVENT: libyaml has nothing more to say once the stream has ended.
            return .streamEnd
        }
    }

    private func scalarStyle(_ style: yaml_scalar_style_t) -> YAMLNode.ScalarStyle {
        switch style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: return .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: return .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: return .literal
        case YAML_FOLDED_SCALAR_STYLE: return .folded
        default: return .plain
        }
    }

    /// libyaml expands `!!str` to `tag:yaml.org,2002:str`; show it the way it was written.
    static func shortTag(_ tag: String) -> String {
        let standardPrefix = "tag:yaml.org,2002:"
        return tag.hasPrefix(standardPrefix) ? "!!" + tag.dropFirst(standardPrefix.count) : tag
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// libyaml marks are 0-based and count columns in characters (Unicode scalars), as ``SourceLocation`` does.
    private func location(of mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    // MARK: - Converting libyaml errors

    private func currentError() -> ContractError {
        let state = parser.pointee
        let problem = string(state.problem) ?? "malformed YAML"
        switch state.error {
        case YAML_MEMORY_ERROR:
            return ContractError(.yamlSyntax, "ran out of memory while parsing YAML")
        case YAML_READER_ERROR:
            // The reader reports a byte offset instead of a mark.
            var message = problem
            var hint: String?
            if state.problem_value >= 0, let scalar = Unicode.Scalar(UInt32(state.problem_value)) {
                let code = String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
                message += " (found U+\(code))"
                hint = "remove the character, or write it as the escape \\u\(code) inside a double-quoted string"
            }
            let place = SourceLocation(ofByteOffset: Int(state.problem_offset), in: input, file: path)
            return ContractError(.yamlSyntax, message, at: place, hint: hint)
        default:
            let contextLocation = state.context == nil ? nil : location(of: state.context_mark)
            let syntaxProblem = YAMLSyntaxProblem(
                problem: problem, location: location(of: state.problem_mark),
                context: string(state.context), contextLocation: contextLocation)
            return syntaxProblem.contractError(lines: YAMLSyntaxProblem.lines(of: text))
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
