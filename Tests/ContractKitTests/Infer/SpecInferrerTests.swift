import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

/// Samples in, shapes out: the rules a careful person applies to several responses of one endpoint.
@Suite struct SpecInferrerTests {
    static func sample(_ url: String, method: String = "GET", status: Int = 200, _ body: String) -> ResponseSample {
        ResponseSample(
            source: url,
            recording: Recording(
                endpoint: "", request: Recording.Request(method: method, url: url),
                response: Recording.Response(status: status, body: .json(TestSuites.json(body)))))
    }

    static func infer(_ samples: [ResponseSample], enums: Bool = false) -> InferredSpec {
        SpecInferrer(enums: enums).infer(samples, name: "api")
    }

    /// A shape written out in full, objects included: `{id: Int, email?: String}`.
    static func text(_ shape: Shape?) -> String {
        guard let shape else { return "none" }
        switch shape.kind {
        case .object(let object):
            let fields = object.fields.map { field in
                field.name + (field.presence == .mayBeAbsent ? "?" : "") + ": " + text(field.shape)
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case .optional(let wrapped): return text(wrapped) + "?"
        case .array(let element): return "[\(text(element))]"
        case .dictionary(let value): return "[String: \(text(value))]"
        default: return shape.description
        }
    }

    static func shapes(_ spec: InferredSpec) -> [String: String] {
        Dictionary(uniqueKeysWithValues: spec.shapes.map { ($0.name, text($0.shape)) })
    }

    @Test func keysMissingFromSomeSamplesAreOptionalAndNullsMakeTOptional() {
        let spec = Self.infer([
            Self.sample("/users/42", #"{"id": 42, "name": "Ada", "email": "ada@example.com", "score": 1}"#),
            Self.sample("/users/43", #"{"id": 43, "name": null, "score": 2.5}"#),
        ])
        #expect(spec.endpoints.count == 1)
        let endpoint = spec.endpoints[0]
        #expect(endpoint.name == "get-user")
        #expect(endpoint.path == "/users/{id}")
        #expect(endpoint.params.map { "\($0.name)=\($0.value)" } == ["id=42"])
        #expect(Self.text(endpoint.body) == "User")
        #expect(Self.shapes(spec) == ["User": "{id: Int, name: String?, email?: String, score: Double}"])
        #expect(endpoint.sampleCount == 2)
    }

    @Test func everyElementOfAnArrayIsMerged() {
        let spec = Self.infer([
            Self.sample(
                "/items", #"[{"id": 1, "tags": ["a"]}, {"id": 2, "tags": [], "parent": 1}, {"id": 3, "tags": null}]"#)
        ])
        #expect(Self.text(spec.endpoints[0].body) == "[Item]")
        #expect(Self.shapes(spec) == ["Item": "{id: Int, tags: [String]?, parent?: Int}"])
    }

    @Test func datesAreRecognisedWithTheirExactForm() {
        let spec = Self.infer([
            Self.sample(
                "/event",
                #"{"starts": "2026-11-20T10:00:00Z", "ends": "2026-11-20T11:00:00.250Z", "day": "2026-11-20", "local": "2026-11-20 10:00:00", "created_at": 1763632800, "timestamp": 1763632800123, "count": 1763632800}"#
            )
        ])
        #expect(
            Self.shapes(spec)["Event"]
                == #"{starts: Date(iso8601), ends: Date(iso8601), day: Date("yyyy-MM-dd"), local: Date("yyyy-MM-dd HH:mm:ss"), created_at: Date(secondsSince1970), timestamp: Date(millisecondsSince1970), count: Int}"#
        )
        // Fractional seconds and several formats: Foundation's .iso8601 would refuse some, so the decoder is flexible.
        #expect(spec.endpoints[0].dates == .flexible)
        #expect(spec.endpoints[0].keys == .convertFromSnakeCase)
    }

    @Test func urlsAndUUIDsAreRecognisedOnlyWhenEveryValueIsOne() {
        let spec = Self.infer([
            Self.sample("/link", #"{"home": "https://example.com/a", "id": "3F2504E0-4F89-11D3-9A0C-0305E82C3301"}"#),
            Self.sample("/link", #"{"home": "https://example.com/b?x=1", "id": "not-a-uuid"}"#),
        ])
        #expect(Self.shapes(spec)["Link"] == "{home: URL, id: String}")
    }

    @Test func aDictionaryKeyedByIdIsACollectionWithTheTransformProposed() {
        let spec = Self.infer([
            Self.sample(
                "/users.json",
                #"{"-Nf3xK2aQ1bC4dE5fG6h": {"name": "Ada"}, "-Nf3xK2aQ1bC4dE5fG6i": {"name": "Grace", "admin": true}}"#
            )
        ])
        #expect(Self.text(spec.endpoints[0].body) == "[String: User]")
        #expect(Self.shapes(spec) == ["User": "{name: String, admin?: Bool}"])
        #expect(
            spec.endpoints[0].notes.contains {
                $0.contains("dictionary keyed by id") && $0.contains("`- keyedToArray: { key: id }`")
            })
        // Names with a number are not ids when their values differ in kind, and x1/y1 scalars stay an object.
        let point = Self.infer([Self.sample("/point", #"{"x1": 1, "y1": 2}"#)])
        #expect(Self.shapes(point)["Point"] == "{x1: Int, y1: Int}")
    }

    @Test func aNestedKeyedCollectionNamesItsPlaceInTheTransform() {
        let spec = Self.infer([
            Self.sample("/feed", #"{"data": {"users": {"1": {"id": 1}, "2": {"id": 2}}}, "meta": {"page": 1}}"#)
        ])
        #expect(
            spec.endpoints[0].notes.contains {
                $0.contains("`$.data.users`") && $0.contains("`- keyedToArray: { key: key, at: data.users }`")
            }, "\(spec.endpoints[0].notes)")
        #expect(spec.endpoints[0].notes.first?.contains("the payload (an object) is under 'data'") == true)
    }

    @Test func enumsNeedTheFlagAndEvidenceFromSeveralSamples() {
        let bodies = (0..<9).map { #"{"role": "\#(["admin", "member", "guest"][$0 % 3])", "login": "ada"}"# }
        let many = bodies.map { Self.sample("/me", $0) }
        #expect(Self.shapes(Self.infer(many))["Me"] == "{role: String, login: String}")
        // One value seen in every sample is a constant of the capture, not an enum.
        #expect(Self.shapes(Self.infer(many, enums: true))["Me"] == "{role: enum(admin, guest, member), login: String}")
        // One sample is no evidence, however many elements it has.
        let one = Self.sample("/members", "[" + bodies.joined(separator: ",") + "]")
        #expect(Self.shapes(Self.infer([one], enums: true))["Member"] == "{role: String, login: String}")
    }

    @Test func keyStylesGiveTheMatchingKeyStrategy() {
        #expect(KeyStyle.strategy(for: ["first_name", "id"]).0 == .convertFromSnakeCase)
        #expect(KeyStyle.strategy(for: ["firstName", "id"]).0 == .useDefaultKeys)
        #expect(KeyStyle.strategy(for: ["First-Name", "id"]).0 == .anyCase)
        let minified = KeyStyle.strategy(for: ["fn", "ln", "b", "id", "name"])
        #expect(minified.0 == .useDefaultKeys)
        #expect(minified.note?.contains("renameKeys") == true)
    }

    @Test func repeatedObjectsBecomeOneNamedShapeAcrossEndpoints() {
        let spec = Self.infer([
            Self.sample(
                "/orders/7", #"{"id": 7, "customer": {"id": 1, "name": "Ada"}, "items": [{"sku": "a", "qty": 1}]}"#),
            Self.sample("/customers/1", #"{"id": 1, "name": "Ada"}"#),
            Self.sample("/carts/3", #"{"owner": {"id": 1, "name": "Ada"}, "items": [{"sku": "b", "qty": 2}]}"#),
        ])
        #expect(
            Self.shapes(spec) == [
                "Customer": "{id: Int, name: String}", "Item": "{sku: String, qty: Int}",
                "Order": "{id: Int, customer: Customer, items: [Item]}", "Cart": "{owner: Customer, items: [Item]}",
            ])
        #expect(spec.endpoints.map(\.name) == ["get-cart", "get-customer", "get-order"])
        #expect(!spec.shapes.contains { $0.name.contains("Type") })
    }

    @Test func twoShapesWantingOneNameAreToldApartByTheirPlace() {
        let spec = Self.infer([
            Self.sample("/orders/7", #"{"items": [{"sku": "a"}], "gift": {"sku": "b"}}"#),
            Self.sample("/playlists/2", #"{"items": [{"track": 3}], "next": {"track": 4}}"#),
        ])
        #expect(Set(spec.shapes.map(\.name)) == ["Item", "Order", "Playlist", "PlaylistItem"])
    }

    @Test func nearIdenticalShapesWantingOneNameAreMerged() {
        let spec = Self.infer([
            Self.sample("/labels", #"[{"id": 1, "name": "bug", "color": "f00", "description": null}]"#),
            Self.sample(
                "/labels/2", #"{"id": 2, "name": "docs", "color": "0f0", "description": "Docs", "weight": 0.5}"#),
        ])
        #expect(
            Self.shapes(spec) == [
                "Label": "{id: Int, name: String, color: String, description: String?, weight?: Double}"
            ])
        #expect(spec.endpoints.map { Self.text($0.body) } == ["[Label]", "Label"])
        // Shapes that share few keys keep their own names.
        let apart = Self.infer([
            Self.sample("/labels", #"[{"id": 1, "name": "bug"}]"#),
            Self.sample("/labels/2", #"{"slug": "docs", "color": "0f0", "weight": 1}"#),
        ])
        #expect(Set(apart.shapes.map(\.name)) == ["Label", "GetLabel"])
    }

    @Test func pathsWithIdsShareATemplate() {
        #expect(PathTemplate.of("/users/42").template.text == "/users/{id}")
        #expect(PathTemplate.of("/users/42.json").template.text == "/users/{id}.json")
        #expect(PathTemplate.of("/api/v1/users").template.text == "/api/v1/users")
        let nested = PathTemplate.of("/users/42/posts/3F2504E0-4F89-11D3-9A0C-0305E82C3301")
        #expect(nested.template.text == "/users/{userId}/posts/{id}")
        #expect(nested.values == ["42", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"])
        #expect(PathTemplate.of("/repos/octokit/hello-world").template.text == "/repos/octokit/hello-world")
        // A captured URL may hold what no request line can (a space) or what a spec reads as a placeholder (a
        // brace): sent percent-encoded, as a client sends it; escapes already there stay.
        #expect(PathTemplate.of("/a b/{id}/caf\u{E9}/x%2Fy").template.text == "/a%20b/%7Bid%7D/caf%C3%A9/x%2Fy")
        #expect(
            SpecInferrer.endpointName(method: "GET", template: PathTemplate.of("/api/v2/users/9").template)
                == "get-user")
        #expect(SpecInferrer.endpointName(method: "POST", template: PathTemplate.of("/").template) == "post-root")
    }

    static func user(_ login: String, _ id: Int, bio: String? = nil) -> String {
        let extra = bio.map { #", "bio": "\#($0)""# } ?? ""
        return
            #"{"login": "\#(login)", "id": \#(id), "avatar_url": "https://avatars.example.com/u/\#(id)", "site_admin": false\#(extra)}"#
    }

    @Test func wordsThatVaryWithOneShapeAreAPlaceholderAndFixedWordsStayLiteral() throws {
        let spec = Self.infer([
            Self.sample("https://api.example.com/users/me", Self.user("alice", 1, bio: "me")),
            Self.sample("https://api.example.com/users/alice", Self.user("alice", 1, bio: "hi")),
            Self.sample("https://api.example.com/users/bob", Self.user("bob", 2)),
            Self.sample("https://api.example.com/users/carol", Self.user("carol", 3)),
            Self.sample(
                "https://api.example.com/users/search?q=a",
                #"{"total_count": 1, "incomplete_results": false, "items": [\#(Self.user("alice", 1))]}"#),
            // A word seen once is no evidence: it stays literal.
            Self.sample("https://api.example.com/orgs/octokit", #"{"login": "octokit", "repos": 12}"#),
            // Words whose responses differ stay apart.
            Self.sample("https://api.example.com/config/colors", #"{"primary": "white", "accent": "black"}"#),
            Self.sample("https://api.example.com/config/limits", #"{"rate": 10, "burst": 50, "window_s": 60}"#),
            // The first segment is never a placeholder.
            Self.sample("https://api.example.com/ping", #"{"ok": true}"#),
            Self.sample("https://api.example.com/pong", #"{"ok": true}"#),
        ])
        #expect(
            spec.endpoints.map { "\($0.method) \($0.path) \($0.name)" } == [
                "GET /config/colors get-config-colors", "GET /config/limits get-config-limits",
                "GET /orgs/octokit get-orgs-octokit", "GET /ping get-ping", "GET /pong get-pong",
                "GET /users/me get-users-me", "GET /users/search get-users-search", "GET /users/{name} get-user",
            ])
        let user = try #require(spec.endpoints.first { $0.path == "/users/{name}" })
        #expect(user.params.map { "\($0.name)=\($0.value)" } == ["name=alice"])
        #expect(user.sampleCount == 3)
        // `/users/me` answers with a user: its body is the `User` shape, not a `Me`.
        let me = try #require(spec.endpoints.first { $0.path == "/users/me" })
        #expect(me.body?.description == "User")
        #expect(user.body?.description == "User")
        #expect(!spec.shapes.contains { $0.name == "Me" })
        #expect(
            Self.shapes(spec)["User"] == "{login: String, id: Int, avatar_url: URL, site_admin: Bool, bio?: String}")
    }

    @Test func aFixedWordShapedOtherwiseKeepsItsOwnName() {
        let spec = Self.infer([
            Self.sample("/users/alice", Self.user("alice", 1)),
            Self.sample("/users/bob", Self.user("bob", 2)),
            Self.sample("/users/me", #"{"session": "s1", "expires_in": 3600}"#),
        ])
        #expect(spec.endpoints.map(\.path) == ["/users/me", "/users/{name}"])
        #expect(Set(spec.shapes.map(\.name)) == ["Me", "User"])
    }

    @Test func wordsAreTemplatedLevelByLevelAndPerMethod() {
        let repository = { (name: String) in #"{"name": "\#(name)", "private": false, "stars": 3}"# }
        let spec = Self.infer([
            Self.sample("/repos/octokit/hello-world", repository("hello-world")),
            Self.sample("/repos/octokit/plugin-rest", repository("plugin-rest")),
            Self.sample("/repos/github/docs", repository("docs")),
            Self.sample("/repos/github/docs/labels", #"[{"name": "bug"}]"#),
            Self.sample("/repos/octokit/hello-world/labels", #"[{"name": "docs"}]"#),
            Self.sample("/repos/octokit/hello-world", method: "DELETE", #"{"deleted": true}"#),
        ])
        // Once the words below `repos` are values, `hello-world` is one whatever the method sent to it.
        #expect(
            spec.endpoints.map { "\($0.method) \($0.path)" } == [
                "DELETE /repos/{repoName}/{name}", "GET /repos/{repoName}/{name}",
                "GET /repos/{repoName}/{name}/labels",
            ])
    }

    @Test func recordingsAndRawFilesKeepTheirOwnPaths() {
        let named = ["alice", "bob"].map { login in
            ResponseSample(
                source: login, endpointName: "get-\(login)",
                recording: Recording(
                    endpoint: "", request: Recording.Request(method: "GET", url: "/users/\(login)"),
                    response: Recording.Response(status: 200, body: .json(TestSuites.json(Self.user(login, 1))))))
        }
        #expect(Self.infer(named).endpoints.map(\.path) == ["/users/alice", "/users/bob"])
    }

    @Test func errorResponsesAreLeftOutWhenThereAreSuccesses() {
        let spec = Self.infer([
            Self.sample("/users/1", #"{"id": 1}"#),
            Self.sample("/users/2", status: 404, #"{"error": "not found"}"#),
        ])
        #expect(spec.endpoints[0].statuses == [200])
        #expect(Self.shapes(spec) == ["User": "{id: Int}"])
        #expect(spec.endpoints[0].notes.contains { $0.contains("1 sample with status 404 left out") })
        #expect(spec.leftOutErrorStatuses == [404])
        let errorsOnly = Self.infer([
            Self.sample("/a", #"{"ok": true}"#), Self.sample("/b", status: 500, #"{"error": "boom"}"#),
            Self.sample("/b", status: 503, #"{"error": "busy"}"#),
        ])
        // An endpoint that only failed is inferred as it answered, its errors documented as its statuses.
        #expect(errorsOnly.endpoints.map(\.statuses) == [[200], [500, 503]])
        #expect(errorsOnly.leftOutErrorStatuses == [])
    }

    @Test func theSameSamplesGiveTheSameBytes() {
        let samples = [
            Self.sample("/b/1", #"{"x": {"y": 1}, "z": [{"w": true}]}"#),
            Self.sample("/a", #"{"k": {"y": 2}}"#),
        ]
        let first = InferredSpecWriter().yaml(for: Self.infer(samples))
        let second = InferredSpecWriter().yaml(for: Self.infer(samples))
        #expect(first == second)
    }

    /// An endpoint name has at most 250 bytes (its recording's file name, with `.json`, at most 255): one made from a
    /// long path is cut to fit, and names cut alike are still told apart, so the spec written loads.
    @Test func namesFromLongPathsFit() throws {
        let long = (0..<30).map { _ in "/segmentword" }.joined()
        let spec = Self.infer([
            Self.sample("https://api.example.com\(long)/alpha", #"{"a": 1}"#),
            Self.sample("https://api.example.com\(long)/beta", #"{"b": "x"}"#),
        ])
        let suite = try TestSuites.suite(("Specs/api.yaml", InferredSpecWriter().yaml(for: spec)))
        let names = suite.endpoints.map(\.name)
        let words = "get" + String(repeating: "-segmentword", count: 30)
        #expect(names == [String(words.prefix(250)), String(words.prefix(248)) + "-2"], "\(names)")
    }

    @Test func aDollarBraceSeenInAQueryIsWrittenAsTextNotAVariable() throws {
        let spec = Self.infer([Self.sample("https://api.example.com/search?q=%24%7BHOME%7D&n=1", #"{"ok": true}"#)])
        let yaml = InferredSpecWriter().yaml(for: spec)
        let endpoint = try #require(try TestSuites.suite(("Specs/api.yaml", yaml)).endpoints.first)
        let prepared = try RequestBuilder(baseURL: "https://api.example.com", environment: [:]).prepare(endpoint)
        #expect(prepared.url.absoluteString.contains("q=%24%7BHOME%7D"), "\(prepared.url)\n\(yaml)")
    }
}
