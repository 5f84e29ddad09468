import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// `Int(1, 2)` verified through app models: a new number breaks an enum with Int raw values, and the hint names the
/// case; a model with a fallback case copes, so the drift is a warning.
@Suite struct IntegerEnumerationVerificationTests {
    struct Strict: Decodable {
        enum Level: Int, Decodable {
            case low = 1
            case high = 2
        }
        var level: Level
    }

    struct Tolerant: Decodable {
        enum Level: Decodable {
            case low, high
            case unknown(Int)

            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer().decode(Int.self)
                self = value == 1 ? .low : value == 2 ? .high : .unknown(value)
            }
        }
        var level: Level
    }

    func verify(_ body: String, model: any Decodable.Type) async throws -> EndpointResult {
        let spec = """
            endpoints:
              profile:
                request: GET /level
                expect:
                  body: { level: "Int(1, 2)" }
                model: \(model == Strict.self ? "Strict" : "Tolerant")

            """
        let suite = try OneEndpointSuite(spec: spec, bodies: ["profile": body])
        defer { suite.remove() }
        return try await suite.verify(models: [model]).results[0]
    }

    func lines(_ result: EndpointResult) -> [String] {
        result.findings.map { "\($0.kind) \($0.severity) \($0.path?.description ?? "-")" }
    }

    @Test func aNewNumberBreaksAStrictEnumAndTheHintNamesTheCase() async throws {
        #expect(try await verify(#"{"level": 2}"#, model: Strict.self).findings.isEmpty)
        let result = try await verify(#"{"level": 7}"#, model: Strict.self)
        #expect(lines(result) == ["enum-unknown-value breaking $.level"])
        // The model's failure names the type: the hint is about it (before, it only quoted the decoder's error).
        #expect(
            result.findings.first?.hint
                == "if Level is an enum, add `case _7 = 7` to it, and decode unknown values into a fallback case so the next new value does not break the app",
            "\(result.findings)")
    }

    @Test func aModelWithAFallbackCopesSoANewNumberIsAWarning() async throws {
        let result = try await verify(#"{"level": 7}"#, model: Tolerant.self)
        #expect(lines(result) == ["enum-unknown-value warning $.level"])
    }

    @Test func aNumberSentAsTextBreaksBoth() async throws {
        for model: any Decodable.Type in [Strict.self, Tolerant.self] {
            let result = try await verify(#"{"level": "2"}"#, model: model)
            #expect(lines(result) == ["type-mismatch breaking $.level"], "\(model)")
        }
    }

    /// Model lint sends every listed number: an app enum that lacks one is an error, one with them all is clean.
    @Test func modelLintSendsEveryListedNumber() throws {
        func lint(_ values: String) throws -> [String] {
            let suite = try TestSuites.suite(
                (
                    "Specs/a.yaml",
                    """
                    endpoints:
                      profile:
                        request: GET /level
                        expect:
                          body: { level: "Int(\(values))" }
                        model: Strict

                    """
                ))
            return ModelLinter(models: ModelRegistry([Strict.self]), shapes: suite.shapes).lint(suite.endpoints).map(
                \.message)
        }
        #expect(try lint("1, 2").isEmpty)
        let errors = try lint("1, 2, 3")
        #expect(errors.count == 1 && errors[0].contains("number 3"), "\(errors)")
    }

    /// A redacted number is recorded as 0, which `Int(1, 2)` refuses: lint says so where the key is typed.
    @Test func redactingAnIntegerEnumWithoutZeroIsWarnedAbout() throws {
        let suite = try TestSuites.suite(
            (
                "Specs/a.yaml",
                """
                endpoints:
                  me:
                    request: GET /me
                    redact: ["$.pin", "$.flag"]
                    expect:
                      body: { pin: "Int(1, 2)", flag: "Int(0, 1)" }

                """
            ))
        let found = RedactionPath.typingWarnings(for: suite.endpoints, shapes: suite.shapes)
        #expect(found.map { "\($0.location.line):\($0.location.column)" } == ["6:21"], "\(found)")
        #expect(
            found.first?.message.contains("Int(1, 2) (a value from a list): the placeholder 0 stored there") == true,
            "\(found)")
    }
}
