import Foundation
import Testing

@testable import ContractKit

/// A received JSON body is redacted from its indented text when no secret shows in that text, and from its tape when
/// one may: the file is the bytes a tree of its values redacted gives either way, whatever escapes the server used,
/// but for half a surrogate pair with no secret showing through it, which keeps its escape where the tree has U+FFFD.
struct RedactedBodyTests {
    typealias Generator = JSONParserPropertyTests.SeededGenerator

    static let secrets = [
        "tok-3f9a8b7c6d", #"ab"cd1234"#, #"pa\ss/word9"#, "12345678", "Zz9_x", "é-secret-42", "line\nbreak",
        // Too short to be searched for in text: only a whole number spelled as one is redacted.
        "50", "en",
    ]

    /// The file the recorder writes for `text`, and the file the tree of its values redacted gives.
    static func files(_ text: [UInt8], secrets: [String], paths: [String] = []) throws -> (
        written: String, tree: String, fast: Bool
    ) {
        let redactor = Redactor(secrets: secrets, bodyPaths: try paths.map { try RedactionPath(parsing: $0) })
        let body = Recording.Body.redacted(received: Data(text), contentType: "application/json", by: redactor)
        let tree = Recording.Body.json(redactor.redactBody(try JSONParser().parse(text)))
        var fast = false
        if case .indexed? = body { fast = true }
        return (
            String(decoding: RecordingReceivedBodyTests.recording(body).encodedBytes(), as: UTF8.self),
            String(decoding: RecordingReceivedBodyTests.recording(tree).encodedBytes(), as: UTF8.self), fast
        )
    }

    /// Ways a server may put `secret` into a JSON string's text.
    static func spellings(of secret: String, _ random: inout Generator) -> [String] {
        func escaped(_ text: String) -> String {
            text.unicodeScalars.map { scalar -> String in
                switch scalar {
                case "\"": return #"\""#
                case "\\": return #"\\"#
                case "\n": return #"\n"#
                case "/": return #"\/"#
                default: return String(scalar)
                }
            }.joined()
        }
        let units = Array(secret.utf16)
        let all = units.map { String(format: "\\u%04x", $0) }.joined()
        let one = Int.random(in: 0..<units.count, using: &random)
        let mixed = units.enumerated().map { index, unit in
            index == one ? String(format: "\\u%04X", unit) : escaped(String(utf16CodeUnits: [unit], count: 1))
        }.joined()
        let base64 = Data(("xy" + secret).utf8).base64EncodedString()
        // The escaped spelling as text: a backslash, then `u0074`..., which a redactor looking for it finds.
        let literalEscapes = all.replacingOccurrences(of: "\\", with: "\\\\")
        return [escaped(secret), all, mixed, base64, literalEscapes, "Bearer " + escaped(secret)]
    }

