/// A growable stack that hands its top elements over by moving them, never by copying.
///
/// The parser keeps every finished value of the still-open containers here; closing a container moves its
/// elements straight into the new array in one block, so each value is retained once however deep it sits.
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
        precondition(count > 0, "popLast on an empty parse stack")
        count -= 1
        return (storage + count).move()
    }

    /// Takes the elements from `start` to the top off, in order, as an array.
    @inline(__always)
    mutating func popArray(from start: Int) -> [Element] {
        let length = count - start
        guard length > 0 else { return [] }
        count = start
        return Array(JSONMovedElements(base: storage + start, count: length))
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

/// Elements on a parse stack that are being moved into a new array.
///
/// `Array.init(_:)` from a collection allocates through code specialized for the element type, where
/// `Array(unsafeUninitializedCapacity:initializingWith:)` and `reserveCapacity(_:)` call into the standard
/// library's unspecialized allocator, which looks the array's type up at run time on every call.
/// Copying out of this collection moves each element, so it can be read only once.
struct JSONMovedElements<Element>: RandomAccessCollection {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element { base[position] }

    /// Moves the elements into `buffer` with one block copy.
    func _copyContents(
        initializing buffer: UnsafeMutableBufferPointer<Element>
    ) -> (IndexingIterator<JSONMovedElements<Element>>, Int) {
        let moved = Swift.min(count, buffer.count)
        if moved > 0 { buffer.baseAddress!.moveInitialize(from: base, count: moved) }
        return (IndexingIterator(_elements: self, _position: moved), moved)
    }
}
