import ContractTestSupport
import Foundation
import Testing

/// ContractKit's folders depend one way: a file uses types declared in its own folder or in folders of a lower
/// layer, never in a folder of its own layer or above. The layers are listed here, lowest first; docs/Layout.md
/// lists the same layers and shows the tree.
@Suite struct LayeringTests {
    static let layers: [[String]] = [
        ["Support"],
        ["Diagnostics"],
        ["JSON", "YAML"],
        ["Dates", "Findings"],
        ["Transform"],
        ["Spec"],
        ["SpecWriting"],
        ["OpenAPI"],
        ["Check", "Decode", "Recording"],
        ["Verify"],
        ["Recorder", "Report", "Generate"],
        ["Diff", "Infer", "History"],
    ]

    static var kitRoot: URL { Fixtures.repositoryRoot.appendingPathComponent("Sources/ContractKit") }

    @Test func everyFolderHasALayer() throws {
        let folders = try SwiftSources.folders(under: Self.kitRoot)
        let placed = Set(Self.layers.joined())
        #expect(folders.subtracting(placed).isEmpty, "give each new folder a layer in LayeringTests.layers")
        #expect(placed.subtracting(folders).isEmpty, "LayeringTests.layers names a folder that is gone")
    }

    @Test func noFolderUsesATypeFromItsLayerOrAbove() throws {
        let violations = Self.violations(in: try SwiftSources.read(under: Self.kitRoot), layers: Self.layers)
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test func aUseUpwardOrSidewaysIsAViolation() {
        let files = [
            SwiftSources.File(folder: "JSON", name: "Reader.swift", text: "struct Reader { var issue: Finding }"),
            SwiftSources.File(folder: "Findings", name: "Finding.swift", text: "struct Finding { var date: Day }"),
            SwiftSources.File(folder: "Dates", name: "Day.swift", text: "struct Day { var reader: Reader }"),
        ]
        #expect(
            Self.violations(in: files, layers: [["JSON"], ["Dates", "Findings"]]) == [
                "Findings/Finding.swift uses Day from Dates/",
                "JSON/Reader.swift uses Finding from Findings/",
            ])
    }

    /// Each use of a type declared in a folder of the same layer or above, as `Folder/File.swift uses T from Other/`.
    static func violations(in sources: [SwiftSources.File], layers: [[String]]) -> [String] {
        let rank = Dictionary(
            uniqueKeysWithValues: layers.enumerated().flatMap { index, names in
                names.map { ($0, index) }
            })
        var owner: [String: String] = [:]
        for file in sources {
            for name in SwiftSources.topLevelTypes(in: file.text) { owner[name] = file.folder }
        }
        var violations: [String] = []
        for file in sources {
            guard let fileRank = rank[file.folder] else { continue }
            for name in SwiftSources.typeNames(usedIn: file.text) {
                guard let home = owner[name], home != file.folder, let homeRank = rank[home] else { continue }
                if homeRank >= fileRank { violations.append("\(file.folder)/\(file.name) uses \(name) from \(home)/") }
            }
        }
        return violations.sorted()
    }

    /// The checker itself must see a use when there is one, or the test above could never fail.
    @Test func theScannerSeesUsesButNotCommentsOrStrings() {
        let text = """
            /// A ``Verifier`` is mentioned here.
            public struct Plan: Sendable {
                var checker: ShapeChecker   // Recorder in a comment
                let label = "Report \\(count) Diff"
                struct Nested {}
            }
            enum Other {}
            """
        #expect(SwiftSources.typeNames(usedIn: text) == ["Nested", "Other", "Plan", "Sendable", "ShapeChecker"])
        #expect(SwiftSources.topLevelTypes(in: text) == ["Other", "Plan"])
    }
}

/// Swift source files read as text: enough of Swift's lexical rules to find type declarations and uses.
enum SwiftSources {
    struct File {
        var folder: String
        var name: String
        var text: String
    }

    static func folders(under root: URL) throws -> Set<String> {
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path)
        return Set(
            names.filter { name in
                var isFolder: ObjCBool = false
                return FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder)
                    && isFolder.boolValue
            })
    }

    static func read(under root: URL) throws -> [File] {
        var files: [File] = []
        for folder in try folders(under: root).sorted() {
            let url = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".swift") {
                let text = try String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
                files.append(File(folder: folder, name: name, text: text))
            }
        }
        return files
    }

    /// Types declared at the top level (column 0): `public struct Name`, `enum Name`, `typealias Name`...
    static func topLevelTypes(in text: String) -> Set<String> {
        let keywords: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        var names: Set<String> = []
        for line in code(text).split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "@" })
            guard let index = words.firstIndex(where: { keywords.contains($0) }), index + 1 < words.count else {
                continue
            }
            let name = words[index + 1]
            if name.first?.isUppercase == true { names.insert(String(name)) }
        }
        return names
    }

    /// Capitalised identifiers used in code, outside comments and string literals.
    static func typeNames(usedIn text: String) -> Set<String> {
        var names: Set<String> = []
        var word = ""
        for character in code(text) + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
            } else {
                if let first = word.first, first.isUppercase { names.insert(word) }
                word = ""
            }
        }
        return names
    }

    /// `text` with comments and string literals (interpolations included) replaced by spaces, lines kept.
    static func code(_ text: String) -> String {
        var output = ""
        var characters = Array(text)[...]
        var inBlockComment = 0
        while let character = characters.first {
            if inBlockComment > 0 {
                if characters.starts(with: "*/") {
                    inBlockComment -= 1
                    characters = characters.dropFirst(2)
                } else {
                    if characters.starts(with: "/*") { inBlockComment += 1 }
                    output.append(character == "\n" ? "\n" : " ")
                    characters = characters.dropFirst()
                }
            } else if characters.starts(with: "//") {
                while let next = characters.first, next != "\n" { characters = characters.dropFirst() }
            } else if characters.starts(with: "/*") {
                inBlockComment = 1
                characters = characters.dropFirst(2)
            } else if character == "\"" {
                let delimiter = characters.starts(with: "\"\"\"") ? "\"\"\"" : "\""
                characters = characters.dropFirst(delimiter.count)
                while !characters.isEmpty, !characters.starts(with: delimiter) {
                    if characters.first == "\\" { characters = characters.dropFirst() }
                    if characters.first == "\n" { output.append("\n") }
                    characters = characters.dropFirst()
                }
                characters = characters.dropFirst(delimiter.count)
                output.append(" ")
            } else {
                output.append(character)
                characters = characters.dropFirst()
            }
        }
        return output
    }
}
