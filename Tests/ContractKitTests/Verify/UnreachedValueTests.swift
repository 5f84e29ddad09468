import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// A drift inside a place the model never read (its parent failed first) is judged by the spec, never called
/// harmless: the model would fail on it as soon as the parent is fixed.
@Suite struct UnreachedValueTests {
    struct Order: Decodable {
        var id: Int
        var total: Double
    }

    struct OrdersEcho: Decodable {
        var orders: [Order]
    }

    struct Sender: Decodable {
        var emailAddress: String
        var name: String
        enum CodingKeys: String, CodingKey {
            case emailAddress = "EmailAddress"
            case name = "Name"
        }
    }

    struct Message: Decodable {
        var from: Sender
        enum CodingKeys: String, CodingKey { case from = "From" }
    }

    func verify(_ spec: String, _ body: String, models: [any Decodable.Type]) async throws -> EndpointResult {
        let suite = try OneEndpointSuite(spec: spec, bodies: ["orders": body])
        defer { suite.remove() }
        return try await suite.verify(models: models).results[0]
    }

    func lines(_ result: EndpointResult) -> [String] {
        result.findings.map { "\($0.kind.rawValue) \($0.severity) \($0.path?.description ?? "-")" }
    }

    static let ordersSpec = """
        endpoints:
          orders:
            request: GET /orders
            expect:
              body:
                orders:
                  - id: Int
                    total: Double
            model: OrdersEcho

        """

    @Test func aTypeDriftBehindANewEnvelopeIsBreakingNotCoped() async throws {
        let result = try await verify(
            Self.ordersSpec, #"{"data": {"orders": [{"id": "7", "total": 1.5}]}}"#, models: [OrdersEcho.self])
        let drift = try #require(result.findings.first { $0.path?.description == "$.data.orders[0].id" })
        #expect(drift.kind == .typeMismatch)
        #expect(drift.severity == .breaking, "\(lines(result))")
        #expect(!drift.message.contains("decodes the body anyway"), "\(drift.message)")
        #expect(drift.message.contains("OrdersEcho never reached this value"), "\(drift.message)")
        #expect(drift.message.contains("judged by the spec, as if that were fixed"), "\(drift.message)")
    }

    @Test func afterTheEnvelopeIsUnwrappedTheSameDriftIsStillBreaking() async throws {
        // The judgement above is the one the model gives once the suggested unwrap is applied.
        let spec = Self.ordersSpec.replacingOccurrences(
            of: "    model: OrdersEcho\n",
            with: "    transforms:\n      - unwrap: data\n    model: OrdersEcho\n"
        ).replacingOccurrences(of: "        orders:\n", with: "        data:\n          orders:\n")
            .replacingOccurrences(
                of: "          - id: Int\n            total: Double\n",
                with: "            - id: Int\n              total: Double\n")
        let result = try await verify(
            spec, #"{"data": {"orders": [{"id": "7", "total": 1.5}]}}"#, models: [OrdersEcho.self])
        #expect(lines(result) == ["type-mismatch breaking $.data.orders[0].id"])
        #expect(result.findings[0].message.contains("the model fails: Order.id"), "\(result.findings[0].message)")
    }

    @Test func childrenOfAKeyWhoseCaseChangedAreBreakingToo() async throws {
        let spec = """
            endpoints:
              orders:
                request: GET /message
                expect:
                  body:
                    From:
                      EmailAddress: String
                      Name: String
                model: Message

            """
        let result = try await verify(
            spec, #"{"from": {"emailAddress": "ada@example.com", "Name": "Ada"}}"#, models: [Message.self])
        #expect(
            lines(result) == [
                "key-case-changed breaking $.from", "key-case-changed breaking $.from.emailAddress",
            ])
        #expect(
            result.findings[1].message.contains("Message never reached this value"), "\(result.findings[1].message)")
    }

    @Test func aDriftTheModelReadsPastIsStillCoped() async throws {
        // The model reads the object holding the drift, so its judgement stands: the app copes.
        let spec = """
            endpoints:
              orders:
                request: GET /message
                expect:
                  body:
                    From:
                      EmailAddress: String
                      Name: String
                      Note: String
                model: Message

            """
        let result = try await verify(
            spec, #"{"From": {"EmailAddress": "ada@example.com", "Name": 7, "Note": 1}}"#, models: [Message.self])
        let note = try #require(result.findings.first { $0.path?.description == "$.From.Note" })
        #expect(note.severity == .warning, "\(lines(result))")
        #expect(note.message.contains("decodes the body anyway"), "\(note.message)")
    }
}
