import ContractTestSupport
import Testing

@testable import ContractKit

/// `Int(1, 2, 3)` in the shape grammar: how it reads, and the mistakes refused where they are written.
@Suite struct IntegerEnumerationSpecTests {
    let at = SourceLocation(file: "s.yaml", line: 3, column: 10)

    @Test func theValuesAreReadInOrderAndOptionalsWrapThem() throws {
        let shape = try ShapeExpressionParser.parse("Int( -1 ,0, 42 )?", at: at)
        guard case .optional(let wrapped) = shape.kind, case .integers(let values) = wrapped.kind else {
            Issue.record("expected an optional Int(...), got \(shape)")
            return
        }
        #expect(values == [-1, 0, 42])
        #expect(shape.description == "Int(-1, 0, 42)?")
        #expect(try ShapeExpressionParser.parse("[Int(1)]", at: at).description == "[Int(1)]")
        #expect(try ShapeExpressionParser.parse("Int(1, 2) | String", at: at).description == "Int(1, 2) | String")
        // Int without arguments is still any integer.
        #expect(try ShapeExpressionParser.parse("Int", at: at).kind == .int)
    }

    @Test(arguments: [
        ("Int()", "Int(...) needs at least one value", 14),
        ("Int(1, )", "empty value in Int(...)", 17),
        ("Int(1, a)", "'a' is not a whole number that fits in Int", 17),
        ("Int(1.5)", "'1.5' is not a whole number that fits in Int", 14),
        ("Int(\"1\")", "'\"1\"' is not a whole number that fits in Int", 14),
        ("Int(1, 99999999999999999999)", "'99999999999999999999' is not a whole number that fits in Int", 17),
        ("Int(1, 2, 1)", "Int(...) lists 1 twice", 20),
        ("Int(1 2)", "'1 2' is not a whole number that fits in Int", 14),
        ("Int(1", "expected ',' or ')' in Int(...) at the end", 15),
    ])
    func mistakesAreErrorsAtTheValue(text: String, message: String, column: Int) {
        #expect {
            try ShapeExpressionParser.parse(text, at: at)
        } throws: { error in
            let error = error as! ContractError
            return error.message == message && error.location == SourceLocation(file: "s.yaml", line: 3, column: column)
        }
    }

    @Test func theLoaderReportsEachMistakeWithFileLineAndColumnAndAFix() {
        var lines: [String] = []
        do {
            _ = try TestSuites.suite(
                (
                    "Specs/x.yaml",
                    """
                    shapes:
                      Level: Int()
                      Tier: { rank: "Int(1, one)", step: "Int(2, 2)?" }
                    endpoints:
                      a:
                        request: GET /a
                        expect: { body: Level }
                    """
                ))
        } catch {
            lines = error.errors.map(\.description)
        }
        let empty = lines.first { $0.hasPrefix("Specs/x.yaml:2:14: error: Int(...) needs at least one value\n") }
        #expect(
            empty?.hasSuffix("hint: Int(...) lists the whole numbers the value may be, each once: Int(1, 2, 3)")
                == true,
            "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("Specs/x.yaml:3:25: error: 'one' is not a whole number that fits in Int") })
        #expect(
            lines.contains {
                $0.hasPrefix("Specs/x.yaml:3:46: error: Int(...) lists 2 twice")
                    && $0.hasSuffix("hint: list each value once: Int(2)")
            })
    }
}
