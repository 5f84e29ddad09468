/// Combines the reports of a suite's shards (or of separate runs over different endpoints) into one report.
///
/// The merged report lists the endpoints in spec order (by spec file, then line), which is the order a single run
/// over the whole suite gives, so it renders the same as that run would. Reports that cannot belong together
/// are refused: overlapping endpoints, different `--fail-on`, shards of different splits, or a missing shard.
package enum ReportMerger {
    /// One report to merge and the file it came from, for messages.
    package typealias Source = (file: String, report: VerificationReport)

    /// The merged report.
    ///
    /// - Throws: ``ContractError`` with code `.reportConflict`, saying which files disagree and how.
    package static func merge(_ sources: [Source]) throws(ContractError) -> VerificationReport {
        guard let first = sources.first else {
            throw ContractError(
                .reportConflict, "there are no reports to merge", hint: "pass the JSON reports of every shard")
        }
        for source in sources.dropFirst() where source.report.failOn != first.report.failOn {
            throw conflict(
                "'\(source.file)' fails on \(source.report.failOn.rawValue) but '\(first.file)' on \(first.report.failOn.rawValue)",
                hint: "run every shard with the same --fail-on")
        }
        try checkShards(sources)
        var owner: [String: String] = [:]
        var results: [EndpointResult] = []
        for source in sources {
            for result in source.report.results {
                if let other = owner[result.id] {
                    throw conflict(
                        "endpoint '\(result.id)' is in both '\(other)' and '\(source.file)'",
                        hint: other == source.file
                            ? "the report lists it twice; re-run the shard"
                            : "each endpoint must come from one shard only: were the same shard's reports passed twice, or shards of different splits?"
                    )
                }
                owner[result.id] = source.file
                results.append(result)
            }
        }
        if let coverage = first.report.shard, results.count != coverage.suiteEndpoints {
            throw conflict(
                "the shards hold \(results.count) endpoints, but each says the suite has \(coverage.suiteEndpoints)",
                hint: "run every shard from the same commit, specs and --filter")
        }
        results.sort { ($0.specLocation, $0.id) < ($1.specLocation, $1.id) }
        var merged = VerificationReport(results: results, failOn: first.report.failOn)
        merged.history = mergedHistory(sources.compactMap(\.report.history))
        return merged
    }

    /// The shards' history parts as one: their resolved drift together, and the trend of the shard written last
    /// (the one whose last run counts the most endpoints, as the shards of one `--run-id` add up).
    static func mergedHistory(_ parts: [ReportHistory]) -> ReportHistory? {
        guard var merged = parts.max(by: { ($0.trend.last?.endpoints ?? 0) < ($1.trend.last?.endpoints ?? 0) }) else {
            return nil
        }
        merged.resolved = parts.flatMap(\.resolved).sorted {
            ($0.endpoint, $0.kind.rawValue, $0.path?.description ?? "", $0.expected)
                < ($1.endpoint, $1.kind.rawValue, $1.path?.description ?? "", $1.expected)
        }
        return merged
    }

    private static func checkShards(_ sources: [Source]) throws(ContractError) {
        let sharded = sources.filter { $0.report.shard != nil }
        guard let first = sharded.first, let coverage = first.report.shard else { return }
        if let whole = sources.first(where: { $0.report.shard == nil }) {
            throw conflict(
                "'\(first.file)' is shard \(coverage.shard) but '\(whole.file)' is not a shard",
                hint: "merge the reports of one sharded run only")
        }
        var seen: [Int: String] = [:]
        for source in sources {
            let other = source.report.shard!
            guard other.shard.count == coverage.shard.count, other.suiteEndpoints == coverage.suiteEndpoints else {
                throw conflict(
                    "'\(source.file)' is shard \(other.shard) of a suite of \(other.suiteEndpoints) endpoints, but '\(first.file)' is shard \(coverage.shard) of \(coverage.suiteEndpoints)",
                    hint: "merge the shards of one run: every job of the matrix with the same N in --shard K/N")
            }
            if let previous = seen[other.shard.index] {
                throw conflict(
                    "'\(previous)' and '\(source.file)' are both shard \(other.shard)",
                    hint: "pass each shard's report once")
            }
            seen[other.shard.index] = source.file
        }
        // Counted, and the first few named: a report can say it is shard 1 of 2^63. Every index seen is in 1...count
        // (``Shard`` says so), and every count is this one (checked above).
        let count = coverage.shard.count
        let missingCount = count - seen.count
        if missingCount > 0 {
            let shown = Self.shownMissingShards
            let missing = (1...count).lazy.filter { seen[$0] == nil }.prefix(shown).map { "\($0)/\(count)" }
            let names =
                missing.joined(separator: ", ") + (missingCount > shown ? " and \(missingCount - shown) more" : "")
            throw conflict(
                "shard\(missingCount == 1 ? "" : "s") \(names) \(missingCount == 1 ? "is" : "are") missing",
                hint: "pass the report of every shard; a missing one usually means its CI job failed before writing it")
        }
    }

    /// How many missing shards a message names; the rest are counted.
    static let shownMissingShards = 10

    private static func conflict(_ message: String, hint: String) -> ContractError {
        ContractError(.reportConflict, "cannot merge the reports: " + message, hint: hint)
    }
}
