import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// `diff --ignore` against what it must do, on globs and bodies made to be awkward: globs long, many, empty, of
/// characters outside ASCII; keys with escapes, surrogate pairs and NULs; bodies deep, wide, in envelopes.
@Suite struct IgnoredPathsAttackTests {
    /// The automaton keeps a mask for each ASCII character and a word for each position of another character, so
    /// globs of thousands of different characters cost memory as their length, not as their length times the number
    /// of characters.
    @Test func globsOfManyCharactersOutsideASCIIKeepMemoryAsTheirLength() {
        let characters = (0x4E00..<(0x4E00 + 1_000)).map { String(Unicode.Scalar($0)!) }
        let globs = ["$." + characters[..<500].joined(), "*" + characters[500...].joined() + "?"]
        let paths = IgnoredPaths(globs)!
        let positions = globs.reduce(0) { $0 + $1.unicodeScalars.count + 1 }
        #expect(paths.storedWords <= IgnoredPaths.maskCount * paths.words + positions)
    }
}

extension IgnoredPathsAttackTests {
    /// A recording file with `body` written in as it stands, read in place, as `contract diff` reads one.
    static func recording(_ body: String, in folder: String, named name: String) throws -> Recording {
        let text = """
            {"format": "contract-recording/1", "endpoint": "users/list-users",
             "request": {"method": "GET", "url": "https://staging.example.com/users"},
             "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": \(body)}}
            """
        try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        return try Recording.readInPlace(from: folder + "/" + name)
    }

