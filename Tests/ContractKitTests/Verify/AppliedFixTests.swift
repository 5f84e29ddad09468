import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Fixes that add a transform are applied to the spec as the hint words them, and the endpoint verified again:
/// the finding turns into the next step (the spec's `expect.body`, with its own hint), and once that is applied
/// too, the drift is gone.
@Suite struct AppliedFixTests {
    struct Order: Decodable {
        var id: String
        var total: Double
    }

    struct OrdersResponse: Decodable {
        var orders: [Order]
    }

    func verify(_ spec: String, _ body: String) async throws -> EndpointResult {
        let suite = try OneEndpointSuite(spec: spec, bodies: ["orders": body])
        defer { suite.remove() }
        return try await suite.verify(models: [OrdersResponse.self]).results[0]
    }

    /// The text between the first pair of backticks after `marker` in `hint`.
    func snippet(after marker: String, in hint: String) throws -> String {
        let start = try #require(hint.range(of: marker)).upperBound
        let rest = hint[start...]
        let open = try #require(rest.firstIndex(of: "`"))
        let afterOpen = rest[rest.index(after: open)...]
        let close = try #require(afterOpen.firstIndex(of: "`"))
        return String(afterOpen[..<close])
    }

    func significant(_ result: EndpointResult) -> [Finding] { result.findings.filter { $0.severity > .info } }

    @Test func aKeyedToArrayFixLeadsToTheSpecsNextStepAndThenToNoDrift() async throws {
        var spec = """
            shapes:
              Order:
                id: String
                total: Double
            endpoints:
              orders:
                request: GET /orders
                expect:
                  body:
                    orders: "[Order]"
                transforms: []
                model: OrdersResponse

            """
        let body = #"{"orders": {"o1": {"total": 1.5}, "o2": {"total": 2}}}"#

        // 1. The shape's fix: a keyedToArray transform.
        var finding = try #require(significant(try await verify(spec, body)).first)
        #expect(finding.kind == .objectInsteadOfArray)
        let transform = try snippet(after: "add", in: try #require(finding.hint))
        #expect(transform == "- keyedToArray: { key: id, at: orders }")
        spec = spec.replacingOccurrences(of: "    transforms: []\n", with: "    transforms:\n      \(transform)\n")

        // 2. The app now reads the body; the spec still describes the old one. The hint says so, not the same fix.
        finding = try #require(significant(try await verify(spec, body)).first)
        let hint = try #require(finding.hint)
        #expect(!hint.contains("add `- keyedToArray"), "\(hint)")
        #expect(hint.contains("already turns this dictionary into the array the app reads"), "\(hint)")
        let written = try snippet(after: "so write", in: hint)
        let replaced = try snippet(after: "instead of", in: hint)
        #expect(written == "[String: Order]" && replaced == "[Order]")
        let optionalKey = try snippet(after: "in Order as", in: hint)
        #expect(optionalKey == "id?:")
        spec = spec.replacingOccurrences(of: "\"\(replaced)\"", with: "\"\(written)\"")
            .replacingOccurrences(of: "    id: String", with: "    \(optionalKey) String")

        // 3. Nothing is left.
        let result = try await verify(spec, body)
        #expect(significant(result).isEmpty, "\(result.findings.map(\.message))")
    }

    @Test func anUnwrapFixLeadsToTheSpecsNextStepAndThenToNoDrift() async throws {
        var spec = """
            endpoints:
              orders:
                request: GET /orders
                expect:
                  body:
                    orders:
                      - id: String
                        total: Double
                transforms: []
                model: OrdersResponse

            """
        let body = #"{"data": {"orders": [{"id": "o1", "total": 1.5}]}}"#

        var finding = try #require(significant(try await verify(spec, body)).first)
        #expect(finding.kind == .unexpectedEnvelope)
        let transform = try snippet(after: "add", in: try #require(finding.hint))
        #expect(transform == "- unwrap: data")
        spec = spec.replacingOccurrences(of: "    transforms: []\n", with: "    transforms:\n      \(transform)\n")

        finding = try #require(significant(try await verify(spec, body)).first)
        let hint = try #require(finding.hint)
        #expect(!hint.contains("add `- unwrap"), "\(hint)")
        #expect(hint.contains("move what it says now one level down, under a 'data' key"), "\(hint)")
        // Applied: everything under `body:` one level down, under `data:`.
        spec = spec.replacingOccurrences(
            of: "      body:\n        orders:\n          - id: String\n            total: Double\n",
            with:
                "      body:\n        data:\n          orders:\n            - id: String\n              total: Double\n"
        )

        let result = try await verify(spec, body)
        #expect(significant(result).isEmpty, "\(result.findings.map(\.message))")
    }
}
