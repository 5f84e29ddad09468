import ContractTestSupport
import Foundation
import Testing

/// docs/API.md lists every public declaration of the library modules, and nothing else.
@Suite struct PublicAPITests {
    static let modules = ["ContractKit", "ContractCLI", "ContractTesting"]

    /// Public top-level types and functions, and public static members of types from other modules
    /// (`JSONDecoder.KeyDecodingStrategy.anyCase`), as `docs/API.md` names them.
    static func publicDeclarations() throws -> Set<String> {
        var names: Set<String> = []
        for module in modules {
            let root = Fixtures.repositoryRoot.appendingPathComponent("Sources/\(module)")
            let enumerator = FileManager.default.enumerator(atPath: root.path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                var extended: String?
                for line in SwiftSources.code(text).split(separator: "\n") {
                    let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." })
                    if !(line.first?.isWhitespace ?? true) {
                        extended = words.first == "extension" && words.count > 1 ? String(words[1]) : nil
                        guard
                            words.first == "public"
                                || (words.first?.hasPrefix("@") == false && words.dropFirst().first == "public"),
                            let keyword = words.firstIndex(where: {
                                ["struct", "enum", "class", "protocol", "func", "typealias", "actor"].contains($0)
                            }),
                            keyword + 1 < words.count
                        else { continue }
                        names.insert(String(words[keyword + 1]))
                    } else if let extended, extended.contains("."), words.first == "public",
                        words.dropFirst().first == "static",
                        let name = words.dropFirst(3).first
                    {
                        // A member added to another module's type, such as a JSONDecoder strategy.
                        names.insert("\(extended).\(name)")
                    }
                }
            }
        }
        return names
    }

    /// The names in the first column holding code in each table row of docs/API.md.
    static func documentedDeclarations() throws -> Set<String> {
        let text = try String(
            contentsOf: Fixtures.repositoryRoot.appendingPathComponent("docs/API.md"), encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let cell = cells.first(where: { $0.hasPrefix("`") && $0.hasSuffix("`") }) else { continue }
            names.insert(String(cell.dropFirst().dropLast()))
        }
        return names
    }

    @Test func theDocumentedAPIIsThePublicAPI() throws {
        let declared = try Self.publicDeclarations()
        let documented = try Self.documentedDeclarations()
        #expect(declared.count >= 40, "the scan found too little to be trusted: \(declared.sorted())")
        #expect(
            declared.subtracting(documented).isEmpty,
            "public but not in docs/API.md: \(declared.subtracting(documented).sorted())")
        #expect(
            documented.subtracting(declared).isEmpty,
            "in docs/API.md but not public: \(documented.subtracting(declared).sorted())")
    }
}
