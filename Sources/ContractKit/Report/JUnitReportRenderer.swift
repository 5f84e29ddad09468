/// JUnit XML for CI test reporters (Jenkins, GitLab, GitHub actions that read JUnit).
///
/// A `testsuite` per spec file, a `testcase` per endpoint, a `failure` per finding that fails the run (at or above
/// `--fail-on`, not waived). Findings that do not fail it (waived, or below the threshold) are listed in the test
/// case's `system-out`, so they stay visible without failing anything. The output follows the common JUnit schema
/// (`Tests/Fixtures/JUnit/junit.xsd`) and has no timestamps or durations, so the same report gives the same bytes.
public struct JUnitReportRenderer: ReportRenderer {
    /// Creates a renderer.
    public init() {}

    public func render(_ report: VerificationReport) -> String {
        var files: [String] = []
        var resultsByFile: [String: [EndpointResult]] = [:]
        for result in report.results {
            if resultsByFile[result.specFile] == nil { files.append(result.specFile) }
            resultsByFile[result.specFile, default: []].append(result)
        }
        let totalFailures = report.results.reduce(0) { $0 + $1.failing(at: report.failOn).count }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuites name=\"contract\" tests=\"\(report.results.count)\" failures=\"\(totalFailures)\" errors=\"0\" time=\"0\">\n"
        for file in files {
            let results = resultsByFile[file]!
            let failures = results.reduce(0) { $0 + $1.failing(at: report.failOn).count }
            out +=
                "  <testsuite name=\(XML.attribute(file)) tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
            out += "    <properties>\n"
            out += "      <property name=\"failOn\" value=\(XML.attribute(report.failOn.rawValue))/>\n"
            out += "    </properties>\n"
            for result in results {
                out += testCase(
                    result, failOn: report.failOn,
                    resolved: report.history?.resolved.filter { $0.endpoint == result.id } ?? [])
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    private func testCase(_ result: EndpointResult, failOn: Severity, resolved: [Finding]) -> String {
        let group = result.id.split(separator: "/").first.map(String.init) ?? result.id
        let open =
            "    <testcase name=\(XML.attribute(result.id)) classname=\(XML.attribute("contract.\(group)")) time=\"0\""
        let failing = result.failing(at: failOn)
        let others = result.findings.filter { $0.isWaived || $0.severity < failOn }
        guard !failing.isEmpty || !others.isEmpty || !resolved.isEmpty else { return open + "/>\n" }
        var out = open + ">\n"
        for finding in failing {
            var details = finding.detailLines
            details.insert("\(finding.severity.rawValue) \(finding.headline)", at: 0)
            details.append("endpoint: \(result.id) (\(result.specLocation))")
            details.append("recording: \(result.recordingPath)")
            let mark = finding.history.map { " [\($0.label)]" } ?? ""
            out +=
                "      <failure message=\(XML.attribute("\(finding.headline)\(mark): \(finding.message)")) type=\(XML.attribute(finding.kind.rawValue))>"
            out += XML.text(details.joined(separator: "\n")) + "</failure>\n"
        }
        var output: [String] = []
        for finding in others {
            output.append("\(finding.label) \(finding.headline)")
            output += finding.detailLines.map { "  " + $0 }
        }
        output += result.notes.filter { !$0.hasPrefix("shape only") }.map { "note: \($0)" }
        output += resolved.map(\.resolvedLine)
        if !output.isEmpty {
            out += "      <system-out>" + XML.text(output.joined(separator: "\n")) + "</system-out>\n"
        }
        out += "    </testcase>\n"
        return out
    }
}

/// Escaping for XML 1.0 text and attributes.
enum XML {
    /// `text` escaped for element content; characters XML 1.0 cannot hold are written as `\u{…}`.
    static func text(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out += allowed(scalar) ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }

    /// `text` as a double-quoted attribute value, quotes included; line breaks and tabs kept as character references.
    static func attribute(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default: out += allowed(scalar) ? String(scalar) : "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out + "\""
    }

    /// The characters XML 1.0 allows: tab, line feed, carriage return, and everything from space up but for
    /// surrogates (which a Swift scalar never is) and U+FFFE/U+FFFF.
    private static func allowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
