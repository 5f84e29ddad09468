import Testing

@testable import ContractKit

@Suite struct YAMLLoaderErrorTests {
    private func failure(_ text: String) -> ContractError? { YAMLTestSupport.loadingError(text) }
    private func firstLine(_ text: String) -> String? { YAMLTestSupport.firstLine(of: failure(text)) }

    // MARK: - Duplicate keys and documents

    @Test func duplicateKeyReportsSecondOccurrenceAndFirst() {
        let text = """
            endpoints:
              list:
                request: GET /users
              name: first
              get:
                request: GET /users/1
              name: second
            """
        let error = failure(text)
        #expect(error?.code == .yamlSyntax)
        #expect(error?.location == SourceLocation(file: "Specs/x.yaml", line: 7, column: 3))
        #expect(
            error?.description == """
                Specs/x.yaml:7:3: error: duplicate key 'name' in mapping; first defined at 4:3
                7 |   name: second
                  |   ^
                  hint: a key may appear only once in a mapping; remove or rename one of them
                """)
    }

    @Test func duplicateKeysCompareByValueWhateverTheQuoting() {
        #expect(
            firstLine("{a: 1, 'a': 2}\n")
                == "Specs/x.yaml:1:8: error: duplicate key 'a' in mapping; first defined at 1:2")
    }

    @Test func aDuplicateIsFoundWhereverItIsInMappingsOfAnySize() throws {
        // Short mappings are searched key by key, longer ones through a table: every size on both sides of the
        // switch, the repeated key anywhere in it, and a merge key repeated.
        for count in 1...30 {
            let keys = (0..<count).map { "k\($0): \($0)\n" }.joined()
            #expect(try YAMLLoader.load(keys, path: "t.yaml")?.pairs?.count == count)
            for repeated in 0..<count {
                #expect(
                    firstLine(keys + "k\(repeated): again\n")
                        == "Specs/x.yaml:\(count + 1):1: error: duplicate key 'k\(repeated)' in mapping; first defined at \(repeated + 1):1",
                    "\(count) keys, k\(repeated) again")
            }
        }
        let merged = "base: &b {x: 1}\nm:\n" + (0..<14).map { "  k\($0): \($0)\n" }.joined() + "  <<: *b\n  <<: *b\n"
        #expect(
            firstLine(merged) == "Specs/x.yaml:18:3: error: duplicate key '<<' in mapping; first defined at 17:3")
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        #expect(try YAMLLoader.load("a: {name: 1}\nb: {name: 2}\n", path: "t.yaml") != nil)
    }

    @Test func secondDocumentIsAnError() {
        #expect(
            failure("a: 1\n---\nb: 2\n")?.description == """
                Specs/x.yaml:2:1: error: a second YAML document starts here; a file may hold only one
                2 | ---
                  | ^
                  hint: remove the '---' (or '...') separator, or move the second document to a file of its own
                """)
    }

    @Test func secondExplicitDocumentIsAnError() {
        #expect(
            firstLine("---\na: 1\n...\n--- b\n")
                == "Specs/x.yaml:4:1: error: a second YAML document starts here; a file may hold only one")
    }

    // MARK: - Syntax errors

    @Test func unclosedFlowSequence() {
        let error = failure("name: users\nkey: [unclosed\n")
        #expect(error?.code == .yamlSyntax)
        // libyaml notices at the end of the input; the error points just after the last text.
        #expect(
            error?.description == """
                Specs/x.yaml:2:15: error: did not find expected ',' or ']' while parsing a flow sequence that started at 2:6
                2 | key: [unclosed
                  |               ^
                  hint: a value that starts with '[' is read as a list; close it with ']', or put the whole value in quotes if it is text
                """)
    }

    @Test func tabIndentation() {
        #expect(
            failure("endpoints:\n\tlist: GET /\n")?.description == """
                Specs/x.yaml:2:1: error: found character that cannot start any token while scanning for the next token
                2 |  list: GET /
                  | ^
                  hint: YAML does not allow tabs for indentation; use spaces
                """)
        #expect(failure("a:\n  b: 1\n\tc: 2\n")?.hint == YAMLSyntaxProblem.tabHint)
    }

    @Test func colonInsideUnquotedValue() {
        let error = failure("summary: note: read this\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:1:14: error: mapping values are not allowed in this context")
        #expect(error?.hint == YAMLSyntaxProblem.colonInValueHint)
    }

    @Test(arguments: [
        (
            "title: [draft] notes\n", "1:16",
            "a value that starts with '[' is read as a list; close it with ']', or put the whole value in quotes if it is text"
        ),
        (
            "title: {x} y\n", "1:12",
            "a value that starts with '{' is read as a mapping; close it with '}', or put the whole value in quotes if it is text"
        ),
        (
            "title: *\n", "1:9",
            "a value that starts with '*' is read as an alias of an anchor; put the whole value in quotes if it is text"
        ),
        (
            "title: & x\n", "1:9",
            "a value that starts with '&' is read as an anchor name; put the whole value in quotes if it is text"
        ),
        ("title: @user\n", "1:8", "'@' is reserved in YAML and cannot start a plain value; put the value in quotes"),
        ("- title: `cmd`\n", "1:10", "'`' is reserved in YAML and cannot start a plain value; put the value in quotes"),
    ])
    func valueStartingWithAnIndicator(text: String, place: String, hint: String) {
        let error = failure(text)
        #expect(error.map { "\($0.location!.line):\($0.location!.column)" } == place)
        #expect(error?.hint == hint)
    }

    @Test(arguments: [
        (
            "a:\n  b: 1\n c: 2\n",
            "Specs/x.yaml:3:2: error: did not find expected key while parsing a block mapping that started at 1:1"
        ),
        ("a:\n  b: 1\n    c: 2\n", "Specs/x.yaml:3:6: error: mapping values are not allowed in this context"),
        (
            "- a\nb: 1\n",
            "Specs/x.yaml:2:1: error: did not find expected '-' indicator while parsing a block collection that started at 1:1"
        ),
        (
            "a: 1\n- b\n",
            "Specs/x.yaml:2:1: error: did not find expected key while parsing a block mapping that started at 1:1"
        ),
    ])
    func mismatchedIndentation(text: String, first: String) {
        let error = failure(text)
        #expect(YAMLTestSupport.firstLine(of: error) == first)
        #expect(error?.hint == YAMLSyntaxProblem.indentationHint)
    }

    @Test func missingColon() {
        let error = failure("a: 1\nb\nc: 2\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:3:1: error: could not find expected ':' while scanning a simple key that started at 2:1"
        )
        #expect(error?.hint == YAMLSyntaxProblem.missingColonHint)
    }

    @Test func unterminatedQuoteAtEndOfInputPointsAfterTheText() {
        #expect(
            failure("a: 'x\n\n# trailing comment\n")?.description == """
                Specs/x.yaml:1:6: error: found unexpected end of stream while scanning a quoted scalar that started at 1:4
                1 | a: 'x
                  |      ^
                """)
    }

    @Test func caretCountsCharactersOnNonASCIILines() {
        #expect(
            failure("título: ünïcödé\nnäme: [1, ü\n")?.description == """
                Specs/x.yaml:2:12: error: did not find expected ',' or ']' while parsing a flow sequence that started at 2:7
                2 | näme: [1, ü
                  |            ^
                  hint: a value that starts with '[' is read as a list; close it with ']', or put the whole value in quotes if it is text
                """)
    }

    @Test func errorsInCRLFTextQuoteTheRightLine() {
        #expect(
            failure("a: 1\r\nb: 2\r\nc: [x\r\n")?.description == """
                Specs/x.yaml:3:6: error: did not find expected ',' or ']' while parsing a flow sequence that started at 3:4
                3 | c: [x
                  |      ^
                  hint: a value that starts with '[' is read as a list; close it with ']', or put the whole value in quotes if it is text
                """)
        #expect(
            firstLine("a: 1\r\nb: 2\r\na: 3\r\n")
                == "Specs/x.yaml:3:1: error: duplicate key 'a' in mapping; first defined at 1:1")
    }

    @Test func errorsAfterAByteOrderMarkKeepTheirColumn() {
        #expect(
            failure("\u{FEFF}a: b: c\n")?.description == """
                Specs/x.yaml:1:5: error: mapping values are not allowed in this context
                1 | a: b: c
                  |     ^
                  hint: the value contains ': ', which YAML reads as the start of a nested mapping; put the whole value in quotes
                """)
    }

    @Test func controlCharacterIsReportedWithItsLocation() {
        let error = failure("a: 1\nb: x\u{1}y\n")
        #expect(
            YAMLTestSupport.firstLine(of: error)
                == "Specs/x.yaml:2:5: error: control characters are not allowed (found U+0001)")
        #expect(error?.hint == "remove the character, or write it as the escape \\u0001 inside a double-quoted string")
        #expect(error?.snippet != nil)
    }

    @Test func nestingDeeperThanTheLimitIsAnError() {
        let text = String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "\n"
        #expect(firstLine(text) == "Specs/x.yaml:1:257: error: lists and mappings nest deeper than 256 levels")
    }

    @Test(arguments: [
        "a: [1\n", "a:\n\tb: 1\n", "a: 1\na: 2\n", "a: *x\n", "a: 1\n---\n", "x: &a 1\ny: {<<: *a}\n",
        "a: \u{7}\n", "a: 'x\n", "{a: 1}}\n", "a: b\n  c: d\n",
    ])
    func everyErrorCarriesLocationAndSnippet(text: String) throws {
        let error = try #require(failure(text))
        #expect(error.code == .yamlSyntax)
        #expect(error.location?.file == "Specs/x.yaml")
        let snippet = try #require(error.snippet)
        #expect(snippet.contains("^"))
    }
}
