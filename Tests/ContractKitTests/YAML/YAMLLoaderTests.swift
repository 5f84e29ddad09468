import Testing

@testable import ContractKit

@Suite struct YAMLLoaderTests {
    private func outline(_ text: String) throws -> String? {
        try YAMLLoader.load(text, path: YAMLTestSupport.path)?.outline
    }

    @Test func blockMappingsAndSequencesHaveOneBasedLocations() throws {
        let text = """
            name: users
            endpoints:
              list:
                request: GET /users
                tags:
                  - read
                  - fast
            """
        #expect(
            try outline(text) == """
                1:1 block mapping
                  1:1 plain "name"
                    1:7 plain "users"
                  2:1 plain "endpoints"
                    3:3 block mapping
                      3:3 plain "list"
                        4:5 block mapping
                          4:5 plain "request"
                            4:14 plain "GET /users"
                          5:5 plain "tags"
                            6:7 block sequence
                              6:9 plain "read"
                              7:9 plain "fast"
                """)
    }

    @Test func nestedKeyLocationAndFile() throws {
        let root = try #require(try YAMLLoader.load("a:\n  b:\n    c: 1\n", path: "Specs/users.yaml"))
        let c = try #require(root.pairs?[0].value.pairs?[0].value.pairs?[0].key)
        #expect(c.scalarValue == "c")
        #expect(c.location == SourceLocation(file: "Specs/users.yaml", line: 3, column: 5))
        #expect(c.location.description == "Specs/users.yaml:3:5")
    }

    @Test func flowCollectionsAreMarkedFlow() throws {
        #expect(
            try outline("query: {page: 1, tags: [a, 'b']}\nempty: []\n") == """
                1:1 block mapping
                  1:1 plain "query"
                    1:8 flow mapping
                      1:9 plain "page"
                        1:15 plain "1"
                      1:18 plain "tags"
                        1:24 flow sequence
                          1:25 plain "a"
                          1:28 singleQuoted "b"
                  2:1 plain "empty"
                    2:8 flow sequence
                """)
    }

    @Test func sequenceOfMappings() throws {
        #expect(
            try outline("- id: 1\n  name: a\n- id: 2\n") == """
                1:1 block sequence
                  1:3 block mapping
                    1:3 plain "id"
                      1:7 plain "1"
                    2:3 plain "name"
                      2:9 plain "a"
                  3:3 block mapping
                    3:3 plain "id"
                      3:7 plain "2"
                """)
    }

    @Test func scalarStyles() throws {
        let text = """
            plain: text here
            single: 'it''s'
            double: "tab\\there"
            literal: |
              line one
              line two
            folded: >
              folded
              together
            stripped: |-
              no newline
            empty:
            """
        #expect(
            try outline(text) == """
                1:1 block mapping
                  1:1 plain "plain"
                    1:8 plain "text here"
                  2:1 plain "single"
                    2:9 singleQuoted "it\\'s"
                  3:1 plain "double"
                    3:9 doubleQuoted "tab\\there"
                  4:1 plain "literal"
                    4:10 literal "line one\\nline two\\n"
                  7:1 plain "folded"
                    7:9 folded "folded together\\n"
                  10:1 plain "stripped"
                    10:11 literal "no newline"
                  12:1 plain "empty"
                    12:7 plain ""
                """)
    }

    @Test func explicitTagsAreKeptInShortForm() throws {
        let root = try #require(try YAMLLoader.load("a: !!str 10\nb: !local x\nc: 10\nd: \"10\"\n", path: "t.yaml"))
        let scalars = try #require(root.pairs).map { pair -> YAMLNode.Scalar? in
            if case .scalar(let scalar) = pair.value.content { return scalar }
            return nil
        }
        #expect(
            scalars == [
                YAMLNode.Scalar(value: "10", style: .plain, tag: "!!str"),
                YAMLNode.Scalar(value: "x", style: .plain, tag: "!local"),
                YAMLNode.Scalar(value: "10", style: .plain, tag: nil),
                YAMLNode.Scalar(value: "10", style: .doubleQuoted, tag: nil),
            ])
    }

    @Test func complexKeysAreKept() throws {
        #expect(
            try outline("? [a, b]\n: pair\n") == """
                1:1 block mapping
                  1:3 flow sequence
                    1:4 plain "a"
                    1:7 plain "b"
                    2:3 plain "pair"
                """)
    }

    @Test(arguments: ["", "\n\n", "# only a comment\n  # and another\n", "\u{FEFF}", "---\n", "--- # empty\n...\n"])
    func emptyDocumentIsNil(text: String) throws {
        #expect(try YAMLLoader.load(text, path: "empty.yaml") == nil)
    }

    @Test func explicitNullDocumentIsKept() throws {
        #expect(try outline("--- ~\n") == "1:5 plain \"~\"")
    }

    @Test func explicitDocumentMarkers() throws {
        #expect(
            try outline("---\na: 1\n...\n") == """
                2:1 block mapping
                  2:1 plain "a"
                    2:4 plain "1"
                """)
    }

    @Test func byteOrderMarkIsSkippedWithoutShiftingColumns() throws {
        #expect(
            try outline("\u{FEFF}a: 1\nb: [x]\n") == """
                1:1 block mapping
                  1:1 plain "a"
                    1:4 plain "1"
                  2:1 plain "b"
                    2:4 flow sequence
                      2:5 plain "x"
                """)
    }

    @Test func crlfLineEndingsLoadLikeLF() throws {
        let crlf = "a: 1\r\nb:\r\n  - x\r\n  - |\r\n    one\r\n    two\r\n"
        let lf = "a: 1\nb:\n  - x\n  - |\n    one\n    two\n"
        #expect(try outline(crlf) == outline(lf))
        #expect(
            try outline(crlf) == """
                1:1 block mapping
                  1:1 plain "a"
                    1:4 plain "1"
                  2:1 plain "b"
                    3:3 block sequence
                      3:5 plain "x"
                      4:5 literal "one\\ntwo\\n"
                """)
    }

    @Test func columnsCountCharactersNotBytes() throws {
        // "é", "ü" and "ÿ" take two bytes in UTF-8 and "😀" four; each is one column.
        #expect(
            try outline("näme: ü\nké: [x, ÿ]\n😀: {é: ok}\n") == """
                1:1 block mapping
                  1:1 plain "näme"
                    1:7 plain "ü"
                  2:1 plain "ké"
                    2:5 flow sequence
                      2:6 plain "x"
                      2:9 plain "ÿ"
                  3:1 plain "😀"
                    3:4 flow mapping
                      3:5 plain "é"
                        3:8 plain "ok"
                """)
    }

    @Test func scalarWithNulEscapeKeepsItsWholeValue() throws {
        let root = try #require(try YAMLLoader.load("a: \"x\\0y\"\n", path: "t.yaml"))
        #expect(root.pairs?[0].value.scalarValue == "x\u{0}y")
    }
}
