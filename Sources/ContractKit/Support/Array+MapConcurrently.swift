extension Array where Element: Sendable {
    /// `transform` applied to every element, at most `limit` at a time; the results come back in the elements'
    /// order, whichever finishes first. A new one starts as soon as one finishes, so one slow element holds up no
    /// more than its own place.
    func mapConcurrently<Result: Sendable>(
        atMost limit: Int, _ transform: @escaping @Sendable (Element) async -> Result
    ) async -> [Result] {
        var results = [Result?](repeating: nil, count: count)
        await withTaskGroup(of: (Int, Result).self) { group in
            var next = 0
            func start() {
                let index = next
                let element = self[index]
                group.addTask { (index, await transform(element)) }
                next += 1
            }
            while next < Swift.min(Swift.max(1, limit), count) { start() }
            while let (index, result) = await group.next() {
                results[index] = result
                if next < count { start() }
            }
        }
        return results.map { $0! }
    }
}
