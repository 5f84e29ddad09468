import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct KeyedToArrayTransformTests {
    let firebase = TestSuites.json(
        #"{"u1": {"name": "Ada"}, "u2": {"name": "Grace", "objectId": "stale"}, "u42": {"name": "Alan"}}"#)

    @Test func turnsAKeyedDictionaryIntoAnArrayWrappedUnderInto() throws {
        let output = try KeyedToArrayTransform(key: "objectId", into: "objects").apply(to: firebase)
        #expect(
            JSONWriter(style: .compact).write(output)
                == #"{"objects":[{"objectId":"u1","name":"Ada"},{"objectId":"u2","name":"Grace"},{"objectId":"u42","name":"Alan"}]}"#
        )
    }

    @Test func withoutIntoTheBodyBecomesTheArray() throws {
        let output = try KeyedToArrayTransform(key: "id").apply(to: TestSuites.json(#"{"7": {"n": 1}}"#))
        #expect(output == TestSuites.json(#"[{"id": "7", "n": 1}]"#))
    }

    @Test func atReplacesANestedDictionaryInPlace() throws {
        let body = TestSuites.json(#"{"meta": 1, "data": {"users": {"a": {"n": 1}}}}"#)
        let transform = KeyedToArrayTransform(key: "id", at: try TransformPath(parsing: "data.users"))
        #expect(
            try transform.apply(to: body) == TestSuites.json(#"{"meta": 1, "data": {"users": [{"id": "a", "n": 1}]}}"#))
    }

    @Test func tracesElementPathsBackToTheirEntries() throws {
        let output = try KeyedToArrayTransform(key: "objectId", into: "objects").transform(firebase)
        #expect(output.origin(of: path("objects", 2, "name")) == .value(path("u42", "name")))
        #expect(output.origin(of: path("objects", 2, "objectId")) == .keyOf(path("u42")))
        #expect(output.origin(of: path("objects", 0)) == .value(path("u1")))
        #expect(output.origin(of: path("objects")) == .value(.root))
        #expect(output.origin(of: .root) == .inserted(by: "keyedToArray", nearest: .root))
    }

    @Test func anArrayIsATransformFailureThatSaysWhatArrived() {
        #expect(
            throws: TransformError(
                transform: "keyedToArray", path: .root, expected: "an object", found: "array with 3 elements")
        ) {
            try KeyedToArrayTransform(key: "id").apply(to: TestSuites.json("[1, 2, 3]"))
        }
        let error = try? #require(throws: TransformError.self) {
            try KeyedToArrayTransform(key: "id", at: TransformPath(parsing: "users")).apply(
                to: TestSuites.json(#"{"users": [1, 2, 3]}"#))
        }
        #expect(error?.description == "keyedToArray expected an object at $.users, found array with 3 elements")
    }

    @Test func entriesMustBeObjects() {
        let error = try? #require(throws: TransformError.self) {
            try KeyedToArrayTransform(key: "id").apply(to: TestSuites.json(#"{"a": {"n": 1}, "b": "Ada"}"#))
        }
        #expect(error?.path == path("b"))
        #expect(error?.found == "string \"Ada\"")
    }

    @Test func aMissingDictionaryIsAFailureToo() {
        let error = try? #require(throws: TransformError.self) {
            try KeyedToArrayTransform(key: "id", at: TransformPath(parsing: "users")).apply(
                to: TestSuites.json(#"{"people": {}}"#))
        }
        #expect(error?.description == "keyedToArray expected an object at $.users, found nothing (the key is absent)")
    }

    @Test func worksOnData() throws {
        let data = Data(#"{"u1":{"name":"Ada"}}"#.utf8)
        let output = try KeyedToArrayTransform(key: "id").apply(to: data)
        #expect(String(decoding: output, as: UTF8.self) == #"[{"id":"u1","name":"Ada"}]"#)
    }
}

/// A path from keys and indices: `path("objects", 2, "name")` is `$.objects[2].name`.
func path(_ components: Any...) -> JSONPath {
    JSONPath(
        components: components.map { component in
            if let index = component as? Int { return .index(index) }
            return .key(component as! String)
        })
}
