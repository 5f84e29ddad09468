import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct TextReportRendererTests {
    @Test func controlCharactersFromTheBodyCannotDriveTheTerminal() {
        // Keys and values come from the backend; an ESC in a key reached the terminal as is.
        let report = VerificationReport(results: [NonPrintableFinding.result], failOn: .breaking)
        let text = TextReportRenderer(color: false).render(report)
        #expect(NonPrintableFinding.unescaped(in: text).isEmpty)
        #expect(text.contains("'\(NonPrintableFinding.shownKey)' is not in the spec"))
        #expect(text.contains("actual   string \"\\u{9B}31m\""))
    }

    /// Markdown and HTML reports are read with `cat` and pasted into CI summaries too: an attack found 24 raw ESC
    /// bytes in a report.md. Every format escapes them as the text report does; JUnit escapes them its own way.
    @Test func markdownAndHTMLEscapeThemToo() {
        let report = VerificationReport(results: [NonPrintableFinding.result], failOn: .breaking)
        for text in [MarkdownReportRenderer().render(report), HTMLReportRenderer().render(report)] {
            #expect(NonPrintableFinding.unescaped(in: text).isEmpty, "\(NonPrintableFinding.unescaped(in: text))")
            #expect(text.contains("u{1B}[2J"))
        }
    }

    @Test func githubAnnotationsEscapeThemToo() {
        // GitHub's log shows colour sequences; an ESC in a message reached it as is.
        let report = VerificationReport(results: [NonPrintableFinding.result], failOn: .breaking)
        let text = GitHubReportRenderer().render(report)
        #expect(NonPrintableFinding.unescaped(in: text).isEmpty)
        #expect(text.contains("::'\(NonPrintableFinding.shownKey)' is not in the spec%0Aexpected: no key"))
    }
}
