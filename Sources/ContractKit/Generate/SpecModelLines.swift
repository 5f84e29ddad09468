import Foundation

/// Adds `model:` lines to spec files (`generate models --update-specs`): one line inserted at the end of each
/// endpoint's mapping, at its keys' indentation; every other byte of the file is kept.
package enum SpecModelLines {
    /// Writes the lines into their spec files, each file whole or not at all.
    ///
    /// - Returns: the endpoints that got a line, and an error for each one that could not (a flow mapping such as
    ///   `get-user: { request: … }`, a file that cannot be read or written); the others are written all the same.
    package static func write(_ lines: [(endpoint: Endpoint, model: String)]) -> (
        written: [String], errors: [ContractError]
    ) {
        var written: [String] = []
        var errors: [ContractError] = []
        var files: [String] = []
        for line in lines where !files.contains(line.endpoint.location.file) {
            files.append(line.endpoint.location.file)
        }
        for file in files {
            let entries = lines.filter { $0.endpoint.location.file == file }
            guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8)
            else {
                errors.append(ContractError(.io, "cannot read the spec file '\(file)' to add its model lines"))
                continue
            }
            let (edited, added, problems) = insert(entries, into: text)
            errors += problems
            guard !added.isEmpty else { continue }
            // Foundation reads a byte order mark away: it is written back, so that only the lines added change.
            let mark = data.starts(with: [0xEF, 0xBB, 0xBF]) && !edited.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
            do {
                try AtomicFile.write(Data((mark + edited).utf8), to: file)
                written += added
            } catch {
                errors.append(
                    WriteFailure.error(
                        writing: file, what: "the spec file", error,
                        otherwise: "check that the file and its folder are writable"))
            }
        }
        return (written, errors)
    }

    /// `text` with a `model: …` line added to each endpoint's block mapping, the ids of those that got one, and an
    /// error for each that could not.
    static func insert(_ entries: [(endpoint: Endpoint, model: String)], into text: String) -> (
        text: String, added: [String], errors: [ContractError]
    ) {
        // By "\n" in the text, not by Character: "\r\n" is one Character, and must split too.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        let lineBreak = lines.first?.hasSuffix("\r") == true ? "\r" : ""
        var added: [String] = []
        var errors: [ContractError] = []
        var insertions: [(after: Int, line: String, endpoint: String)] = []
        for entry in entries {
            let location = entry.endpoint.location
            let index = location.line - 1
            guard lines.indices.contains(index) else { continue }
            let keyIndent = location.column - 1
            let keyLine = lines[index]
            if let colon = afterKey(keyLine, from: keyIndent), let alias = aliasName(colon) {
                errors.append(
                    ContractError(
                        .invalidSpec,
                        "\(entry.endpoint.id): the endpoint is written as the alias *\(alias), so it has every key of "
                            + "the endpoint that anchor names, the model line that one gets included; its own was not "
                            + "added",
                        at: location,
                        hint:
                            "to decode it as `\(entry.model)`, write its keys out and add `model: \(entry.model)` by hand"
                    ))
                continue
            }
            if let colon = afterKey(keyLine, from: keyIndent), !isBlankOrComment(String(afterAnchorAndTag(colon))) {
                errors.append(
                    ContractError(
                        .invalidSpec,
                        "\(entry.endpoint.id): the endpoint is written on one line, so its model line was not added",
                        at: location, hint: "add `model: \(entry.model)` to it by hand"))
                continue
            }
            var last = index
            var childIndent: Int?
            for next in (index + 1)..<lines.count {
                let line = lines[next]
                if isBlankOrComment(line) { continue }
                let indent = line.prefix { $0 == " " }.count
                if indent <= keyIndent { break }
                if childIndent == nil { childIndent = indent }
                last = next
            }
            guard let childIndent else {
                errors.append(
                    ContractError(
                        .invalidSpec, "\(entry.endpoint.id): the endpoint has no keys to add a model line beside",
                        at: location, hint: "add `model: \(entry.model)` to it by hand"))
                continue
            }
            let line = String(repeating: " ", count: childIndent) + "model: \(entry.model)" + lineBreak
            insertions.append((last, line, entry.endpoint.id))
            added.append(entry.endpoint.id)
        }
        // From the bottom up, so that the line numbers of the others still hold. After a last line without a line
        // break the new line gets none either, as the file had.
        for insertion in insertions.sorted(by: { $0.after > $1.after }) {
            if insertion.after == lines.count - 1, !lineBreak.isEmpty {
                lines[insertion.after] += lineBreak
                lines.append(String(insertion.line.dropLast()))
            } else {
                lines.insert(insertion.line, at: insertion.after + 1)
            }
        }
        return (lines.joined(separator: "\n"), added, errors)
    }

    /// `rest` (what follows a key's colon) after an anchor (`&get-user`) and a tag (`!!map`) that start a block
    /// mapping on the lines below: `get-user: &get-user` is not a mapping written on one line.
    private static func afterAnchorAndTag(_ rest: String) -> Substring {
        var text = rest.drop { $0 == " " || $0 == "\t" }
        while let first = text.first, first == "&" || first == "!" {
            text = text.drop { $0 != " " && $0 != "\t" }.drop { $0 == " " || $0 == "\t" }
        }
        return text
    }

    /// The name of the alias (`*get-user`) that is all of `rest` (what follows a key's colon), or nil.
    private static func aliasName(_ rest: String) -> Substring? {
        let text = rest.drop { $0 == " " || $0 == "\t" }
        guard text.first == "*" else { return nil }
        return text.dropFirst().prefix { $0 != " " && $0 != "\t" && $0 != "\r" }
    }

    /// What follows the `:` of the key that starts at `column` of `line`; nil when there is no colon.
    private static func afterKey(_ line: String, from column: Int) -> String? {
        let scalars = Array(line.unicodeScalars)
        guard column < scalars.count else { return nil }
        var index = column
        var quote: Unicode.Scalar?
        if scalars[index] == "\"" || scalars[index] == "'" {
            quote = scalars[index]
            index += 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == ":" {
                return String(String.UnicodeScalarView(scalars[(index + 1)...]))
            }
            index += 1
        }
        return nil
    }

    private static func isBlankOrComment(_ line: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\r" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
