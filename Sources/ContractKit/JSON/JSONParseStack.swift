/// A growable stack that hands its top elements over by moving them, never by copying.
///
/// The parser keeps every finished value of the still-open containers here; closing a container moves its
/// elements straight into the new array, so each value is retained once however deep it sits.
struct JSONParseStack<Element>: ~Copyable {
    private var storage: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// The number of elements on the stack.
    private(set) var count = 0

    /// An empty stack with room for `initialCapacity` elements before it grows.
    init(initialCapacity: Int) {
        capacity = max(initialCapacity, 1)
        storage = .allocate(capacity: capacity)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    /// Puts `element` on top.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Takes the top element off; the stack must not be empty.
    mutating func popLast() -> Element {
        precondition(count > 0, "popLast on an empty parse stack")
        count -= 1
        return (storage + count).move()
    }

    /// Takes the elements from `start` to the top off, in order, as an array.
    mutating func popArray(from start: Int) -> [Element] {
        let length = count - start
        guard length > 0 else { return [] }
        var result: [Element] = []
        result.reserveCapacity(length)
        for index in start..<count { result.append((storage + index).move()) }
        count = start
        return result
    }

    /// Lends `body` the elements from `start` to the top; `body` must move every one of them out.
    mutating func moveOut<Result>(from start: Int, _ body: (UnsafeMutablePointer<Element>, Int) -> Result) -> Result {
        let length = count - start
        let result = body(storage + start, length)
        count = start
        return result
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
