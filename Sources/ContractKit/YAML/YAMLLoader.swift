/// Loads YAML text into a ``YAMLNode`` tree that remembers where every node starts.
package enum YAMLLoader {
    /// Loads the single document in `text`; `path` names the file in locations. Returns nil for an empty
    /// document (only comments/whitespace).
    ///
    /// Aliases are expanded and merge keys (`<<`) resolved. Every error carries its location, the source line
    /// with a caret, and a hint when a common mistake is likely.
    package static func load(_ text: String, path: String) throws(ContractError) -> YAMLNode? {
        try load(normalized: normalized(text), path: path)
    }

    /// Loads `text` as ``load(_:path:)`` does, where the caller has already ``normalized(_:)`` it (to quote it too).
    package static func load(normalized text: String, path: String) throws(ContractError) -> YAMLNode? {
        do throws(ContractError) {
            let parser = LibYAMLEventParser(text: text, path: path)
            var composer = YAMLComposer()
            while true {
                let event = try parser.nextEvent()
                try composer.consume(event)
                if case .streamEnd = event { return composer.document }
            }
        } catch {
            throw error.quoting(SourceText(path: path, text: text, lineBreaks: .yaml))
        }
    }

    /// The text without a byte order mark and with every line ending as `\n`.
    ///
    /// libyaml skips a byte order mark without counting it and takes `\r\n` and a lone `\r` as line breaks;
    /// normalizing first keeps the quoted source line and its caret in step with libyaml's lines and columns.
    static func normalized(_ text: String) -> String {
        // The usual text, with neither: returned as it is, after a look at its bytes.
        let hasReturn =
            text.utf8.withContiguousStorageIfAvailable { $0.contains(UInt8(ascii: "\r")) }
            ?? text.utf8.contains(UInt8(ascii: "\r"))
        if !hasReturn, !text.utf8.starts(with: [0xEF, 0xBB, 0xBF]) { return text }
        var scalars = text.unicodeScalars[...]
        if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
        guard scalars.contains("\r") else { return String(scalars) }
        var result = String.UnicodeScalarView()
        var previous: Unicode.Scalar?
        for scalar in scalars {
            if scalar == "\r" {
                result.append("\n")
            } else if scalar != "\n" || previous != "\r" {
                result.append(scalar)
            }
            previous = scalar
        }
        return String(result)
    }

    /// ``normalized(_:)`` for UTF-8 bytes, in place: no byte order mark, every line ending `\n`.
    static func normalize(_ bytes: inout [UInt8]) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard let firstReturn = bytes.firstIndex(of: UInt8(ascii: "\r")) else { return }
        var written = firstReturn
        var read = firstReturn
        while read < bytes.count {
            let byte = bytes[read]
            if byte == UInt8(ascii: "\r") {
                bytes[written] = UInt8(ascii: "\n")
                written += 1
                if read + 1 < bytes.count, bytes[read + 1] == UInt8(ascii: "\n") { read += 1 }
            } else {
                bytes[written] = byte
                written += 1
            }
            read += 1
        }
        bytes.removeLast(bytes.count - written)
    }
}
