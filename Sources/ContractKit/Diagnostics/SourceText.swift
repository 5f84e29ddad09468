/// The text of a source file kept for quoting it in messages: the offending line with a caret under the column.
package struct SourceText: Sendable {
    /// The file's path as shown in messages.
    package let path: String
    private let lines: [Substring]

    /// Wraps the text of the file at `path`.
    package init(path: String, text: String) {
        self.path = path
        // Split on the scalar, not the Character: Swift reads "\r\n" as one Character, which would hide CRLF lines.
        self.lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The source line at `location` and a caret under its column, indented for a message; nil when out of range.
    /// The most characters of a source line a snippet shows.
    static let maximumSnippetWidth = 160

    package func snippet(at location: SourceLocation) -> String? {
        guard location.line >= 1, location.line <= lines.count else { return nil }
        var line = String(lines[location.line - 1])
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
