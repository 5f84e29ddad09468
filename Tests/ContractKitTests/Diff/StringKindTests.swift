import ContractTestSupport
import Testing

@testable import ContractKit

/// The diff's first test of a string for a date reads a short string as one word and a longer one's last bytes as
/// the word that ends it: it must pass every string whose text could be a date, wherever its colon, slash or first
/// digit stands, and a string's kind must be what the date sniffer says of it.
@Suite struct StringKindTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    static let pieces = ["a", "7", ":", "/", " ", "-", "T", "Z", "2026-11-10", "09:30:00", "1/2/2026", "Mon, "]

    @Test func aColonOrSlashIsFoundWhereverItStands() {
        var random = Generator(state: 61_000)
        for _ in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...24, using: &random)).map { _ in
                Array("ab:/ 7".utf8).randomElement(using: &random)!
            }
            let found = bytes.withUnsafeBufferPointer { DateSniffer.hasColonOrSlash($0) }
            #expect(found == bytes.contains { $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: "/") }, "\(bytes)")
        }
    }

    @Test func aStringsKindIsTheDateSniffersWhateverItsLength() throws {
        var random = Generator(state: 62_000)
        for _ in 0..<2_000 {
            let text = (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.pieces.randomElement(using: &random)!
            }
            .joined()
            // At the end of the document too, where a short string is read a byte at a time.
            for document in [#"[""# + text + #"",1234567890]"#, #"[""# + text + #""]"#] {
                let parsed = try JSONParser().parseDocument(Array(document.utf8))
                parsed.withView { view in
                    let expected =
                        ShapeSummary.dateStyle(of: DateSniffer.dateStyle(ofUTF8: view.rawBytes(1)))
                        .map { ShapeSummary.kindOrder.firstIndex(of: .date($0))! } ?? 4
                    #expect(ShapeSummary.kindIndex(ofStringAt: 1, in: view) == expected, "\(text)")
                }
            }
        }
    }
}
