import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct RenameKeysTransformTests {
    let bets = TestSuites.json(
        #"{"fn": "Ada", "ln": "Lovelace", "b": [{"i": 1, "a": 12.5, "s": "open"}, {"i": 2, "a": 3, "s": "won"}]}"#)

    func transform() throws -> RenameKeysTransform {
        try RenameKeysTransform([
            "fn": "firstName", "ln": "lastName", "b[].i": "betId", "b[].a": "amount", "b[].s": "state", "b": "bets",
        ])
    }

    @Test func renamesKeysInPlaceAndInsideArrays() throws {
        let output = try transform().apply(to: bets)
        #expect(
            JSONWriter(style: .compact).write(output)
                == #"{"firstName":"Ada","lastName":"Lovelace","bets":[{"betId":1,"amount":12.5,"state":"open"},{"betId":2,"amount":3,"state":"won"}]}"#
        )
    }

    @Test func tracesNewNamesBackToTheOldOnes() throws {
        let output = try transform().transform(bets)
        #expect(output.origin(of: path("firstName")) == .value(path("fn")))
        #expect(output.origin(of: path("bets", 1, "betId")) == .value(path("b", 1, "i")))
        #expect(output.origin(of: path("bets")) == .value(path("b")))
    }

    @Test func aMissingKeyStillTracesToItsOldName() throws {
        var body = bets
        body.modify(at: path("fn")) { $0 = nil }
        let output = try transform().transform(body)
        #expect(output.value.objectValue?["firstName"] == nil)
        #expect(output.origin(of: path("firstName")) == .value(path("fn")))
    }

    @Test func keysThatAreNotRenamedKeepTheirPaths() throws {
        let output = try RenameKeysTransform(["fn": "firstName"]).transform(
            TestSuites.json(#"{"fn": 1, "x": {"y": 2}}"#))
        #expect(output.origin(of: path("x", "y")) == .value(path("x", "y")))
    }

    @Test func renameThenRenameBackRoundTrips() throws {
        let there = try transform()
        let back = try RenameKeysTransform([
            "firstName": "fn", "lastName": "ln", "bets[].betId": "i", "bets[].amount": "a", "bets[].state": "s",
            "bets": "b",
        ])
        #expect(try back.apply(to: there.apply(to: bets)) == bets)
    }

    @Test func anObjectWhereTheRenamesNeedAnArrayFails() {
        let body = TestSuites.json(#"{"b": {"i": 1}}"#)
        #expect(
            throws: TransformError(
                transform: "renameKeys", path: path("b"), expected: "an array", found: "object with key 'i'")
        ) {
            try transform().apply(to: body)
        }
    }

    @Test func newNamesArePlainKeys() {
        #expect(
            throws: TransformPathError(
                text: "a.b", reason: "a new name is a plain key (renameKeys does not move values)")
        ) {
            try RenameKeysTransform(["x": "a.b"])
        }
    }
}
