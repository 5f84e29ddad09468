import Foundation

/// What a history stores about a run besides its findings: when, how long, which tool and which specs.
package struct HistoryRun: Sendable, Hashable {
    /// When the run started.
    package var startedAt: Date
    /// How long it took, in milliseconds.
    package var durationMs: Int
    /// The `contract` release that ran it.
    package var toolVersion: String
    /// The git commit and branch of the specs, when known.
    package var gitCommit: String?
    package var gitBranch: String?
    /// The environment label (`--env staging`); empty when none was given.
    package var environment: String
    /// The run id shards of one run share (`--run-id`); nil for a run of its own.
    package var runKey: String?

    /// Creates a run's description.
    package init(
        startedAt: Date, durationMs: Int, toolVersion: String = ContractVersion.current, gitCommit: String? = nil,
        gitBranch: String? = nil, environment: String = "", runKey: String? = nil
    ) {
        self.startedAt = startedAt
        self.durationMs = durationMs
        self.toolVersion = toolVersion
        self.gitCommit = gitCommit
        self.gitBranch = gitBranch
        self.environment = environment
        self.runKey = runKey
    }
}

/// Where the specs come from in version control: CI's own variables first, then `git` in the specs folder.
package enum SpecsRevision {
    /// The commit and branch, each nil when unknown.
    package static func current(
        specsFolder: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> (commit: String?, branch: String?) {
        func value(_ names: [String]) -> String? {
            names.lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        }
        // GitHub Actions, GitLab CI, Buildkite, CircleCI, Jenkins (git plugin), Bitbucket.
        let commit = value([
            "GITHUB_SHA", "CI_COMMIT_SHA", "BUILDKITE_COMMIT", "CIRCLE_SHA1", "GIT_COMMIT", "BITBUCKET_COMMIT",
        ])
        let branch = value([
            "GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BUILDKITE_BRANCH", "CIRCLE_BRANCH",
            "GIT_BRANCH",
            "BITBUCKET_BRANCH",
        ])
        if commit != nil || branch != nil { return (commit, branch) }
        let folder = directory(of: specsFolder)
        let head = git(["rev-parse", "HEAD"], in: folder)
        let name = git(["rev-parse", "--abbrev-ref", "HEAD"], in: folder)
        return (head, name == "HEAD" ? nil : name)
    }

    private static func directory(of path: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            return path
        }
        let parent = (path as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// What `git` prints, trimmed; nil when git is missing, the folder is not a repository, or it fails.
    private static func git(_ arguments: [String], in folder: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
