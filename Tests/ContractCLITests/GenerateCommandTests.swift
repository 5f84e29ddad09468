import ContractTestSupport
import Foundation
import Testing

/// `contract generate models`, end to end: the generated models compile with the toolchain's `swiftc`, a runner
/// registers them with `ContractCLI.main(models:)`, and `verify` passes on the recordings the specs describe.
@Suite(.serialized) struct GenerateCommandTests {
    /// The suite's `Specs` and `Recordings` copied to a temporary folder.
    func copy(of root: URL) throws -> String {
        let folder = TestSuites.temporaryDirectory()
        for name in ["Specs", "Recordings"] {
            try FileManager.default.copyItem(
                at: root.appendingPathComponent(name), to: URL(fileURLWithPath: folder).appendingPathComponent(name))
        }
        return folder
    }

    /// The endpoint, kind, path and severity of every finding of a `--format json` report, sorted.
    func findings(_ report: String) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.utf8)) as? [String: Any])
        var lines: [String] = []
        for endpoint in json["endpoints"] as? [[String: Any]] ?? [] {
            for finding in endpoint["findings"] as? [[String: Any]] ?? [] {
                let fields = [endpoint["id"], finding["kind"], finding["path"], finding["severity"]]
                lines.append(fields.map { "\($0 ?? "-")" }.joined(separator: " "))
            }
        }
        return lines.sorted()
    }

    #if os(Linux)
    @Test func generatedModelsCompileAndVerifyTheSampleRecordingsAsTheHandWrittenOnesDo() throws {
        let root = try copy(of: Fixtures.repositoryRoot)
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout == "6 files in Models: 6 written, 0 unchanged\n")
        let runner = try GeneratedRunner.build(
            models: root + "/Models",
            list: "AccountsEndpoints.models + BetsEndpoints.models + DirectoryEndpoints.models"
                + " + NoticesEndpoints.models + UsersEndpoints.models", in: root)

        let clean = try CommandRunner.run(["verify"], in: root, executable: runner)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(clean.stdout.contains("7 endpoints: 7 passed, 0 failed"), "\(clean.stdout)")
        let lint = try CommandRunner.run(["lint"], in: root, executable: runner)
        #expect(lint.status == 0 && lint.stdout.contains("7 models checked: no errors"), "\(lint.stdout)\(lint.stderr)")

        // A drifted copy fails through the generated models with the findings the hand-written models give, except
        // where the generated enums are meant to differ: a new value decodes as `unknown`, so the spec's drift is a
        // warning, not breaking.
        try DriftedSuite.drift(recordings: root + "/Recordings")
        let generated = try CommandRunner.run(["verify", "--format", "json"], in: root, executable: runner)
        let handWritten = try CommandRunner.run(["verify", "--format", "json"], in: root)
        #expect(generated.status == 1 && handWritten.status == 1)
        let byGenerated = try findings(generated.stdout)
        let byHand = try findings(handWritten.stdout)
        #expect(byHand.count > 10, "\(byHand)")
        let unknownCase = [
            "bets/my-bets enum-unknown-value $.b[2].s", "users/list-users enum-unknown-value $.u2.role",
        ]
        #expect(
            byGenerated.filter { !unknownCase.contains(where: $0.hasPrefix) }
                == byHand.filter { !unknownCase.contains(where: $0.hasPrefix) })
        #expect(byHand.filter { unknownCase.contains(where: $0.hasPrefix) }.allSatisfy { $0.hasSuffix(" breaking") })
        #expect(byGenerated.filter { unknownCase.contains(where: $0.hasPrefix) }.count == unknownCase.count)
        #expect(
            byGenerated.filter { unknownCase.contains(where: $0.hasPrefix) }.allSatisfy { $0.hasSuffix(" warning") })
    }

    @Test func theFixtureSuiteCompilesVerifiesAndUpdatesItsSpecs() throws {
        let root = try copy(of: Fixtures.url("Generate"))
        let arguments = ["generate", "models", "--output", "Models", "--access", "public", "--update-specs"]
        let generate = try CommandRunner.run(arguments, in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(
            generate.stdout == """
                3 files in Models: 3 written, 0 unchanged
                added `model: ListEntriesResponse` to catalog/list-entries
                added `model: ListSellersResponse` to catalog/list-sellers

                """)
        let spec = try String(contentsOfFile: root + "/Specs/catalog.yaml", encoding: .utf8)
        let original = try String(contentsOf: Fixtures.url("Generate/Specs/catalog.yaml"), encoding: .utf8)
        #expect(
            spec
                == original.replacingOccurrences(
                    of: "      - lossy: entries\n", with: "      - lossy: entries\n    model: ListEntriesResponse\n")
                + "    model: ListSellersResponse\n")
        // Again: the same bytes, nothing rewritten, and no model line left to add.
        let again = try CommandRunner.run(Array(arguments.dropLast()), in: root)
        #expect(again.stdout == "3 files in Models: 0 written, 3 unchanged\n", "\(again.stderr)")

        let runner = try GeneratedRunner.build(models: root + "/Models", list: "CatalogEndpoints.models", in: root)
        let verify = try CommandRunner.run(["verify"], in: root, executable: runner)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("6 endpoints: 6 passed, 0 failed · 0 breaking, 0 warnings, 0 info"))
        let lint = try CommandRunner.run(["lint"], in: root, executable: runner)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
    }

    /// Real GitHub responses (octokit/fixtures, in Tests/Fixtures/Infer) inferred into a spec and recordings: the
    /// generated models compile, verify the responses, and fail on a drifted copy with the drift kinds of the drift.
    @Test func anInferredSpecOfRealResponsesClosesTheLoop() throws {
        let root = TestSuites.temporaryDirectory()
        let samples = Fixtures.url("Infer/github").path
        #expect(try CommandRunner.run(["infer", samples, "--name", "github"], in: root).status == 0)
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models", "--update-specs"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.contains("added `model: [Issue]` to github/issues"), "\(generate.stdout)")
        let runner = try GeneratedRunner.build(models: root + "/Models", list: "GithubEndpoints.models", in: root)
        let verify = try CommandRunner.run(["verify"], in: root, executable: runner)
        #expect(
            verify.stdout.contains("7 endpoints: 7 passed, 0 failed · 0 breaking, 0 warnings, 0 info"),
            "\(verify.stdout)")
        #expect(try CommandRunner.run(["lint"], in: root, executable: runner).status == 0)

        let path = root + "/Recordings/github/issues.json"
        var recording = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var response = try #require(recording["response"] as? [String: Any])
        var issues = try #require(response["body"] as? [[String: Any]])
        issues[0]["number"] = "1"
        issues[1]["title"] = nil
        issues[2]["created_at"] = 1_500_000_000
        response["body"] = issues
        recording["response"] = response
        try JSONSerialization.data(withJSONObject: recording).write(to: URL(fileURLWithPath: path))
        let drifted = try CommandRunner.run(["verify", "--format", "json"], in: root, executable: runner)
        #expect(drifted.status == 1)
        #expect(
            try findings(drifted.stdout) == [
                "github/issues date-format-mismatch $[2].created_at breaking",
                "github/issues missing-key $[1].title breaking",
                "github/issues type-mismatch $[0].number breaking",
            ])
    }

    /// A `model:` that calls a named shape otherwise (`body: User`, `model: Account`) names the generated type, so
    /// the runner registers `Account` and the spec's model resolves: verify decodes through it, and a drifted
    /// recording fails through it.
    @Test func aModelNamingANamedShapeOtherwiseIsTheGeneratedTypesName() throws {
        let root = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        try """
        shapes:
          User:
            login: String
            id: Int
        endpoints:
          get-account:
            request: GET /account
            expect: { status: 200, body: User }
            model: Account
          list-accounts:
            request: GET /accounts
            expect: { status: 200, body: "[User]" }
            model: "[Account]"

        """.write(toFile: root + "/Specs/people.yaml", atomically: true, encoding: .utf8)
        func record(_ name: String, _ path: String, _ body: String) throws {
            try FileManager.default.createDirectory(
                atPath: root + "/Recordings/people", withIntermediateDirectories: true)
            try """
            {"format": "contract-recording/1", "endpoint": "people/\(name)", "recordedAt": "2026-11-21T03:00:00Z",
             "request": {"method": "GET", "url": "https://api.example.com\(path)"},
             "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": \(body)}}
            """.write(toFile: root + "/Recordings/people/\(name).json", atomically: true, encoding: .utf8)
        }
        try record("get-account", "/account", #"{"login": "ada", "id": 1}"#)
        try record("list-accounts", "/accounts", #"[{"login": "ada", "id": 1}, {"login": "grace", "id": 2}]"#)
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stderr.isEmpty, "no warning that the model does not match: \(generate.stderr)")
        let source = try String(contentsOfFile: root + "/Models/People.swift", encoding: .utf8)
        #expect(source.contains("struct Account: Codable, Sendable, Hashable"), "\(source)")
        #expect(
            source.contains(
                "/// The shape `User` of Specs/people.yaml. Named `Account` after the `model:` of people/get-account."),
            "\(source)")
        #expect(source.contains("[Account.self]"), "\(source)")
        let runner = try GeneratedRunner.build(models: root + "/Models", list: "PeopleEndpoints.models", in: root)
        let verify = try CommandRunner.run(["verify"], in: root, executable: runner)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("2 endpoints: 2 passed, 0 failed"), "\(verify.stdout)")

        try record("list-accounts", "/accounts", #"[{"login": "ada", "id": "1"}]"#)
        let drifted = try CommandRunner.run(["verify", "--format", "json"], in: root, executable: runner)
        #expect(drifted.status == 1, "\(drifted.stderr)")
        #expect(try findings(drifted.stdout) == ["people/list-accounts type-mismatch $[0].id breaking"])
    }

    /// The whole path the issue asks for, on real traffic: a HAR captured from httpbin (Tests/Fixtures/Infer) is
    /// inferred into a spec and recordings, the spec lints, its models are generated, compiled, and verify the
    /// recordings; a drifted copy fails with the kinds of its drift.
    @Test func aRealHARGoesThroughInferLintGenerateCompileAndVerify() throws {
        let root = TestSuites.temporaryDirectory()
        let har = Fixtures.url("Infer/httpbin/httpbin.har").path
        let infer = try CommandRunner.run(["infer", har, "--name", "httpbin"], in: root)
        #expect(infer.status == 0, "\(infer.stderr)")
        #expect(try CommandRunner.run(["lint"], in: root).status == 0)
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models", "--update-specs"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        let runner = try GeneratedRunner.build(models: root + "/Models", list: "HttpbinEndpoints.models", in: root)
        let verify = try CommandRunner.run(["verify"], in: root, executable: runner)
        #expect(verify.stdout.contains("17 endpoints: 17 passed, 0 failed · 0 breaking"), "\(verify.stdout)")
        let lint = try CommandRunner.run(["lint"], in: root, executable: runner)
        #expect(lint.stdout.contains("16 models checked: no errors"), "\(lint.stdout)\(lint.stderr)")

        try editBody(root + "/Recordings/httpbin/get-uuid.json") { $0["uuid"] = 42 }
        try editBody(root + "/Recordings/httpbin/get-json.json") { body in
            var show = body["slideshow"] as? [String: Any] ?? [:]
            show["author"] = nil
            body["slideshow"] = show
        }
        let drifted = try CommandRunner.run(["verify", "--format", "json"], in: root, executable: runner)
        #expect(drifted.status == 1)
        #expect(
            try findings(drifted.stdout) == [
                "httpbin/get-json missing-key $.slideshow.author breaking",
                "httpbin/get-uuid type-mismatch $.uuid breaking",
            ])
    }

    /// A large real API: Stripe's OpenAPI subset (Tests/Fixtures/OpenAPI, 252 shapes), imported, generated and
    /// type-checked. Its expandable fields (`String | Customer`) and shapes that hold each other by value
    /// (`api_errors` and `setup_intent`) are what `indirect` unions and `@Indirect` are for; its lower-case shape
    /// names (`customer`) meet properties of the same name.
    @Test func stripesOpenAPIDocumentGivesModelsThatTypeCheck() throws {
        let root = TestSuites.temporaryDirectory()
        let document = Fixtures.url("OpenAPI/stripe-2020-03-02-subset.json").path
        #expect(try CommandRunner.run(["import", "openapi", document], in: root).status == 0)
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stdout.hasPrefix("3 files in Models: 3 written"), "\(generate.stdout)")
        _ = try GeneratedRunner.build(models: root + "/Models", list: "[]", in: root, typeCheckOnly: true)
        // Type names in upper camel case, the spec's name kept in the doc comment.
        let text = try String(contentsOfFile: root + "/Models/Stripe20200302Subset.swift", encoding: .utf8)
        #expect(text.contains("/// The shape `bank_account` of ") && text.contains("struct BankAccount: Codable"))
        let lowerCaseTypes = text.split(separator: "\n").filter {
            $0.hasPrefix("struct ") && $0.dropFirst(7).first?.isLowercase == true
                || $0.hasPrefix("indirect enum ") && $0.dropFirst(14).first?.isLowercase == true
        }
        #expect(lowerCaseTypes.isEmpty, "\(lowerCaseTypes.prefix(3))")
    }

    /// Shapes named like Swift and Foundation types, like the generator's own, or like each other but for their case:
    /// renamed, each with a warning, so that the models and the app code beside them compile, and `--split` writes
    /// files whose names differ on a case-insensitive file system.
    @Test func shapesNamedLikeSystemTypesOrEachOtherButForCaseAreRenamedWithAWarning() throws {
        let root = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        let names = ["Error", "Data", "Decoder", "AnyJSON", "Result", "Type", "Indirect", "user", "User", "USER"]
        var spec = "shapes:\n"
        for name in names { spec += "  \(name): { id: Int, tags: Any, next: \(name)? }\n" }
        spec += "endpoints:\n  e: { request: GET /e, expect: { body: Error } }\n"
        try Data(spec.utf8).write(to: URL(fileURLWithPath: root + "/Specs/s.yaml"))
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models", "--split"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        for (shape, type) in [
            ("Error", "ErrorModel"), ("Decoder", "DecoderModel"), ("USER", "USER2"), ("user", "User3"),
        ] {
            #expect(
                generate.stderr.contains("warning: shape '\(shape)' is generated as `\(type)`"), "\(generate.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/Models")
        #expect(Set(files.map { $0.lowercased() }).count == files.count, "\(files)")
        #expect(files.contains("ErrorModel.swift") && files.contains("AnyJSON.swift"), "\(files)")
        // App code in the same module still means the system types.
        try Data(
            "import Foundation\nlet data = Data(\"x\".utf8)\nlet result: Result<Int, any Error> = .success(data.count)\n"
                .utf8
        ).write(to: URL(fileURLWithPath: root + "/Models/App.swift"))
        _ = try GeneratedRunner.build(models: root + "/Models", list: "[]", in: root, typeCheckOnly: true)
    }

    /// Spec files whose names read alike as Swift names (`user-s.yaml`, `user_s.yaml`, `UserS.yaml`): each gets
    /// its own file and `…Endpoints` enum, and the models compile.
    @Test func specFilesWhoseNamesReadAlikeGetTheirOwnEndpointsEnum() throws {
        let root = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        for (index, file) in ["user-s", "user_s", "UserS", "users"].enumerated() {
            let spec = "endpoints:\n  e\(index): { request: GET /e\(index), expect: { body: { id: Int } } }\n"
            try Data(spec.utf8).write(to: URL(fileURLWithPath: root + "/Specs/\(file).yaml"))
        }
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models", "--split"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: root + "/Models")
        #expect(Set(files.map { $0.lowercased() }).count == files.count, "\(files)")
        _ = try GeneratedRunner.build(models: root + "/Models", list: "[]", in: root, typeCheckOnly: true)
    }

    /// Keys that renameKeys or the key strategy read as one key: the later one is left out with a warning, and the
    /// models compile; keyedToArray into a key the shape declares as Int is a warning.
    @Test func keysReadAsOneKeyAreLeftOutWithAWarningAndTheModelsCompile() throws {
        let root = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        let spec = """
            shapes:
              Item: { id: Int, name: String }
            endpoints:
              a:
                request: GET /a
                expect: { body: { fn: String, firstName: Int } }
                transforms: [{ renameKeys: { fn: firstName } }]
              b:
                request: GET /b
                decoding: { keys: convertFromSnakeCase }
                expect: { body: { first_name: String, firstName: String } }
              c:
                request: GET /c
                expect: { body: "[String: Item]" }
                transforms: [{ keyedToArray: { key: id, into: items } }]

            """
        try Data(spec.utf8).write(to: URL(fileURLWithPath: root + "/Specs/s.yaml"))
        let generate = try CommandRunner.run(["generate", "models", "--output", "Models"], in: root)
        #expect(generate.status == 0, "\(generate.stderr)")
        #expect(generate.stderr.contains("are both read as the key 'firstName'"), "\(generate.stderr)")
        #expect(generate.stderr.contains("keyedToArray (s/c) writes 'id' as a String"), "\(generate.stderr)")
        let models = try String(contentsOfFile: root + "/Models/S.swift", encoding: .utf8)
        try Data(models.replacingOccurrences(of: "decoder.keyDecodingStrategy = .anyCase", with: "").utf8)
            .write(to: URL(fileURLWithPath: root + "/Models/S.swift"))
        _ = try GeneratedRunner.build(models: root + "/Models", list: "[]", in: root, typeCheckOnly: true)
    }

    /// Rewrites the object body of the recording at `path`.
    func editBody(_ path: String, _ change: (inout [String: Any]) -> Void) throws {
        var recording = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        var response = try #require(recording["response"] as? [String: Any])
        var body = try #require(response["body"] as? [String: Any])
        change(&body)
        response["body"] = body
        recording["response"] = response
        try JSONSerialization.data(withJSONObject: recording).write(to: URL(fileURLWithPath: path))
    }
    #endif

    @Test func splitReplacesTheFilesOfAnEarlierRunAndLeavesOthersAlone() throws {
        let root = try copy(of: Fixtures.repositoryRoot)
        #expect(try CommandRunner.run(["generate", "models", "--output", "Models"], in: root).status == 0)
        try Data("struct Mine {}\n".utf8).write(to: URL(fileURLWithPath: root + "/Models/Mine.swift"))
        let split = try CommandRunner.run(["generate", "models", "--output", "Models", "--split"], in: root)
        #expect(split.status == 0, "\(split.stderr)")
        #expect(split.stdout.hasPrefix("18 files in Models: 17 written, 1 unchanged, 5 removed\n"), "\(split.stdout)")
        #expect(split.stdout.contains("removed Models/Users.swift: generated by an earlier run"))
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/Models")
        #expect(names.contains("Mine.swift") && names.contains("User.swift") && !names.contains("Users.swift"))
        // A filtered run writes its files and removes nothing.
        let filtered = try CommandRunner.run(
            ["generate", "models", "--output", "Models", "--filter", "users/get-user"], in: root)
        #expect(filtered.stdout == "1 file in Models: 1 written, 0 unchanged\n", "\(filtered.stdout)")
    }

    @Test func anotherSpecsFoldersModelsInTheSameOutputAreLeftAlone() throws {
        let root = try copy(of: Fixtures.repositoryRoot)
        try FileManager.default.createDirectory(atPath: root + "/B/Specs", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: root + "/Specs/users.yaml", toPath: root + "/B/Specs/people.yaml")
        #expect(try CommandRunner.run(["generate", "models", "--output", "Models"], in: root).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: root + "/Models").sorted()
        #expect(before.contains("Users.swift"))

        let other = try CommandRunner.run(["generate", "models", "--specs", "B/Specs", "--output", "Models"], in: root)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(!other.stdout.contains("removed"), "\(other.stdout)")
        let after = try FileManager.default.contentsOfDirectory(atPath: root + "/Models")
        #expect(Set(before).isSubset(of: Set(after)) && after.contains("People.swift"), "\(after)")

        // B's own stale file still goes when its spec does.
        try FileManager.default.moveItem(atPath: root + "/B/Specs/people.yaml", toPath: root + "/B/Specs/folks.yaml")
        let renamed = try CommandRunner.run(
            ["generate", "models", "--specs", "B/Specs", "--output", "Models"], in: root)
        #expect(
            renamed.stdout.contains("removed Models/People.swift: generated by an earlier run"), "\(renamed.stdout)")
        #expect(!renamed.stdout.contains("removed Models/Users.swift"))
    }

    @Test func aSpecErrorWritesNothingAndExitsTwo() throws {
        let root = TestSuites.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: root + "/Specs", withIntermediateDirectories: true)
        try Data("endpoints:\n  e: { request: GET /e, expect: { body: Usr } }\n".utf8)
            .write(to: URL(fileURLWithPath: root + "/Specs/s.yaml"))
        let result = try CommandRunner.run(["generate", "models"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("Specs/s.yaml:2:41: error: unknown type 'Usr'"), "\(result.stderr)")
        #expect(result.stderr.contains("contract: 1 error in the specs; nothing was generated"))
        #expect(!FileManager.default.fileExists(atPath: root + "/Sources"))
    }
}

