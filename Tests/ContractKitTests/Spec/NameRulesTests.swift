import Testing

@testable import ContractKit

/// The ASCII shortcuts of the name rules give the answers of the rules they shorten, which ask Unicode.
@Suite struct NameRulesTests {
    @Test func recordingNamesOfEveryASCIIScalarFollowTheUnicodeRule() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            let refused =
                scalar == "/" || scalar == "\\" || category == .control || category == .format
                || category == .lineSeparator || category == .paragraphSeparator
            let name = "a" + String(Character(scalar)) + "b"
            #expect(SpecFileParser.isRecordingName(name) == !refused, "U+\(String(value, radix: 16))")
        }
        // Past ASCII, the Unicode rule itself: bidirectional controls are refused, joiners and letters are not.
        #expect(!SpecFileParser.isRecordingName("users\u{202E}"))
        #expect(!SpecFileParser.isRecordingName("a\u{2028}b"))
        #expect(SpecFileParser.isRecordingName("caf\u{E9}-\u{200D}"))
        #expect(!SpecFileParser.isRecordingName(".hidden"))
        // A combining mark makes '.' and itself one character, but the file name still starts with '.'.
        #expect(!SpecFileParser.isRecordingName(".\u{301}x"))
        #expect(!SpecFileParser.isRecordingName(""))
    }

    @Test func shapeNamesOfEveryASCIIScalarFollowTheUnicodeRule() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(value)!
            let allowed =
                scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "."
            #expect(ShapeName.allows(scalar) == allowed, "U+\(String(value, radix: 16))")
        }
        #expect(ShapeName.allows("\u{E9}"))
        #expect(ShapeName.allows("\u{4E2D}"))
        #expect(!ShapeName.allows("\u{2028}"))
    }
}
