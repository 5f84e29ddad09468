import ContractKit
import Foundation

/// Figure 3: verifying through a model (parse, check, transform, decode) against a bare `JSONDecoder.decode` of
/// the same body with the same strategies, both starting from the bytes on disk.
enum DecodeFigures {
    static func run(quick: Bool) -> [Row] {
        let root = NSTemporaryDirectory() + "contract-bench-decode-\(ProcessInfo.processInfo.processIdentifier)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        var rows: [Row] = []
        for (name, count) in [("small 1 KB", 2), ("medium 100 KB", 180), ("large 10 MB", quick ? 4_000 : 18_000)] {
            let bytes = Payloads.users(count: count)
            let directory = root + "/\(count)"
            ScalingFigures.makeCorpus(
                at: directory, endpoints: 1, body: try! JSONParser().parse(bytes), model: "[User]")
            let bodyPath = directory + "/body.json"
            try! Data(bytes).write(to: URL(fileURLWithPath: bodyPath))

            let suite = try! SpecLoader().load(directory: directory + "/Specs")
            let verifier = Verifier(
                suite: suite, options: .init(recordingsDirectory: directory + "/Recordings"),
                models: ModelRegistry([Payloads.User.self]))
            let endpoint = suite.endpoints[0]
            let decoder = endpoint.decoding.makeDecoder()
            let repeats = max(1, 2_000_000 / bytes.count)

            let (ratio, verify, decode) = Measure.sideBySide(runs: quick ? 3 : 9) {
                for _ in 0..<repeats {
                    let result = verifier.verify(endpoint)
                    precondition(
                        result.findings.isEmpty, "the generated payload must conform: \(result.findings.first!.message)"
                    )
                }
            } against: {
                for _ in 0..<repeats {
                    let data = try! Data(contentsOf: URL(fileURLWithPath: bodyPath))
                    _ = try! decoder.decode([Payloads.User].self, from: data)
                }
            }
            rows.append(
                Row(
                    figure: "3 verify through model vs decode", payload: name, ratio: ratio, target: "<= 1.3x",
                    met: ratio <= 1.3,
                    detail:
                        "verify \(formatDuration(verify / Double(repeats))), decode \(formatDuration(decode / Double(repeats))) per pass"
                ))
            print("  measured figure 3 on \(name)")
        }
        return rows
    }
}

/// Figure 4: the `anyCase` key strategy against `convertFromSnakeCase` and against default keys (with
/// CodingKeys spelling the snake_case names) on the same snake_case payload, beside a reference row: the floor of
/// any `.custom` strategy, one that hands every key back unchanged, against the same default keys.
enum KeyStrategyFigures {
    struct ExplicitKeys: Codable {
        var recordId: Int
        var firstName: String
        var lastName: String
        var emailAddress: String
        var isActive: Bool
        var accountBalance: Double
        var postalCode: String
        var countryCode: String
        enum CodingKeys: String, CodingKey {
            case recordId = "record_id", firstName = "first_name", lastName = "last_name", emailAddress =
                "email_address"
            case isActive = "is_active", accountBalance = "account_balance", postalCode = "postal_code", countryCode =
                "country_code"
        }
    }

    /// The least a `.custom` strategy can do: hand back the key it is asked about. What this costs over default keys
    /// is Foundation's own work around every call (the coding path copied into an array, the key boxed, the
    /// returned key read and inserted into a new dictionary), which `anyCase` pays too.
    static let identityCustom = JSONDecoder.KeyDecodingStrategy.custom { path in path[path.count - 1] }

    static func run(quick: Bool) -> [Row] {
        // Many short pairs rather than a few long ones: a neighbour's burst then spoils a few pairs, not the median.
        let data = Data(Payloads.snakeRecords(count: quick ? 5_000 : 7_000))
        let anyCase = JSONDecoder()
        anyCase.keyDecodingStrategy = .anyCase
        let snake = JSONDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let plain = JSONDecoder()
        let runs = quick ? 3 : 21
        let (overSnake, anyCaseTime, snakeTime) = Measure.sideBySide(runs: runs) {
            _ = try! anyCase.decode([Payloads.SnakeRecord].self, from: data)
        } against: {
            _ = try! snake.decode([Payloads.SnakeRecord].self, from: data)
        }
        let (overPlain, anyCaseAgainstPlainTime, plainTime) = Measure.sideBySide(runs: runs) {
            _ = try! anyCase.decode([Payloads.SnakeRecord].self, from: data)
        } against: {
            _ = try! plain.decode([ExplicitKeys].self, from: data)
        }
        let identity = JSONDecoder()
        identity.keyDecodingStrategy = identityCustom
        let (floorRatio, identityTime, plainAgainstIdentityTime) = Measure.sideBySide(runs: runs) {
            _ = try! identity.decode([ExplicitKeys].self, from: data)
        } against: {
            _ = try! plain.decode([ExplicitKeys].self, from: data)
        }
        // Figure 4's target, restated: anyCase against the least any `.custom` key strategy costs on this Foundation.
        let (overIdentity, anyCaseAgainstIdentityTime, identityAgainstAnyCaseTime) = Measure.sideBySide(runs: runs) {
            _ = try! anyCase.decode([Payloads.SnakeRecord].self, from: data)
        } against: {
            _ = try! identity.decode([ExplicitKeys].self, from: data)
        }
        print("  measured figure 4")
        return [
            Row(
                figure: "4 anyCase vs convertFromSnakeCase", payload: "\(data.count / 1024) KB snake_case",
                ratio: overSnake,
                target: "<= 1.0x", met: overSnake <= 1.0,
                detail: String(
                    format: "anyCase %.1f ms, convertFromSnakeCase %.1f ms", anyCaseTime * 1000, snakeTime * 1000)),
            Row(
                figure: "4 anyCase vs identity .custom", payload: "\(data.count / 1024) KB snake_case",
                ratio: overIdentity, target: "<= 1.1x", met: overIdentity <= 1.1,
                detail: String(
                    format: "anyCase %.1f ms, identity .custom %.1f ms", anyCaseAgainstIdentityTime * 1000,
                    identityAgainstAnyCaseTime * 1000)),
            // Not a target since no `.custom` strategy can reach it (the row below is that floor); kept for the record.
            Row(
                figure: "4 anyCase vs default keys", payload: "\(data.count / 1024) KB snake_case", ratio: overPlain,
                target: "(reference)", met: nil,
                detail: String(
                    format: "anyCase %.1f ms, default keys %.1f ms", anyCaseAgainstPlainTime * 1000, plainTime * 1000)),
            // Not a target: the floor under the row above, what Foundation's `.custom` path costs by itself.
            Row(
                figure: "4 identity .custom vs default keys", payload: "\(data.count / 1024) KB snake_case",
                ratio: floorRatio,
                target: "(reference)", met: nil,
                detail: String(
                    format: "identity .custom %.1f ms, default keys %.1f ms", identityTime * 1000,
                    plainAgainstIdentityTime * 1000)),
        ]
    }
}
