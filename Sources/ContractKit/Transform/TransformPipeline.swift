/// Transforms applied in order, remembering each step so that any path of the result can be traced back to the
/// body the server sent.
public struct TransformPipeline: JSONTransform {
    /// The transforms, in the order they run.
    public var transforms: [any JSONTransform]
    private let customName: String?

    /// The given name, or the transforms' names: `unwrap, then keyedToArray`.
    public var name: String { customName ?? transforms.map(\.name).joined(separator: ", then ") }

    /// Creates a pipeline, named `name` in messages when given.
    public init(_ transforms: [any JSONTransform], name: String? = nil) {
        self.transforms = transforms
        self.customName = name
    }

    /// Runs every transform in order, stopping at the first whose precondition fails.
    public func run(_ value: JSONValue) -> TransformRun {
        var run = TransformRun(input: value)
        var current = value
        for (index, transform) in transforms.enumerated() {
            do {
                let output = try transform.transform(current)
                run.steps.append(output)
                current = output.value
            } catch {
                run.failure = TransformRun.Failure(step: index, error: error)
                return run
            }
        }
        return run
    }

    /// The result of every transform in order; a failing step's error has its path in the input body.
    public func transform(_ value: JSONValue) throws(TransformError) -> TransformOutput {
        let run = run(value)
        if let failure = run.failure {
            var error = failure.error
            error.path = run.origin(of: error.path, beforeStep: failure.step).nearestPath
            throw error
        }
        return TransformOutput(value: run.output ?? value, removed: run.removed.map(\.path)) { run.origin(of: $0) }
    }
}

/// A pipeline's run: the value after each step, or the step that failed.
public struct TransformRun: Sendable {
    /// A step whose precondition failed.
    public struct Failure: Sendable {
        /// The index of the transform that failed.
        public var step: Int
        /// Why, with a path in that step's input.
        public var error: TransformError
    }

    /// The body before any transform.
    public var input: JSONValue
    /// The outputs of the steps that ran, in order.
    public var steps: [TransformOutput] = []
    /// The step that failed, if any; later steps did not run.
    public var failure: Failure?

    init(input: JSONValue) {
        self.input = input
    }

    /// The final value, or nil when a step failed.
    public var output: JSONValue? {
        failure == nil ? (steps.last?.value ?? input) : nil
    }

    /// Every value dropped along the way, with its path in the input body and the step that dropped it.
    public var removed: [(step: Int, path: JSONPath)] {
        var result: [(step: Int, path: JSONPath)] = []
        for (index, step) in steps.enumerated() {
            for path in step.removed { result.append((index, origin(of: path, beforeStep: index).nearestPath)) }
        }
        return result
    }

    /// Where the value at `path` came from in the input body (or, with `downTo`, in the input of that step).
    ///
    /// `path` is in the output of the steps before `beforeStep` (all steps when nil).
    public func origin(of path: JSONPath, beforeStep: Int? = nil, downTo lowest: Int = 0) -> PathOrigin {
        var origin = PathOrigin.value(path)
        let upper = min(beforeStep ?? steps.count, steps.count)
        for step in steps[min(lowest, upper)..<upper].reversed() {
            switch origin {
            case .value(let path):
                origin = step.origin(of: path)
            case .keyOf(let path):
                switch step.origin(of: path) {
                case .value(let earlier): origin = .keyOf(earlier)
                case .keyOf(let earlier): origin = .inserted(by: "keyedToArray", nearest: earlier)
                case .inserted(let transform, let nearest): origin = .inserted(by: transform, nearest: nearest)
                }
            case .inserted(let transform, let nearest):
                origin = .inserted(by: transform, nearest: step.origin(of: nearest).nearestPath)
            }
        }
        return origin
    }
}
