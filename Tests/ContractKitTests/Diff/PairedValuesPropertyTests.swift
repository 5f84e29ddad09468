import ContractTestSupport
import Testing

@testable import ContractKit

/// The one-pass comparison (the new body's values paired with the old body's while it is summarised, split between
/// two threads for long arrays) must find what summarising each body apart and then walking their values side by side
/// finds, with the same paths left out. The two are compared on random pairs of bodies: a body and a drifted copy of
/// it (values changed, kinds changed, keys respelled, dropped or added, elements added or removed).
@Suite struct PairedValuesPropertyTests {
    /// The JSON property tests' seeded generator, so a failure names a pair that can be made again.
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    static let keys = ["id", "name", "user_name", "createdAt", "score", "tags", "owner", "u42", "a b", "ключ"]

    static func value(_ random: inout Generator, depth: Int, width: Int) -> JSONValue {
        switch depth > 3 ? Self.below(&random, 5) : Self.below(&random, 7) {
        case 0: return .null
        case 1: return .bool(Self.chance(&random, 50))
        case 2: return .number(JSONNumber(Self.below(&random, 1000) - 500))
        case 3:
            return .string(["Ada", "2026-01-10T09:30:00Z", "1771092312", "", "line\nbreak"][Self.below(&random, 5)])
        case 4: return .number(JSONNumber(literal: "\(Self.below(&random, 100)).5"))
        case 5:
            return .array((0..<Self.below(&random, width)).map { _ in value(&random, depth: depth + 1, width: width) })
        default:
            var object = JSONObject()
            for key in keys where Self.chance(&random, 45) {
                object.entries.append(.init(key: key, value: value(&random, depth: depth + 1, width: width)))
            }
            return .object(object)
        }
    }

    static func drifted(_ value: JSONValue, _ random: inout Generator) -> JSONValue {
        if Self.chance(&random, 6) { return Self.value(&random, depth: 3, width: 3) }
        switch value {
        case .array(let elements):
            var elements = elements.map { drifted($0, &random) }
            if Self.chance(&random, 20), !elements.isEmpty { elements.remove(at: Self.below(&random, elements.count)) }
            if Self.chance(&random, 20) { elements.append(Self.value(&random, depth: 3, width: 3)) }
            return .array(elements)
        case .object(var object):
            for index in object.entries.indices {
                object.entries[index].value = drifted(object.entries[index].value, &random)
                if Self.chance(&random, 5) {
                    object.entries[index].key = KeyNames.convertFromSnakeCase(object.entries[index].key)
                }
            }
            if Self.chance(&random, 10), !object.entries.isEmpty {
                object.entries.remove(at: Self.below(&random, object.entries.count))
            }
            if Self.chance(&random, 10) { object.entries.append(.init(key: "added", value: .number(JSONNumber(1)))) }
            return .object(object)
        default:
            return value
        }
    }

