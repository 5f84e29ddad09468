import Foundation
import Testing

@testable import ContractKit

/// A value written from its tape is the same text, byte for byte, as the same value built as a tree and written:
/// the recorder writes received bodies from the tape, and a recording must not change with the path it took.
@Suite struct JSONTapeWriterTests {
    /// The text of the value at the root of `bytes`, written from the tape and from the tree, `depth` deep.
    static func bothWays(_ bytes: [UInt8], pretty: Bool, depth: Int) throws -> (tape: String, tree: String) {
        let document = try JSONParser().parseDocument(bytes)
        var fromTape = JSONTextOutput(pretty: pretty)
        document.withView { fromTape.append(tape: $0, node: document.root, atDepth: depth) }
        var fromTree = JSONTextOutput(pretty: pretty)
        fromTree.append(document.value, atDepth: depth)
        return (String(decoding: fromTape.bytes, as: UTF8.self), String(decoding: fromTree.bytes, as: UTF8.self))
    }

    @Test func writesLikeTheTreeWriterInsideAnotherDocument() throws {
        let text = #"[{"a\u0041":"\u00e9\/x","n":1E400,"m":-0.0,"e":{},"l":[],"t":[true,false,null]},"plain"]"#
        let (tape, tree) = try Self.bothWays(Array(text.utf8), pretty: true, depth: 2)
        #expect(tape == tree)
        #expect(
            tape == """
                [
                      {
                        "aA": "é/x",
                        "n": 1E400,
                        "m": -0.0,
                        "e": {},
                        "l": [],
                        "t": [
                          true,
                          false,
                          null
                        ]
                      },
                      "plain"
                    ]
                """)
    }

    @Test(arguments: 0..<4)
    func generatedDocumentsWriteAsTheirTrees(batch: Int) throws {
        var random = JSONParserPropertyTests.SeededGenerator(state: 7_000 + UInt64(batch))
        for _ in 0..<60 {
            let value = JSONParserPropertyTests.value(&random, depth: 0)
            for pretty in [true, false] {
                let (tape, tree) = try Self.bothWays(
                    JSONWriter(style: pretty ? .pretty : .compact).writeBytes(value), pretty: pretty, depth: batch)
                #expect(tape == tree, "batch \(batch)")
            }
        }
    }

    @Test func writesEveryAcceptedSuiteCaseAsItsTree() throws {
        let names = JSONTestSuiteFiles.names(prefix: "y_")
        #expect(names.count > 90)
        for name in names {
            for pretty in [true, false] {
                let (tape, tree) = try Self.bothWays(try JSONTestSuiteFiles.bytes(name), pretty: pretty, depth: 1)
                #expect(tape == tree, "\(name)")
            }
        }
    }
}
