import Foundation

/// Golden files for rendered output, under `Tests/Fixtures/Golden`.
///
/// Set `CONTRACT_RECORD_GOLDEN=1` to write the current output as the new golden file, then review the diff.
package enum Golden {
    /// nil when `actual` equals the golden file; otherwise a message saying what differs and how to re-record.
    package static func mismatch(_ actual: String, named name: String) -> String? {
        let url = Fixtures.url("Golden/\(name)")
        if ProcessInfo.processInfo.environment["CONTRACT_RECORD_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(actual.utf8).write(to: url)
            return nil
        }
        guard let data = FileManager.default.contents(atPath: url.path),
            let expected = String(data: data, encoding: .utf8)
        else {
            return "no golden file at Tests/Fixtures/Golden/\(name); run with CONTRACT_RECORD_GOLDEN=1 to create it"
        }
        guard expected != actual else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < min(expectedLines.count, actualLines.count), expectedLines[line] == actualLines[line] { line += 1 }
        let wanted = line < expectedLines.count ? String(expectedLines[line]) : "<end of file>"
        let got = line < actualLines.count ? String(actualLines[line]) : "<end of file>"
        return """
            output differs from Tests/Fixtures/Golden/\(name) at line \(line + 1):
              golden: \(wanted)
              actual: \(got)
            If the change is intended, re-record with CONTRACT_RECORD_GOLDEN=1 swift test and review the diff.
            """
    }
}
