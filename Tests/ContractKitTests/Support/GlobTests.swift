import Testing

@testable import ContractKit

@Suite struct GlobTests {
    /// Matching by its definition, a character at a time with every way a `*` can split the text: slow and plainly
    /// right.
    static func definitely(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        let rest = Array(pattern.dropFirst())
        if first == "*" { return (0...text.count).contains { definitely(rest, Array(text.dropFirst($0))) } }
        guard let character = text.first, first == "?" || first == character else { return false }
        return definitely(rest, Array(text.dropFirst()))
    }

    @Test func aStarIsAWildcardEvenWhereTheTextHasAStar() {
        // A key named `*`, and the generic paths a diff matches its globs against (`$.users[*].name`).
        #expect(Glob.matches(#"$["*"#, #"$["*"]"#))
        #expect(Glob.matches("$.*", "$.*x"))
        #expect(Glob.matches("$.users[*]", "$.users[*]"))
        #expect(Glob.matches("$.users[*].name", "$.users[*].name"))
        #expect(!Glob.matches("$.users[*].name", "$.users[*].email"))
        #expect(Glob.matches("*", ""))
        #expect(!Glob.matches("?", ""))
        #expect(Glob.matches("users/*", "users/list-users"))
        #expect(!Glob.matches("users/*", "orders/list-orders"))
    }

    @Test func matchesAsTheDefinitionSays() {
        var random = JSONParserPropertyTests.SeededGenerator(state: 32_000)
        let alphabet: [Unicode.Scalar] = ["a", "b", "*", "?", "é", "."]
        for _ in 0..<5_000 {
            let pattern = (0..<Int.random(in: 0..<6, using: &random)).map { _ in alphabet.randomElement(using: &random)!
            }
            let text = (0..<Int.random(in: 0..<7, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var (patternText, textText) = ("", "")
            patternText.unicodeScalars.append(contentsOf: pattern)
            textText.unicodeScalars.append(contentsOf: text)
            #expect(
                Glob.matches(patternText, textText) == Self.definitely(pattern, text), "\(patternText) \(textText)")
        }
    }
}
