import ContractKit
import ContractTestSupport
import Foundation
import Testing

@testable import DemoServer

struct DemoAPITests {
    static func api(_ drifts: [Drift] = []) throws -> DemoAPI {
        let root = Fixtures.repositoryRoot.path
        return DemoAPI(
            suite: try SpecLoader().load(directory: root + "/Specs"), recordingsDirectory: root + "/Recordings",
            drifts: drifts)
    }

    @Test func servesEveryEndpointOfTheSampleSuiteWithItsRecordedResponse() throws {
        let api = try Self.api()
        #expect(api.problems.isEmpty)
        #expect(api.routes.count == 7)
        let locked = api.respond(to: HTTPRequest(method: "GET", target: "/v2/account/locked"))
        #expect(locked.status == 403)
        let user = api.respond(to: HTTPRequest(method: "GET", target: "/users/u42.json"))
        #expect(user.status == 200)
        #expect(user.headers.first { $0.name == "Content-Type" }?.value == "application/json; charset=utf-8")
        #expect(try JSONParser().parse([UInt8](user.body)).objectValue?["name"] == .string("Alan Turing"))
        let listed = api.respond(to: HTTPRequest(method: "GET", target: "/users?_limit=3"))
        #expect(try JSONParser().parse([UInt8](listed.body)).arrayValue?.count == 3)
    }

    @Test func answersUnknownPathsWith404ListingTheEndpoints() throws {
        let response = try Self.api().respond(to: HTTPRequest(method: "POST", target: "/users.json"))
        #expect(response.status == 404)
        #expect(String(decoding: response.body, as: UTF8.self).contains("GET /users.json"))
    }

    @Test func appliesDriftsAndCompressesWhenAsked() throws {
        let response = try Self.api([.envelope]).respond(
            to: HTTPRequest(method: "GET", target: "/me/bets", headers: [("Accept-Encoding", "gzip")]))
        #expect(response.headers.contains { $0 == ("Content-Encoding", "gzip") })
        #expect(Array(response.body.prefix(2)) == [0x1F, 0x8B])
        let plain = try Self.api([.envelope]).respond(to: HTTPRequest(method: "GET", target: "/me/bets"))
        #expect(try JSONParser().parse([UInt8](plain.body)).objectValue?.keys == ["data"])
    }

    @Test func matchesPathTemplates() {
        #expect(DemoAPI.matches("/users/{id}.json", "/users/u42.json"))
        #expect(!DemoAPI.matches("/users/{id}.json", "/users/a/b.json"))
        #expect(!DemoAPI.matches("/users/{id}.json", "/users/.json"))
        #expect(DemoAPI.matches("/a/{x}/b/{y}", "/a/1/b/2"))
        #expect(!DemoAPI.matches("/users", "/users.json"))
    }
}
