import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// An import done in a test: the result, each file as written, and the suite the spec loader reads from them.
struct ImportedSuite {
    var result: OpenAPIImporter.Result
    var texts: [(name: String, text: String)]
    var suite: SpecSuite

    /// Imports the document at `path` and loads what the import writes.
    init(path: String, options: OpenAPIImporter.Options = .init()) throws {
        result = try OpenAPIImporter(options: options).importDocument(at: path)
        texts = result.files.map { ($0.name, SpecYAMLWriter().render($0.document)) }
        suite = try SpecLoader().load(sources: texts.map { (path: "Specs/\($0.name).yaml", text: $0.text) })
    }

    /// Imports `document` (YAML or JSON text), written with `others` (relative name, text) in a temporary folder.
    init(
        document: String, named name: String = "api.yaml", others: [(String, String)] = [],
        options: OpenAPIImporter.Options = .init()
    )
        throws
    {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (other, text) in others {
            let path = folder + "/" + other
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        try document.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        try self.init(path: folder + "/" + name, options: options)
    }

    var text: String { texts.map(\.text).joined(separator: "\n") }

    func endpoint(_ name: String) -> Endpoint? { suite.endpoints.first { $0.name == name } }

    /// Lint's warnings about the imported suite.
    var warnings: [SpecWarnings.Warning] { SpecWarnings().warnings(for: suite, endpoints: suite.endpoints) }

    /// The findings of checking `body` against the endpoint's body shape, with its decoding settings.
    func check(_ body: JSONValue, against name: String) -> [Finding] {
        guard let endpoint = endpoint(name), let shape = endpoint.expect.body else { return [] }
        let checker = ShapeChecker(
            shapes: suite.shapes,
            options: .init(
                dates: endpoint.decoding.dates, keys: endpoint.decoding.keys, extraKeys: endpoint.expect.extraKeys))
        return checker.check(body, against: shape)
    }
}
