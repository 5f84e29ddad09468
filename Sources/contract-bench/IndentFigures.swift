import ContractKit
import Foundation

/// Figure 12: the indenter `contract record` runs every received JSON body through (check the text and write it
/// indented, in one pass), against the parse and tape writer it replaced, and against copying the same bytes. The
/// first one-pass indenter was about 2x the parse and tape writer; the target is half as fast again.
enum IndentFigures {
    static func run(quick: Bool) -> [Row] {
        // The recorded bodies of figure 8 (20 and 900 users), and figure 1's large payload.
        let payloads: [(String, [UInt8])] = [
            ("users 11 KB", Payloads.users(count: 20)),
            ("users 496 KB", Payloads.users(count: 900)),
            ("users 10 MB", Payloads.users(count: quick ? 4_000 : 18_000)),
        ]
        // Recording.bodyDepth: a body is the value of `response.body`, two deep.
        let depth = 2
        var rows: [Row] = []
        for (name, bytes) in payloads {
            let repeats = max(1, (quick ? 20_000_000 : 60_000_000) / bytes.count)
            let megabytes = Double(bytes.count * repeats) / 1e6
            let expected = JSONIndentingPaths.tapeWriterLength(bytes, atDepth: depth)
            precondition(expected != nil && JSONIndentingPaths.indenterLength(bytes, atDepth: depth) == expected)
            let (overTape, indenter, tape) = Measure.sideBySide(runs: quick ? 5 : 9) {
                for _ in 0..<repeats { _ = JSONIndentingPaths.indenterLength(bytes, atDepth: depth) }
            } against: {
                for _ in 0..<repeats { _ = JSONIndentingPaths.tapeWriterLength(bytes, atDepth: depth) }
            }
            // The floor: an output buffer the size the indenter takes, and the text copied into it as it stands.
            let (overCopy, _, copy) = Measure.sideBySide(runs: quick ? 5 : 9) {
                for _ in 0..<repeats { _ = JSONIndentingPaths.indenterLength(bytes, atDepth: depth) }
            } against: {
                for _ in 0..<repeats { _ = copied(bytes) }
            }
            let speed = { (seconds: Double) in String(format: "%.0f MB/s", megabytes / seconds) }
            rows.append(
                Row(
                    figure: "12 indent vs parse + tape writer", payload: name, ratio: 1 / overTape, target: ">= 3x",
                    met: 1 / overTape >= 3,
                    detail: "indenter \(speed(indenter)), parse + tape writer \(speed(tape))"))
            rows.append(
                Row(
                    figure: "12 indent vs copying the text", payload: name, ratio: overCopy, target: "(reported)",
                    met: nil, detail: "copying \(speed(copy))"))
            print("  measured figure 12 on \(name)")
        }
        return rows
    }

    /// `bytes` copied into a new buffer of the capacity the indenter allocates; its first byte, so that the copy is
    /// not left out.
    @inline(never)
    static func copied(_ bytes: [UInt8]) -> UInt8 {
        let capacity = 2 * bytes.count + 256
        let target = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { target.deallocate() }
        bytes.withUnsafeBufferPointer { target.update(from: $0.baseAddress!, count: $0.count) }
        return target[bytes.count / 2]
    }
}
