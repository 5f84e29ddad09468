import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// `--update-specs`: a `model:` line is added at the end of the endpoint's mapping; nothing else changes.
@Suite struct SpecModelLinesTests {
    let text = """
        # A comment that stays.
        endpoints:
          first:
            request: GET /a   # trailing comment
            expect:
              body: { id: Int }

          # a comment between endpoints
          "second":
            request: GET /b
            expect: { body: [{ id: Int }] }
            transforms:
              - wrap: items
          inline: { request: GET /c, expect: { body: { id: Int } } }
        """

    func lines(_ text: String) throws -> [(endpoint: Endpoint, model: String)] {
        let suite = try SpecLoader().load(sources: [("Specs/s.yaml", text)])
        return suite.endpoints.map { ($0, ModelText(parsing: "M" + $0.name).yamlScalar) }
    }

    @Test func addsOneLinePerEndpointAndKeepsEveryOtherByte() throws {
        let result = SpecModelLines.insert(try lines(text), into: text)
        #expect(result.added == ["s/first", "s/second"])
        #expect(
            result.text == """
                # A comment that stays.
                endpoints:
                  first:
                    request: GET /a   # trailing comment
                    expect:
                      body: { id: Int }
                    model: Mfirst

                  # a comment between endpoints
                  "second":
                    request: GET /b
                    expect: { body: [{ id: Int }] }
                    transforms:
                      - wrap: items
                    model: Msecond
                  inline: { request: GET /c, expect: { body: { id: Int } } }
                """)
        // The endpoint written on one line is left alone, and said so with a fix.
        #expect(
            result.errors.map(\.message) == [
                "s/inline: the endpoint is written on one line, so its model line was not added"
            ])
        #expect(result.errors.first?.hint == "add `model: Minline` to it by hand")
        // The edited spec still loads, with the models.
        let reloaded = try SpecLoader().load(sources: [("Specs/s.yaml", result.text)])
        #expect(reloaded.endpoints.map(\.model) == ["Mfirst", "Msecond", nil])
    }

    @Test func anAnchoredEndpointGetsItsLineAndAnAliasIsRefusedByName() throws {
        // `first: &first` was "written on one line".
        let text = """
            endpoints:
              first: &first   # shared
                request: GET /a
                expect: { body: { id: Int } }
              again: *first
            """
        let result = SpecModelLines.insert(try lines(text), into: text)
        #expect(result.added == ["s/first"])
        #expect(
            result.text == """
                endpoints:
                  first: &first   # shared
                    request: GET /a
                    expect: { body: { id: Int } }
                    model: Mfirst
                  again: *first
                """)
        #expect(
            result.errors.map(\.message) == [
                "s/again: the endpoint is written as the alias *first, so it has every key of the endpoint that "
                    + "anchor names, the model line that one gets included; its own was not added"
            ])
        // As the message says: the alias reads the anchored endpoint's new line.
        let reloaded = try SpecLoader().load(sources: [("Specs/s.yaml", result.text)])
        #expect(reloaded.endpoints.map { "\($0.name) \($0.model ?? "-")" } == ["first Mfirst", "again Mfirst"])
    }

    @Test func keepsCarriageReturnsAndAMissingFinalLineBreak() throws {
        let crlf = "endpoints:\r\n  e:\r\n    request: GET /e\r\n    expect: { body: [Int] }"
        let result = SpecModelLines.insert(try lines(crlf), into: crlf)
        #expect(result.text == crlf + "\r\n    model: Me")
        let withBreak = crlf + "\r\n"
        #expect(SpecModelLines.insert(try lines(withBreak), into: withBreak).text == crlf + "\r\n    model: Me\r\n")
    }

    @Test func writesTheFileThroughAtomicFile() throws {
        let folder = TestSuites.temporaryDirectory()
        let path = folder + "/s.yaml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let suite = try SpecLoader().load(directory: path)
        let result = SpecModelLines.write(suite.endpoints.prefix(1).map { ($0, "First") })
        #expect(result.written == ["s/first"] && result.errors.isEmpty)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.contains("      body: { id: Int }\n    model: First\n\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["s.yaml"])
    }

    /// A file that starts with a byte order mark keeps it: Foundation's reading dropped it, and the file changed in
    /// a byte besides the line added.
    @Test func aByteOrderMarkIsKept() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/s.yaml"
        let original = Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        try original.write(to: URL(fileURLWithPath: path))
        let suite = try SpecLoader().load(directory: path)
        let result = SpecModelLines.write(suite.endpoints.prefix(1).map { ($0, "First") })
        #expect(result.written == ["s/first"] && result.errors.isEmpty, "\(result.errors)")
        let written = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(Array(written.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(written.count == original.count + "    model: First\n".utf8.count)
    }
}
