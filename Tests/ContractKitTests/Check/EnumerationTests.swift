import ContractTestSupport
import Testing

@testable import ContractKit

/// An enum's values: a new word is a new case (with the case to add); a number where the enum lists words is a new
/// type, since a `case` cannot read it.
@Suite struct EnumerationTests {
    @Test func aNumberWhereTheEnumListsWordsIsATypeMismatch() throws {
        let findings = try check(#"{"role": 5}"#, bodyShape: "{ role: \"enum(admin, tester)\" }")
        #expect(summary(findings) == ["type-mismatch breaking $.role"])
        #expect(findings[0].hint?.contains("the backend now sends a number where the spec lists words") == true)
        #expect(findings[0].hint?.contains("case") == false)
    }

    @Test func aNewNumberOfANumericEnumGetsACaseWithANumberRawValue() throws {
        let findings = try check(#"{"level": 7}"#, bodyShape: "{ level: \"enum(1, 2, 3)\" }")
        #expect(summary(findings) == ["enum-unknown-value breaking $.level"])
        #expect(findings[0].hint?.hasPrefix("add `case `7` = 7` to the enum") == true, "\(findings[0].hint ?? "")")
    }

    @Test func aNewWordGetsACaseWithAStringRawValue() throws {
        let findings = try check(#"{"role": "owner"}"#, bodyShape: "{ role: \"enum(admin, tester)\" }")
        #expect(summary(findings) == ["enum-unknown-value breaking $.role"])
        #expect(findings[0].hint?.hasPrefix(#"add `case owner = "owner"` to the enum"#) == true)
    }
}
