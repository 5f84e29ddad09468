import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// YAML documents read straight into JSON values, as the YAML loader would read them for a spec.
@Suite struct YAMLJSONReaderTests {
    func read(_ text: String) throws -> JSONValue? { try YAMLJSONReader.read(text, path: "doc.yaml") }

    @Test func scalarsAreReadAsJSONReadsThem() throws {
        let value = try read(
            """
            plain: text
            quoted: "42"
            number: 42
            fraction: -1.5e3
            flag: true
            nothing: null
            empty:
            version: 1.0.0
            200: ok
            list: [a, 'b', 3]
            """)
        #expect(
            value
                == TestSuites.json(
                    #"{"plain": "text", "quoted": "42", "number": 42, "fraction": -1.5e3, "flag": true, "nothing": null, "empty": null, "version": "1.0.0", "200": "ok", "list": ["a", "b", 3]}"#
                ))
    }

    @Test func aliasesAreCopiesAndMergeKeysAddWhatIsNotWritten() throws {
        let value = try read(
            """
            base: &base { type: object, nullable: false }
            copy: *base
            merged:
              <<: *base
              nullable: true
            """)
        #expect(
            value
                == TestSuites.json(
                    #"{"base": {"type": "object", "nullable": false}, "copy": {"type": "object", "nullable": false}, "merged": {"nullable": true, "type": "object"}}"#
                ))
    }

    @Test func theSameTreeAsTheYAMLLoaderGivesForARealDocument() throws {
        let text = try String(contentsOf: Fixtures.url("OpenAPI/uspto.yaml"), encoding: .utf8)
        let json = try String(contentsOf: Fixtures.url("OpenAPI/petstore.json"), encoding: .utf8)
        let yaml = try String(contentsOf: Fixtures.url("OpenAPI/petstore.yaml"), encoding: .utf8)
        #expect(try read(text) != nil)
        #expect(try read(yaml) == (try JSONParser().parse(json)))
    }

    @Test func brokenYAMLIsAnErrorWithItsPlace() {
        #expect {
            try read("a: [b, c\nd: e\n")
        } throws: { error in
            "\(error)".contains("doc.yaml:")
        }
        #expect(throws: ContractError.self) { try read("*nowhere\n") }
        #expect(throws: ContractError.self) { try read("a: 1\n---\nb: 2\n") }
        #expect(throws: ContractError.self) { try read("? [a, b]\n: c\n") }
    }

    @Test func anEmptyDocumentIsNil() throws {
        #expect(try read("# only a comment\n") == nil)
    }

    /// A document of several megabytes, as a file: read where it is mapped, the pages behind libyaml given back as
    /// it goes, it is the same value as read from its text; a byte order mark and `\r\n` line ends (read from one
    /// buffer, normalized in place) change nothing either.
    @Test func aLargeFileReadInPlaceIsTheSameValueAsItsText() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = "openapi: 3.0.3\nitems:\n"
        for index in 0..<40_000 {
            text += "  - {id: \(index), name: 'item number \(index) of a long list', tags: [a, \"b\"]}\n"
        }
        #expect(text.utf8.count > 2 << 20)
        try text.write(toFile: folder + "/big.yaml", atomically: true, encoding: .utf8)
        let fromText = try #require(try read(text))
        #expect(try OpenAPIFiles.read(folder + "/big.yaml") == fromText)

        let windows = "\u{FEFF}" + text.replacingOccurrences(of: "\n", with: "\r\n")
        try windows.write(toFile: folder + "/windows.yaml", atomically: true, encoding: .utf8)
        #expect(try OpenAPIFiles.read(folder + "/windows.yaml") == fromText)
    }

    /// An error near the end of a large file, after the pages before it were given back: its line is still quoted.
    @Test func anErrorAtTheEndOfALargeFileQuotesItsLine() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = "items:\n"
        for index in 0..<40_000 { text += "  - {id: \(index), name: 'item number \(index) of a long list'}\n" }
        text += "broken: [a, b\n"
        try text.write(toFile: folder + "/big.yaml", atomically: true, encoding: .utf8)
        #expect {
            try OpenAPIFiles.read(folder + "/big.yaml")
        } throws: { error in
            "\(error)".contains("big.yaml:40002:") && "\(error)".contains("broken: [a, b")
        }
    }

    @Test func aFileThatIsNotUTF8IsRefusedWithTheFix() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(
            atPath: folder + "/latin1.yaml", contents: Data([0x61, 0x3A, 0x20, 0xE9, 0x0A]))
        #expect {
            try OpenAPIFiles.read(folder + "/latin1.yaml")
        } throws: { error in
            "\(error)".contains("is not UTF-8 text") && "\(error)".contains("save the document as UTF-8")
        }
    }
}
