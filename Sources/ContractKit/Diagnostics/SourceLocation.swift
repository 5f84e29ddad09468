/// A place in a source file, with 1-based line and column as people count them.
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's path as the user gave it (relative paths stay relative, so messages stay short).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:col`, the form editors and CI annotations understand; control and bidirectional formatting
    /// characters in the file name are escaped, so a hostile name cannot drive the terminal.
    public var description: String { "\(file.escapingNonPrintables()):\(line):\(column)" }

    /// `file:line:col` with the file name as it is: what a JSON report stores, so that reading it back gives the
    /// same location (the JSON writer escapes what JSON needs).
    package var exactText: String { "\(file):\(line):\(column)" }

    /// Reads ``exactText`` back, from the right (the file may contain colons); nil when it is not `file:line:col`.
    package init?(exactText text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return nil
        }
        self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column)
    }

    /// The place of the byte at `offset` in the YAML text `bytes`, counted as libyaml counts: lines end at `\n`,
    /// `\r` or `\r\n`, columns count Unicode scalars, and a byte order mark at the start is no column.
    package init(ofByteOffset offset: Int, in bytes: UnsafeBufferPointer<UInt8>, file: String) {
        var line = 1
        var column = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                line += 1
                column = 1
                if byte == UInt8(ascii: "\r"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            index += 1
        }
        self.init(file: file, line: line, column: column)
    }

    /// The same place moved `offset` columns to the right (for positions inside a one-line scalar).
    public func advanced(byColumns offset: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column + offset)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
