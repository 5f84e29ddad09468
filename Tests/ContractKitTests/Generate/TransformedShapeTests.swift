import Testing

@testable import ContractKit

/// The shape-level transforms: what the app decodes, worked out from the spec alone.
@Suite struct TransformedShapeTests {
    func transformed(_ yaml: String) throws -> TransformedShape {
        let suite = try suite(["s": yaml])
        let endpoint = suite.endpoints[0]
        return TransformedShape(
            body: endpoint.expect.body!, transforms: endpoint.transforms, shapes: suite.shapes, endpoint: endpoint.id)
    }

    @Test func keyedToArrayAddsTheKeyToInlineValuesAndRemembersItForNamedOnes() throws {
        let named = try transformed(
            """
            shapes:
              User: { name: String }
            endpoints:
              e:
                request: GET /e
                expect: { body: "[String: User]" }
                transforms:
                  - keyedToArray: { key: objectId, into: objects }
            """)
        #expect(named.shape.description == "{objects}")
        #expect(named.addedKeys == ["User": [.init(key: "objectId", endpoint: "s/e")]])

        let inline = try transformed(
            """
            endpoints:
              e:
                request: GET /e
                expect:
                  body:
                    data: { users: "[String: [Int]]" }
                transforms:
                  - keyedToArray: { key: id, at: data.users }
            """)
        #expect(inline.problem?.message.contains("the values are [Int], not objects") == true)
    }

    @Test func unwrapWrapRenameAndDefaults() throws {
        let result = try transformed(
            """
            shapes:
              Bet: { i: Int, note?: String }
            endpoints:
              e:
                request: GET /e
                expect:
                  body:
                    data: { b: [Bet] }
                transforms:
                  - unwrap: data
                  - renameKeys: { "b[].i": betId, b: bets }
                  - defaults: { "bets[].note": "" }
                  - wrap: payload
            """)
        #expect(result.problem == nil)
        guard case .object(let payload) = result.shape.kind, case .object(let body) = payload.fields[0].shape.kind,
            case .array(let element) = body.fields[0].shape.kind, case .object(let bet) = element.kind
        else {
            Issue.record("unexpected shape \(result.shape)")
            return
        }
        #expect(payload.fields.map(\.name) == ["payload"])
        #expect(body.fields.map(\.name) == ["bets"])
        // The named shape was copied in to be renamed; `defaults` made `note` required.
        #expect(bet.fields.map(\.name) == ["betId", "note"])
        #expect(bet.fields.map(\.mayBeAbsent) == [false, false])
        #expect(Set(result.renamedFrom.values) == ["b", "i"])
    }

    @Test func aPathTheShapeDoesNotHaveIsAProblemAtTheTransform() throws {
        let result = try transformed(
            """
            endpoints:
              e:
                request: GET /e
                expect: { body: { data: Int } }
                transforms:
                  - unwrap: payload
            """)
        #expect(result.problem?.message == "unwrap: the spec's object {data} has no key 'payload'")
        #expect(result.problem?.location?.line == 6)
    }
}
