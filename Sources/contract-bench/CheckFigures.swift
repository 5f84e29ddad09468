import ContractKit
import Foundation

/// Figure 2: parse and shape check, against JSONDecoder decoding the same body into matching structs.
enum CheckFigures {
    static func run(quick: Bool) -> [Row] {
        let suite = try! SpecLoader().load(sources: [(path: "bench.yaml", text: Payloads.spec)])
        let shape = suite.endpoints[0].expect.body!
        let checker = ShapeChecker(shapes: suite.shapes)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var rows: [Row] = []
        for (name, count) in [("small 1 KB", 2), ("medium 100 KB", 180), ("large 10 MB", quick ? 4_000 : 18_000)] {
            let bytes = Payloads.users(count: count)
            let data = Data(bytes)
            let repeats = max(1, 2_000_000 / bytes.count)
            // The checker and the decoder are each made once and reused, as a runner checking many bodies would.
            let (ratio, check, decode) = Measure.sideBySide(runs: quick ? 3 : 9) {
                for _ in 0..<repeats {
                    let findings = checker.check(try! JSONParser().parseDocument(bytes), against: shape)
                    precondition(findings.isEmpty, "the generated payload must conform: \(findings.first!.message)")
                }
            } against: {
                for _ in 0..<repeats { _ = try! decoder.decode([Payloads.User].self, from: data) }
            }
            rows.append(
                Row(
                    figure: "2 parse+check vs JSONDecoder", payload: name, ratio: ratio, target: "<= 0.25x",
                    met: ratio <= 0.25,
                    detail:
                        "check \(formatDuration(check / Double(repeats))), decode \(formatDuration(decode / Double(repeats))) per pass"
                ))
            print("  measured figure 2 on \(name)")
        }
        return rows
    }
}
