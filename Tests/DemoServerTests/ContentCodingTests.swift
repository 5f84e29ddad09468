import Foundation
import Testing

@testable import DemoServer

struct ContentCodingTests {
    @Test func checksumsMatchTheirReferenceValues() {
        #expect(ContentCoding.crc32(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(ContentCoding.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
    }

    @Test func gzipHasItsHeaderStoredBlocksAndTrailer() {
        let data = Data(repeating: 7, count: 70_000)
        let encoded = [UInt8](ContentCoding.gzip.encode(data))
        #expect(Array(encoded.prefix(3)) == [0x1F, 0x8B, 8])
        // Two stored blocks: 65 535 bytes, then the last 4 465.
        #expect(Array(encoded[10..<15]) == [0, 0xFF, 0xFF, 0, 0])
        #expect(Array(encoded[(15 + 65_535)..<(20 + 65_535)]) == [1, 0x71, 0x11, 0x8E, 0xEE])
        #expect(Array(encoded.suffix(4)) == [0x70, 0x11, 1, 0], "the trailer ends with the length, 70 000")
        #expect(encoded.count == 10 + 2 * 5 + 70_000 + 8)
    }

    @Test func deflateIsAZlibStream() {
        let encoded = [UInt8](ContentCoding.deflate.encode(Data("Wikipedia".utf8)))
        #expect(Array(encoded.prefix(2)) == [0x78, 0x01])
        #expect(Array(encoded.suffix(4)) == [0x11, 0xE6, 0x03, 0x98])
    }

    @Test func picksTheFirstCodingTheClientAccepts() {
        #expect(ContentCoding.preferred(by: "br, gzip;q=0.8, deflate") == .gzip)
        #expect(ContentCoding.preferred(by: "deflate, gzip") == .deflate)
        #expect(ContentCoding.preferred(by: "gzip;q=0, identity") == nil)
        #expect(ContentCoding.preferred(by: nil) == nil)
    }
}
