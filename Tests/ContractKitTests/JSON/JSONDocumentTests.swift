import Foundation
import Testing

@testable import ContractKit

/// The tape a document is kept as: every value reached, bounded and decoded as the tree parse would.
@Suite struct JSONDocumentTests {
    /// Every value of `document`, with the text it spans, in document order, found by walking the tape.
    func spans(_ document: JSONDocument, _ bytes: [UInt8]) -> [String] {
        document.withView { view in
            (document.root..<view.next(after: document.root)).map { node in
                String(decoding: bytes[view.startOffset(of: node)..<view.endOffset(of: node)], as: UTF8.self)
            }
        }
    }

    @Test func everyValueKnowsWhereItStartsAndEnds() throws {
        let text = #" {"a" : [ 1 , "x\"y" , { } , [ ] , [ true ,null,false ] ] ,"b":{"c":-1.5e3 } } "#
        let bytes = Array(text.utf8)
        let document = try JSONParser().parseDocument(bytes)
        #expect(
            spans(document, bytes) == [
                #"{"a" : [ 1 , "x\"y" , { } , [ ] , [ true ,null,false ] ] ,"b":{"c":-1.5e3 } }"#,
                #""a""#, #"[ 1 , "x\"y" , { } , [ ] , [ true ,null,false ] ]"#, "1", #""x\"y""#, "{ }", "[ ]",
                "[ true ,null,false ]", "true", "null", "false", #""b""#, #"{"c":-1.5e3 }"#, #""c""#, "-1.5e3",
            ])
    }

    @Test func aRecordingsBodyIsItsOwnTextNotACopy() throws {
        let text = #"{"response": {"status": 200, "body": [ {"id": 1}, {"id": 2} ] , "after": "x"}}"#
        let document = try JSONParser().parseDocument(Array(text.utf8))
        let body = try #require(document.entry(at: ["response", "body"]))
        let subdocument = document.subdocument(at: body)
        #expect(String(decoding: subdocument.text, as: UTF8.self) == #"[ {"id": 1}, {"id": 2} ]"#)
        #expect(subdocument.value == (try JSONParser().parse(#"[{"id": 1}, {"id": 2}]"#)))
        #expect(subdocument.valueCount == 7)
        #expect(document.entry(at: ["response", "nothing"]) == nil)
        let skipped = document.withView { TapeFields(view: $0, node: document.root, skipping: body).tree }
        #expect(skipped == (try JSONParser().parse(#"{"response": {"status": 200, "body": null, "after": "x"}}"#)))
    }

    @Test func aValueThatIsNotJSONIsAnErrorNotACrash() throws {
        #expect(throws: ContractError.self) { try JSONDocument(.number(JSONNumber(literal: "1."))) }
        let findings = ShapeChecker().check(
            .array([.number(JSONNumber(literal: "NaN"))]),
            against: Shape(
                .array(Shape(.double, at: SourceLocation(file: "s.yaml", line: 1, column: 1))),
                at: SourceLocation(file: "s.yaml", line: 1, column: 1)))
        #expect(findings.map(\.kind) == [.bodyNotJSON])
    }

    @Test func stringsDecodeTheirEscapesWhenRead() throws {
        let text = #"["plain", "tab\tquote\" slash\/ \u00e9 \ud83d\ude00 lone \udc00 end", ""]"#
        let document = try JSONParser().parseDocument(Array(text.utf8))
        #expect(
            document.value
                == .array([.string("plain"), .string("tab\tquote\" slash/ é 😀 lone \u{FFFD} end"), .string("")]))
    }

    /// The tree built from a tape is the tree of every accepted file of JSONTestSuite, written out and read back.
    @Test func treesFromTheTapeRoundTripThroughTheWriter() throws {
        for name in JSONTestSuiteFiles.names(prefix: "y_") {
            let bytes = try JSONTestSuiteFiles.bytes(name)
            let value = try JSONParser().parseDocument(bytes).value
            let written = JSONWriter(style: .compact).write(value)
            #expect(try JSONParser().parse(written) == value, "\(name)")
            #expect(try JSONDocument(value).value == value, "\(name)")
        }
    }
}
