import Testing

@testable import ContractKit

/// What `import openapi` and `infer` accept as `--name`, and what they make a name of when none is given: the one
/// rule for both (`infer` made `inferred` of any file name with a character outside it).
struct SpecFileNameTests {
    @Test(arguments: [
        ("users", true), ("My-API.v2", true), ("a_b", true), ("2024", true), (".hidden", false), ("", false),
        ("a b", false), ("a/b", false), ("a\nb", false), (".\u{301}x", false), ("caf\u{E9}", false),
    ])
    func aNameIsValidWhenAFileCanHaveIt(name: String, valid: Bool) {
        #expect(SpecFileName.isValid(name) == valid)
    }

    @Test(
        arguments: [
            ("my capture (2)", "my-capture-2"), ("..hidden", "hidden"), ("-a--b-", "a--b"),
            ("\u{DC}n\u{EF}code API!", "n-code-API"),
            ("!!", nil), ("", nil),
        ] as [(String, String?)])
    func aNameIsMadeOfTheCharactersAFileMayHave(text: String, made: String?) {
        #expect(SpecFileName.made(from: text) == made)
        if let made { #expect(SpecFileName.isValid(made)) }
    }

    @Test func aMadeNameIsCutToItsLength() {
        let made = SpecFileName.made(from: String(repeating: "ab ", count: 100))
        #expect(made.map { $0.utf8.count <= SpecFileName.madeLength && !$0.hasSuffix("-") } == true)
    }
}
