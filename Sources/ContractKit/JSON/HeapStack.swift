/// A growable stack on the heap, so that nesting depth costs no call stack: the shape walk's path.
struct HeapStack<Element>: ~Copyable {
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

    /// The top element, or nil when the stack is empty.
    var last: Element? {
        @inline(__always) get { count > 0 ? storage[count - 1] : nil }
    }

    /// Puts `element` on top.
    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (storage + count).initialize(to: element)
        count += 1
    }

    /// Takes the top element off; the stack must not be empty.
    @inline(__always)
    mutating func popLast() -> Element {
        precondition(count > 0, "popLast on an empty stack")
        count -= 1
        return (storage + count).move()
    }

    /// Calls `body` with the elements from the bottom up.
    func withElements<Result>(_ body: (UnsafeBufferPointer<Element>) -> Result) -> Result {
        body(UnsafeBufferPointer(start: storage, count: count))
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity * 2
        let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newStorage.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }
}
