import ContractKit
import Foundation
import Testing

/// The parser against JSONTestSuite: `y_` cases must parse, `n_` cases must fail with a located syntax error,
/// and each `i_` case goes the way `JSONParser` documents.
@Suite struct JSONParserConformanceTests {
    static let mustAccept = JSONTestSuiteFiles.names(prefix: "y_")
    static let mustReject = JSONTestSuiteFiles.names(prefix: "n_")
    static let implementationDefined = JSONTestSuiteFiles.names(prefix: "i_")

    /// The `i_` cases this parser accepts: numbers of any size, lone surrogate escapes (decoded to U+FFFD),
    /// a byte-order mark, and nesting within the default limit. Every other `i_` case is invalid UTF-8 or
    /// UTF-16 text and must be rejected.
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json",
        "i_number_huge_exp.json",
        "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json",
        "i_number_real_neg_overflow.json",
        "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json",
        "i_number_too_big_neg_int.json",
        "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json",
        "i_object_key_lone_2nd_surrogate.json",
        "i_string_1st_surrogate_but_2nd_missing.json",
        "i_string_1st_valid_surrogate_2nd_invalid.json",
        "i_string_incomplete_surrogate_and_escape_valid.json",
        "i_string_incomplete_surrogate_pair.json",
        "i_string_incomplete_surrogates_escape_valid.json",
        "i_string_invalid_lonely_surrogate.json",
        "i_string_invalid_surrogate.json",
        "i_string_inverted_surrogates_U+1D11E.json",
        "i_string_lone_second_surrogate.json",
        "i_structure_500_nested_arrays.json",
        "i_structure_UTF-8_BOM_empty_object.json",
    ]

    @Test func suiteIsPresent() {
        #expect(Self.mustAccept.count == 95)
        #expect(Self.mustReject.count == 188)
        #expect(Self.implementationDefined.count == 35)
        #expect(Self.acceptedImplementationDefined.isSubset(of: Self.implementationDefined))
    }

    @Test(arguments: mustAccept)
    func acceptsValidDocument(_ name: String) throws {
        let bytes = try JSONTestSuiteFiles.bytes(name)
        #expect(throws: Never.self) { try JSONParser().parse(bytes, file: name) }
    }

    @Test(arguments: mustReject)
    func rejectsInvalidDocumentWithLocation(_ name: String) throws {
        let bytes = try JSONTestSuiteFiles.bytes(name)
        let error = #expect(throws: ContractError.self) { try JSONParser().parse(bytes, file: name) }
        guard let error else { return }
        #expect(error.code == .jsonSyntax)
        #expect(!error.message.isEmpty)
        let location = try #require(error.location)
        #expect(location.file == name)
        let lineCount = bytes.count { $0 == 0x0A } + 1
        #expect((1...lineCount).contains(location.line), "line \(location.line) is outside the \(lineCount)-line input")
        #expect(location.column >= 1 && location.column <= bytes.count + 1)
    }

    @Test(arguments: implementationDefined)
    func decidesImplementationDefinedCaseAsDocumented(_ name: String) throws {
        let bytes = try JSONTestSuiteFiles.bytes(name)
        if Self.acceptedImplementationDefined.contains(name) {
            #expect(throws: Never.self) { try JSONParser().parse(bytes, file: name) }
        } else {
            let error = #expect(throws: ContractError.self) { try JSONParser().parse(bytes, file: name) }
            #expect(error?.code == .jsonSyntax)
            #expect(error?.location?.file == name)
        }
    }

    /// Strings decode to the same scalars Foundation's decoder produces, on every valid string case.
    @Test(arguments: mustAccept.filter { $0.hasPrefix("y_string_") })
    func decodesStringsLikeFoundation(_ name: String) throws {
        let bytes = try JSONTestSuiteFiles.bytes(name)
        let ours = try JSONParser().parse(bytes, file: name)
        let theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        let oursStrings = ours.arrayValue?.compactMap(\.stringValue) ?? ours.stringValue.map { [$0] } ?? []
        let theirStrings = (theirs as? [Any])?.compactMap { $0 as? String } ?? (theirs as? String).map { [$0] } ?? []
        #expect(!oursStrings.isEmpty)
        #expect(oursStrings.map { Array($0.unicodeScalars) } == theirStrings.map { Array($0.unicodeScalars) })
    }

    @Test func loneSurrogateEscapesBecomeReplacementCharacters() throws {
        let cases: [(String, String)] = [
            ("i_string_1st_surrogate_but_2nd_missing.json", "\u{FFFD}"),
            ("i_string_1st_valid_surrogate_2nd_invalid.json", "\u{FFFD}\u{1234}"),
            ("i_string_incomplete_surrogate_and_escape_valid.json", "\u{FFFD}\n"),
            ("i_string_incomplete_surrogate_pair.json", "\u{FFFD}a"),
            ("i_string_incomplete_surrogates_escape_valid.json", "\u{FFFD}\u{FFFD}\n"),
            ("i_string_invalid_lonely_surrogate.json", "\u{FFFD}"),
            ("i_string_invalid_surrogate.json", "\u{FFFD}abc"),
            ("i_string_inverted_surrogates_U+1D11E.json", "\u{FFFD}\u{FFFD}"),
            ("i_string_lone_second_surrogate.json", "\u{FFFD}"),
        ]
        for (name, expected) in cases {
            let value = try JSONParser().parse(JSONTestSuiteFiles.bytes(name), file: name)
            #expect(value == .array([.string(expected)]), "\(name)")
        }
    }

    @Test func hundredThousandOpeningArraysFailAtTheDepthLimit() throws {
        let name = "n_structure_100000_opening_arrays.json"
        let error = #expect(throws: ContractError.self) {
            try JSONParser().parse(JSONTestSuiteFiles.bytes(name), file: name)
        }
        #expect(error?.message == "nesting deeper than 512 levels")
        #expect(error?.location == SourceLocation(file: name, line: 1, column: 513))
    }
}
