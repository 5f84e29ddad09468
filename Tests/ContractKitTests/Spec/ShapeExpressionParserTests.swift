import Testing

@testable import ContractKit

@Suite struct ShapeExpressionParserTests {
    let at = SourceLocation(file: "s.yaml", line: 3, column: 10)

    func parse(_ text: String) throws -> String {
        try ShapeExpressionParser.parse(text, at: at).description
    }

    @Test(arguments: [
        ("String", "String"), ("Int", "Int"), ("Double?", "Double?"), ("[User]", "[User]"),
        ("[String: User]", "[String: User]"), ("[ [Int] ]?", "[[Int]]?"), ("Date", "Date"),
        ("Date(millisecondsSince1970)", "Date(millisecondsSince1970)"),
        ("Date(\"yyyy-MM-dd\")", "Date(\"yyyy-MM-dd\")"),
        ("Date('dd.MM.yyyy')?", "Date(\"dd.MM.yyyy\")?"), ("enum(admin, tester)", "enum(admin, tester)"),
        ("enum(\"in progress\", done)", "enum(in progress, done)"), ("String(/^[a-z]+$/)", "String(/^[a-z]+$/)"),
        ("String(/a\\)b/)?", "String(/a\\)b/)?"), ("URL?", "URL?"), ("UUID", "UUID"), ("Any", "Any"),
        ("[String: [Int]?]", "[String: [Int]?]"), ("Int(1, 2, 3)", "Int(1, 2, 3)"), ("Int(-1,0)?", "Int(-1, 0)?"),
    ])
    func parsesSwiftTypeSyntax(text: String, expected: String) throws {
        #expect(try parse(text) == expected)
    }

    /// A lone name is read without the parser's copy of the text; it must come out as the parser makes it: built-in
    /// types as themselves, any other name (dots, digits, underscores) as a named shape, at the given location.
    @Test(arguments: ["User", "String", "Int64", "Date", "Any", "a.b_c2", "Nested.Type", "x"])
    func aLoneNameIsReadAsThePartsOfALargerExpressionAre(name: String) throws {
        let alone = try ShapeExpressionParser.parse(name, at: at)
        let inside = try ShapeExpressionParser.parse("[\(name)]", at: at.advanced(byColumns: -1))
        guard case .array(let element) = inside.kind else {
            Issue.record("expected an array, got \(inside)")
            return
        }
        #expect(alone == element)
        #expect(alone.location == at)
    }

    @Test func enumAloneStillAsksForItsCases() {
        #expect(throws: ContractError.self) { try ShapeExpressionParser.parse("enum", at: at) }
    }

    @Test func namedShapesAreKeptForTheSuiteToResolve() throws {
        let shape = try ShapeExpressionParser.parse("[Notice]", at: at)
        guard case .array(let element) = shape.kind, case .named("Notice") = element.kind else {
            Issue.record("expected an array of the named shape, got \(shape)")
            return
        }
        #expect(element.location == SourceLocation(file: "s.yaml", line: 3, column: 11))
    }

    @Test func anInvalidRegularExpressionIsASpecError() {
        // It used to load, match nothing, and blame every value on the backend as a breaking pattern-mismatch.
        #expect {
            try ShapeExpressionParser.parse("String(/[a-z/)", at: at)
        } throws: { error in
            let error = error as! ContractError
            return error.message == "'[a-z' is not a valid regular expression"
                && error.location == SourceLocation(file: "s.yaml", line: 3, column: 17)
        }
    }

    @Test func errorsPointIntoTheExpression() {
        #expect {
            try ShapeExpressionParser.parse("[Int: User]", at: at)
        } throws: { error in
            let error = error as! ContractError
            return error.message == "dictionary keys must be String, not Int"
                && error.location == SourceLocation(file: "s.yaml", line: 3, column: 11)
        }
        #expect {
            try ShapeExpressionParser.parse("[User", at: at)
        } throws: { error in
            (error as! ContractError).message == "expected ']' to close the array at the end"
        }
        #expect {
            try ShapeExpressionParser.parse("Date(iso8061)", at: at)
        } throws: { error in
            let error = error as! ContractError
            return error.message == "unknown date format 'iso8061'; did you mean 'iso8601'?"
                && error.location?.column == 15
        }
        #expect {
            try ShapeExpressionParser.parse("enum(a, a)", at: at)
        } throws: { error in
            (error as! ContractError).message.hasPrefix("enum case 'a' is listed twice")
        }
        #expect {
            try ShapeExpressionParser.parse("String | Int | String", at: at)
        } throws: { error in
            // The hint is the union with the repeat left out, ready to paste.
            let error = error as! ContractError
            return error.message == "the union lists String twice" && error.hint == "list each type once: String | Int"
        }
        #expect {
            try ShapeExpressionParser.parse("Bool(5)", at: at)
        } throws: { error in
            (error as! ContractError).message.hasPrefix(
                "'Bool' takes no arguments; only Date(...), String(/regex/), Int(1, 2)")
        }
        #expect {
            try ShapeExpressionParser.parse("String User", at: at)
        } throws: { error in
            (error as! ContractError).message.hasPrefix("unexpected 'U' after the shape String")
        }
    }
}
