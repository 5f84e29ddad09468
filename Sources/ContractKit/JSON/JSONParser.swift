/// Parses JSON text (RFC 8259) into a ``JSONValue``, keeping object key order and number spelling.
///
/// The parser is strict where RFC 8259 is: no trailing commas, comments, single quotes, leading zeros,
/// `NaN`, unescaped control characters or invalid UTF-8. Where RFC 8259 leaves the choice open, it:
/// - accepts and skips a UTF-8 byte-order mark at the very start (columns in messages do not count it);
/// - keeps duplicate object keys as separate entries, in order (``JSONObject`` look-up returns the last);
/// - decodes a `\u` escape naming half of a surrogate pair without its other half to U+FFFD;
/// - keeps numbers of any size or precision as written (`1E400`, `12345678901234567890`).
///
/// Errors are ``ContractError``s with code ``ContractError/Code/jsonSyntax`` and a 1-based line and column.
package struct JSONParser: Sendable {
    /// Deepest nesting accepted; deeper input is an error, never a stack overflow.
    ///
    /// Parsing itself uses no call stack per level, but ``JSONValue``'s own equality and destruction
    /// recurse, so keep this in the thousands at most.
    package var maxDepth: Int

    /// The nesting a recording's body may have: what every reader of a recording accepts.
    package static let defaultMaxDepth = 512

    /// A parser that accepts nesting up to `maxDepth` arrays and objects deep.
    package init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        self.maxDepth = maxDepth
    }

    /// Parses one JSON document; `file` names the source in error locations.
    package func parse(_ bytes: UnsafeRawBufferPointer, file: String = "<json>") throws(ContractError) -> JSONValue {
        let tape = try index(bytes, file: file)
        return withExtendedLifetime(tape) {
            JSONTapeView(
                tape: tape, bytes: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), byteCount: bytes.count
            ).value(0)
        }
    }

    /// Checks one JSON document and indexes it: the tape says where every value is in `bytes`, and what it is.
    ///
    /// `progress`, when given, is told the read position each time it has moved on by about `stride` bytes, so
    /// that the caller can let go of the text behind it (the tape keeps no pointer into it).
    func index(
        _ bytes: UnsafeRawBufferPointer, file: String, every stride: Int = 0, progress: ((Int) -> Void)? = nil
    ) throws(ContractError) -> JSONTape {
        guard let base = bytes.baseAddress, !bytes.isEmpty else {
            throw ContractError(
                .jsonSyntax, "unexpected end of input; expected a JSON value",
                at: SourceLocation(file: file, line: 1, column: 1), hint: "the document is empty")
        }
        var reader = JSONReader(
            bytes: base.assumingMemoryBound(to: UInt8.self), count: bytes.count, file: file, maxDepth: maxDepth)
        if let progress, stride > 0 {
            reader.progress = progress
            reader.progressStride = stride
            reader.nextProgressOffset = stride
        }
        try reader.readDocument()
        return reader.finishTape()
    }

    /// Parses one JSON document into a ``JSONDocument``: checked in full, indexed, and decoded only where read.
    package func parseDocument(_ bytes: [UInt8], file: String = "<json>") throws(ContractError) -> JSONDocument {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ContractError) in try index(buffer, file: file) }
        }
        return JSONDocument(source: .bytes(bytes), tape: try result.get(), root: 0)
    }

    /// Parses one JSON document; `file` names the source in error locations.
    package func parse(_ bytes: [UInt8], file: String = "<json>") throws(ContractError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(ContractError) in try parse(buffer, file: file) }
        }
        return try result.get()
    }

    /// Parses one JSON document; `file` names the source in error locations.
    package func parse(_ text: String, file: String = "<json>") throws(ContractError) -> JSONValue {
        let result = text.utf8.withContiguousStorageIfAvailable { buffer in
            Result { () throws(ContractError) in try parse(UnsafeRawBufferPointer(buffer), file: file) }
        }
        return try (result ?? Result { () throws(ContractError) in try parse(Array(text.utf8), file: file) }).get()
    }
}