    /// The text of the path `path` (as ``JSONPath/description`` writes it) and of each of its ancestors, `$` first: cut
    /// before each `.` or `[` that starts a step, not inside a quoted key (`["a.b[0]"]`).
    static func ancestorsAndSelf(of path: String) -> [String] {
        var texts: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        // By scalar: a quote followed by a combining mark is one Character.
        for character in path.unicodeScalars {
            if !inQuotes, character == "." || character == "[", !current.isEmpty { texts.append(current) }
            if inQuotes {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inQuotes = false
                }
            } else if character == "\"" {
                inQuotes = true
            }
            current.unicodeScalars.append(character)
        }
        return texts + [current]
    }

    /// Nil when the diff of `old` and `new` leaving out `globs` lists exactly the value changes of the diff leaving
    /// out nothing whose path, or one of its ancestors', no glob matches as text (``Glob/matches(_:_:)``).
    static func leavesOutWhatTheGlobsMatch(_ old: String, _ new: String, _ globs: [String]) throws -> Comment? {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let before = try recording(old, in: folder, named: "old.json")
        let after = try recording(new, in: folder, named: "new.json")
        let all = RecordingDiff(old: before, new: after)
        let left = RecordingDiff(old: before, new: after, options: .init(ignoredPaths: globs))
        let expected = all.valueChanges.filter { change in
            !ancestorsAndSelf(of: change.path).contains { text in globs.contains { Glob.matches($0, text) } }
        }
        guard Array(left.valueChanges) == expected, left.valueChangeCount == expected.count else {
            let listed = left.valueChanges.map { $0.path }
            let extra = Set(listed).subtracting(expected.map { $0.path }).sorted().prefix(3)
            let lacking = Set(expected.map { $0.path }).subtracting(listed).sorted().prefix(3)
            return
                "\(left.valueChangeCount) changes, expected \(expected.count); listed but matched: \(Array(extra)); left out but not matched: \(Array(lacking))"
        }
        return nil
    }

    /// Keys as written in JSON, with the globs that should, or should not, reach them.
    static let awkwardKeys = [
        "a", #"\ud83d\ude00"#, "😀", #"k\u0000"#, #"caf\u00e9"#, "café", "e\u{301}", #"\ud800"#, #"x\"y"#, "*", "",
        #"back\\slash"#, "-1", "1x", "a b", "ключ", "\u{301}", #"\"\u0301"#, "?", "[0]", "a.b", "$",
    ]

    static let awkwardGlobs = [
        "", "*", "$", "?", "$*", "$.*", "$[*]", #"$["?"]"#, #"$["??"]"#, #"$["???"]"#, #"$["k?"]"#, #"$["caf?"]"#,
        #"$["e?"]"#, #"$["e??"]"#, "$.a", #"$["*"]"#, #"$["😀"]"#, #"$["x\"y"]"#, #"$["back\\slash"]"#,
        #"$[""#, "*]", #"*"]"#, "$.?", "$??", "*é*", "*\u{301}*", "*ключ", #"$["-?"]"#, #"$["?x"]"#, "*[?]*",
        "$*0*", #"$["$"]"#, "$[??]", "$[?]", "$[?]*",
    ]

    @Test func awkwardKeysAreLeftOutAsTheirPathsTextIsMatched() throws {
        var old = "{"
        var new = "{"
        for (index, key) in Self.awkwardKeys.enumerated() {
            let separator = index == 0 ? "" : ","
            old += separator + "\"\(key)\": {\"v\": \(index), \"w\": [\(index), {\"\(key)\": \(index)}]}"
            new += separator + "\"\(key)\": {\"v\": \(index + 1), \"w\": [\(index + 1), {\"\(key)\": \(index + 1)}]}"
        }
        old += "}"
        new += "}"
        // Each glob alone, then all of them with one that matches nothing (a set of more words than one).
        for glob in Self.awkwardGlobs {
            if let problem = try Self.leavesOutWhatTheGlobsMatch(old, new, [glob]) {
                Issue.record("\(glob): \(problem)")
            }
            let long = [glob, "$.nothing" + String(repeating: "?", count: 100)]
            if let problem = try Self.leavesOutWhatTheGlobsMatch(old, new, long) {
                Issue.record("\(glob)+: \(problem)")
            }
            let underData = glob.hasPrefix("$") ? "$.data" + glob.dropFirst() : glob
            let enveloped = #"{"data": "# + new + "}"
            if let problem = try Self.leavesOutWhatTheGlobsMatch(old, enveloped, [underData]) {
                Issue.record("\(underData) in an envelope: \(problem)")
            }
        }
    }

    /// Arrays long enough to be compared on two threads, each with a cursor of its own, and bodies nested as deep as
    /// the parser allows.
    @Test func longArraysAndDeepBodiesAreLeftOutAsTheirPathsTextIsMatched() throws {
        let count = 1_100
        let old = "[" + (0..<count).map { #"{"id": \#($0), "n": {"x": 1}}"# }.joined(separator: ",") + "]"
        let new = "[" + (0..<count).map { #"{"id": \#($0 + 1), "n": {"x": 2}}"# }.joined(separator: ",") + "]"
        let globs = [
            "$[1?]*", "$[1099].id", "$[6??].n", "$[*].n.x", "$[550]", "$[549]", "*9]*", "$[0]",
            "$[" + String(repeating: "?", count: 4) + "].id", "$[2" + String(repeating: "*", count: 1_000) + "]",
        ]
        for glob in globs {
            if let problem = try Self.leavesOutWhatTheGlobsMatch(old, new, [glob]) {
                Issue.record("\(glob): \(problem)")
            }
        }
        if let problem = try Self.leavesOutWhatTheGlobsMatch(old, new, globs) { Issue.record("all: \(problem)") }
        // 120 levels, a value changed at each.
        let depth = 120
        var deepOld = "0"
        var deepNew = "1"
        for level in (0..<depth).reversed() {
            deepOld = level % 2 == 0 ? #"{"k": \#(deepOld), "v": \#(level)}"# : "[\(deepOld), \(level)]"
            deepNew = level % 2 == 0 ? #"{"k": \#(deepNew), "v": \#(level + 1)}"# : "[\(deepNew), \(level + 1)]"
        }
        let deepGlobs = [
            "$" + String(repeating: ".k[0]", count: 20) + ".v",
            "$" + String(repeating: ".k[0]", count: 40) + "*",
            "$" + String(repeating: ".k[?]", count: 50) + ".k[1]",
            "*.v", "$*[1]",
        ]
        for glob in deepGlobs {
            if let problem = try Self.leavesOutWhatTheGlobsMatch(deepOld, deepNew, [glob]) {
                Issue.record("\(glob.prefix(40)): \(problem)")
            }
        }
        let many = (0..<60).map { "$" + String(repeating: ".k[0]", count: $0) + ".v" }
        if let problem = try Self.leavesOutWhatTheGlobsMatch(deepOld, deepNew, many) { Issue.record("60: \(problem)") }
    }
}
