import Foundation
import Testing

@testable import ContractKit

/// A large text's tape lives in a mapping reserved at the most entries the text can have: the densest texts fill it
/// without moving it, and read the same as from a tape that grew.
@Suite struct TapeMemoryTests {
    /// Texts with an entry for about every 2 bytes, the most JSON allows, past the length from which tapes are mapped.
    static func densest(_ length: Int) -> [(name: String, text: [UInt8], entries: Int)] {
        let elements = length / 2
        var zeros: [UInt8] = [UInt8(ascii: "[")]
        zeros.reserveCapacity(elements * 2 + 2)
        for _ in 0..<elements { zeros += [UInt8(ascii: "0"), UInt8(ascii: ",")] }
        zeros[zeros.count - 1] = UInt8(ascii: "]")
        let members = length / 5 + 1
        var keys = Array(#"{"#.utf8)
        for index in 0..<members { keys += Array((index == 0 ? #""":0"# : #","":0"#).utf8) }
        keys += [UInt8(ascii: "}")]
        return [("[0,0,…]", zeros, elements + 1), (#"{"":0,…}"#, keys, 2 * members + 1)]
    }

    @Test func theDensestLargeTextsFillTheirMappingInPlace() throws {
        for (name, text, entries) in Self.densest(TapeMemory.mappedTextLength + 1000) {
            let document = try JSONParser().parseDocument(text)
            #expect(document.tape.count == entries, "\(name)")
            #expect(document.tape.entries[0].memberCount == (entries - 1) / (name.hasPrefix("[") ? 1 : 2), "\(name)")
            #expect(document.tape.entries[entries - 1].kind == .integer, "\(name)")
            #if os(Linux)
            guard case .mapped(let bytes) = document.tape.memory else {
                Issue.record("\(name): a tape of \(text.count) bytes of text was not mapped")
                continue
            }
            // Reserved at the bound (or a spare larger than it), which the densest texts come within 2 of.
            #expect(
                bytes >= JSONTapeWriter.mostEntries(text.count, JSONParser.defaultMaxDepth)
                    * MemoryLayout<JSONTape.Entry>.stride, "\(name)")
            #expect(entries <= text.count / 2 + 2, "\(name)")
            if name.hasPrefix("[") { #expect(entries + 2 >= text.count / 2) }
            #endif
        }
    }

    /// A text the parser rejects at its end, with containers left open, writes one entry more than an accepted text
    /// of its length can: the reservation has room for that, and the error is the usual one.
    @Test func aDenseTextCutOffWithContainersOpenFailsAsAnyOther() throws {
        let elements = TapeMemory.mappedTextLength / 2 - 3
        var text: [UInt8] = [UInt8(ascii: "[")]
        for _ in 0..<elements { text += [UInt8(ascii: "0"), UInt8(ascii: ",")] }
        text += Array("[[[[[".utf8)
        // The array, its elements and the five opened: one more than half the text's length, plus 2.
        let written = 1 + elements + 5
        #expect(written == text.count / 2 + 3)
        #expect(written <= JSONTapeWriter.mostEntries(text.count, JSONParser.defaultMaxDepth))
        #expect {
            try JSONParser().parseDocument(text)
        } throws: { error in
            (error as? ContractError)?.message.contains("end of input") ?? false
        }
    }

    @Test func aMappedTapeReadsAsOneThatGrew() throws {
        // The same elements past the mapping's threshold and in a small text, whose tape grows from 64 entries.
        let element = #"{"id":7,"tags":["a","b\u00e9"],"n":null,"x":1.5e3}"#
        let large =
            "["
            + Array(repeating: element, count: TapeMemory.mappedTextLength / element.utf8.count + 1)
            .joined(separator: ",") + "]"
        let small = "[" + Array(repeating: element, count: 200).joined(separator: ",") + "]"
        let largeDocument = try JSONParser().parseDocument(Array(large.utf8))
        let smallDocument = try JSONParser().parseDocument(Array(small.utf8))
        #expect(smallDocument.tape.memory.isMalloc)
        #if os(Linux)
        #expect(!largeDocument.tape.memory.isMalloc)
        #endif
        let perElement = (smallDocument.tape.count - 1) / 200
        let lastElement = largeDocument.tape.count - perElement
        #expect(largeDocument.value.arrayValue?.last == smallDocument.value.arrayValue?.last)
        for offset in 0..<perElement {
            let (grown, mapped) = (
                smallDocument.tape.entries[1 + offset], largeDocument.tape.entries[lastElement + offset]
            )
            #expect(grown.kind == mapped.kind)
            #expect(grown.length == mapped.length || grown.kind == .object || grown.kind == .array)
        }
    }

    @Test func aMappingGrowsIntoANewOneWithItsEntries() throws {
        #if os(Linux)
        let reserved = try #require(TapeMemory.reserve(entries: 4))
        for index in 0..<4 { reserved.entries[index] = JSONTape.Entry(.integer, offset: index, tail: UInt64(index)) }
        let (grown, memory) = try #require(reserved.memory.resize(reserved.entries, from: 4, to: 1 << 20))
        defer { memory.release(grown, used: 4) }
        #expect((0..<4).map { grown[$0].offset } == [0, 1, 2, 3])
        grown[(1 << 20) - 1] = JSONTape.Entry(.null, offset: 9, tail: 0)
        #expect(grown[(1 << 20) - 1].kind == .null)
        guard case .mapped(let bytes) = memory else {
            Issue.record("a grown mapping is not a mapping")
            return
        }
        #expect(bytes >= (1 << 20) * MemoryLayout<JSONTape.Entry>.stride)
        #else
        #expect(TapeMemory.reserve(entries: 4) == nil)
        #endif
    }

    @Test func aTapeInASpareMappingHoldsNothingOfTheOneBefore() throws {
        // Two large texts one after the other: the second's tape is written over the first's pages, where a spare
        // is kept; it must read as its own text, whatever the first left behind.
        let first =
            "["
            + Array(repeating: #"{"a":[1,2,3],"b":"x"}"#, count: TapeMemory.mappedTextLength / 20)
            .joined(separator: ",") + "]"
        let second =
            "[" + Array(repeating: #""s""#, count: TapeMemory.mappedTextLength / 3).joined(separator: ",")
            + ",{\"k\":null}]"
        let firstCount = try JSONParser().parseDocument(Array(first.utf8)).tape.count
        let document = try JSONParser().parseDocument(Array(second.utf8))
        #expect(firstCount == 1 + TapeMemory.mappedTextLength / 20 * 8)
        #expect(document.tape.count == TapeMemory.mappedTextLength / 3 + 4)
        let elements = try #require(document.value.arrayValue)
        #expect(elements.count == TapeMemory.mappedTextLength / 3 + 1)
        #expect(elements.dropLast().allSatisfy { $0 == .string("s") })
        #expect(elements.last == .object(JSONObject(["k": .null])))
    }

    @Test func twoSparesAreKeptTheLargestWithLittleWrittenInThem() {
        let spares = TapeMemory.Spares()
        let spare = { (bytes: Int) in TapeMemory.Spare(address: bytes, bytes: bytes) }
        #expect(spares.keep(spare(100), written: 10) == nil)
        // One with much written in it is handed back at once, to be unmapped, not kept resident.
        #expect(spares.keep(spare(900), written: TapeMemory.largestSpareWritten + 1) == spare(900))
        // And so is one larger than a spare may be, whatever was written in it.
        #expect(spares.keep(spare(TapeMemory.largestSpare + 1), written: 10) == spare(TapeMemory.largestSpare + 1))
        #expect(spares.keep(spare(300), written: TapeMemory.largestSpareWritten) == nil)
        // A third: the smallest of the three is handed back to be unmapped.
        #expect(spares.keep(spare(50), written: 10)?.bytes == 50)
        #expect(spares.keep(spare(200), written: 10)?.bytes == 100)
        #expect(spares.takeOne(bytes: 400) == nil)
        // The smallest that fits.
        #expect(spares.takeOne(bytes: 150)?.bytes == 200)
        #expect(spares.takeOne(bytes: 150)?.bytes == 300)
        #expect(spares.takeOne(bytes: 1) == nil)
    }
}

extension TapeMemory {
    var isMalloc: Bool {
        if case .malloc = self { return true }
        return false
    }
}
