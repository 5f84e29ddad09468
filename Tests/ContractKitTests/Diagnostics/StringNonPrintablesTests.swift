import ContractKit
import Testing

@Suite struct StringNonPrintablesTests {
    @Test(arguments: [
        ("k\u{1B}[2J", #"k\u{1B}[2J"#),  // ESC: would clear the terminal
        ("a\u{7}b\u{7F}c\u{9B}", #"a\u{7}b\u{7F}c\u{9B}"#),  // BEL, DEL, C1 CSI
        ("a\tb\rc\nd", #"a\u{9}b\u{D}c\u{A}d"#),
        ("line\u{2028}para\u{2029}", #"line\u{2028}para\u{2029}"#),  // the separators break a report's lines
        ("user\u{202E}dI", #"user\u{202E}dI"#),  // a right-to-left override reorders what is seen
        ("user\u{200B}Id\u{FEFF}\u{AD}", #"user\u{200B}Id\u{FEFF}\u{AD}"#),  // invisible: two keys would look alike
    ])
    func nonPrintablesAreEscaped(text: String, shown: String) {
        #expect(text.escapingNonPrintables() == shown)
    }

    @Test(arguments: [
        "plain ASCII, with \\u{1B} written out",
        "Café, 東京, Ελλάδα",
        "👩\u{200D}💻 and 👍🏽",  // an emoji joined by a zero-width joiner
        "می\u{200C}خواهم",  // Persian needs the zero-width non-joiner
    ])
    func printableTextIsLeftAsItIs(text: String) {
        #expect(text.escapingNonPrintables() == text)
    }

    @Test func lineBreaksCanBeKept() {
        #expect("one\ntwo\u{1B}\r".escapingNonPrintables(keepingLineBreaks: true) == "one\ntwo\\u{1B}\\u{D}")
    }
}
