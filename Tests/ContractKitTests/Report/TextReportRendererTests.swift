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

    @Test func githubAnnotationsEscapeThemToo() {
        // GitHub's log shows colour sequences; an ESC in a message reached it as is.
        let report = VerificationReport(results: [NonPrintableFinding.result], failOn: .breaking)
        let text = GitHubReportRenderer().render(report)
        #expect(NonPrintableFinding.unescaped(in: text).isEmpty)
        #expect(text.contains("::'\(NonPrintableFinding.shownKey)' is not in the spec%0Aexpected: no key"))
    }
}
