#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Two pieces of synchronous work run at once: the first on a POSIX thread of its own, the second on the caller's,
/// joined before either result is returned.
///
/// For work that is independent until its results meet, such as reading and summarising the two bodies of a diff:
/// on two cores the wall time is the longer of the two, not their sum. The closures need not be `Sendable`, because
/// neither outlives the call and the results are read only after the join; they must not share mutable state.
package enum SideBySide {
    /// Runs `first` on a new thread and `second` on this one; returns both results once both are done. When no
    /// thread can be started, `first` runs here, before `second`.
    package static func run<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        var firstResult: First?
        let secondResult = withoutActuallyEscaping(first) { first in
            let thread = PosixThread.start { firstResult = first() }
            if thread == nil { firstResult = first() }
            let secondResult = second()
            if let thread { pthread_join(thread, nil) }
            return secondResult
        }
        return (firstResult!, secondResult)
    }
}
