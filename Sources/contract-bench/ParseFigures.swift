import ContractKit
import Foundation

/// Figure 1: our JSON parser against JSONSerialization on the same bytes.
enum ParseFigures {
    static func run(quick: Bool) -> [Row] {
        let payloads: [(String, [UInt8])] = [
            ("small 1 KB", Payloads.users(count: 2)),
            ("medium 100 KB", Payloads.users(count: 180)),
            ("large 10 MB", Payloads.users(count: quick ? 4_000 : 18_000)),
            ("deep nesting", Payloads.deep(depth: 200, count: 500)),
            ("wide object", Payloads.wide(width: 20_000)),
        ]
        var rows: [Row] = []
        for (name, bytes) in payloads {
            let repeats = max(1, 2_000_000 / bytes.count)
            let data = Data(bytes)
            let parser = JSONParser()
            // Both sides check all of the same bytes and keep what the verifier reads: JSONSerialization a tree of
            // Foundation objects, ours the document the shape checker walks (an index of every value, decoded
            // when read). The verifier builds a `JSONValue` tree only when a transform or a report needs one.
            let (oursOverFoundation, ours, foundation) = Measure.sideBySide(runs: quick ? 3 : 9) {
                for _ in 0..<repeats { _ = try! parser.parseDocument(bytes) }
            } against: {
                for _ in 0..<repeats { _ = try! JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) }
            }
            let ratio = 1 / oursOverFoundation
            let megabytesPerSecond = Double(bytes.count * repeats) / ours / 1e6
            rows.append(
                Row(
                    figure: "1 parse vs JSONSerialization", payload: name, ratio: ratio, target: ">= 20x",
                    met: ratio >= 20,
                    detail: String(
                        format: "ours %.0f MB/s, JSONSerialization %.0f MB/s", megabytesPerSecond,
                        Double(bytes.count * repeats) / foundation / 1e6)))
            print("  measured figure 1 on \(name)")
        }
        return rows
    }
}
