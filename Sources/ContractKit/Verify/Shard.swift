/// One of several parts of a suite, so a CI matrix can verify a large suite on many machines: `--shard 2/3`.
///
/// Endpoints are dealt round-robin over their sorted ids: shard K takes the K-th, (K+N)-th, ... id. That keeps the
/// shards' sizes within one of each other whatever the ids look like, which a hash of the id cannot promise for
/// small suites (seven endpoints hashed into three shards can easily come out 5, 2, 0). The price is that adding
/// an endpoint moves others to other shards; shards are recomputed on every run, so nothing depends on it.
package struct Shard: Sendable, Hashable, CustomStringConvertible {
    /// Which shard, from 1.
    package var index: Int
    /// How many shards there are.
    package var count: Int

    /// Shard `index` of `count`.
    ///
    /// - Throws: ``ContractError`` when `index` is not between 1 and `count`.
    package init(index: Int, count: Int) throws(ContractError) {
        guard count >= 1, (1...count).contains(index) else {
            throw ContractError(
                .invalidArgument, "shard \(index)/\(count) does not exist",
                hint: "write K/N with 1 ≤ K ≤ N, such as 1/3, 2/3 and 3/3 for a matrix of three jobs")
        }
        self.index = index
        self.count = count
    }

    /// Reads `K/N`.
    ///
    /// - Throws: ``ContractError`` when the text is not `K/N` with 1 ≤ K ≤ N.
    package init(parsing text: String) throws(ContractError) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(String(parts[0]).trimmingSpaces()),
            let count = Int(String(parts[1]).trimmingSpaces())
        else {
            throw ContractError(
                .invalidArgument, "'\(text)' is not a shard",
                hint: "write K/N, such as 2/3 for the second of three shards")
        }
        try self.init(index: index, count: count)
    }

    /// `2/3`.
    package var description: String { "\(index)/\(count)" }

    /// The items of this shard, in the order given; `id` names each item (endpoint ids are unique).
    package func select<Item>(_ items: [Item], id: (Item) -> String) -> [Item] {
        let sorted = items.map(id).sorted()
        var mine = Set<String>()
        for (position, itemID) in sorted.enumerated() where position % count == index - 1 { mine.insert(itemID) }
        return items.filter { mine.contains(id($0)) }
    }
}

/// The part of a suite a report covers: which shard, out of how many endpoints in all.
package struct ShardCoverage: Sendable, Hashable {
    /// The shard.
    package var shard: Shard
    /// How many endpoints the whole run (all shards together) verifies.
    package var suiteEndpoints: Int

    /// Creates a coverage.
    package init(shard: Shard, suiteEndpoints: Int) {
        self.shard = shard
        self.suiteEndpoints = suiteEndpoints
    }
}
