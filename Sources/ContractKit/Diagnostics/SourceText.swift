/// The text of a source file kept for quoting it in messages: the offending line with a caret under the column.
package struct SourceText: Sendable {
    /// The file's path as shown in messages.
    package let path: String
    private let text: String
    /// Where each line starts, in UTF-8 bytes from the start of the text: lines end at `\n` (a `\r` before it stays on
    /// the line, and is not shown), and in YAML also at the breaks libyaml counts (``LineBreaks/yaml``). A table of
    /// offsets rather than the lines themselves: a text is wrapped for every spec file loaded, and most are never
    /// quoted.
    private let lineStarts: [Int]

    /// What ends a line, as the parser that gives the locations counts lines.
    package enum LineBreaks: Sendable {
        /// `\n` alone: Swift, JSON, and YAML normalized by ``YAMLLoader/normalized(_:)``.
        case newline
        /// `\n`, and the next line (U+0085), line separator (U+2028) and paragraph separator (U+2029), which libyaml
        /// counts as line breaks too (YAML 1.1): a spec with one of them pasted into a comment is quoted at the line
        /// libyaml names.
        case yaml
    }

    /// Wraps the text of the file at `path`, whose lines end as `lineBreaks` says.
    package init(path: String, text: String, lineBreaks: LineBreaks = .newline) {
        var text = text
        text.makeContiguousUTF8()
        self.path = path
        self.text = text
        var starts = [0]
        text.utf8.withContiguousStorageIfAvailable { bytes in
            for index in bytes.indices {
                switch bytes[index] {
                case UInt8(ascii: "\n"):
                    starts.append(index + 1)
                case 0x85 where lineBreaks == .yaml && index >= 1 && bytes[index - 1] == 0xC2:
                    starts.append(index + 1)
                case 0xA8, 0xA9:
                    if lineBreaks == .yaml, index >= 2, bytes[index - 1] == 0x80, bytes[index - 2] == 0xE2 {
                        starts.append(index + 1)
                    }
                default:
                    break
                }
            }
        }
        self.lineStarts = starts
    }

    /// The text of line `number` (from 1), without its line break.
    private func line(_ number: Int) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: lineStarts[number - 1])
        guard number < lineStarts.count else { return Substring(utf8[start..<utf8.endIndex]) }
        // The break before the next line: `\n` is one byte, U+0085 two, U+2028 and U+2029 three.
        let next = lineStarts[number]
        let breakLength =
            switch utf8[utf8.index(utf8.startIndex, offsetBy: next - 1)] {
            case UInt8(ascii: "\n"): 1
            case 0x85: 2
            default: 3
            }
        return Substring(utf8[start..<utf8.index(utf8.startIndex, offsetBy: next - breakLength)])
    }

    /// The source line at `location` and a caret under its column, indented for a message; nil when out of range.
    /// The most characters of a source line a snippet shows.
    static let maximumSnippetWidth = 160

    package func snippet(at location: SourceLocation) -> String? {
        guard location.line >= 1, location.line <= lineStarts.count else { return nil }
        var line = String(line(location.line))
        if line.hasSuffix("\r") { line.removeLast() }
        // Tabs would shift the caret; show them as single spaces so the caret lines up.
        var scalars = line.unicodeScalars.map { $0 == "\t" ? " " : $0 }
        var caretColumn = max(1, min(location.column, scalars.count + 1))
        // A long line (a 50 MB key, a minified document) is cut to a window around the caret, marked with '…'.
        let window = SourceText.maximumSnippetWidth
        if scalars.count > window {
            let start = max(0, min(caretColumn - 1 - window / 2, scalars.count - window))
            let end = min(scalars.count, start + window)
            var cut = Array(scalars[start..<end])
            if end < scalars.count { cut.append("…") }
            if start > 0 {
                cut.insert("…", at: 0)
                caretColumn = caretColumn - start + 1
            }
            scalars = cut
        }
        var shown = ""
        shown.unicodeScalars.append(contentsOf: scalars)
        let gutter = String(location.line)
        let pad = String(repeating: " ", count: gutter.count)
        return "\(gutter) | \(shown)\n\(pad) | \(String(repeating: " ", count: caretColumn - 1))^"
    }
}
