import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Every kind of change the diff tells apart, each read from files as `contract diff` reads them and rendered as text
/// (with the values) and as JSON, against one golden file: the rendering must not change when the way the bodies are
/// walked does.
@Suite struct RecordingDiffGoldenTests {
    struct Case {
        var name: String
        var old: String
        var new: String
        var ignore: [String] = []
        var oldStatus = 200
        var newStatus = 200
        var oldType: String? = "application/json"
        var newType: String? = "application/json"
    }

    static let cases: [Case] = [
        // Keys that appear or go.
        Case(name: "a key added", old: #"{"a": 1}"#, new: #"{"a": 1, "b": [2]}"#),
        Case(name: "a key removed", old: #"{"a": 1, "b": {"c": 2}}"#, new: #"{"a": 1}"#),
        Case(
            name: "a key every object had is absent from some",
            old: #"[{"a": 1, "b": 1}, {"a": 2, "b": 2}, {"a": 3, "b": 3}]"#,
            new: #"[{"a": 1, "b": 1}, {"a": 2}, {"a": 3}]"#),
        Case(
            name: "an optional key that is gone", old: #"[{"a": 1, "b": 1}, {"a": 2}]"#, new: #"[{"a": 1}, {"a": 2}]"#),
        Case(
            name: "an optional key still optional", old: #"[{"a": 1, "b": 1}, {"a": 2}]"#,
            new: #"[{"a": 1}, {"a": 2, "b": 5}]"#),
        Case(
            name: "a new key in some objects", old: #"[{"a": 1}, {"a": 2}]"#,
            new: #"[{"a": 1}, {"a": 2, "z": null}, {"a": 3, "z": "x"}]"#),
        Case(
            name: "a key respelled everywhere", old: #"[{"userId": 1}, {"userId": 2}]"#,
            new: #"[{"user_id": 1}, {"user_id": 2}]"#),
        Case(
            name: "a key respelled in some objects, two ways",
            old: #"[{"userId": 1, "n": 1}, {"userId": 2, "n": 2}, {"userId": 3, "n": 3}]"#,
            new: #"[{"user_id": 1, "n": 1}, {"userId": 2, "n": 2}, {"UserID": "3", "n": 3}, {"n": 4}]"#),
        Case(
            name: "a respelled key whose values changed type", old: #"{"created_at": "2026-01-10T09:30:00Z"}"#,
            new: #"{"createdAt": 1768037400}"#),
        Case(name: "a repeated key", old: #"{"a": 1, "a": "x", "b": 1}"#, new: #"{"a": 2, "b": 1, "b": 2}"#),
        Case(
            name: "keys that read alike in Unicode", old: "{\"caf\u{E9}\": 1, \"x\\u00e9\": \"\u{E9}\"}",
            new: "{\"cafe\u{301}\": 2, \"x\u{E9}\": \"e\u{301}\"}"),
        Case(
            name: "keys that need quoting in a path", old: #"{"a.b": 1, "c[0]": {"d": 1}, "": 1}"#,
            new: #"{"a.b": "1", "c[0]": {"d": null}, "": [1]}"#),
        // Types.
        Case(
            name: "scalars that changed type", old: #"{"n": 1, "s": "x", "b": true, "f": 1.5}"#,
            new: #"{"n": "1", "s": 2, "b": "yes", "f": false}"#),
        Case(
            name: "integers and fractions", old: #"{"i": 1, "f": 1.5, "e": 1e3, "x": 2}"#,
            new: #"{"i": 1.0, "f": 2, "e": 1000, "x": -2E-1}"#),
        Case(name: "a top-level scalar", old: #"1"#, new: #""1""#),
        Case(name: "a top-level null", old: #""x""#, new: #"null"#),
        Case(name: "a top-level array of scalars", old: #"[1, 2, 3]"#, new: #"[1, "2", 3.5, null]"#),
        Case(name: "mixed kinds on both sides", old: #"[1, "a", null, true]"#, new: #"["b", 1.5, false, {}, []]"#),
        // Containers.
        Case(name: "an object that became an array", old: #"{"owner": {"a": 1}}"#, new: #"{"owner": [{"a": 1}]}"#),
        Case(name: "an array that became an object", old: #"{"items": [1]}"#, new: #"{"items": {"a": 1}}"#),
        Case(
            name: "an array that became a collection keyed by id", old: #"{"data": {"items": [{"id": "1", "a": 1}]}}"#,
            new: #"{"data": {"items": {"1": {"a": 1}, "2": {"a": 2}}}}"#),
        Case(
            name: "a keyed collection whose entries send id", old: #"{"groups": [{"items": [{"id": 1}]}]}"#,
            new: #"{"groups": [{"items": {"u1": {"id": 1}, "u2": {"id": 2}}}]}"#),
        Case(
            name: "a keyed collection under a key a transform cannot name", old: #"{"a.b": [{"x": 1}]}"#,
            new: #"{"a.b": {"k1": {"x": 1}}}"#),
        Case(
            name: "array elements whose shape changed",
            old: #"{"items": [{"id": 1, "tags": ["a"], "dims": {"w": 1}}, {"id": 2, "tags": [], "dims": {"w": 2}}]}"#,
            new:
                #"{"items": [{"id": 1, "tags": [1], "dims": {"w": "1"}}, {"id": "2", "dims": {"w": 2, "h": 1}}, {"id": 3, "tags": null, "dims": null}]}"#
        ),
        Case(name: "arrays of arrays", old: #"[[1, 2], [3], []]"#, new: #"[[1, "x"], [], [[4]]]"#),
        Case(
            name: "empty containers", old: #"{"a": {}, "b": [], "c": {"x": 1}}"#,
            new: #"{"a": {"x": 1}, "b": [1], "c": {}}"#),
        Case(name: "empty arrays on both sides", old: #"[]"#, new: #"[]"#),
        Case(
            name: "deep nesting",
            old: #"{"a": {"b": {"c": {"d": [{"e": {"f": [1, 2]}}]}}}}"#,
            new: #"{"a": {"b": {"c": {"d": [{"e": {"f": [1, "2"], "g": 1}}, {"e": {}}]}}}}"#),
        // Nulls.
        Case(
            name: "values that became null", old: #"{"a": 1, "b": null, "c": null, "d": {"x": 1}}"#,
            new: #"{"a": null, "b": 2, "c": null, "d": null}"#),
        Case(
            name: "nulls in some elements", old: #"[{"a": 1}, {"a": 2}]"#,
            new: #"[{"a": null}, {"a": 2}, {"a": null}, null]"#),
        Case(
            name: "a place that was only null", old: #"{"a": null, "b": [null]}"#, new: #"{"a": {"x": 1}, "b": ["x"]}"#),
        // Collections keyed by id.
        Case(
            name: "collections keyed by id compare their entries",
            old: #"{"u1": {"name": "Ada", "role": "admin"}, "u2": {"name": "Grace", "role": "tester"}}"#,
            new: #"{"u2": {"name": "Grace", "role": "tester"}, "u3": {"name": "Alan", "role": 3, "age": 41}}"#),
        Case(
            name: "a keyed collection that is no longer one",
            old: #"{"u1": {"name": "Ada"}, "u2": {"name": "Grace"}}"#, new: #"{"u1": {"name": "Ada"}, "title": "x"}"#),
        Case(
            name: "a keyed collection that became empty", old: #"{"users": {"u1": {"name": "Ada"}}}"#,
            new: #"{"users": {}}"#),
        Case(
            name: "a collection keyed by long ids",
            old: #"{"-Nf3xAbCdEfGhIjKl": {"v": 1}, "-Nf3xZyXwVuTsRqPo": {"v": 2}}"#,
            new: #"{"-Nf3xMnOpQrStUvWx": {"v": "3"}}"#),
        Case(
            name: "keyed collections inside array elements",
            old: #"[{"scores": {"101": 1, "102": 2}}, {"scores": {"103": 3}}]"#,
            new: #"[{"scores": {"104": 1.5}}, {"scores": {}}, {"scores": {"105": "x"}}]"#),
        Case(
            name: "numbered names holding scalars are fields, not ids",
            old: #"{"ipv4": "10.0.0.1", "ipv6": "::1", "line1": "1 Main St", "line2": "Flat 2"}"#,
            new: #"{"ipv4": "10.0.0.1", "line1": "1 Main St"}"#),
        Case(
            name: "keyed collection entries of mixed kinds are plain objects",
            old: #"{"a1": 1, "a2": "x"}"#, new: #"{"a1": 1, "a3": "x"}"#),
        // Dates.
        Case(
            name: "dates that changed style",
            old:
                #"{"a": "2026-01-10T09:30:00Z", "b": "2026-01-10", "c": 1763701200, "d": "2026-01-10T09:30:00Z", "e": "text", "f": 1763701200000}"#,
            new:
                #"{"a": "2026-01-10T09:30:00.250Z", "b": "soon", "c": 1763701200000, "d": 1768037400, "e": "2026-01-10", "f": 1763701200}"#
        ),
        Case(
            name: "dates written other ways",
            old:
                #"{"a": "2026-01-10T09:30:00Z", "b": "Sat, 21 Nov 2026 03:00:00 GMT", "c": "10/01/2026", "d": "2026-01-10 09:30:00", "e": 12}"#,
            new:
                #"{"a": "2026-01-10T10:30:00+01:00", "b": "2026-11-21T03:00:00Z", "c": "21 Nov 2026 03:00:00 +0000", "d": "10/01/2026", "e": "2026-01-10"}"#
        ),
        Case(
            name: "epoch numbers that are no longer plausible dates", old: #"{"at": [1763701200, 1763701300]}"#,
            new: #"{"at": [1763701200, 12.5, "2026-01-10T09:30:00Z"]}"#),
        // Values.
        Case(
            name: "values that changed at the same path",
            old:
                #"{"s": "a\"b\\c\u0001", "long": "\#(String(repeating: "x", count: 100))", "n": 1.50, "arr": [1, 2, 3], "t": true, "o": {"k": [1]}}"#,
            new:
                #"{"s": "a\"b\\c\u0002", "long": "\#(String(repeating: "y", count: 100))", "n": 1.5, "arr": [3, 2], "t": false, "o": {"k": [1, 2]}}"#
        ),
        Case(
            name: "reordered and extra elements",
            old: #"{"users": [{"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]}"#,
            new: #"{"users": [{"id": 3, "name": "Alan"}, {"id": 1, "name": "Ada"}, {"id": 2, "name": "Grace"}]}"#),
        // Envelopes.
        Case(
            name: "an array moved under an envelope", old: #"[{"id": 1}]"#, new: #"{"data": [{"id": 2}], "count": 1}"#),
        Case(
            name: "an object moved under an envelope", old: #"{"a": 1, "b": "x"}"#,
            new: #"{"result": {"a": 2, "b": "y"}}"#),
        Case(
            name: "no envelope when the shape inside differs", old: #"{"a": 1}"#,
            new: #"{"data": {"a": "1"}, "meta": {"a": 2}}"#),
        Case(
            name: "no envelope beside an old key", old: #"{"a": {"x": 1}}"#,
            new: #"{"a": {"x": 1}, "b": {"a": {"x": 2}}}"#),
        // Paths left out.
        Case(
            name: "ignored paths, generic and concrete",
            old:
                #"{"users": [{"id": 1, "at": "2026-01-10T09:30:00Z", "n": 1}, {"id": 2, "at": "2026-01-10T09:30:00Z", "n": 2}]}"#,
            new: #"{"users": [{"id": "1", "at": 1768037400, "n": 5}, {"id": "2", "at": 1768037400, "n": 2, "x": 1}]}"#,
            ignore: ["$.users[*].at", "$.users[0].n", "$.users[1].x"]),
        Case(
            name: "an ignored key that went missing", old: #"{"a": 1, "b": 2, "c": {"d": 1}}"#,
            new: #"{"a": 2, "c": {}}"#,
            ignore: ["$.b", "$.c.d"]),
        Case(name: "ignoring everything", old: #"{"a": 1}"#, new: #"{"a": "1", "b": 2}"#, ignore: ["$"]),
        Case(
            name: "ignoring a keyed collection's entries",
            old: #"{"u1": {"name": "Ada", "role": "admin"}, "u2": {"name": "Grace", "role": "x"}}"#,
            new: #"{"u3": {"name": "Alan", "role": 3}}"#, ignore: ["$.*.role"]),
        Case(
            name: "ignoring array elements", old: #"{"items": [{"a": 1}], "other": [1]}"#,
            new: #"{"items": [{"a": "1"}], "other": ["1"]}"#, ignore: ["$.items[*]"]),
        Case(
            name: "ignoring under an envelope", old: #"[{"id": 1, "at": "x"}]"#,
            new: #"{"data": [{"id": 2, "at": "y"}]}"#,
            ignore: ["$.data[*].at"]),
        // Status, content type and bodies that are not JSON.
        Case(name: "a status that changed", old: #"{"a": 1}"#, new: #"{"error": "down"}"#, newStatus: 503),
        Case(name: "a Content-Type that changed", old: #"{"a": 1}"#, new: #"{"a": 2}"#, newType: "text/json"),
        Case(name: "a Content-Type that went away", old: #"{"a": 1}"#, new: #"{"a": 1}"#, newType: nil),
        Case(name: "a Content-Type that appeared", old: #"{"a": 1}"#, new: #"{"a": 1}"#, oldType: nil),
    ]

    /// A recording file with `body` written in as it stands (so key order, spelling and repeats are kept).
    func write(_ body: String, status: Int, type: String?, to path: String) throws {
        let headers = type.map { #"{"Content-Type": "\#($0)"}"# } ?? "{}"
        let text = """
            {"format": "contract-recording/1", "endpoint": "users/list-users",
             "request": {"method": "GET", "url": "https://staging.example.com/users"},
             "response": {"status": \(status), "headers": \(headers), "body": \(body)}}
            """
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func everyCaseRendersAsBefore() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var out = ""
        for item in Self.cases {
            try write(item.old, status: item.oldStatus, type: item.oldType, to: folder + "/old.json")
            try write(item.new, status: item.newStatus, type: item.newType, to: folder + "/new.json")
            let diff = RecordingDiff(
                old: try Recording.readInPlace(from: folder + "/old.json"),
                new: try Recording.readInPlace(from: folder + "/new.json"), options: .init(ignoredPaths: item.ignore))
            out += "## \(item.name)\nold: \(item.old)\nnew: \(item.new)\n"
            if !item.ignore.isEmpty { out += "ignore: \(item.ignore.joined(separator: " "))\n" }
            out += "\n" + diff.renderText(old: "old.json", new: "new.json", values: true)
            out += "\n" + diff.renderText(old: "old.json", new: "new.json", values: false)
            out += "\n" + diff.renderJSON(old: "old.json", new: "new.json") + "\n"
        }
        if let mismatch = Golden.mismatch(out, named: "diff/cases.txt") { Issue.record("\(mismatch)") }
    }

    @Test func aBodyBuiltInMemoryDiffsAsTheSameBodyReadFromAFile() throws {
        let folder = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for item in Self.cases where item.oldStatus == item.newStatus {
            try write(item.old, status: item.oldStatus, type: item.oldType, to: folder + "/old.json")
            try write(item.new, status: item.newStatus, type: item.newType, to: folder + "/new.json")
            let options = RecordingDiff.Options(ignoredPaths: item.ignore)
            let onTape = RecordingDiff(
                old: try Recording.readInPlace(from: folder + "/old.json"),
                new: try Recording.readInPlace(from: folder + "/new.json"), options: options)
            let built = RecordingDiff(
                old: try Recording.read(from: folder + "/old.json"),
                new: try Recording.read(from: folder + "/new.json"),
                options: options)
            #expect(
                built.renderJSON(old: "a", new: "b") == onTape.renderJSON(old: "a", new: "b"), "case '\(item.name)'")
        }
    }
}
