import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Documents nobody here wrote (Tests/Fixtures/OpenAPI/README.md says where each comes from), imported as they are.
@Suite struct RealDocumentTests {
    static let documents = [
        "petstore.yaml", "petstore.json", "petstore-expanded.yaml", "link-example.yaml", "api-with-examples.yaml",
        "uspto.yaml", "webhook-example-3.1.yaml", "stripe-2020-03-02-subset.json",
    ]

    @Test(arguments: documents)
    func importsLoadsAndLintsClean(document: String) throws {
        let imported = try ImportedSuite(path: Fixtures.url("OpenAPI/" + document).path)
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems)")
        #expect(imported.warnings.isEmpty, "\(imported.warnings)")
        #expect(imported.suite.endpoints.count == imported.result.endpointCount)
    }

    @Test(arguments: ["petstore.yaml", "petstore-expanded.yaml", "link-example.yaml", "uspto.yaml"])
    func writesTheGoldenSpec(document: String) throws {
        let imported = try ImportedSuite(path: Fixtures.url("OpenAPI/" + document).path)
        let name = (document as NSString).deletingPathExtension
        if let mismatch = Golden.mismatch(imported.text, named: "OpenAPI/\(name).yaml") { Issue.record("\(mismatch)") }
    }

    @Test func yamlAndJSONOfTheSameDocumentImportAlike() throws {
        let yaml = try ImportedSuite(path: Fixtures.url("OpenAPI/petstore.yaml").path)
        let json = try ImportedSuite(path: Fixtures.url("OpenAPI/petstore.json").path)
        #expect(json.text == yaml.text.replacingOccurrences(of: "petstore.yaml", with: "petstore.json"))
    }

    @Test func importingTwiceWritesTheSameBytes() throws {
        let path = Fixtures.url("OpenAPI/stripe-2020-03-02-subset.json").path
        #expect(try ImportedSuite(path: path).text == (try ImportedSuite(path: path).text))
    }

    /// Every response example a document gives verifies against the imported spec with no breaking finding.
    @Test(arguments: ["api-with-examples.yaml", "uspto.yaml", "petstore-expanded.yaml", "link-example.yaml"])
    func everyResponseExampleVerifies(document: String) throws {
        let imported = try ImportedSuite(path: Fixtures.url("OpenAPI/" + document).path)
        for (endpoint, examples) in imported.result.examples {
            for example in examples {
                let breaking = imported.check(example.body, against: endpoint).filter { $0.severity == .breaking }
                #expect(breaking.isEmpty, "\(document) \(endpoint) \(example.name): \(breaking)")
            }
        }
    }

    @Test func theExamplesAreFound() throws {
        let imported = try ImportedSuite(path: Fixtures.url("OpenAPI/api-with-examples.yaml").path)
        #expect(imported.result.examples["list-versionsv2"]?.map(\.name) == ["foo"])
        #expect(imported.result.examples["get-version-detailsv2"]?.count == 1)
    }

    /// Stripe's own sample objects (fixtures3.json) of the same API version pass; those of a later version show
    /// the API's real changes: from 2020-08-27 a customer no longer carries `sources`, a product no longer `type`.
    @Test func anOlderStripeDocumentCatchesTheLaterAPIsRealDrift() throws {
        let imported = try ImportedSuite(path: Fixtures.url("OpenAPI/stripe-2020-03-02-subset.json").path)
        let endpoints = [
            ("customer", "get-customers-customer"), ("product", "get-products-id"),
            ("subscription_item", "get-subscription-items-item"),
        ]
        for (resource, endpoint) in endpoints {
            let same = try body("stripe-fixture-2020-03-02-\(resource).json")
            #expect(imported.check(same, against: endpoint).filter { $0.severity == .breaking }.isEmpty, "\(resource)")
        }
        let customer = imported.check(
            try body("stripe-fixture-2020-08-27-customer.json"), against: "get-customers-customer")
        #expect(customer.contains { $0.kind == .missingKey && $0.path?.description == "$.sources" }, "\(customer)")
        #expect(customer.contains { $0.kind == .extraKey && $0.path?.description == "$.test_clock" }, "\(customer)")
        let product = imported.check(try body("stripe-fixture-2020-08-27-product.json"), against: "get-products-id")
        #expect(product.contains { $0.kind == .missingKey && $0.path?.description == "$.type" }, "\(product)")
        let item = imported.check(
            try body("stripe-fixture-2020-08-27-subscription_item.json"), against: "get-subscription-items-item")
        #expect(item.contains { $0.kind == .missingKey && $0.path?.description == "$.plan" }, "\(item)")
    }

    private func body(_ name: String) throws -> JSONValue {
        try JSONParser().parse(try String(contentsOf: Fixtures.url("OpenAPI/" + name), encoding: .utf8))
    }

    /// Stripe's whole 2022 document (3.8 MB, 493 operations), read from the fetched mirror of github.com/stripe/openapi
    /// when this machine has it; too large to keep in the repository.
    @Test(.enabled(if: StripeDocument.path != nil)) func importsStripesWholeDocument() throws {
        let imported = try ImportedSuite(path: StripeDocument.path!)
        #expect(imported.result.endpointCount == 493)
        #expect(imported.result.shapeCount >= 700)
        #expect(imported.result.problems.isEmpty, "\(imported.result.problems.prefix(5))")
        #expect(imported.suite.endpoints.count == 493)
        // Stripe's 67 patterns (`^/v1/customers`) are searches as OpenAPI means them: lint says nothing of them.
        #expect(imported.warnings.isEmpty, "\(imported.warnings.prefix(3))")
    }
}

/// Stripe's 2022 `spec3.yaml`, extracted once from the mirror into the temporary folder.
enum StripeDocument {
    static let mirror = "/work/.mirror/stripe+openapi/repo"
    static let commit = "b35a252d"
    static let path: String? = {
        let target = NSTemporaryDirectory() + "contract-stripe-spec3-\(commit).yaml"
        if FileManager.default.fileExists(atPath: target) { return target }
        guard FileManager.default.fileExists(atPath: mirror) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        process.arguments = ["-C", mirror, "show", "\(commit):openapi/spec3.yaml"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, !data.isEmpty else { return nil }
        guard (try? data.write(to: URL(fileURLWithPath: target))) != nil else { return nil }
        return target
    }()
}