    @Test(arguments: secrets)
    func eachSpellingIsRedactedAsTheTreeIs(secret: String) throws {
        var random = Generator(state: 41)
        for spelling in Self.spellings(of: secret, &random) {
            for text in [
                #"{"caf\u00e9": "\#(spelling)", "n": [1, "x\/y"]}"#, #"[{"\#(spelling)": 0}]"#,
                #"{"a": "before \#(spelling) after", "b": "\u00e9"}"#,
            ] {
                let files = try Self.files(Array(text.utf8), secrets: [secret])
                #expect(files.written == files.tree, "\(text)")
                // Scrubbed on the body's tape, not through a tree of its values.
                #expect(files.fast)
            }
        }
        // As a whole number, where a secret could be one.
        let number = try Self.files(Array(#"{"id": 12345678, "s": "\u00e9"}"#.utf8), secrets: [secret])
        #expect(number.written == number.tree)
    }

    /// The usual case: a token in the run, none of it in a body full of escapes. The body stays on the fast path.
    @Test func aBodyWithEscapesAndNoSecretIsWrittenFromItsIndentedText() throws {
        let text = #"[{"name": "Jos\u00e9", "url": "https:\/\/example.com\/a", "note": "line\nbreak", "id": 7}]"#
        let files = try Self.files(Array(text.utf8), secrets: ["tok-3f9a8b7c6d", "12345678"])
        #expect(files.fast)
        #expect(files.written == files.tree)
    }

    @Test(arguments: 0..<4)
    func randomBodiesWithSecretsInThemAreRedactedAsTheTreeIs(batch: Int) throws {
        var random = Generator(state: 7_000 + UInt64(batch))
        for _ in 0..<150 {
            let secret = Self.secrets.randomElement(using: &random)!
            let spellings = Self.spellings(of: secret, &random)
            var members: [String] = []
            for index in 0..<Int.random(in: 1...8, using: &random) {
                let filler = [#"plain"#, #"caf\u00e9"#, #"a\/b"#, #"tab\there"#, #"q\"uote"#, ""].randomElement(
                    using: &random)!
                let piece =
                    Int.random(in: 0..<3, using: &random) == 0 ? spellings.randomElement(using: &random)! : filler
                let value =
                    Int.random(in: 0..<4, using: &random) == 0
                    ? ["12345678", "-0.5", "50", "true", "null", "[]"].randomElement(using: &random)!
                    : #""\#(filler) \#(piece)""#
                let key = Int.random(in: 0..<5, using: &random) == 0 ? piece : "k\(index)"
                members.append(#""\#(key)": \#(value)"#)
            }
            let text = Array("[{\(members.joined(separator: ","))}, \(members.count)]".utf8)
            let files = try Self.files(text, secrets: [secret, "unrelated-token-value"])
            #expect(files.written == files.tree, "\(String(decoding: text, as: UTF8.self))")
        }
    }

    /// `redact:` paths that reach only scalars are applied on the tape, and the file is the tree's; paths that reach
    /// a container, and bodies with a secret in them, go to the tree.
    @Test(arguments: 0..<4)
    func redactPathsAreAppliedAsTheTreeAppliesThem(batch: Int) throws {
        var random = Generator(state: 8_000 + UInt64(batch))
        let paths = [
            "$[*].email", "$[0].id", "$..id", "$..tags", "$[*].tags[1]", "$[*].address.geo.lat", "$.*", "$[*].*",
            "$..caf\u{00E9}", "$..cafe\u{0301}", #"$[*]["home page"]"#, "$[5]", "$..geo", "$..lat",
        ]
        var fastCount = 0
        for round in 0..<120 {
            var users: [String] = []
            for index in 0..<Int.random(in: 0...6, using: &random) {
                let email = ["a@b.c", #"x\u0040y.z"#, #"https://example.com/\u00e9"#, "2026-11-10T09:30:00Z"]
                    .randomElement(using: &random)!
                let tags = (0..<Int.random(in: 0...3, using: &random)).map { #""t\#($0)""# }.joined(separator: ",")
                // `é` escaped or as it stands, as one scalar or two: the same key to Swift.
                let cafe = [#"caf\u00e9"#, #"cafe\u0301"#, "caf\u{00E9}", "cafe\u{0301}"].randomElement(using: &random)!
                users.append(
                    #"{"id": \#(index), "email": "\#(email)", "tags": [\#(tags)], "\#(cafe)": 1, "home page": null, "#
                        + #""address": {"geo": {"lat": "-37.3159", "lng": 81.1}}, "id": "\#(index)b"}"#)
            }
            let text = Array("[\(users.joined(separator: ", "))]".utf8)
            let chosen = (0..<Int.random(in: 1...3, using: &random)).map { _ in paths.randomElement(using: &random)! }
            let secrets = round % 5 == 0 ? ["-37.3159"] : []
            let files = try Self.files(text, secrets: secrets, paths: chosen)
            #expect(files.written == files.tree, "\(chosen) \(String(decoding: text, as: UTF8.self))")
            if files.fast { fastCount += 1 }
        }
        // Most of the paths reach scalars only.
        #expect(fastCount > 40)
    }

    /// `redact:` paths applied as the body is indented write the bytes the tape writes, whatever the spacing, the
    /// escapes, the kinds of the values reached and the number of paths reaching each; the watch declines only where
    /// a path reaches a container or a key it compares is not plain as written.
    @Test(arguments: 0..<4)
    func redactPathsAppliedWhileIndentingWriteWhatTheTapeWrites(batch: Int) throws {
        var random = Generator(state: 9_000 + UInt64(batch))
        let paths = [
            "$[*].email", "$[0].id", "$..id", "$..tags", "$[*].tags[1]", "$[*].address.geo.lat", "$.*", "$[*].*",
            "$..caf\u{00E9}", #"$[*]["home page"]"#, "$[5]", "$..geo", "$..lat", "$[*].active", "$..score",
            "$[1].tags[0]", "$.*.*", "$..missing", "$[*].address.*", "$..email",
        ]
        let values = [
            "1", "-12.5e3", "0", "true", "false", "null", #""a@b.c""#, #""x\u0040y.z""#,
            #""https://example.com/\u00e9""#,
            #""2026-11-10T09:30:00Z""#, #""9b2f1a4e-3c5d-4e6f-8a7b-1c2d3e4f5a6b""#, #""line\nbreak \"q\"""#,
            "\"caf\u{00E9}\"", #""""#,
        ]
        var written = 0
        var declined = 0
        for round in 0..<150 {
            // Compact, spaced, or on lines.
            let gap = ["", " ", "\n  "].randomElement(using: &random)!
            func member(_ key: String, _ value: String) -> String { #""\#(key)":\#(gap)\#(value)"# }
            var users: [String] = []
            for index in 0..<Int.random(in: 0...5, using: &random) {
                let tags = (0..<Int.random(in: 0...3, using: &random)).map { _ in values.randomElement(using: &random)!
                }
                // Sometimes a key spelled with an escape, which the watch cannot compare as it stands.
                let emailKey = round % 7 == 3 ? #"em\u0061il"# : "email"
                let members = [
                    member("id", "\(index)"), member(emailKey, values.randomElement(using: &random)!),
                    member("tags", "[" + tags.joined(separator: "," + gap) + "]"),
                    member("active", values.randomElement(using: &random)!),
                    member(
                        "address",
                        "{" + member("geo", "{" + member("lat", values.randomElement(using: &random)!) + "}") + "}"),
                    member("home page", values.randomElement(using: &random)!),
                    member("score", values.randomElement(using: &random)!),
                ]
                users.append("{" + gap + members.shuffled(using: &random).joined(separator: "," + gap) + gap + "}")
            }
            let text = Array(("[" + gap + users.joined(separator: "," + gap) + gap + "]").utf8)
            let chosen = (0..<Int.random(in: 1...3, using: &random)).map { _ in paths.randomElement(using: &random)! }
            let redactionPaths = try chosen.map { try RedactionPath(parsing: $0) }
            let tape = Redactor(secrets: [], bodyPaths: redactionPaths).redactedOnTape(
                try JSONParser().parseDocument(text), atDepth: Recording.bodyDepth, scrubbing: false)
            // A key outside ASCII in a path is compared on the tape, as Swift compares strings.
            guard var watch = RedactionPathWatch(redactionPaths) else {
                #expect(chosen.contains { !$0.utf8.allSatisfy { $0 < 0x80 } }, "no watch for \(chosen)")
                continue
            }
            let outcome = text.withUnsafeBytes {
                JSONIndenter.indented($0, atDepth: Recording.bodyDepth, watching: &watch)
            }
            let body = String(decoding: text, as: UTF8.self)
            switch outcome {
            case .written(let bytes):
                written += 1
                let expected = tape.map { Array(UnsafeRawBufferPointer($0)) }
                #expect(Array(UnsafeRawBufferPointer(bytes)) == expected, "\(chosen) \(body)")
            case .declined:
                declined += 1
                // Only a container reached (the tape declines too) or a key not as it stands.
                #expect(tape == nil || body.contains(#"em\u0061il"#), "\(chosen) \(body)")
            case .refused, .tooLong:
                Issue.record("valid JSON refused: \(chosen) \(body)")
            }
        }
        #expect(written > 50)
        #expect(declined > 10)
    }

    /// Text the parser refuses is refused with the paths too, inside a value a path reaches or not, and the body is
    /// kept as text, as it is without them.
    @Test(arguments: [
        #"[{"email": "a\x"}]"#, #"[{"email": tru}]"#, #"[{"email": 01}]"#, #"[{"email": "open]"#, #"[{"email": -}]"#,
        #"[{"email": nul}]"#, #"[{"email": "a"} x]"#, #"[{"other": "a\x"}]"#, "[{\"email\": \"a\u{01}\"}]",
    ])
    func textThePathsReachIsCheckedAsTheParserChecksIt(text: String) throws {
        let paths = [try RedactionPath(parsing: "$[*].email")]
        var watch = try #require(RedactionPathWatch(paths))
        let outcome = Array(text.utf8).withUnsafeBytes {
            JSONIndenter.indented($0, atDepth: Recording.bodyDepth, watching: &watch)
        }
        guard case .refused = outcome else {
            Issue.record("not refused: \(text)")
            return
        }
        #expect(throws: ContractError.self) { try JSONParser().parse(Array(text.utf8)) }
        let body = Recording.Body.redacted(
            received: Data(text.utf8), contentType: "application/json", by: Redactor(secrets: [], bodyPaths: paths))
        #expect(body == .text(text))
    }

    /// A body redacted as it is indented reads back redacted, as text and as values: nothing that reads it later (a
    /// report, a model's decoding) sees what the paths took out.
    @Test func aBodyRedactedAsItIsIndentedReadsBackRedacted() throws {
        let text = #"[{"id": 1, "email": "a@b.c", "when": "2026-11-10T09:30:00Z", "site": "https://a.example/x"}]"#
        let redactor = Redactor(
            secrets: [], bodyPaths: try ["$[*].email", "$..when", "$[0].site"].map { try RedactionPath(parsing: $0) })
        let body = Recording.Body.redacted(received: Data(text.utf8), contentType: "application/json", by: redactor)
        guard case .indexed(let indexed)? = body else {
            Issue.record("not kept as indented text: \(String(describing: body))")
            return
        }
        #expect(indexed.value == redactor.redactBody(try JSONParser().parse(Array(text.utf8))))
        let readBack = String(decoding: indexed.text, as: UTF8.self)
        #expect(!readBack.contains("a@b.c") && !readBack.contains("2026") && !readBack.contains("a.example"))
        #expect(readBack.contains(#""when": "1970-01-01T00:00:00Z""#))
    }

    /// A body that indented would pass ``Recording/Body/indentedLengthLimit(received:)`` (a server's 4 MB body of
    /// values 500 levels deep made a 2 GB file) is written compact, on every path a body takes: no secret, a secret
    /// that shows, `redact:` paths, paths and a secret, and a path reaching an object (redacted as a tree, written
    /// when the file is). It reads back as the same values, redacted and scrubbed, and a body of the same values less
    /// deep is still written indented.
    @Test(arguments: [
        ([String](), [String]()), (["tok-3f9a8b7c6d"], []), ([], ["$.id"]), (["tok-3f9a8b7c6d"], ["$.id"]),
        ([], ["$.nested"]), (["tok-3f9a8b7c6d"], ["$.nested"]),
    ])
    func aBodyTooLongIndentedIsWrittenCompact(secrets: [String], paths: [String]) throws {
        let deep =
            String(repeating: "[", count: 300) + String(repeating: "1,", count: 50_000) + "1"
            + String(repeating: "]", count: 300)
        let text = Array(#"{"id": 7, "token": "tok-3f9a8b7c6d", "nested": {"a": 1}, "deep": \#(deep)}"#.utf8)
        let redactor = Redactor(secrets: secrets, bodyPaths: try paths.map { try RedactionPath(parsing: $0) })
        let body = try #require(
            Recording.Body.redacted(received: Data(text), contentType: "application/json", by: redactor))
        let file = RecordingReceivedBodyTests.recording(body).encodedBytes()
        #expect(file.count < text.count + 4096)
        let written = String(decoding: file, as: UTF8.self)
        #expect(written.contains(#""body": {"id":"#))
        for secret in secrets { #expect(!written.contains(secret)) }
        // The same values as the tree of the body redacted, read back from the file.
        let tree = redactor.redactBody(try JSONParser().parse(text))
        let readBack = try JSONParser().parse(file)
        #expect(readBack.objectValue?["response"]?.objectValue?["body"] == tree)
        // Three levels deep, the same numbers are written a line each, indented.
        let shallow = Array(#"{"deep": [[[\#(String(repeating: "1,", count: 50_000))1]]]}"#.utf8)
        let indented = RecordingReceivedBodyTests.recording(
            try #require(
                Recording.Body.redacted(received: Data(shallow), contentType: "application/json", by: redactor))
        ).encodedBytes()
        #expect(String(decoding: indented, as: UTF8.self).contains("\n            1,\n"))
    }

    @Test func aPathToScalarsKeepsTheBodyOnTheTape() throws {
        let text = #"[{"id": 1, "email": "a@b.c", "url": "https://example.com/x", "tags": ["é"]}]"#
        let files = try Self.files(Array(text.utf8), secrets: ["tok-3f9a8b7c6d"], paths: ["$[*].email", "$..url"])
        #expect(files.fast)
        #expect(files.written == files.tree)
        #expect(files.written.contains(#""email": "<redacted>""#))
        #expect(files.written.contains(#""url": "https://redacted.invalid/""#))
    }

    /// Half a surrogate pair in a string with no secret keeps its escape in a body scrubbed of one, as in a body with
    /// none; the tree would hold U+FFFD there. A string holding both loses the half with the secret.
    @Test(arguments: [[], ["$.id"]])
    func halfASurrogatePairOutlivesScrubbingElsewhere(paths: [String]) throws {
        let text = #"{"name": "Alan\ud800 Turing", "id": 7, "token": "tok-3f9a8b7c6d", "both": "\udc00tok-3f9a8b7c6d"}"#
        let files = try Self.files(Array(text.utf8), secrets: ["tok-3f9a8b7c6d"], paths: paths)
        #expect(files.fast)
        #expect(files.written.contains(#""name": "Alan\ud800 Turing""#), "\(files.written)")
        #expect(files.written.contains(#""token": "<redacted>""#))
        #expect(files.written.contains("\"both\": \"\u{FFFD}<redacted>\""))
        #expect(!files.written.contains("tok-3f9a8b7c6d"))
        #expect(files.written.contains(paths.isEmpty ? #""id": 7"# : #""id": 0"#))
        // The tree is the same file but for the half: U+FFFD.
        #expect(files.tree == files.written.replacingOccurrences(of: #"\ud800"#, with: "\u{FFFD}"))
    }

    /// A secret that shows only where a half's escape is kept (its hex digits and what follows them) is not let
    /// through: that string is written as the tree writes it, U+FFFD for the half, and scrubbed of what remains.
    @Test(arguments: [
        (#"{"a": "\udeadbeef1234", "b": "x"}"#, "deadbeef1234", [String]()),
        (#"{"\udeadbeef1234": 1}"#, "deadbeef1234", []),
        (#"{"a": "\udeadbeef1234", "b": 1}"#, "deadbeef1234", ["$.b"]),
        (#"{"a": "\ud800"}"#, "d800", []),
        (#"[{"k": "caf\u00e9 \udeadbeef1234"}, "\ud800"]"#, "deadbeef1234", []),
    ])
    func aSecretSpelledThroughAKeptHalfIsNotLetThrough(text: String, secret: String, paths: [String]) throws {
        let files = try Self.files(Array(text.utf8), secrets: [secret], paths: paths)
        #expect(!files.written.contains(secret), "\(files.written)")
        // A half with no secret showing through it keeps its escape: the tree's U+FFFD there.
        #expect(files.written.replacingOccurrences(of: #""\ud800""#, with: "\"\u{FFFD}\"") == files.tree)
    }

    /// A secret followed by a combining mark is one Character with it: it is still replaced, by its bytes.
    @Test func aSecretBeforeACombiningMarkIsRedacted() throws {
        #expect(Redactor(secrets: ["abcd"]).scrub("xabcd\u{301}y") == "x<redacted>\u{301}y")
        #expect(Redactor(secrets: ["abcé"]).scrub("xabce\u{301}y") == "x<redacted>y")
        for text in [#"{"k": "xabcd\u0301y"}"#, "{\"k\": \"xabcd\u{301}y\"}"] {
            let files = try Self.files(Array(text.utf8), secrets: ["abcd"])
            #expect(!files.written.contains("abcd"), "\(files.written)")
            #expect(files.written == files.tree)
        }
    }
}
