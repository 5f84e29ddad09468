import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct RepeatedKeysTests {
    struct Item: Decodable {
        var id: Int
    }

    @Test func jsonDecoderOnThisToolchainReadsTheFirstCopy() throws {
        // What the findings say the app sees; if a toolchain changes this, the probe follows and this test says so.
        let text = Data(#"{"id": 1, "id": 2}"#.utf8)
        #expect(try JSONDecoder().decode(Item.self, from: text).id == 1)
        #expect(try JSONDecoder().decode([String: Int].self, from: text) == ["id": 1])
        #expect(RepeatedKeys.decoderReadsFirst)
    }

    @Test func aRepeatedFieldIsCheckedAsTheCopyTheAppReadsAndReported() throws {
        let findings = try check(#"{"id": 1, "name": "a", "id": "x"}"#, bodyShape: "{ id: Int, name: String }")
        #expect(summary(findings) == ["duplicate-key warning $.id"])
        #expect(findings[0].expected == "'id' once")
        #expect(findings[0].actual == "'id' 2 times")
        #expect(
            findings[0].message
                == "'id' is sent 2 times in this object with different values: JSONDecoder reads the first (number 1) and ignores the other (string \"x\")"
        )
        #expect(findings[0].hint?.hasPrefix("ask the backend team to send 'id' once") == true)
        #expect(findings[0].specLocation == SourceLocation(file: "t.yaml", line: 6, column: 15), "at the field 'id'")
    }

    @Test func theCopyTheAppReadsIsTheOneChecked() throws {
        let findings = try check(#"{"id": "x", "name": "a", "id": 1}"#, bodyShape: "{ id: Int, name: String }")
        #expect(summary(findings) == ["type-mismatch breaking $.id", "duplicate-key warning $.id"])
    }

    @Test func copiesWithTheSameValueAreInfo() throws {
        let findings = try check(#"{"id": 1, "name": "a", "id": 1, "id": 1}"#, bodyShape: "{ id: Int, name: String }")
        #expect(summary(findings) == ["duplicate-key info $.id"])
        #expect(
            findings[0].message
                == "'id' is sent 3 times in this object, each time with the same value; JSONDecoder reads the first")
    }

    @Test func aRepeatedExtraKeyIsOneExtraKeyAndOneDuplicate() throws {
        let findings = try check(#"{"id": 1, "tag": "a", "tag": "b"}"#, bodyShape: "{ id: Int }")
        #expect(summary(findings) == ["extra-key info $.tag", "duplicate-key warning $.tag"])
    }

    @Test func wideObjectsFindRepeatsThroughTheirIndex() throws {
        let fields = (0..<14).map { "k\($0): Int" }.joined(separator: ", ")
        let body = "{" + (0..<14).map { "\"k\($0)\": \($0)" }.joined(separator: ", ") + #", "k3": "three"}"#
        let findings = try check(body, bodyShape: "{ \(fields) }")
        #expect(summary(findings) == ["duplicate-key warning $.k3"])
        #expect(findings[0].message.hasSuffix("reads the first (number 3) and ignores the other (string \"three\")"))
    }

    @Test func objectsMatchedInOrderHaveNoRepeats() throws {
        #expect(try check(#"{"id": 1, "name": "a"}"#, bodyShape: "{ id: Int, name: String }").isEmpty)
        #expect(try check(#"{"name": "a", "id": 1}"#, bodyShape: "{ id: Int, name: String }").isEmpty)
    }
}
