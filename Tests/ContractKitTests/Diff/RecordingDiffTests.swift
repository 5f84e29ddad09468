import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct RecordingDiffTests {
    func recording(_ body: String, status: Int = 200, contentType: String = "application/json") -> Recording {
        Recording(
            endpoint: "users/list-users", request: .init(method: "GET", url: "https://staging.example.com/users"),
            response: .init(
                status: status, headers: [.init(name: "Content-Type", value: contentType)],
                body: .json(TestSuites.json(body))))
    }

    func lines(_ old: String, _ new: String, ignoring: [String] = []) -> [String] {
        let diff = RecordingDiff(old: recording(old), new: recording(new), options: .init(ignoredPaths: ignoring))
        return diff.findings.map {
            "\($0.kind) \($0.path?.description ?? "-")" + ($0.occurrences > 1 ? " x\($0.occurrences)" : "")
        }
    }

    @Test func aBodyMovedUnderAnEnvelopeIsOneFindingWithItsUnwrap() throws {
        #expect(lines(users, #"{"data": \#(users)}"#) == ["unexpected-envelope $.data"])
        let diff = RecordingDiff(
            old: recording(#"[{"id": 1}]"#), new: recording(#"{"objects": [{"id": 2}], "count": 1}"#))
        let finding = try #require(diff.findings.first)
        #expect(diff.findings.count == 1 && finding.kind == .unexpectedEnvelope && finding.severity == .breaking)
        #expect(finding.hint?.hasPrefix("if the app should read it there, add `- unwrap: objects`") == true)
        #expect(diff.valueChanges.map(\.path.description) == ["$.objects[0].id"])
        // A new object that merely has an old body's shape inside, beside the old keys, is no envelope.
        #expect(
            !lines(#"{"a": {"x": 1}}"#, #"{"a": {"x": 1}, "b": {"a": {"x": 2}}}"#).contains {
                $0.hasPrefix("unexpected-envelope")
            })
    }

    /// `--ignore '$'` leaves the whole body out, shape changes too; a glob naming one element leaves out a change
    /// found only there, and keeps one found in other elements as well.
    @Test func anIgnoredPathLeavesOutTheShapeChangesFoundOnlyThere() {
        #expect(lines(#"[{"a": 1}]"#, #"[{"a": "x"}]"#, ignoring: ["$"]).isEmpty)
        #expect(lines("1", #""x""#, ignoring: ["$"]).isEmpty)
        #expect(lines(#"{"a": 1}"#, #"[1]"#, ignoring: ["$"]).isEmpty)
        #expect(lines(#"[{"a": 1}]"#, #"[{"a": "x"}]"#, ignoring: ["$[0]"]).isEmpty)
        #expect(lines(#"[{"a": 1}, {"a": 2}]"#, #"[{"a": 1}, {"a": "x"}]"#, ignoring: ["$[1]"]).isEmpty)
        #expect(
            lines(#"[{"a": 1}, {"a": 2}]"#, #"[{"a": 1}, {"a": "x"}]"#, ignoring: ["$[0]"]) == ["type-mismatch $[1].a"])
        #expect(
            lines(#"[{"a": 1}, {"a": 2}]"#, #"[{"a": "x"}, {"a": "y"}]"#, ignoring: ["$[0]"]) == [
                "type-mismatch $[0].a x2"
            ])
    }

    /// An envelope is found among many members that are objects without comparing each in full (a body of 3,000
    /// such members took 20 s), and of two members of one name the last is the one tried, as a look-up reads it.
    @Test func anEnvelopeIsFoundAmongManyObjectsAndIsTheLastOfItsName() throws {
        let old = #"{"a": 1, "b": "x"}"#
        let decoys = (0..<3_000).map { #""k\#($0)": {"a": 1, "c": "x"}"# }.joined(separator: ", ")
        #expect(lines(old, "{\(decoys), \"data\": \(old)}") == ["unexpected-envelope $.data"])
        // The first `data` has the old shape, the last does not: no envelope, and the type change is not hidden.
        let twice = #"{"data": {"a": 1, "b": "x"}, "data": {"a": "1", "b": "x"}}"#
        #expect(!lines(old, twice).contains { $0.hasPrefix("unexpected-envelope") })
        // Past the first 64 members that could hold it, none is tried: a body of thousands of arrays costs no
        // comparison of each with the old body.
        let behind = { (count: Int) in
            (0..<count).map { #""k\#($0)": [{"a": "x"}], "# }.joined() + #""data": [{"a": 2}]"#
        }
        let limit = ContractKit.ShapeComparison.envelopeCandidates
        #expect(lines(#"[{"a": 1}]"#, "{\(behind(limit - 1))}") == ["unexpected-envelope $.data"])
        #expect(!lines(#"[{"a": 1}]"#, "{\(behind(limit))}").contains { $0.hasPrefix("unexpected-envelope") })
        // An old body keyed by id is compared by its entries, not its keys: an envelope of other ids is found.
        #expect(
            lines(#"{"u1": {"a": 1}, "u2": {"a": 2}}"#, #"{"data": {"u3": {"a": 3}}}"#) == [
                "unexpected-envelope $.data"
            ])
        #expect(lines(#"{"1": 5, "2": 6}"#, #"{"data": {"3": 7, "4": 8}}"#) == ["unexpected-envelope $.data"])
        // A glob on the envelope's key leaves its values out, not the envelope.
        #expect(lines(old, #"{"data": \#(old)}"#, ignoring: ["$.data"]) == ["unexpected-envelope $.data"])
        let first = RecordingDiff(
            old: recording(old), new: recording(#"{"data": {"a": "1", "b": "x"}, "data": \#(old)}"#))
        #expect(first.findings.map(\.kind) == [.unexpectedEnvelope])
        #expect(first.valueChanges.isEmpty)
    }

    /// Thousands of objects, each with keys of its own, are compared by their groups of keys without a scan of every
    /// group for each key (20,000 such objects took 13 s): what is found is as for a few.
    @Test func manyGroupsOfKeysAreComparedKeyByKey() throws {
        let count = 5_000
        let old = "[" + (0..<count).map { #"{"name\#($0)x": 1}"# }.joined(separator: ", ") + "]"
        #expect(lines(old, old).isEmpty)
        // Every other object spells its key another way; the last object lacks its key.
        let new =
            "["
            + (0..<count).map { index in
                index == count - 1 ? "{}" : index % 2 == 0 ? #"{"name\#(index)x": 1}"# : #"{"Name\#(index)X": 1}"#
            }.joined(separator: ", ") + "]"
        let found = lines(old, new)
        #expect(found.filter { $0.hasPrefix("key-case-changed") }.count == count / 2 - 1)
        #expect(found.contains("key-case-changed $[1].Name1X"))
        // Its key is gone from the new body: the one key missing, from every object, the first of them named.
        #expect(found.filter { $0.hasPrefix("missing-key") } == ["missing-key $[0].name\(count - 1)x x\(count)"])
    }

    /// A key spelled many ways in the new body has the values of its first 16 spellings (in order of their text)
    /// compared with the old key's, so that thousands of old keys sharing one spelling with thousands of new ones
    /// (a body made to hang the diff: 2,000 by 2,000 took 5.4 s) are not millions of comparisons.
    @Test func aKeySpelledManyWaysHasItsFirstSpellingsCompared() {
        let spellings = (0..<20).map { index in
            String(
                "userid".enumerated().map {
                    $0.offset < 5 && index >> $0.offset & 1 == 1 ? Character($0.element.uppercased()) : $0.element
                })
        }
        let least = spellings.sorted()
        #expect(ContractKit.ShapeComparison.least(16, of: Set(spellings)) == Array(least.prefix(16)))
        #expect(ContractKit.ShapeComparison.least(30, of: Set(spellings)) == least)
        #expect(ContractKit.ShapeComparison.least(1, of: ["b", "a", "c"]) == ["a"])
        let old = #"[{"user_id": 1}]"#
        // The first spelling's values changed type, and so did the last's, which is past the first 16.
        let new =
            "["
            + spellings.map { #"{"\#($0)": \#($0 == least[0] || $0 == least[19] ? "\"x\"" : "1")}"# }
            .joined(separator: ", ") + "]"
        let found = lines(old, new)
        #expect(found.filter { $0.hasPrefix("key-case-changed") }.count == 1)
        #expect(
            found.filter { $0.hasPrefix("type-mismatch") }.map { $0.split(separator: ".").last } == [
                Substring(least[0])
            ])
    }

    let users = """
        {"users": [{"id": 1, "name": "Ada", "email": "ada@example.com", "createdAt": "2026-01-10T09:30:00Z", "score": 1.5},
                   {"id": 2, "name": "Grace", "email": null, "createdAt": "2026-02-14T18:05:12Z", "score": 2}]}
        """

    /// An object of many keys (a catalogue keyed by name, not by id) is compared key by key, each spelling of the
    /// new object looked up once: renamed, removed and added keys among 3,000 are each found, and the rest not.
    @Test func anObjectOfManyKeysIsComparedKeyByKey() {
        // Words, not numbered keys (`field_1` would read as an id, and the object as a collection keyed by it).
        func word(_ index: Int) -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return "\(letters[index / 676])\(letters[index / 26 % 26])\(letters[index % 26])"
        }
        func object(_ key: (Int) -> String) -> String {
            "{" + (0..<3000).map { #""\#(key($0))": \#($0)"# }.joined(separator: ", ") + "}"
        }
        let old = object { "field_\(word($0))" }
        let new = object { index in
            switch index {
            case 7: return "field\(word(index).uppercased())"  // respelled
            case 2999: return "added_\(word(index))"  // removed, and another added
            default: return "field_\(word(index))"
            }
        }
        #expect(
            Set(lines(old, new)) == [
                "key-case-changed $.fieldAAH", "missing-key $.field_elj", "extra-key $.added_elj",
            ], "\(lines(old, new))")
        #expect(lines(old, old).isEmpty)
    }

    /// A finding's path through a large container is found by a search of where its members start (a finding in
    /// each of 80,000 elements took 7 s when each path passed over the elements before it), and names the same
    /// element and key as a scan would, in arrays and objects, at the first member, the last and between.
    @Test func pathsThroughLargeContainersNameTheRightMember() {
        let count = 100
        // Member names of letters only, so that the object does not read as a collection keyed by id.
        let name = { (index: Int) in
            "f" + String(UnicodeScalar(97 + index / 26)!) + String(UnicodeScalar(97 + index % 26)!)
        }
        for index in [0, 1, 31, 32, 33, 70, count - 1] {
            let old = (0..<count).map { _ in #"{"m": {"v": 1}}"# }.joined(separator: ", ")
            let new = (0..<count).map { $0 == index ? #"{"m": {"v": "x"}}"# : #"{"m": {"v": 1}}"# }
                .joined(separator: ", ")
            #expect(lines("[\(old)]", "[\(new)]") == ["type-mismatch $[\(index)].m.v"])
            let numbers = (0..<count).map { $0 == index ? #""x""# : "1" }.joined(separator: ", ")
            #expect(
                lines("[\(Array(repeating: "1", count: count).joined(separator: ", "))]", "[\(numbers)]") == [
                    "type-mismatch $[\(index)]"
                ])
            let oldObject = (0..<count).map { #""\#(name($0))": {"v": 1}"# }.joined(separator: ", ")
            let newObject = (0..<count).map { #""\#(name($0))": {"v": \#($0 == index ? "\"x\"" : "1")}"# }
                .joined(separator: ", ")
            #expect(lines("{\(oldObject)}", "{\(newObject)}") == ["type-mismatch $.\(name(index)).v"])
        }
        // Many findings, one in each element, each with its own path.
        let old = (0..<2_000).map { #"{"k\#($0)": 1}"# }.joined(separator: ", ")
        let new = (0..<2_000).map { #"{"k\#($0)": "x"}"# }.joined(separator: ", ")
        let found = lines("[\(old)]", "[\(new)]")
        #expect(found.count == 2_000)
        #expect(found.first == "type-mismatch $[0].k0" && found.last == "type-mismatch $[1999].k1999")
    }

    @Test func changedValuesAndReorderedOrExtraElementsAreNotDrift() {
        let new = """
            {"users": [{"id": 3, "name": "Alan", "email": "alan@example.com", "createdAt": "2026-03-01T00:00:00+01:00", "score": 7},
                       {"id": 1, "name": "Ada L.", "email": null, "createdAt": "2026-01-10T09:30:00Z", "score": 1.25},
                       {"id": 2, "name": "Grace", "email": "g@example.com", "createdAt": "2026-02-14T18:05:12Z", "score": 3}]}
            """
        let diff = RecordingDiff(old: recording(users), new: recording(new))
        #expect(diff.findings.isEmpty)
        #expect(!diff.shapeChanged)
        #expect(
            diff.valueChanges.map { "\($0.path) \($0.old) → \($0.new)" }.prefix(3) == [
                "$.users 2 elements → 3 elements", "$.users[0].id 1 → 3", "$.users[0].name \"Ada\" → \"Alan\"",
            ])
    }

    @Test func everyKindOfShapeChangeIsClassified() {
        let new = """
            {"users": [{"id": "1", "name": "Ada", "created_at": "2026-01-10T09:30:00Z", "score": 1.5, "pinned": true},
                       {"id": "2", "name": null, "email": null, "createdAt": 1771092312000, "score": 2}]}
            """
        #expect(
            lines(users, new) == [
                "type-mismatch $.users[0].id x2",
                "null-value $.users[1].name",
                "missing-key $.users[0].email",
                "key-case-changed $.users[0].created_at",
                "date-format-mismatch $.users[1].createdAt",
                "extra-key $.users[0].pinned",
            ])
    }

    @Test func ignoredPathsAreLeftOutWithEverythingUnderThem() {
        let new = """
            {"users": [{"id": "1", "name": "Ada", "email": "a@x", "createdAt": 1771092312000, "score": 1.5},
                       {"id": "2", "name": "Grace", "email": null, "createdAt": 1771092312000, "score": 2}]}
            """
        #expect(lines(users, new, ignoring: ["$.users[*].createdAt", "$.users[*].id"]).isEmpty)
        #expect(lines(users, new, ignoring: ["$.users"]).isEmpty)
        #expect(lines(users, new, ignoring: ["$.users[*].id"]) == ["date-format-mismatch $.users[0].createdAt x2"])
        let diff = RecordingDiff(
            old: recording(users), new: recording(new), options: .init(ignoredPaths: ["$.users[*].name"]))
        #expect(!diff.valueChanges.contains { $0.path.description.hasSuffix(".name") })
    }

    @Test func containersThatSwapAreOneFinding() {
        #expect(
            lines(#"{"items": [{"a": 1}]}"#, #"{"items": {"1": {"a": 1}, "2": {"a": 2}}}"#) == [
                "object-instead-of-array $.items"
            ])
        #expect(lines(#"{"owner": {"a": 1}}"#, #"{"owner": [{"a": 1}]}"#) == ["array-instead-of-object $.owner"])
    }

    @Test func aKeyedCollectionGetsAKeyedToArrayWithItsPlaceAndAKeyThatOverwritesNothing() throws {
        func hint(_ old: String, _ new: String) throws -> String {
            let diff = RecordingDiff(old: recording(old), new: recording(new))
            return try #require(diff.findings.first { $0.kind == .objectInsteadOfArray }?.hint)
        }
        // The elements had 'id' and the entries lack it: the entries' keys fill it, at the collection's place.
        #expect(
            try hint(
                #"{"data": {"items": [{"id": "1", "a": 1}]}}"#, #"{"data": {"items": {"1": {"a": 1}, "2": {"a": 2}}}}"#)
                == "add `- keyedToArray: { key: id, at: data.items }` to the endpoint's transforms to read it as an array again"
        )
        // The entries still send 'id': keyedToArray must not overwrite it.
        let kept = try hint(
            #"{"groups": [{"items": [{"id": 1}]}]}"#, #"{"groups": [{"items": {"u1": {"id": 1}, "u2": {"id": 2}}}]}"#)
        #expect(kept.hasPrefix("add `- keyedToArray: { key: key, at: groups[].items }`"), "\(kept)")
        #expect(kept.contains("not 'id': the entries already send 'id'"), "\(kept)")
    }

    @Test func collectionsKeyedByIdCompareTheirEntriesNotTheirIds() {
        let old = #"{"u1": {"name": "Ada", "role": "admin"}, "u2": {"name": "Grace", "role": "tester"}}"#
        let new = #"{"u2": {"name": "Grace", "role": "tester"}, "u3": {"name": "Alan", "role": 3}}"#
        #expect(lines(old, new) == ["type-mismatch $.u3.role"])
        #expect(lines(old, new, ignoring: ["$.*.role"]).isEmpty)
    }

    @Test func datesChangingStyleOrUnitAreDateFormatMismatches() {
        #expect(
            lines(#"{"at": "2026-01-10T09:30:00Z"}"#, #"{"at": "2026-01-10T09:30:00.250Z"}"#) == [
                "date-format-mismatch $.at"
            ])
        #expect(lines(#"{"at": "2026-01-10T09:30:00Z"}"#, #"{"at": "2026-01-10T10:30:00+01:00"}"#).isEmpty)
        #expect(lines(#"{"at": 1763701200}"#, #"{"at": 1763701200000}"#) == ["date-format-mismatch $.at"])
        #expect(lines(#"{"at": "2026-01-10"}"#, #"{"at": "soon"}"#) == ["date-format-mismatch $.at"])
        #expect(lines(#"{"count": 12}"#, #"{"count": 12000}"#).isEmpty)
        #expect(lines(#"{"count": 12}"#, #"{"count": 12.5}"#) == ["type-mismatch $.count"])
        #expect(lines(#"{"price": 12.5}"#, #"{"price": 12}"#).isEmpty)
    }

    @Test func statusContentTypeAndBodyKindChanges() {
        let old = recording(users)
        var error = recording(#"{"error": "down"}"#, status: 503)
        var diff = RecordingDiff(old: old, new: error)
        #expect(diff.findings.map(\.kind) == [.statusMismatch])
        #expect(diff.notes == ["bodies not compared: the status changed, so they answer different outcomes"])
        error = recording(users, contentType: "text/json")
        diff = RecordingDiff(old: old, new: error)
        #expect(diff.findings.map(\.kind) == [.contentTypeMismatch] && diff.findings[0].severity == .warning)
        var html = recording(users, contentType: "text/html")
        html.response.body = .text("<html>maintenance</html>")
        diff = RecordingDiff(old: old, new: html)
        #expect(diff.findings.map(\.kind) == [.contentTypeMismatch, .bodyNotJSON])
    }

    @Test func aContentTypeThatWentAwayIsAChange() {
        // It passed silently: only two different Content-Type headers were compared.
        var none = recording(users)
        none.response.headers = []
        let gone = RecordingDiff(old: recording(users), new: none)
        #expect(gone.findings.map(\.kind) == [.contentTypeMismatch])
        #expect(gone.findings.first?.severity == .warning)
        #expect(gone.findings.first?.actual == "no Content-Type header")
        #expect(gone.findings.first?.message == "the Content-Type was 'application/json' and the new response has none")
        none.response.body = .text("down")
        #expect(RecordingDiff(old: recording(users), new: none).findings.first?.severity == .breaking)
        // One that appears breaks nothing.
        var old = recording(users)
        old.response.headers = []
        #expect(RecordingDiff(old: old, new: recording(users)).findings.isEmpty)
    }

    @Test func renderedAsTextAndJSON() {
        let new =
            #"{"users": [{"id": 1, "name": "Ada", "email": "a@x", "createdAt": "2026-01-10T09:30:00Z", "score": 1.5, "vip": true}]}"#
        let diff = RecordingDiff(old: recording(users), new: recording(new))
        let text = diff.renderText(old: "old.json", new: "new.json", values: true)
        #expect(
            text == """
                contract diff old.json → new.json
                info     extra-key  at $.users[0].vip
                    'vip' is new
                    old      no key 'vip'
                    new      boolean
                    fix      additive: nothing breaks until the app reads it; add it to the spec when it does
                values that changed at the same path:
                  $.users  2 elements → 1 element
                  $.users[0].email  "ada@example.com" → "a@x"

                shape changed: 1 change (0 breaking, 0 warnings, 1 info) · 2 values changed

                """)
        let json = TestSuites.json(diff.renderJSON(old: "old.json", new: "new.json"))
        #expect(json.objectValue?["shapeChanged"] == .bool(true))
        #expect(json.objectValue?["findings"]?.arrayValue?.first?.objectValue?["kind"] == .string("extra-key"))
    }

    @Test func textEscapesNonPrintablesFromTheBodies() {
        // A key holding ESC [2J cleared the reader's terminal; a value holding U+2028 broke the line.
        let old = #"{"name": "Ada", "note": "x"}"#
        let new = #"{"name": "Ada\u2028Lovelace", "note": "\u009b31m", "k\u001b[2J\u202e": 1}"#
        let text = RecordingDiff(old: recording(old), new: recording(new)).renderText(
            old: "old.json", new: "new.json", values: true)
        #expect(NonPrintableFinding.unescaped(in: text).isEmpty)
        #expect(text.contains(#"info     extra-key  at $["k\u{1B}[2J\u{202E}"]"#))
        #expect(text.contains(#"    'k\u{1B}[2J\u{202E}' is new"#))
        #expect(text.contains(#"  $.name  "Ada" → "Ada\u{2028}Lovelace""#))
    }

    @Test func aDiffThatOnlyCountsValuesCountsAsManyAsItWouldList() {
        let new =
            #"{"users": [{"id": 3, "name": "Alan", "email": null, "createdAt": "2026-01-10T09:30:00Z", "score": 1}]}"#
        let listed = RecordingDiff(old: recording(users), new: recording(new))
        let counted = RecordingDiff(old: recording(users), new: recording(new), options: .init(listsValues: false))
        #expect(listed.valueChanges.count == 5 && listed.valueChangeCount == 5)
        #expect(counted.valueChanges.isEmpty && counted.valueChangeCount == 5)
        #expect(
            counted.renderText(old: "a", new: "b", values: false)
                == listed.renderText(old: "a", new: "b", values: false))
    }

    /// Half a surrogate pair decodes as U+FFFD, so strings that differ only in which half they escape, or in half a
    /// pair against a real U+FFFD, read the same as trees; on the tape they are told apart, and shown as they were
    /// escaped. The same text spelled with other escapes (`\u00e9` and `\u00E9`, a whole pair in either case) is
    /// no change. Both walks (the one pass, and the separate one taken when a path is ignored) agree.
    @Test func stringsThatEscapeDifferentHalvesOfAPairAreAChange() throws {
        func recording(_ body: String) throws -> Recording {
            let text =
                #"{"format": "contract-recording/1", "endpoint": "a/b", "request": {"method": "GET", "url": "/b"}, "response": {"status": 200, "body": \#(body)}}"#
            return try Recording.read(document: JSONParser().parseDocument(Array(text.utf8)), path: "r.json")
        }
        let old = try recording(#"{"a": "x\ud800y", "b": "\ud800", "c": "\u00e9", "d": "\ud83d\ude00", "e": "\udc00"}"#)
        let new = try recording(#"{"a": "x\ud801y", "b": "\ufffd", "c": "\u00E9", "d": "\uD83D\uDE00", "e": "\udc00"}"#)
        let expected = [#"$.a "x\ud800y" → "x\ud801y""#, #"$.b "\ud800" → "\#u{FFFD}""#]
        let diff = RecordingDiff(old: old, new: new)
        #expect(diff.valueChanges.map { "\($0.path) \($0.old) → \($0.new)" } == expected)
        let walked = RecordingDiff(old: old, new: new, options: .init(ignoredPaths: ["$.nowhere"]))
        #expect(walked.valueChanges == diff.valueChanges)
    }

    /// Two long arrays have their later elements' values compared on the old body's thread: the changes come in
    /// body order, and are the ones the separate walk (taken when a path is ignored) finds.
    @Test func theValuesOfLongArraysAreComparedInTwoHalvesInBodyOrder() {
        func users(_ count: Int, changing changed: Set<Int>) -> String {
            let elements = (0..<count).map { index in
                let name = changed.contains(index) ? "B\(index)" : "A\(index)"
                let tags = changed.contains(index) ? "[1, 2]" : "[1]"
                return #"{"id": \#(index), "name": "\#(name)", "tags": \#(tags), "geo": {"lat": \#(index % 7)}}"#
            }
            return "[" + elements.joined(separator: ", ") + "]"
        }
        let changed: Set<Int> = [0, 5, 1499, 1500, 1501, 2999]
        let old = recording(users(3000, changing: []))
        let new = recording(users(3001, changing: changed))
        let diff = RecordingDiff(old: old, new: new)
        let walked = RecordingDiff(old: old, new: new, options: .init(ignoredPaths: ["$.nowhere"]))
        let expected =
            ["$ 3000 elements → 3001 elements"]
            + changed.sorted().flatMap { index in
                [#"$[\#(index)].name "A\#(index)" → "B\#(index)""#, "$[\(index)].tags 1 element → 2 elements"]
            }
        #expect(diff.valueChanges.map { "\($0.path) \($0.old) → \($0.new)" } == expected)
        #expect(diff.valueChangeCount == expected.count)
        #expect(diff.valueChanges == walked.valueChanges && diff.findings.isEmpty)
        let counted = RecordingDiff(old: old, new: new, options: .init(listsValues: false))
        #expect(counted.valueChangeCount == expected.count && counted.valueChanges.isEmpty)
    }
}
