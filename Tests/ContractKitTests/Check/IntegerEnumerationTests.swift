import ContractTestSupport
import Testing

@testable import ContractKit

/// `Int(1, 2, 3)`: the value must be an integer, and one of the listed ones. A new number is reported as a text
/// enum's new word is; a number sent as text (`"2"`) is a type mismatch, which `enum(1, 2, 3)` cannot tell.
@Suite struct IntegerEnumerationTests {
    @Test func aListedNumberPasses() throws {
        #expect(try check(#"{"level": 2}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }").isEmpty)
        #expect(try check(#"{"level": -1}"#, bodyShape: "{ level: \"Int(-1, 0, 1)\" }").isEmpty)
        // JSONDecoder reads 2.0 into an Int.
        #expect(try check(#"{"level": 2.0}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }").isEmpty)
    }

    @Test func aNewNumberIsAnUnknownValueWithTheCaseToAdd() throws {
        let findings = try check(#"{"level": 7}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(summary(findings) == ["enum-unknown-value breaking $.level"])
        let finding = try #require(findings.first)
        #expect(finding.message == "'level' is 7, which is not one of 1, 2, 3")
        #expect(finding.expected == "Int(1, 2, 3)")
        #expect(finding.actual == "number 7")
        #expect(
            finding.hint
                == "add `case _7 = 7` to the enum, and decode unknown values into a fallback case so the next new value does not break the app"
        )
        let negative = try check(#"{"level": -4}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(negative.first?.hint?.hasPrefix("add `case minus4 = -4` to the enum") == true)
    }

    @Test func theSameNumberInATextEnumAndInAnIntEnumGetsTheSameKindAndSeverity() throws {
        let text = try check(#"{"level": 7}"#, bodyShape: "{ level: \"enum(1, 2, 3)\" }")
        let integers = try check(#"{"level": 7}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(summary(text) == summary(integers))
    }

    @Test func aNumberSentAsTextIsATypeMismatch() throws {
        let findings = try check(#"{"level": "2"}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(summary(findings) == ["type-mismatch breaking $.level"])
        #expect(findings.first?.hint?.contains("sends the number as a string (\"2\")") == true, "\(findings)")
        // The text enum of the same numbers accepts it: the type is what `Int(...)` adds.
        #expect(try check(#"{"level": "2"}"#, bodyShape: "{ level: \"enum(1, 2, 3)\" }").isEmpty)
    }

    @Test func aFractionOrANumberBeyondIntIsATypeMismatch() throws {
        let fraction = try check(#"{"level": 2.5}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(summary(fraction) == ["type-mismatch breaking $.level"])
        #expect(fraction.first?.hint?.contains("fraction") == true)
        let huge = try check(#"{"level": 123456789012345678901}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(summary(huge) == ["type-mismatch breaking $.level"])
        let other = try check(#"{"level": true}"#, bodyShape: "{ level: \"Int(1, 2, 3)\" }")
        #expect(summary(other) == ["type-mismatch breaking $.level"])
    }

    @Test func anOptionalMayBeNullOrAbsentAndIsCheckedWhenSent() throws {
        let shape = "{ level: \"Int(1, 2)?\" }"
        #expect(try check(#"{"level": null}"#, bodyShape: shape).isEmpty)
        #expect(try check(#"{}"#, bodyShape: shape).isEmpty)
        #expect(try check(#"{"level": 1}"#, bodyShape: shape).isEmpty)
        #expect(summary(try check(#"{"level": 3}"#, bodyShape: shape)) == ["enum-unknown-value breaking $.level"])
        #expect(summary(try check(#"{"level": "1"}"#, bodyShape: shape)) == ["type-mismatch breaking $.level"])
        // Not optional: null is a null-value finding, as for Int.
        let required = try check(#"{"level": null}"#, bodyShape: "{ level: \"Int(1, 2)\" }")
        #expect(summary(required) == ["null-value breaking $.level"])
    }

    @Test func aNamedShapeInAnArrayAndAUnionAreChecked() throws {
        let findings = try check(
            #"{"levels": [1, 5, "2"], "either": "x", "other": 9}"#, shapes: "Level: Int(1, 2)",
            bodyShape: "{ levels: \"[Level]\", either: \"Int(1, 2) | String\", other: \"Int(1, 2) | String\" }")
        #expect(
            summary(findings) == [
                "enum-unknown-value breaking $.levels[1]", "type-mismatch breaking $.levels[2]",
                "enum-unknown-value breaking $.other",
            ])
    }
}
