import ContractTestSupport
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
}