/// A runner built from generated models with the toolchain's `swiftc` (the one on `PATH`, as `swift test` runs):
/// the generated files and a `main.swift` calling `ContractCLI.main(models:)`, linked against the objects of this
/// package's debug build, as a team's own `contracts` executable would be.
enum GeneratedRunner {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles the Swift files in `models` with a main registering `list`, and returns the executable's path; with
    /// `typeCheckOnly`, only type-checks the models.
    static func build(models: String, list: String, in folder: String, typeCheckOnly: Bool = false) throws -> String {
        guard let swiftc = ExternalTool.path(of: "swiftc") else { throw Failure(description: "swiftc is not on PATH") }
        let products = CommandRunner.productsDirectory.path
        var arguments = ["-swift-version", "6", "-I", products + "/Modules", "-I", products]
        // The package's system libraries (libyaml, SQLite, libcurl): each folder's module map, and what it links.
        var libraries: [String] = []
        let sources = Fixtures.repositoryRoot.appendingPathComponent("Sources")
        for name in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let map = sources.appendingPathComponent(name).appendingPathComponent("module.modulemap")
            guard let text = try? String(contentsOf: map, encoding: .utf8) else { continue }
            arguments += ["-I", map.deletingLastPathComponent().path]
            for line in text.split(separator: "\n") where line.contains("link \"") {
                libraries.append("-l" + line.split(separator: "\"")[1])
            }
        }
        arguments += try FileManager.default.contentsOfDirectory(atPath: models).sorted().map { models + "/" + $0 }
        if typeCheckOnly {
            arguments += ["-parse-as-library", "-typecheck"]
        } else {
            let main = folder + "/main.swift"
            try Data("import ContractCLI\n\nawait ContractCLI.main(models: \(list))\n".utf8)
                .write(to: URL(fileURLWithPath: main))
            arguments += ["-module-name", "APIModels", "-o", folder + "/runner", main]
            for target in [
                "ContractCLI", "CStandardStreams", "ContractKit", "ArgumentParser", "ArgumentParserToolInfo",
            ] {
                let objects = products + "/\(target).build"
                let names = try FileManager.default.contentsOfDirectory(atPath: objects).filter { $0.hasSuffix(".o") }
                arguments += names.sorted().map { objects + "/" + $0 }
            }
            arguments += libraries
        }
        let result = try ExternalTool.run(swiftc, arguments)
        guard result.status == 0 else { throw Failure(description: "swiftc failed:\n\(result.output)") }
        // Swift 6 language mode, no warnings.
        guard !result.output.contains("warning:") else {
            throw Failure(description: "swiftc warned:\n\(result.output)")
        }
        return folder + "/runner"
    }
}
