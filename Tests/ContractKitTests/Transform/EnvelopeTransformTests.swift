import ContractTestSupport
import Testing

@testable import ContractKit

@Suite struct EnvelopeTransformTests {
    @Test func unwrapKeepsTheValueUnderAKeyAndShiftsPaths() throws {
        let body = TestSuites.json(#"{"Data": {"AccountId": "x"}, "Error": null}"#)
        let output = try UnwrapTransform(key: "Data").transform(body)
        #expect(output.value == TestSuites.json(#"{"AccountId": "x"}"#))
        #expect(output.origin(of: path("AccountId")) == .value(path("Data", "AccountId")))
        #expect(output.origin(of: .root) == .value(path("Data")))
    }

    @Test func unwrapFollowsAPathOfKeys() throws {
        let body = TestSuites.json(#"{"data": {"items": [1]}}"#)
        let output = try UnwrapTransform(TransformPath(parsing: "data.items")).transform(body)
        #expect(output.value == TestSuites.json("[1]"))
        #expect(output.origin(of: path(0)) == .value(path("data", "items", 0)))
    }

    @Test func unwrapSaysWhichKeysArrivedInstead() {
        #expect(
            throws: TransformError(
                transform: "unwrap", path: .root, expected: "an object with key 'Data'",
                found: "object with keys 'data', 'error'")
        ) {
            try UnwrapTransform(key: "Data").apply(to: TestSuites.json(#"{"data": {}, "error": null}"#))
        }
        #expect(
            throws: TransformError(
                transform: "unwrap", path: .root, expected: "an object with key 'data'", found: "array with 2 elements")
        ) {
            try UnwrapTransform(key: "data").apply(to: TestSuites.json("[1, 2]"))
        }
    }

    @Test func wrapAddsAnObjectWithNoCounterpartInTheBody() throws {
        let output = try WrapTransform(key: "objects").transform(TestSuites.json(#"[{"id": 1}]"#))
        #expect(output.value == TestSuites.json(#"{"objects": [{"id": 1}]}"#))
        #expect(output.origin(of: path("objects", 0, "id")) == .value(path(0, "id")))
        #expect(output.origin(of: .root) == .inserted(by: "wrap", nearest: .root))
    }

    @Test func wrapThenUnwrapRoundTrips() throws {
        let body = TestSuites.json(#"{"a": [1, {"b": null}]}"#)
        let pipeline = TransformPipeline([WrapTransform(key: "data"), UnwrapTransform(key: "data")])
        let output = try pipeline.transform(body)
        #expect(output.value == body)
        #expect(output.origin(of: path("a", 1, "b")) == .value(path("a", 1, "b")))
    }
}
