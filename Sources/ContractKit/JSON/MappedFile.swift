#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A regular file mapped read-only into memory, for parsing in place; unmapped when released.
///
/// Mapped pages are resident once read, so a large file counts in full towards peak memory while its parse tree
/// grows beside it. ``releaseBytes(before:)`` gives back the pages a reader has finished with.
final class MappedFile {
    /// The file's bytes.
    let bytes: UnsafeRawBufferPointer

    /// Maps the file at `path`, or returns nil when it is not a regular, non-empty file that can be mapped (the
    /// caller then reads it another way).
    init?(path: String) {
        // Non-blocking, so that opening a FIFO or a device does not wait for a writer; only regular files are read, and
        // a symbolic link is left to the caller, which knows where links may lead.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else {
            return nil
        }
        let size = Int(status.st_size)
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        #if os(Linux)
        _ = madvise(address, size, MADV_SEQUENTIAL)
        #endif
        bytes = UnsafeRawBufferPointer(start: address, count: size)
    }

    /// The whole of the regular file at `path` when it is smaller than `limit` bytes, read with one `read`; nil when
    /// it is larger, or not a regular file that can be read (the caller then maps it, or reads it another way).
    ///
    /// For a small file, mapping costs more than reading: `mmap`, a page fault and `munmap` against one copy.
    static func readSmall(path: String, limit: Int) -> [UInt8]? {
        // Non-blocking, so that opening a FIFO or a device does not wait for a writer; only regular files are read, and
        // a symbolic link is left to the caller, which knows where links may lead.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0,
            status.st_size < limit
        else { return nil }
        let size = Int(status.st_size)
        var filled = false
        // Not zeroed first: every byte is read into, or the array is dropped.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let count = read(descriptor, buffer.baseAddress! + done, size - done)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            filled = done == size
            initialized = filled ? size : 0
        }
        return filled ? bytes : nil
    }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Drops the resident pages wholly before `offset`; reading them again faults them back in from the file.
    func releaseBytes(before offset: Int) {
        #if os(Linux)
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let length = min(offset, bytes.count) / pageSize * pageSize
        guard length > 0, let base = bytes.baseAddress else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), length, MADV_DONTNEED)
        #endif
    }
}
