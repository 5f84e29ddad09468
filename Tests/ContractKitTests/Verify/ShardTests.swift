import Testing

@testable import ContractKit

@Suite struct ShardTests {
    let ids = [
        "users/list-users", "accounts/get-account", "bets/my-bets", "notices/list-notices", "users/get-user",
        "directory/list-users", "accounts/get-locked-account",
    ]

    @Test func shardsPartitionTheSortedIdsRoundRobinAndKeepTheGivenOrder() throws {
        let parts = try (1...3).map { try Shard(index: $0, count: 3).select(ids) { $0 } }
        // Sorted: accounts/get-account, accounts/get-locked-account, bets/my-bets, directory/list-users,
        // notices/list-notices, users/get-user, users/list-users; shard 1 takes the 1st, 4th and 7th.
        #expect(parts[0] == ["users/list-users", "accounts/get-account", "directory/list-users"])
        #expect(parts[1] == ["notices/list-notices", "accounts/get-locked-account"])
        #expect(parts[2] == ["bets/my-bets", "users/get-user"])
        #expect(Set(parts.joined()) == Set(ids) && parts.joined().count == ids.count)
        // Balanced: sizes differ by at most one, for every shard count.
        for count in 1...9 {
            let sizes = try (1...count).map { try Shard(index: $0, count: count).select(ids) { $0 }.count }
            #expect(sizes.max()! - sizes.min()! <= 1)
        }
    }

    @Test func parsingSaysWhatAShardLooksLike() throws {
        #expect(try Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        #expect(try Shard(parsing: " 1 / 1 ").description == "1/1")
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            #expect(throws: ContractError.self) { try Shard(parsing: bad) }
        }
        do {
            _ = try Shard(parsing: "4/3")
        } catch {
            #expect(error.message == "shard 4/3 does not exist")
            #expect(error.code == .invalidArgument)
        }
    }
}
