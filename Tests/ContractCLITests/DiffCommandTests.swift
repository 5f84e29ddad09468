import ContractTestSupport
import Foundation
import Testing

/// `contract diff` through the built binary: the committed recording against a drifted one.
@Suite struct DiffCommandTests {
    let root: String

    init() throws {
        root = TestSuites.copyOfSampleSuite()
        try FileManager.default.createDirectory(atPath: root + "/nightly", withIntermediateDirectories: true)
        let baseline = TestSuites.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: baseline) }
        try FileManager.default.copyItem(atPath: root + "/Recordings", toPath: baseline + "/Recordings")
        try DriftedSuite.drift(recordings: baseline + "/Recordings")
        for endpoint in ["notices/list-notices", "users/list-users", "directory/list-users"] {
            try FileManager.default.copyItem(
                atPath: "\(baseline)/Recordings/\(endpoint).json",
                toPath: "\(root)/nightly/\(endpoint.replacing("/", with: "-")).json")
        }
    }

    func contract(_ arguments: String...) throws -> CommandRunner.Output {
        try CommandRunner.run(arguments, in: root)
    }

    @Test func twoFoldersAreComparedRecordingByRecording() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.copyItem(atPath: root + "/Recordings", toPath: root + "/Nightly")
        try DriftedSuite.drift(recordings: root + "/Nightly")
        try FileManager.default.removeItem(atPath: root + "/Nightly/bets/my-bets.json")
        let same = try contract("diff", "Recordings", "Recordings")
        #expect(same.status == 0, "\(same.stderr)")
        #expect(
            same.stdout.hasSuffix(
                "7 recordings compared: 0 changed shape · 0 only in Recordings · 0 only in Recordings\n"),
            "\(same.stdout)")

        let drifted = try contract("diff", "Recordings", "Nightly")
        #expect(drifted.status == 1)
        #expect(
            drifted.stdout.contains(
                "contract diff Recordings/directory/list-users.json → Nightly/directory/list-users.json"))
        #expect(drifted.stdout.contains("only in Recordings: bets/my-bets.json"))
        #expect(drifted.stdout.contains("6 recordings compared: "), "\(drifted.stdout)")

        let json = try contract("diff", "--format", "json", "Recordings", "Nightly")
        #expect(
            json.stdout.contains(#""format": "contract-diff-folders/1""#) && json.stdout.contains(#""onlyInOld": ["#))
    }

    @Test func aFolderAgainstAFileIsAUsageErrorThatSaysSo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try contract("diff", "Recordings", "Recordings/users/list-users.json")
        #expect(run.status == 64)
        #expect(run.stderr.contains("'Recordings' is a folder and the other is a file"), "\(run.stderr)")
    }

    @Test func sameShapeExitsZeroAndChangedShapeExitsOne() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let same = try contract("diff", "Recordings/users/list-users.json", "Recordings/users/list-users.json")
        #expect(same.status == 0)
        #expect(same.stdout.hasSuffix("no shape change · 0 values changed\n"))
        let notices = try contract("diff", "Recordings/notices/list-notices.json", "nightly/notices-list-notices.json")
        #expect(notices.status == 1)
        #expect(notices.stdout.contains("breaking date-format-mismatch  at $.notices[0].created_at"))
        #expect(notices.stdout.contains("breaking missing-key  at $.notices[2].title"))
        let keyed = try contract("diff", "Recordings/directory/list-users.json", "nightly/directory-list-users.json")
        #expect(keyed.status == 1)
        #expect(
            keyed.stdout.contains(
                "breaking object-instead-of-array  at $\n    the body was an array and is now a dictionary keyed by id")
        )
    }

    @Test func ignoredPathsAndValues() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ignored = try contract(
            "diff", "Recordings/notices/list-notices.json", "nightly/notices-list-notices.json",
            "--ignore", "$.notices[*].created_at", "--ignore", "$.notices[*].title", "--values")
        #expect(ignored.status == 0)
        #expect(ignored.stdout.contains("no shape change"))
        let users = try contract(
            "diff", "Recordings/users/list-users.json", "nightly/users-list-users.json", "--values", "--format", "json")
        // An enum value that changed is a value change, not a shape change; a diff has no spec to know the cases.
        #expect(users.status == 0)
        #expect(users.stdout.contains("\"path\": \"$.u2.role\""))
        #expect(users.stdout.contains("\"shapeChanged\": false"))
        // A glob that cannot match a path (paths start with '$') is a usage error that says how to write it.
        for (glob, suggestion) in [
            ("notices[*].title", "'$.notices[*].title' (or '*' for any start: '*.notices[*].title')"),
            (".notices", "'$.notices' (or '*' for any start: '*.notices')"),
            ("", "'$.users[*].updatedAt'"),
        ] {
            let wrong = try contract(
                "diff", "Recordings/notices/list-notices.json", "nightly/notices-list-notices.json", "--ignore", glob)
            #expect(wrong.status == 64, "\(glob)")
            #expect(
                wrong.stderr.contains(
                    "--ignore '\(glob)' can match no path: paths start with '$', such as \(suggestion)"),
                "\(wrong.stderr)")
        }
    }

    @Test func nonPrintablesFromTheRecordingsAreEscaped() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ name: String, endpoint: String, body: String) throws {
            try
                #"{"format": "contract-recording/1", "endpoint": "\#(endpoint)", "request": {"method": "GET", "url": "/"}, "response": {"status": 200, "body": \#(body)}}"#
                .write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
        }
        try write("old.json", endpoint: "a/b", body: #"{"a": 1}"#)
        try write("new.json", endpoint: #"a/b\u001b[2J"#, body: #"{"a": 1, "k\u001b[31m": 2}"#)
        try #"{"format": "contract-recording/1\u001b[2J"}"#.write(
            toFile: root + "/bad.json", atomically: true, encoding: .utf8)
        let run = try contract("diff", "old.json", "new.json")
        #expect(run.status == 1)
        #expect(NonPrintableFinding.unescaped(in: run.stdout + run.stderr).isEmpty)
        #expect(run.stdout.contains(#"extra-key  at $["k\u{1B}[31m"]"#))
        #expect(run.stderr.contains(#"different endpoints, 'a/b' and 'a/b\u{1B}[2J'"#))
        let refused = try contract("diff", "old.json", "bad.json")
        #expect(refused.status == 2)
        #expect(NonPrintableFinding.unescaped(in: refused.stderr).isEmpty)
        #expect(refused.stderr.contains(#"error: unsupported format 'contract-recording/1\u{1B}[2J'"#))
    }

    @Test func unreadableRecordingsExitTwo() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try contract("diff", "Recordings/users/list-users.json", "missing.json")
        #expect(run.status == 2)
        #expect(run.stderr.contains("cannot read 'missing.json'"))
        #expect(try contract("diff", "Recordings/users/list-users.json").status == 64)
    }
}
