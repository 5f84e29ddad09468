import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Models generated for `Int(1, 2, 3)`: an enum with Int raw values that reads and writes JSON numbers, with an
/// `unknown(Int)` case for numbers it does not know; text where a number belongs still fails to decode.
@Suite struct IntegerEnumerationModelTests {
    static let specs = [
        "levels": """
        shapes:
          Sign: Int(-1, 0, 1)
        endpoints:
          get:
            request: GET /level
            expect:
              body: { level: "Int(1, 2, 3)", sign: Sign, tier: "Int(10, 20)?", history: "[Int(1, 2, 3)]" }
            model: Level

        """
    ]

    @Test func theEnumMatchesItsGoldenFile() throws {
        let generated = ModelGenerator(suite: try suite(Self.specs), options: .init(), command: "contract").generate()
        #expect(generated.warnings.isEmpty, "\(generated.warnings)")
        for file in generated.files {
            if let mismatch = Golden.mismatch(file.text, named: "generate/int-enum/\(file.name).txt") {
                Issue.record(Comment(rawValue: mismatch))
            }
        }
    }

    @Test func theGeneratedEnumDecodesKnownAndNewNumbersAndRefusesText() throws {
        let generated = ModelGenerator(suite: try suite(Self.specs), options: .init(), command: "contract").generate()
        let ran = try ModelGeneratorTests.compileAndRun(
            generated,
            main: """
                import Foundation
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                for body in [
                    #"{"level": 2, "sign": -1, "history": [1, 3]}"#,
                    #"{"level": 7, "sign": 5, "tier": 20, "history": [9]}"#,
                    #"{"level": "2", "sign": 0, "history": []}"#,
                ] {
                    do {
                        let value = try JSONDecoder().decode(Level.self, from: Data(body.utf8))
                        print(value.level, value.sign, value.tier.map { "\\($0)" } ?? "nil", value.history.map { "\\($0)" },
                            String(decoding: try encoder.encode(value), as: UTF8.self))
                    } catch {
                        print("fails")
                    }
                }
                print(Level.Level2(rawValue: 3) == ._3, Sign(rawValue: -1) == .minus1, Sign(rawValue: 4).rawValue)
                """)
        let lines = ran.output.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"_2 minus1 nil ["_1", "_3"] {"history":[1,3],"level":2,"sign":-1}"#,
                #"unknown(7) unknown(5) _20 ["unknown(9)"] {"history":[9],"level":7,"sign":5,"tier":20}"#,
                "fails",
                "true true 4",
            ], "\(ran.output)")
    }
}