    static func below(_ random: inout Generator, _ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
    static func chance(_ random: inout Generator, _ percent: Int) -> Bool { below(&random, 100) < percent }

    static func recording(_ body: JSONValue) -> Recording {
        Recording(
            endpoint: "users/list-users", request: .init(method: "GET", url: "https://staging.example.com/users"),
            response: .init(
                status: 200, headers: [.init(name: "Content-Type", value: "application/json")], body: .json(body)))
    }

    /// Paths to leave out, drawn for a pair: none, or one or two globs over the keys the bodies are made of.
    static func ignoring(_ random: inout Generator) -> [String] {
        let globs = [
            "$.nothingHasThisKey", "$[*].name", "*.tags", "$.owner.*", "$[1?]", "*id", #"*["a b"]*"#, "$.ключ",
            "*score", "$*[0]", "$.owner.user_name",
        ]
        return (0..<below(&random, 3)).map { _ in globs[below(&random, globs.count)] }
    }

    /// Nil when the diff of `old` and `new` (its one pass) finds what the separate walks find: each body summarised
    /// on its own and compared, then the values paired by ``ShapeComparison/values(_:_:)``, leaving out `ignoring`.
    static func agree(_ old: JSONValue, _ new: JSONValue, ignoring: [String] = []) -> Comment? {
        let (before, after) = (recording(old), recording(new))
        let paired = RecordingDiff(old: before, new: after, options: .init(ignoredPaths: ignoring))
        var walked = ContractKit.ShapeComparison(endpoint: after.endpoint, ignored: ignoring, listsValues: true)
        let (oldDocument, newDocument) = (try! JSONDocument(old), try! JSONDocument(new))
        let isEnvelope = oldDocument.withView { oldView in
            newDocument.withView { newView in
                let oldBody = DiffBody(view: oldView, root: oldDocument.root, rootPath: .root)
                let newBody = DiffBody(view: newView, root: newDocument.root, rootPath: .root)
                let oldSummary = ShapeSummary.of(oldBody, values: [UInt32(oldBody.root)])
                // A body inside an envelope is compared by the separate walk either way.
                if ContractKit.ShapeComparison.mayBeEnvelope(old: oldBody, new: newBody),
                    walked.envelope(old: oldSummary, new: newBody) != nil
                {
                    return true
                }
                walked.compare(
                    oldSummary, ShapeSummary.of(newBody, values: [UInt32(newBody.root)]), generic: [],
                    name: "the body")
                walked.values(oldBody, newBody)
                return false
            }
        }
        guard !isEnvelope else { return nil }
        guard paired.findings == walked.findings else {
            return "findings differ: \(paired.findings.map(\.headline)) against \(walked.findings.map(\.headline))"
        }
        guard paired.valueChanges == walked.valueChanges, paired.valueChangeCount == walked.valueChangeCount else {
            return
                "value changes differ (ignoring \(ignoring)): \(paired.valueChangeCount) against \(walked.valueChangeCount)"
        }
        return nil
    }

    @Test func smallBodiesAgreeWithTheSeparateWalk() {
        for seed in 1...400 {
            var random = Generator(state: 11_000 + UInt64(seed))
            let old = Self.value(&random, depth: 0, width: 6)
            let new = Self.drifted(old, &random)
            let ignoring = Self.ignoring(&random)
            if let problem = Self.agree(old, new, ignoring: ignoring) { Issue.record("seed \(seed): \(problem)") }
        }
    }

    /// Arrays long enough (1,024 shared elements and more) for the later half to be compared on the other thread.
    @Test func longArraysSplitBetweenTheThreadsAgreeWithTheSeparateWalk() {
        for seed in 1...6 {
            var random = Generator(state: 12_000 + UInt64(seed))
            let old = JSONValue.array(
                (0..<(1_000 + Self.below(&random, 1_200))).map { _ in
                    Self.value(&random, depth: 2, width: 3)
                })
            let new = Self.drifted(old, &random)
            let ignoring = Self.ignoring(&random)
            if let problem = Self.agree(old, new, ignoring: ignoring) { Issue.record("seed \(seed): \(problem)") }
        }
    }

    /// A copy of `value` with one scalar somewhere inside changed, so that most of the pair is the same text.
    static func edited(_ value: JSONValue, _ random: inout Generator) -> JSONValue {
        switch value {
        case .array(var elements) where !elements.isEmpty:
            let index = Self.below(&random, elements.count)
            elements[index] = edited(elements[index], &random)
            return .array(elements)
        case .object(var object) where !object.entries.isEmpty:
            let index = Self.below(&random, object.entries.count)
            object.entries[index].value = edited(object.entries[index].value, &random)
            return .object(object)
        default:
            return .string("edited")
        }
    }

    /// Pairs that are mostly the same text (containers the walk skips as equal, found by comparing their text or by
    /// where an outer pair first differs), with a member or element put in front now and then, so that the same
    /// text stands at another distance into each body.
    @Test func bodiesThatAreMostlyTheSameTextAgreeWithTheSeparateWalk() {
        for seed in 1...300 {
            var random = Generator(state: 13_000 + UInt64(seed))
            let old = Self.value(&random, depth: 0, width: 6)
            var new = old
            for _ in 0..<(1 + Self.below(&random, 3)) { new = Self.edited(new, &random) }
            if Self.chance(&random, 30) {
                switch new {
                case .array(let elements): new = .array([.number(JSONNumber(7))] + elements)
                case .object(var object):
                    object.entries.insert(.init(key: "first", value: .null), at: 0)
                    new = .object(object)
                default: break
                }
            }
            let ignoring = Self.ignoring(&random)
            if let problem = Self.agree(old, new, ignoring: ignoring) { Issue.record("seed \(seed): \(problem)") }
        }
    }

    @Test func containersBeforeTheFirstDifferenceAreSkippedAndThoseHoldingItCompared() {
        let pairs: [(String, String)] = [
            (#"[{"a":{"x":1},"b":{"y":2}}]"#, #"[{"a":{"x":1},"b":{"y":3}}]"#),
            (#"[{"a":{"x":1},"b":{"y":2}}]"#, #"[{"z":0,"a":{"x":1},"b":{"y":3}}]"#),
            (#"{"a":[1,2,[3,4]],"b":[5]}"#, #"{"a":[1,2,[3,5]],"b":[5]}"#),
            (#"{"a":[1,2,[3,4]],"b":[5]}"#, #"{"b":[6],"a":[1,2,[3,4]]}"#),
            (#"[[1],[2],[3]]"#, #"[[1],[2],[3],[4]]"#),
            (#"[[1],[2],[3]]"#, #"[[0],[1],[2],[3]]"#),
        ]
        for (old, new) in pairs {
            let parse = { (text: String) in try! JSONParser().parse(text) }
            if let problem = Self.agree(parse(old), parse(new)) { Issue.record("\(old) -> \(new): \(problem)") }
            // And something did change: the comparison is not empty.
            #expect(
                RecordingDiff(old: Self.recording(parse(old)), new: Self.recording(parse(new))).valueChangeCount > 0)
        }
    }

    @Test func theFirstDifferenceOfTwoRunsOfBytesIsFoundAtEveryPlace() {
        var random = Generator(state: 14_000)
        for _ in 0..<2_000 {
            let count = Self.below(&random, 40)
            let first = (0..<count).map { _ in UInt8(Self.below(&random, 3)) }
            var second = first
            if count > 0 && Self.chance(&random, 80) {
                second[Self.below(&random, count)] = UInt8(Self.below(&random, 3))
            }
            let expected = (0..<count).first { first[$0] != second[$0] } ?? count
            let found = first.withUnsafeBufferPointer { a in
                second.withUnsafeBufferPointer { b in
                    JSONTapeView.firstDifference(
                        a.baseAddress ?? UnsafePointer(bitPattern: 1)!, b.baseAddress ?? UnsafePointer(bitPattern: 1)!,
                        count: count)
                }
            }
            #expect(found == expected, "\(first) against \(second)")
        }
    }
}

/// The diff's JSON is written a piece at a time, its values one by one; it must be the text of its tree, written
/// pretty, byte for byte: with values and without, with notes, with escapes and characters outside ASCII.
@Suite struct DiffJSONPiecesTests {
    typealias Property = PairedValuesPropertyTests

    @Test func theJSONWrittenInPiecesIsTheTreeWritten() throws {
        var random = Property.Generator(state: 35_000)
        var diffs: [RecordingDiff] = (0..<80).map { _ in
            let old = Property.value(&random, depth: 0, width: 6)
            return RecordingDiff(old: Property.recording(old), new: Property.recording(Property.drifted(old, &random)))
        }
        // Notes: a status that changed, and bodies that are not JSON.
        var failed = Property.recording(.string("x"))
        failed.response.status = 500
        diffs.append(RecordingDiff(old: Property.recording(.string("x")), new: failed))
        var text = Property.recording(.null)
        text.response.body = .text("plain \"text\"\n")
        var otherText = text
        otherText.response.body = .text("other é")
        diffs.append(RecordingDiff(old: text, new: otherText))
        // A long list: more than one piece.
        let users = (0..<3_000).map {
            JSONValue.object(JSONObject(["id": .number(JSONNumber($0)), "n": .string("é\($0)")]))
        }
        let renamed = (0..<3_000).map {
            JSONValue.object(JSONObject(["id": .number(JSONNumber($0 + 1)), "n": .string("\"\($0)\"\t")]))
        }
        diffs.append(
            RecordingDiff(old: Property.recording(.array(users)), new: Property.recording(.array(renamed))))
        for (index, diff) in diffs.enumerated() {
            let tree = JSONWriter(style: .pretty).write(diff.jsonValue(old: "old.json", new: "new \"x\".json")) + "\n"
            var pieces: [String] = []
            diff.writeJSON(old: "old.json", new: "new \"x\".json") { pieces.append($0) }
            #expect(pieces.joined() == tree, "diff \(index)")
            #expect(try JSONParser().parse(pieces.joined()) == diff.jsonValue(old: "old.json", new: "new \"x\".json"))
        }
        var pieces = 0
        diffs.last!.writeJSON(old: "a", new: "b") { _ in pieces += 1 }
        #expect(pieces > 1)
        var textPieces: [String] = []
        diffs.last!.writeText(old: "a", new: "b", values: true) { textPieces.append($0) }
        #expect(textPieces.count > 1)
        #expect(textPieces.joined() == diffs.last!.renderText(old: "a", new: "b", values: true))
    }
}
