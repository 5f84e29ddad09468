import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a tape's entries live, and so how they are given back: memory from `malloc`, or, for a large text on
/// Linux, a mapping of its own that asks for huge pages.
///
/// A large text's tape is written once, front to back, and is about as large as the text (16 bytes a value): on
/// 4 KB pages the kernel takes a fault, zeroes a page and charges it for every 256 entries, which cost about a
/// tenth of a diff of two 76 MB recordings. A mapping reserved at the size the text can need, with
/// `MADV_HUGEPAGE`, takes one fault per 2 MB where the kernel has huge pages to give, and never moves as it fills
/// (a `realloc`ed block cannot keep huge pages: advice given to part of it makes `mremap` refuse it, so glibc
/// copies it instead).
///
/// A process that parses many large texts one after another (the verifier over a suite, the recorder) would fault
/// and zero a new mapping for each, where `malloc` handed the last block back: a few mappings given back are kept
/// for the next tapes (``spares``), as long as what was written in them is not large.
enum TapeMemory {
    case malloc
    /// A mapping of `bytes` bytes from `mmap`.
    case mapped(bytes: Int)

    /// The text length from which a tape is mapped: below it, the tape is a few huge pages at most, which would be
    /// zeroed whole for entries that fill part of one.
    static let mappedTextLength = 8 << 20

    /// A mapping with room for `entries` entries, of which only the pages written become resident; nil where there
    /// is none to be had (not Linux, or the kernel refuses), and the tape is then made with `malloc`. A spare
    /// mapping with room enough is taken first.
    static func reserve(entries count: Int) -> (
        entries: UnsafeMutablePointer<JSONTape.Entry>, capacity: Int, memory: TapeMemory
    )? {
        #if os(Linux)
        let bytes = count * MemoryLayout<JSONTape.Entry>.stride
        if let spare = Self.spares.takeOne(bytes: bytes),
            let address = UnsafeMutableRawPointer(bitPattern: spare.address)
        {
            let capacity = spare.bytes / MemoryLayout<JSONTape.Entry>.stride
            return (
                address.bindMemory(to: JSONTape.Entry.self, capacity: capacity), capacity, .mapped(bytes: spare.bytes)
            )
        }
        guard
            let address = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
            address != MAP_FAILED
        else { return nil }
        // Only advice: where the kernel has no huge page to give, or THP is off, the pages are the usual ones.
        _ = madvise(address, bytes, MADV_HUGEPAGE)
        return (address.bindMemory(to: JSONTape.Entry.self, capacity: count), count, .mapped(bytes: bytes))
        #else
        return nil
        #endif
    }

    /// The entries moved to room for `newCapacity`, and how the new memory is given back; nil when there is no
    /// room. A mapping is reserved at the most entries its text can have, so it grows only if that bound is wrong:
    /// then into a new mapping, copied.
    func resize(_ entries: UnsafeMutablePointer<JSONTape.Entry>, from capacity: Int, to newCapacity: Int) -> (
        UnsafeMutablePointer<JSONTape.Entry>, TapeMemory
    )? {
        switch self {
        case .malloc:
            guard let memory = realloc(entries, newCapacity * MemoryLayout<JSONTape.Entry>.stride) else { return nil }
            return (memory.bindMemory(to: JSONTape.Entry.self, capacity: newCapacity), .malloc)
        case .mapped:
            guard let grown = Self.reserve(entries: newCapacity) else { return nil }
            grown.entries.initialize(from: entries, count: capacity)
            release(entries, used: capacity)
            return (grown.entries, grown.memory)
        }
    }

    /// Gives the entries back; `used` is how many were written. A mapping whose written pages are few enough is
    /// kept as a spare, resident, for the next large tape.
    func release(_ entries: UnsafeMutablePointer<JSONTape.Entry>, used: Int) {
        switch self {
        case .malloc: free(entries)
        case .mapped(let bytes):
            let spare = Spare(address: Int(bitPattern: entries), bytes: bytes)
            guard let unwanted = Self.spares.keep(spare, written: used * MemoryLayout<JSONTape.Entry>.stride) else {
                return
            }
            munmap(UnsafeMutableRawPointer(bitPattern: unwanted.address), unwanted.bytes)
        }
    }

    /// A mapping given back and kept: its address, as a number, and its size.
    struct Spare: Sendable, Equatable {
        let address: Int
        let bytes: Int
    }

    /// The most bytes written in a mapping that is kept as a spare: it stays resident until it is taken or the
    /// process ends, like the heap blocks `malloc` keeps (glibc keeps blocks of up to 32 MB).
    static let largestSpareWritten = 64 << 20

    /// The largest mapping kept as a spare (a text of 128 MB reserves 1 GB): where the kernel counts reserved
    /// memory against a limit (`vm.overcommit_memory=2`, `ulimit -v`), a spare holds its whole size.
    static let largestSpare = 1 << 30

    /// The spares, two at most: a diff parses its two files at once.
    static let spares = Spares()

    final class Spares: Sendable {
        private let mappings = Mutex<[Spare]>([])

        /// The smallest spare of at least `bytes` bytes, taken out; nil when there is none.
        func takeOne(bytes: Int) -> Spare? {
            mappings.withLock { spares in
                let fitting = spares.indices.filter { spares[$0].bytes >= bytes }
                guard let index = fitting.min(by: { spares[$0].bytes < spares[$1].bytes }) else { return nil }
                return spares.remove(at: index)
            }
        }

        /// Keeps `spare`, in which `written` bytes were written, in place of the smallest kept when there are two
        /// already; returns the one not kept, to be unmapped, or nil. A spare with more than
        /// ``TapeMemory/largestSpareWritten`` bytes written, or larger than ``TapeMemory/largestSpare``, is not kept.
        func keep(_ spare: Spare, written: Int) -> Spare? {
            guard written <= TapeMemory.largestSpareWritten, spare.bytes <= TapeMemory.largestSpare else {
                return spare
            }
            return mappings.withLock { spares in
                if spares.count < 2 {
                    spares.append(spare)
                    return nil
                }
                let smallest = spares.indices.min { spares[$0].bytes < spares[$1].bytes }!
                guard spares[smallest].bytes < spare.bytes else { return spare }
                defer { spares[smallest] = spare }
                return spares[smallest]
            }
        }
    }
}
