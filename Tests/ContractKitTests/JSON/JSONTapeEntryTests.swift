import Testing

@testable import ContractKit

/// The parser marks each string whose text has a byte outside ASCII, so that a reader comparing strings knows
/// without scanning them whether bytes alone decide; no other entry is marked, and the mark leaves the offset alone.
@Suite struct JSONTapeEntryTests {
    @Test(arguments: 0..<3)
    func exactlyTheStringsWithBytesOutsideASCIIAreMarked(batch: Int) throws {
        var random = JSONParserPropertyTests.SeededGenerator(state: 41_000 + UInt64(batch))
        for _ in 0..<100 {
            let value = JSONParserPropertyTests.value(&random, depth: 0)
            let document = try JSONParser().parseDocument(JSONWriter(style: .compact).writeBytes(value))
            document.withView { view in
                for node in 0..<view.count {
                    let entry = view.entries[node]
                    switch entry.kind {
                    case .string, .escapedString:
                        #expect(entry.hasNonASCII == view.rawBytes(node).contains { $0 >= 0x80 })
                        #expect(view.bytes[entry.offset - 1] == UInt8(ascii: "\""))
                    default:
                        #expect(!entry.hasNonASCII)
                    }
                }
            }
        }
    }

    @Test func aStringWithOneByteOutsideASCIIIsMarkedWhereverTheByteIs() throws {
        for text in [#"["é"]"#, #"["abcdefghé"]"#, #"["abcdefghijklmnopé"]"#, #"["abc"]"#, #"["abcdefghijklmnop"]"#] {
            let document = try JSONParser().parseDocument(Array(text.utf8))
            document.withView { view in
                #expect(view.entries[1].hasNonASCII == text.contains("é"), "\(text)")
                #expect(view.mayBeSpelledOtherwise(1) == text.contains("é"), "\(text)")
                #expect(view.string(1) == String(text.dropFirst(2).dropLast(2)))
            }
        }
    }
}
