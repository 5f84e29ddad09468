import ContractKit
import Foundation

/// A contract suite verified inside `swift test`: the specs, the recordings, and the app's models.
///
/// Relative paths are resolved against the package that holds the test file (the nearest folder above it with
/// a `Package.swift`), so tests find `Specs/` and `Recordings/` whatever the working directory is.
///
/// ```swift
/// import ContractTesting
/// import MyAPIModels
/// import Testing
///
/// let contracts = ContractSuite(models: [User.self, ObjectsResponse.self])
///
/// @Test(arguments: contracts.endpoints)
/// func contract(_ endpoint: ContractEndpoint) {
///     contracts.expectNoDrift(endpoint)
/// }
/// ```
public struct ContractSuite: Sendable {
    /// The folder of YAML specs (or one spec file), absolute.
    public let specsPath: String
    /// The folder of recordings, absolute.
    public let recordingsPath: String
    /// The package root relative paths were resolved against.
    public let packageRoot: String
    /// The app's models.
    public let models: ModelRegistry
    /// The severity at and above which an endpoint fails.
    public let failOn: Severity
    private let suite: SpecSuite?
    private let loadErrors: ContractErrors?

    /// Loads the suite.
    ///
    /// - Parameters:
    ///   - specs: the specs folder (or one spec file), relative to the package root or absolute.
    ///   - recordings: the recordings folder, relative to the package root or absolute.
    ///   - models: the app's `Decodable` models that specs name with `model:`.
    ///   - failOn: the severity at and above which an endpoint fails (`breaking` unless told otherwise).
    ///   - filePath: leave as is: the calling file, to find its package.
    public init(
        specs: String = "Specs", recordings: String = "Recordings", models: [any Decodable.Type],
        failOn: Severity = .breaking,
        filePath: StaticString = #filePath
    ) {
        let root = ContractSuite.packageRoot(above: "\(filePath)")
        packageRoot = root
        specsPath = specs.hasPrefix("/") ? specs : root + "/" + specs
        recordingsPath = recordings.hasPrefix("/") ? recordings : root + "/" + recordings
        self.models = ModelRegistry(models)
        self.failOn = failOn
        do {
            suite = try SpecLoader().load(directory: specsPath)
            loadErrors = nil
        } catch {
            suite = nil
            loadErrors = error
        }
    }

    /// One case per endpoint, in spec order, for `@Test(arguments:)`. When the specs do not load, or name models
    /// that are not registered, the one case there is fails with the errors.
    public var endpoints: [ContractEndpoint] {
        guard let suite else { return [ContractEndpoint(id: "specs", endpoint: nil)] }
        return suite.endpoints.map { ContractEndpoint(id: $0.id, endpoint: $0) }
    }

    /// The endpoints whose ids match the patterns (`users/*`), or all of them.
    public func endpoints(matching patterns: [String]) -> [ContractEndpoint] {
        guard let suite, !patterns.isEmpty else { return endpoints }
        return suite.endpoints(matching: patterns).map { ContractEndpoint(id: $0.id, endpoint: $0) }
    }

    /// The verdict for one endpoint, or nil (with the reason) when the suite cannot be verified.
    public func verify(_ endpoint: ContractEndpoint) -> Result<EndpointResult, ContractErrors> {
        if let loadErrors { return .failure(loadErrors) }
        guard let suite, let spec = endpoint.endpoint else {
            return .failure(
                ContractErrors([ContractError(.invalidSpec, "no endpoint '\(endpoint.id)' in \(specsPath)")]))
        }
        let unresolved = ModelLinter(models: models, shapes: suite.shapes).unresolvedModels(in: [spec])
        guard unresolved.isEmpty else { return .failure(ContractErrors(unresolved)) }
        let verifier = Verifier(suite: suite, options: .init(recordingsDirectory: recordingsPath), models: models)
        return .success(verifier.verify(spec))
    }

    /// A message listing why `endpoint` fails, or nil when it passes.
    public func failureMessage(for endpoint: ContractEndpoint) -> String? {
        switch verify(endpoint) {
        case .failure(let errors):
            return "the contract suite cannot be verified:\n"
                + relative(errors.description.escapingNonPrintables(keepingLineBreaks: true))
        case .success(let result):
            guard result.fails(at: failOn) else { return nil }
            return relative(ContractFailureMessage(failOn: failOn).render(result))
        }
    }

    /// A message listing why the endpoint with this id fails, or nil when it passes: the spec errors when the
    /// suite does not load, or the known ids when there is no such endpoint.
    public func failureMessage(forEndpoint id: String) -> String? {
        guard suite != nil else { return failureMessage(for: ContractEndpoint(id: id, endpoint: nil)) }
        guard let endpoint = endpoints.first(where: { $0.id == id }) else {
            return
                "no endpoint '\(id)' in the contract suite; endpoints: \(endpoints.map(\.id).joined(separator: ", "))"
        }
        return failureMessage(for: endpoint)
    }

    /// Paths under the package root shown relative to it, as in the command line's reports.
    private func relative(_ text: String) -> String {
        text.replacingOccurrences(of: packageRoot + "/", with: "")
    }

    /// The nearest folder above `file` that holds a `Package.swift`; the working directory when there is none.
    static func packageRoot(above file: String) -> String {
        var url = URL(fileURLWithPath: file).deletingLastPathComponent()
        while url.path != "/" {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url.path
            }
            url.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }
}

/// One endpoint of a ``ContractSuite``: the argument of a parameterised test.
public struct ContractEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// The endpoint's id, `users/list-users`.
    public let id: String
    let endpoint: Endpoint?

    public var description: String { id }

    public static func == (lhs: ContractEndpoint, rhs: ContractEndpoint) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// The text of a failing endpoint in a test failure: every finding at or above the threshold, with its fix.
public struct ContractFailureMessage: Sendable {
    /// Findings below this severity are counted but not listed.
    public var failOn: Severity

    /// Creates a renderer.
    public init(failOn: Severity = .breaking) {
        self.failOn = failOn
    }

    /// `users/list-users: 2 breaking findings` and the findings, one block each. Keys and values from the body are
    /// shown with their non-printable characters escaped, as in the text report.
    public func render(_ result: EndpointResult) -> String {
        let failing = result.findings.filter { !$0.isWaived && $0.severity >= failOn }
        var text =
            "\(result.id): \(failing.count) finding\(failing.count == 1 ? "" : "s") at or above \(failOn) (recording \(result.recordingPath))"
        for finding in failing {
            text += "\n- \(finding.severity.rawValue) \(finding.kind)"
            if let path = finding.path { text += " at \(path.description.escapingNonPrintables())" }
            text += finding.moreLikeIt
            text += "\n    \(finding.message.escapingNonPrintables())"
            text +=
                "\n    expected \(finding.expected.escapingNonPrintables()); actual \(finding.actual.escapingNonPrintables())"
            if let hint = finding.hint { text += "\n    fix: \(hint.escapingNonPrintables())" }
            if let location = finding.specLocation { text += "\n    spec: \(location)" }
        }
        for note in result.notes
        where note.hasPrefix("decoding") || note.hasPrefix("not decoded") || note.hasPrefix("shape only") {
            text += "\nnote: \(note.escapingNonPrintables())"
        }
        return text
    }
}
