extension RecordingDiff {
    /// The values that changed at the same path, in body order, kept as their text one after the other: a diff
    /// of two large recordings whose values all changed lists as many as the bodies have values, and as a path and two
    /// strings each they took more memory than the two bodies' tapes (figure 11's pair: 786,000 changes).
    package struct ValueChangeList: Sendable, Equatable, Sequence {
        /// Each change as its path, old value and new value, each a 4-byte length and its UTF-8 bytes.
        private var bytes: [UInt8] = []
        /// How many changes there are.
        package private(set) var count = 0

        package init() {}

        /// True when there is no change.
        package var isEmpty: Bool { count == 0 }

        /// Adds a change at the end.
        package mutating func append(path: String, old: String, new: String) {
            append(path)
            append(old)
            append(new)
            count += 1
        }

        /// Adds `text` with its length before it.
        private mutating func append(_ text: String) {
            let length = UInt32(text.utf8.count)
            withUnsafeBytes(of: length.littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: text.utf8)
        }

        /// Adds `other`'s changes at the end.
        package static func += (list: inout ValueChangeList, other: ValueChangeList) {
            list.bytes += other.bytes
            list.count += other.count
        }

        package func makeIterator() -> Iterator { Iterator(bytes: bytes) }

        /// The changes in order, each made into a ``ValueChange`` as it is reached.
        package struct Iterator: IteratorProtocol {
            let bytes: [UInt8]
            var offset = 0

            package mutating func next() -> ValueChange? {
                guard offset < bytes.count else { return nil }
                return ValueChange(path: text(), old: text(), new: text())
            }

            private mutating func text() -> String {
                var length: UInt32 = 0
                for index in 0..<4 { length |= UInt32(bytes[offset + index]) << (8 * UInt32(index)) }
                let start = offset + 4
                offset = start + Int(length)
                return String(decoding: bytes[start..<offset], as: UTF8.self)
            }
        }
    }
}
