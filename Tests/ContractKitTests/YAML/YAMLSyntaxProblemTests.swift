import Testing

@testable import ContractKit

@Suite struct YAMLSyntaxProblemTests {
    private func at(_ line: Int, _ column: Int) -> ContractKit.SourceLocation {
        ContractKit.SourceLocation(file: "t.yaml", line: line, column: column)
    }

    @Test func endOfInputMovesOntoTheLastText() {
        let lines = YAMLSyntaxProblem.lines(of: "a: [1  \n# note\n\n")
        let problem = YAMLSyntaxProblem(problem: "p", location: at(4, 1), context: nil, contextLocation: nil)
        #expect(problem.visibleLocation(lines: lines) == at(1, 6))
    }

    @Test func problemBeforeMoreTextStays() {
        let lines = YAMLSyntaxProblem.lines(of: "a: 1\n\nb: 2\n")
        let problem = YAMLSyntaxProblem(problem: "p", location: at(2, 1), context: nil, contextLocation: nil)
        #expect(problem.visibleLocation(lines: lines) == at(2, 1))
    }

    @Test func messageNamesWhereTheContextStarted() {
        let lines = YAMLSyntaxProblem.lines(of: "a:\n  b: 1\n c: 2\n")
        let problem = YAMLSyntaxProblem(
            problem: "did not find expected key", location: at(3, 2),
            context: "while parsing a block mapping", contextLocation: at(1, 1))
        let error = problem.contractError(lines: lines)
        #expect(error.message == "did not find expected key while parsing a block mapping that started at 1:1")
        #expect(error.location == at(3, 2))
        #expect(error.hint == YAMLSyntaxProblem.indentationHint)
    }

    @Test(
        arguments: [
            ("key: value", "value", 6),
            ("  - name: [x", "[x", 11),
            ("\"a: b\": *c", "*c", 9),
            ("key: 'quoted'", nil, nil),
            ("key:", nil, nil),
            ("just text", nil, nil),
            ("url: http://x # a: b", "http://x # a: b", 6),
        ] as [(String, String?, Int?)])
    func plainValueOfALine(line: String, value: String?, column: Int?) {
        let found = YAMLSyntaxProblem.plainValue(in: Substring(line))
        #expect(found.map { String($0.text) } == value)
        #expect(found?.column == column)
    }
}
