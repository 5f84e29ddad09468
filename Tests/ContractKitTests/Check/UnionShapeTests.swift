import ContractTestSupport
import Testing

@testable import ContractKit

/// `String | Customer`: a value matches any member; a value that matches none is reported against the closest.
@Suite(.timeLimit(.minutes(1))) struct UnionShapeTests {
    static let shapes = """
        Customer:
          id: String
          email: String?
          balance: Int
        DeletedCustomer:
          id: String
          deleted: Bool
        Charge:
          id: String
          customer: String | Customer
        """

    @Test(arguments: [
        #""cus_1""#, #"{"id": "cus_1", "email": null, "balance": 3}"#, #"{"id": "cus_1", "deleted": true}"#,
    ])
    func aValueMatchingAnyMemberPasses(body: String) throws {
        #expect(try check(body, shapes: Self.shapes, bodyShape: "String | Customer | DeletedCustomer").isEmpty)
    }

    static let folders = """
        Item: Folder | SharedFolder
        Folder: { kind: enum(folder), name: String, children: "[Item]" }
        SharedFolder: { kind: enum(shared), name: String, children: "[Item]" }
        """

    /// A tree of shared folders `depth` deep, the innermost named by `leafName` (a JSON value).
    static func sharedFolders(depth: Int, leafName: String) -> String {
        String(repeating: #"{"kind":"shared","name":"a","children":["#, count: depth)
            + #"{"kind":"shared","name":\#(leafName),"children":[]}"# + String(repeating: "]}", count: depth)
    }

    /// Every level's first member fails (its `kind` is the other one), so the values below were checked again for
    /// the next member at every level: twice the time for each level, 12 s at 20 levels. Each value is now checked
    /// against the inner union once; at 60 levels the old check would not end in the suite's time limit.
    @Test func aRecursiveUnionIsCheckedOnceAValueAtAnyDepth() throws {
        #expect(
            try check(Self.sharedFolders(depth: 60, leafName: #""b""#), shapes: Self.folders, bodyShape: "Item").isEmpty
        )
        let findings = try check(Self.sharedFolders(depth: 60, leafName: "1"), shapes: Self.folders, bodyShape: "Item")
        let path = "$" + String(repeating: ".children[0]", count: 60) + ".name"
        #expect(summary(findings) == ["type-mismatch breaking \(path)"])
        #expect(findings.first?.message.contains("checked against SharedFolder") == true, "\(findings)")
    }

    @Test func aMemberMatchedWithOnlyAnExtraKeyIsNamedAsTheMatchNotTheClosest() throws {
        let findings = try check(
            #"{"id": "cus_1", "deleted": true, "note": "x"}"#, shapes: Self.shapes,
            bodyShape: "String | DeletedCustomer")
        #expect(summary(findings) == ["extra-key info $.note"])
        #expect(
            findings[0].message.hasSuffix("(as DeletedCustomer, the member of String | DeletedCustomer it matches)"),
            "\(findings[0].message)")
    }

    @Test func aMismatchIsReportedAgainstTheClosestMemberNamingIt() throws {
        // Closer to Customer (one key wrong) than to DeletedCustomer (two missing keys).
        let findings = try check(
            #"{"id": "cus_1", "email": "a@b.c", "balance": "3"}"#, shapes: Self.shapes,
            bodyShape: "String | DeletedCustomer | Customer")
        #expect(summary(findings) == ["type-mismatch breaking $.balance"])
        #expect(findings[0].expected == "Int")
        #expect(
            findings[0].message.hasSuffix(
                "(checked against Customer, the closest member of String | DeletedCustomer | Customer)"),
            "\(findings[0].message)")
    }

    @Test func aMemberOfTheValuesKindIsCloserThanOneWithFewerFindings() throws {
        // String fails with one finding, Customer with two; an object is still judged as a Customer.
        let findings = try check(#"{"id": 1}"#, shapes: Self.shapes, bodyShape: "String | Customer")
        #expect(summary(findings) == ["type-mismatch breaking $.id", "missing-key breaking $.balance"])
        #expect(findings.allSatisfy { $0.message.contains("checked against Customer") })
    }

    @Test func aScalarMatchingNoMemberIsAMismatchAgainstTheFirstOfItsKind() throws {
        let findings = try check("42", shapes: Self.shapes, bodyShape: "String | Customer")
        #expect(summary(findings) == ["type-mismatch breaking $"])
        #expect(findings[0].message.contains("checked against String"), "\(findings[0].message)")
    }

    @Test func unionsNestInsideObjectsArraysAndOtherUnions() throws {
        let body = #"""
            [{"id": "ch_1", "customer": "cus_1"},
             {"id": "ch_2", "customer": {"id": "cus_2", "email": null, "balance": 1}},
             {"id": "ch_3", "customer": {"id": "cus_3", "email": null}}]
            """#
        let findings = try check(body, shapes: Self.shapes, bodyShape: "[Charge]")
        #expect(summary(findings) == ["missing-key breaking $[2].customer.balance"])
        #expect(findings[0].message.contains("the closest member of String | Customer"))

        #expect(try check(#"[1, "a", [true]]"#, bodyShape: "\"[Int | String | [Bool | Int]]\"").isEmpty)
        let nested = try check(#"[["x"]]"#, bodyShape: "\"[Int | [Bool | Int]]\"")
        #expect(summary(nested) == ["type-mismatch breaking $[0][0]"])
        #expect(nested[0].message.contains("the closest member of Bool | Int"), "\(nested[0].message)")
    }

    @Test func aNullableUnionAcceptsNullAndMayBeAbsent() throws {
        let shape = "{ customer: (String | Customer)?, other: String | Int? }"
        #expect(try check(#"{"customer": null, "other": null}"#, shapes: Self.shapes, bodyShape: shape).isEmpty)
        #expect(try check(#"{"other": 1}"#, shapes: Self.shapes, bodyShape: shape).isEmpty)
        // `String | Int?` takes null, but the key must be there: only `(String | Int)?` may be left out.
        #expect(summary(try check(#"{}"#, shapes: Self.shapes, bodyShape: shape)) == ["missing-key breaking $.other"])
        let findings = try check(#"{"customer": true, "other": "x"}"#, shapes: Self.shapes, bodyShape: shape)
        #expect(summary(findings) == ["type-mismatch breaking $.customer"])
    }

    @Test func aNullWhereNoMemberTakesNullIsANullValue() throws {
        let findings = try check(
            #"{"customer": null}"#, shapes: Self.shapes, bodyShape: "{ customer: String | Customer }")
        #expect(summary(findings) == ["null-value breaking $.customer"])
    }

    /// `A: B | C` with `B: A | D` would check A against the same value again and again: the loader refuses it.
    @Test func aUnionThatLeadsBackToItselfWithoutNestingIsASpecError() throws {
        #expect(throws: ContractErrors.self) {
            try check("1", shapes: "A: B | String\nB: A | Int", bodyShape: "A")
        }
        #expect(throws: ContractErrors.self) {
            try check("1", shapes: "A: (Int | A)?", bodyShape: "A")
        }
        #expect(try check(#"[1, [2, [3]]]"#, shapes: "Tree: \"[Int | Tree]\"", bodyShape: "Tree").isEmpty)
    }

    @Test func anUnknownNameInAUnionIsASpecError() {
        #expect(throws: ContractErrors.self) {
            try check("1", bodyShape: "Int | Custmer")
        }
    }

    @Test(arguments: [
        ("String | Customer", "String | Customer"), ("(String | Customer)?", "(String | Customer)?"),
        ("[Int | String]", "[Int | String]"), ("[String: Int | Bool?]", "[String: Int | Bool?]"),
        ("(A | B) | C", "A | B | C"), ("(Int)", "Int"),
        ("String(/a|b/) | String(/^c$/)", "String(/a|b/) | String(/^c$/)"),
        ("enum(a, b) | Int", "enum(a, b) | Int"), ("Date(\"yyyy\") | Int?", "Date(\"yyyy\") | Int?"),
    ])
    func unionsParseInSwiftLikeSyntax(text: String, expected: String) throws {
        let shape = try ShapeExpressionParser.parse(text, at: SourceLocation(file: "s.yaml", line: 1, column: 1))
        #expect(shape.description == expected)
        #expect(
            try ShapeExpressionParser.parse(shape.description, at: SourceLocation(file: "s.yaml", line: 1, column: 1))
                .description == expected)
    }

    @Test(arguments: ["String |", "| String", "String | | Int", "String | String", "(String | Int", "String | )"])
    func brokenUnionsAreShapeErrors(text: String) {
        #expect(throws: ContractError.self) {
            try ShapeExpressionParser.parse(text, at: SourceLocation(file: "s.yaml", line: 1, column: 1))
        }
    }
}
