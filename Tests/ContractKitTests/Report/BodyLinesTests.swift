import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct BodyLinesTests {
    let body = TestSuites.json(
        """
        {"notices": [{"id": 1, "title": "a"}, {"id": 2, "title": "b", "pinned": true}, {"id": 3}], "generated_at": 1763701200}
        """)

    func text(_ lines: BodyLines) -> String {
        lines.lines.map {
            $0.indentedText + ($0.marks.isEmpty ? "" : "  <-- \($0.marks.map(String.init).joined(separator: ","))")
        }
        .joined(separator: "\n")
    }

    func path(_ text: String) -> JSONPath { JSONPath(parsing: text)! }

    @Test func excerptShowsTheAncestorsTheNeighboursFoldedAndTheValue() {
        #expect(
            text(BodyLines.excerpt(body, around: path("$.notices[1].pinned"))) == """
                {
                  "notices": [
                    // … 1 more element
                    {
                      "id": 2,
                      "title": "b",
                      "pinned": true  <-- 0
                    },
                    // … 1 more element
                  ],
                  // … 1 more key
                }
                """)
    }

    @Test func excerptOfAnAbsentKeyShowsWhereItWouldBe() {
        #expect(
            text(BodyLines.excerpt(body, around: path("$.notices[2].title"), mark: 3)) == """
                {
                  "notices": [
                    // … 2 more elements
                    {
                      "id": 3
                      // "title" is absent  <-- 3
                    }
                  ],
                  // … 1 more key
                }
                """)
    }

    @Test func excerptOfAContainerFoldsItsMembers() {
        #expect(
            text(BodyLines.excerpt(body, around: .root)) == """
                {  <-- 0
                  "notices": [ /* 3 elements */ ],
                  "generated_at": 1763701200
                }
                """)
    }

    @Test func excerptShortensLongStringsAndFarNeighbours() {
        let long = String(repeating: "x", count: 100)
        let wide = TestSuites.json("[" + (0..<10).map { "\($0)" }.joined(separator: ",") + ", \"\(long)\"]")
        let lines = BodyLines.excerpt(wide, around: path("$[10]")).lines.map(\.indentedText)
        #expect(
            lines == [
                "[", "  // … 7 more elements", "  7,", "  8,", "  9,",
                "  \"" + String(repeating: "x", count: 80) + "…\"", "]",
            ])
    }

    @Test func fullLayoutMarksPresentAndAbsentPaths() {
        let lines = BodyLines.full(
            body, marking: [path("$.notices[2].title"), .root, nil, path("$.notices[1].pinned")])
        #expect(
            text(lines) == """
                {  <-- 1
                  "notices": [
                    {
                      "id": 1,
                      "title": "a"
                    },
                    {
                      "id": 2,
                      "title": "b",
                      "pinned": true  <-- 3
                    },
                    {
                      "id": 3
                      // "title" is absent  <-- 0
                    }
                  ],
                  "generated_at": 1763701200
                }
                """)
    }

    @Test func longBodiesKeepTheLinesNearTheMarks() {
        let items = (0..<100).map { "{\"n\": \($0)}" }.joined(separator: ",")
        let long = TestSuites.json("[\(items)]")
        let lines = BodyLines.full(long, marking: [path("$[50].n")], limit: 40).lines
        #expect(lines.count < 40)
        #expect(lines.contains { $0.text == "\"n\": 50" && $0.marks == [0] })
        #expect(lines.filter(\.isGap).map(\.text) == ["// … 143 lines left out", "// … 140 lines left out"])
    }
}
