import Testing

@testable import ContractKit

/// Names numbered to be unique give what a search from 2 gives, each base starting where its last search stopped.
@Suite struct UniqueNamesTests {
    @Test func numbersFollowOnPerBaseAndSkipNamesTakenOtherwise() {
        var names = UniqueNames(["op-3"])
        let form = { (base: String) in { (number: Int?) in number.map { "\(base)-\($0)" } ?? base } }
        #expect((0..<4).map { _ in names.claim("op", form: form("op")) } == ["op", "op-2", "op-4", "op-5"])
        // A name another base took in between is passed over.
        names.insert("op-6")
        #expect(names.claim("op", form: form("op")) == "op-7")
        #expect(names.claim("other", form: form("other")) == "other")
        // A base whose plain form is refused starts at 2.
        #expect(names.claim("Type", accepts: { $0 != "Type" }, form: { $0.map { "Type\($0)" } ?? "Type" }) == "Type2")
    }

    /// The same as a search from 2 each time, over many names of few bases, some taken beforehand.
    @Test func givesWhatASearchFromTwoGives() {
        var names = UniqueNames(["a-2", "b", "c-5"])
        var searched: Set<String> = ["a-2", "b", "c-5"]
        for index in 0..<3_000 {
            let base = ["a", "b", "c"][index % 3]
            var expected = base
            var number = 2
            while searched.contains(expected) {
                expected = "\(base)-\(number)"
                number += 1
            }
            searched.insert(expected)
            #expect(names.claim(base) { $0.map { "\(base)-\($0)" } ?? base } == expected)
            if index % 100 == 0 {
                names.insert("\(base)-\(index + 7)")
                searched.insert("\(base)-\(index + 7)")
            }
        }
    }
}
