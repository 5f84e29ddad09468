import ContractTestSupport
import Foundation
import Testing

@testable import ContractKit

@Suite struct DefaultsAndLossyTransformTests {
    @Test func defaultsFillAbsentAndNullKeysOnly() throws {
        let body = TestSuites.json(#"{"notices": [{"id": 1}, {"id": 2, "body": null}, {"id": 3, "body": "b"}]}"#)
        let output = try DefaultsTransform([(TransformPath(parsing: "notices[].body"), .string(""))]).transform(body)
        #expect(
            output.value
                == TestSuites.json(
                    #"{"notices": [{"id": 1, "body": ""}, {"id": 2, "body": ""}, {"id": 3, "body": "b"}]}"#))
        #expect(output.origin(of: path("notices", 0, "body")) == .inserted(by: "defaults", nearest: path("notices", 0)))
        #expect(output.origin(of: path("notices", 1, "body")) == .value(path("notices", 1, "body")))
    }

    @Test func defaultsNeedObjects() {
        #expect(
            throws: TransformError(
                transform: "defaults", path: path("notices", 1), expected: "an object", found: "string \"oops\"")
        ) {
            try DefaultsTransform([(TransformPath(parsing: "notices[].body"), .string(""))])
                .apply(to: TestSuites.json(#"{"notices": [{}, "oops"]}"#))
        }
    }

    @Test func lossyDropsWhatItIsToldAndTracesIndicesBack() throws {
        let body = TestSuites.json(#"{"n": [{"id": 1}, {"id": "x"}, {"id": 3}]}"#)
        let transform = LossyArrayTransform(at: try TransformPath(parsing: "n")) {
            $0.objectValue?["id"]?.numberValue != nil
        }
        let output = try transform.transform(body)
        #expect(output.value == TestSuites.json(#"{"n": [{"id": 1}, {"id": 3}]}"#))
        #expect(output.removed == [path("n", 1)])
        #expect(output.origin(of: path("n", 1, "id")) == .value(path("n", 2, "id")))
    }

    @Test func lossyDecodingKeepsElementsThatDecodeAlone() throws {
        struct Item: Decodable { var id: Int }
        let transform = LossyArrayTransform(at: TransformPath(steps: []), decoding: Item.self)
        let output = try transform.apply(to: Data(#"[{"id":1},{"id":"2"},{"id":3}]"#.utf8))
        #expect(String(decoding: output, as: UTF8.self) == #"[{"id":1},{"id":3}]"#)
    }

    @Test func lossyNeedsAnArray() {
        #expect(
            throws: TransformError(
                transform: "lossy", path: path("n"), expected: "an array", found: "object with key 'a'")
        ) {
            try LossyArrayTransform(at: TransformPath(parsing: "n")) { _ in true }.apply(
                to: TestSuites.json(#"{"n": {"a": 1}}"#))
        }
    }

    @Test func aPipelineTracesThroughEveryStep() throws {
        let raw = TestSuites.json(#"{"Data": {"u1": {"fn": "Ada"}, "u42": {"fn": "Alan"}}}"#)
        let pipeline = TransformPipeline([
            UnwrapTransform(key: "Data"), KeyedToArrayTransform(key: "id", into: "objects"),
            try RenameKeysTransform(["objects[].fn": "firstName"]),
        ])
        let run = pipeline.run(raw)
        #expect(
            run.output
                == TestSuites.json(
                    #"{"objects": [{"id": "u1", "firstName": "Ada"}, {"id": "u42", "firstName": "Alan"}]}"#))
        #expect(run.origin(of: path("objects", 1, "firstName")) == .value(path("Data", "u42", "fn")))
        #expect(run.origin(of: path("objects", 1, "id")) == .keyOf(path("Data", "u42")))
        #expect(run.origin(of: .root) == .inserted(by: "keyedToArray", nearest: path("Data")))
    }

    @Test func aFailingStepIsReportedAtItsPlaceInTheRawBody() {
        let raw = TestSuites.json(#"{"data": {"users": [1, 2, 3]}}"#)
        let pipeline = TransformPipeline([
            UnwrapTransform(key: "data"), KeyedToArrayTransform(key: "id", at: try! TransformPath(parsing: "users")),
        ])
        let run = pipeline.run(raw)
        #expect(run.failure?.step == 1)
        #expect(
            run.failure?.error.description == "keyedToArray expected an object at $.users, found array with 3 elements")
        #expect(
            throws: TransformError(
                transform: "keyedToArray", path: path("data", "users"), expected: "an object",
                found: "array with 3 elements")
        ) {
            try pipeline.apply(to: raw)
        }
    }
}
