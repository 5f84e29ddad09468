/// Names made unique by a number after them (`op`, `op-2`, `op-3`): each base remembers the next number to try, so
/// that a document with 40,000 operations of one operationId costs 40,000 tries, not 800 million (it took 64 s).
///
/// Names are only ever added, so a number tried and found taken stays taken: starting where the last try of the
/// same base stopped gives the name a search from 2 would.
package struct UniqueNames {
    private var taken: Set<String>
    private var next: [String: Int] = [:]

    package init(_ taken: Set<String> = []) {
        self.taken = taken
    }

    package mutating func insert(_ name: String) { taken.insert(name) }

    /// `form(nil)` when it is not taken (and `accepts` it), else `form(n)` for the first n from 2 that is not; the
    /// name is taken from then on.
    package mutating func claim(
        _ base: String, accepts: (String) -> Bool = { _ in true }, form: (Int?) -> String
    ) -> String {
        var name = form(nil)
        if taken.contains(name) || !accepts(name) {
            var number = next[base] ?? 2
            repeat {
                name = form(number)
                number += 1
            } while taken.contains(name) || !accepts(name)
            next[base] = number
        }
        taken.insert(name)
        return name
    }
}
