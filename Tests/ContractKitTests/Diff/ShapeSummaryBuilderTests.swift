import ContractTestSupport
import Testing

@testable import ContractKit

/// The summary groups the objects of a place by their keys in order, keeping a list of keys only for an object that
/// is not like the one before it: every group must still be counted right, with its first object, however the keys
/// of one object part from those of the object before (a key more, a key less, another key, the same keys in
/// another order, a key twice).
@Suite struct ShapeSummaryBuilderTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    static let keys = ["id", "name", "email", "address", "a", "catchPhrase", "zipcode"]

    /// A key list like `previous` most of the time, else changed in one way.
    static func keys(after previous: [String], _ random: inout Generator) -> [String] {
        var keys = previous
        switch Int.random(in: 0..<10, using: &random) {
        case 0: keys.append(Self.keys.randomElement(using: &random)!)
        case 1: if !keys.isEmpty { keys.removeLast() }
        case 2: if !keys.isEmpty { keys.remove(at: Int.random(in: 0..<keys.count, using: &random)) }
        case 3: if keys.count > 1 { keys.swapAt(0, keys.count - 1) }
        case 4: keys = (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.keys.randomElement(using: &random)! }
        default: break
        }
        return keys
    }

    @Test func objectsAreGroupedByTheirKeysInOrderWithTheFirstOfEachGroup() throws {
        for seed in 1...200 {
            var random = Generator(state: 51_000 + UInt64(seed))
            var lists: [[String]] = []
            var previous = ["id", "name"]
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                previous = Self.keys(after: previous, &random)
                lists.append(previous)
            }
            let body = JSONValue.array(
                lists.map { keys in
                    .object(JSONObject(keys.enumerated().map { .init(key: $1, value: .number(JSONNumber($0))) }))
                })
            let document = try JSONDocument(body)
            document.withView { view in
                let summary = ShapeSummary.of(
                    DiffBody(view: view, root: document.root, rootPath: .root), values: [UInt32(document.root)])
                guard let elements = summary.elements else {
                    Issue.record("seed \(seed): no elements")
                    return
                }
                let objects = view.elements(of: document.root)
                // The groups in the order first seen, with how many objects and the first.
                var expected: [(keys: [String], count: Int, first: Int)] = []
                for (index, keys) in lists.enumerated() {
                    if let group = expected.firstIndex(where: { $0.keys == keys }) {
                        expected[group].count += 1
                    } else {
                        expected.append((keys, 1, objects[index]))
                    }
                }
                let found = elements.keyLists.map { list in
                    (keys: list.keys.map { elements.memberOrder[$0] }, count: list.count, first: list.first)
                }
                #expect(found.count == expected.count, "seed \(seed)")
                for (found, expected) in zip(found, expected) {
                    #expect(
                        found.keys == expected.keys && found.count == expected.count && found.first == expected.first,
                        "seed \(seed): \(found) against \(expected)")
                }
                #expect(elements.objectCount == lists.count, "seed \(seed)")
            }
        }
    }
}
