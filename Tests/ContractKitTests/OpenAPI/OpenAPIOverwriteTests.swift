import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// An import replaces an earlier import of itself, never a hand-written spec unless forced.
@Suite struct OpenAPIOverwriteTests {
    static let document = """
        openapi: 3.0.3
        info: {title: Users, version: '1'}
        paths:
          /users:
            get:
              operationId: listUsers
              responses:
                '200': {description: ok, content: {application/json: {schema: {type: array, items: {type: string}}}}}
        """

    @Test func aHandWrittenSpecIsKeptUnlessForcedAndAnEarlierImportIsReplaced() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/Specs", withIntermediateDirectories: true)
        try Self.document.write(toFile: folder + "/users.yaml", atomically: true, encoding: .utf8)
        let handWritten = "# My own spec\nendpoints:\n  - name: me\n    get: /me\n"
        let target = folder + "/Specs/users.yaml"
        try handWritten.write(toFile: target, atomically: true, encoding: .utf8)
        let result = try OpenAPIImporter().importDocument(at: folder + "/users.yaml")

        let error = #expect(throws: ContractError.self) { try result.write(into: folder + "/Specs") }
        #expect(error?.message.contains("was not written by `contract import openapi`") == true)
        #expect(error?.hint?.contains("--force") == true)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == handWritten)

        // An earlier import is replaced without --force: the round trip stays stable.
        let other = folder + "/Other"
        _ = try result.write(into: other)
        _ = try result.write(into: other)
        #expect(try String(contentsOfFile: other + "/users.yaml", encoding: .utf8).hasPrefix("# Imported by"))

        _ = try result.write(into: folder + "/Specs", force: true)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("# Imported by"))
    }
}

/// `--split tags` writes every tag's operations, even when a tag cannot be a file name as it is.
@Suite struct OpenAPISplitTagNameTests {
    @Test func anOverLongOrEmptyTagIsReportedAndEveryOperationIsWritten() throws {
        let long = String(repeating: "x", count: 300)
        let document = """
            openapi: 3.0.3
            info: {title: T, version: '1'}
            paths:
              /a: {get: {operationId: a, tags: [shapes], responses: {'200': {description: ok}}}}
              /g: {get: {operationId: g, tags: ['\(long)'], responses: {'200': {description: ok}}}}
              /e: {get: {operationId: e, tags: [''], responses: {'200': {description: ok}}}}
              /h: {get: {operationId: h, tags: [later], responses: {'200': {description: ok}}}}
            """
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try document.write(toFile: folder + "/t.yaml", atomically: true, encoding: .utf8)
        let result = try OpenAPIImporter(options: .init(splitByTags: true)).importDocument(at: folder + "/t.yaml")
        let paths = try result.write(into: folder + "/out").paths
        // One file a tag; no main file, since no schema and no untagged operation would leave it empty.
        #expect(paths.count == 4)
        _ = try SpecLoader().load(directory: folder + "/out")
        #expect(paths.allSatisfy { ($0 as NSString).lastPathComponent.utf8.count < 128 })
        let written = try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
        for path in ["GET /a", "GET /g", "GET /e", "GET /h"] { #expect(written.contains("request: " + path)) }
        #expect(result.problems.map(\.pointer) == ["#/paths/~1g/get/tags/0", "#/paths/~1e/get/tags/0"])
        #expect(result.problems.first?.hint?.contains("shorten the tag") == true)
    }
}
