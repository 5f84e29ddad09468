import ContractTestSupport
import Testing

@testable import ContractKit

/// The spec writer writes `Int(1, 2, 3)` so that the loader reads back the same shape.
@Suite struct IntegerEnumerationWritingTests {
    typealias Writer = SpecYAMLWriterTests

    @Test func integerEnumsReadBackAsTheSameShapes() throws {
        let document = SpecDocument(
            shapes: [
                NamedShape(
                    name: "Thing",
                    shape: Writer.object([
                        Writer.field("level", .integers([1, -2, 30])),
                        Writer.field("tier", .optional(Writer.shape(.integers([0])))),
                        Writer.field("seen", .integers([7, 8]), .mayBeAbsent),
                        Writer.field("history", .array(Writer.shape(.integers([1, 2])))),
                        Writer.field("either", .union([Writer.shape(.integers([1, 2])), Writer.shape(.string)])),
                    ])),
                NamedShape(name: "Sign", shape: Writer.shape(.integers([-1, 0, 1]))),
            ],
            endpoints: [
                EndpointDraft(
                    name: "get", path: "/things", status: ["200"],
                    expectedBody: Writer.shape(.optional(Writer.shape(.integers([3, 4])))))
            ])
        let rendered = SpecYAMLWriter().render(document)
        for line in [
            "    level: Int(1, -2, 30)\n", "    tier: Int(0)?\n", "    seen?: Int(7, 8)\n", "  Sign: Int(-1, 0, 1)\n",
        ] {
            #expect(rendered.contains(line), "\(line) in\n\(rendered)")
        }
        let suite = try SpecLoader().load(sources: [(path: "Specs/things.yaml", text: rendered)])
        for shape in document.shapes {
            #expect(
                suite.shapes[shape.name].map(ShapeComparison.located) == ShapeComparison.located(shape.shape),
                "\(shape.name) in\n\(rendered)")
        }
        #expect(
            suite.endpoints.first?.expect.body.map(ShapeComparison.located)
                == document.endpoints[0].expectedBody.map(ShapeComparison.located), "\(rendered)")
    }
}
