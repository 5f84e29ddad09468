import Testing

@testable import ContractKit

/// The automaton of `diff --ignore` must say what matching each path's text with ``Glob/matches(_:_:)`` says: a path
/// is left out when a glob matches it or one of its ancestors.
@Suite struct IgnoredPathsTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    /// Keys as they are written in the JSON text: identifiers, keys a path quotes, escapes, and characters outside
    /// ASCII (one written as an escape).
    static let keys: [(text: String, key: String)] = [
        ("id", "id"), ("name", "name"), ("user_name", "user_name"), ("a-b", "a-b"), ("a b", "a b"), ("1x", "1x"),
        ("-1", "-1"), ("", ""), (#"q\"uote"#, #"q"uote"#), (#"back\\slash"#, #"back\slash"#), ("ключ", "ключ"),
        (#"na\u006de"#, "name"), (#"caf\u00e9"#, "café"), ("café", "café"), ("a.b", "a.b"), ("[0]", "[0]"),
        ("*", "*"), ("_", "_"), ("Z9", "Z9"),
    ]

    /// Pieces globs are made of, so that they often match the paths made here.
    static let pieces = [
        "$", ".", "[", "]", "*", "?", "*", "id", "name", "user_", "0", "1", "12", #"[""#, #""]"#, "a b", "ключ", "é",
        "\\",
        "\"", "-", ".a", "[*]", ".*",
    ]

    static func below(_ random: inout Generator, _ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }

    /// A value holding one path down from its root: `steps` of keys (by their place in ``keys``) and indices. The
    /// path's text comes from the keys as read, the JSON from the keys as written.
    static func document(_ steps: [Either]) -> String {
        var text = "1"
        for step in steps.reversed() {
            switch step {
            case .key(let number): text = #"{"other":0,""# + keys[number].text + #"":"# + text + "}"
            case .index(let index): text = "[" + String(repeating: "0,", count: index) + text + ",0]"
            }
        }
        return text
    }

    /// The path `steps` lead to.
    static func path(_ steps: [Either]) -> JSONPath {
        JSONPath(
            components: steps.map { step in
                switch step {
                case .key(let number): .key(keys[number].key)
                case .index(let index): .index(index)
                }
            })
    }

    enum Either {
        case key(Int)
        case index(Int)
    }

    @Test func theAutomatonAgreesWithMatchingEachPathsText() throws {
        var random = Generator(state: 31_000)
        var matched = 0
        for round in 0..<3_000 {
            let steps: [Either] = (0..<Self.below(&random, 5)).map { _ in
                Self.below(&random, 3) == 0
                    ? .index([0, 1, 2, 10, 12, 120][Self.below(&random, 6)])
                    : .key(Self.below(&random, Self.keys.count))
            }
            // Globs of pieces, and globs made from the path's own text with a run put as `*` or a character as `?`
            // (which match it, or a path near it, often).
            var globs = (0..<Self.below(&random, 3)).map { _ in
                (0..<(1 + Self.below(&random, 7))).map { _ in Self.pieces[Self.below(&random, Self.pieces.count)] }
                    .joined()
            }
            let own = Array(Self.path(steps).description.unicodeScalars)
            for _ in 0..<(1 + Self.below(&random, 2)) {
                var glob = own
                let from = Self.below(&random, glob.count)
                let to = from + Self.below(&random, glob.count - from + 1)
                if Self.below(&random, 2) == 0 {
                    glob.replaceSubrange(from..<to, with: ["*"])
                } else {
                    glob[from] = "?"
                }
                if Self.below(&random, 4) == 0 { glob.removeLast(Self.below(&random, glob.count)) }
                var text = ""
                text.unicodeScalars.append(contentsOf: glob)
                globs.append(text)
            }
            // Now and then, globs long enough for states of more than one word.
            let long =
                round % 10 == 0
                ? [String(repeating: "a", count: 70) + "*", "$*" + String(repeating: "?", count: 66)] : []
            let paths = IgnoredPaths(globs + long)!
            let document = try JSONParser().parseDocument(Array(Self.document(steps).utf8))
            var rootIsIgnored = false
            var cursor = IgnoredPathsCursor(paths, at: .root, rootIsIgnored: &rootIsIgnored)
            defer { cursor.deallocate() }
            var components: [JSONPath.Component] = []
            var expected = (globs + long).contains { Glob.matches($0, "$") }
            #expect(rootIsIgnored == expected, "\(globs) at $")
            var ignored = rootIsIgnored
            document.withView { view in
                var node = document.root
                for (level, step) in steps.enumerated() {
                    let found: Bool
                    switch step {
                    case .key(let number):
                        let key = view.memberKeys(of: node).last { view.string($0) == Self.keys[number].key }!
                        components.append(.key(Self.keys[number].key))
                        found = cursor.isIgnored(level: level + 1, key: key, in: view)
                        node = key + 1
                    case .index(let index):
                        components.append(.index(index))
                        found = cursor.isIgnored(level: level + 1, index: index)
                        node = view.elements(of: node)[index]
                    }
                    let text = JSONPath(components: components).description
                    expected = expected || (globs + long).contains { Glob.matches($0, text) }
                    // A walk stops at a path left out: below it, it asks no more.
                    ignored = ignored || found
                    #expect(ignored == expected, "\(globs + long) at \(text)")
                    if expected { matched += 1 }
                    if ignored { break }
                }
            }
        }
        // The globs are made to match often enough for the agreement to mean something.
        #expect(matched > 300, "\(matched) paths matched")
    }

    @Test func aRootPathIsMatchedWithItsAncestors() {
        var ignored = false
        let paths = IgnoredPaths(["$.data"])!
        IgnoredPathsCursor(
            paths, at: JSONPath.root.appending(key: "data").appending(index: 2), rootIsIgnored: &ignored
        ).deallocate()
        #expect(ignored)
        IgnoredPathsCursor(paths, at: JSONPath.root.appending(key: "meta"), rootIsIgnored: &ignored).deallocate()
        #expect(!ignored)
        #expect(IgnoredPaths([]) == nil)
    }
}
