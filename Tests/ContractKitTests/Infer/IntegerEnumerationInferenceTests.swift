import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// `contract infer --enums` on integers: few distinct whole numbers across many samples are an `Int(...)`, written
/// in numeric order; strings of digits stay a text enum; the spec verifies its samples and catches a new number.
@Suite struct IntegerEnumerationInferenceTests {
    /// Nine responses of one endpoint: `priority` takes -1, 2 and 10 as numbers, `state` "10" and "2" as strings.
    static let tickets: [ResponseSample] = (0..<9).map { index in
        let priority = [10, 2, -1][index % 3]
        let state = ["10", "2"][index % 2]
        return SpecInferrerTests.sample(
            "/tickets", #"{"priority": \#(priority), "state": "\#(state)", "title": "ticket \#(index)"}"#)
    }

    @Test func integersWithEvidenceAreAnIntEnumInNumericOrder() throws {
        let spec = SpecInferrerTests.infer(Self.tickets, enums: true)
        #expect(
            Array(SpecInferrerTests.shapes(spec).values) == [
                "{priority: Int(-1, 2, 10), state: enum(10, 2), title: String}"
            ])
        let yaml = InferredSpecWriter().yaml(for: spec)
        #expect(yaml.contains("priority: Int(-1, 2, 10)\n"), "\(yaml)")
        // Texts that read as numbers are quoted, so the two lines are not misread for each other.
        #expect(yaml.contains(#"state: enum("10", "2")"# + "\n"), "\(yaml)")
        // Without the flag, the same samples give plain types.
        #expect(
            Array(SpecInferrerTests.shapes(SpecInferrerTests.infer(Self.tickets)).values)
                == ["{priority: Int, state: String, title: String}"])
    }

    @Test func integersWithoutEvidenceStayInt() {
        // One sample is no evidence, however many elements its array has.
        let elements = (0..<9).map { #"{"level": \#([1, 2, 3][$0 % 3])}"# }
        let one = SpecInferrerTests.sample("/levels", "[" + elements.joined(separator: ",") + "]")
        #expect(SpecInferrerTests.shapes(SpecInferrerTests.infer([one], enums: true))["Level"] == "{level: Int}")
        // One value everywhere is a constant; too many values, a count; a fraction makes every value a Double.
        let constant = (0..<9).map { _ in SpecInferrerTests.sample("/me", #"{"version": 3}"#) }
        #expect(SpecInferrerTests.shapes(SpecInferrerTests.infer(constant, enums: true))["Me"] == "{version: Int}")
        let counts = (0..<9).map { SpecInferrerTests.sample("/me", #"{"version": \#($0)}"#) }
        #expect(SpecInferrerTests.shapes(SpecInferrerTests.infer(counts, enums: true))["Me"] == "{version: Int}")
        let fraction = (0..<9).map { SpecInferrerTests.sample("/me", #"{"version": \#($0 == 0 ? "1.5" : "1")}"#) }
        #expect(SpecInferrerTests.shapes(SpecInferrerTests.infer(fraction, enums: true))["Me"] == "{version: Double}")
    }

    @Test func aNumberUnderACredentialsKeyIsNeverACase() {
        let samples = (0..<9).map { SpecInferrerTests.sample("/me", #"{"pin_token": \#([1111, 2222][$0 % 2])}"#) }
        #expect(SpecInferrerTests.shapes(SpecInferrerTests.infer(samples, enums: true))["Me"] == "{pin_token: Int}")
    }

    @Test func theInferredSpecVerifiesItsSamplesAndCatchesANewNumber() throws {
        let spec = SpecInferrerTests.infer(Self.tickets, enums: true)
        #expect(try InferRoundTripTests.findingsAboveInfo(verifying: spec) == [])
        let name = try #require(spec.endpoints.first?.name)
        func drifted(_ value: JSONValue) throws -> Set<DriftKind> {
            try InferRoundTripTests.driftKinds(spec, endpoint: name) { body in
                guard case .object(var object) = body else { return }
                object["priority"] = value
                body = .object(object)
            }
        }
        #expect(try drifted(.number(JSONNumber(7))) == [.enumUnknownValue])
        // The text of a listed number is a new type, not the number.
        #expect(try drifted(.string("2")) == [.typeMismatch])
    }
}
