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
            let job = Job { firstResult = first() }
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let context = Unmanaged.passRetained(job).toOpaque()
            let started =
                pthread_create(
                    &thread, nil,
                    { context in
                        #if canImport(Darwin)
                        Unmanaged<Job>.fromOpaque(context).takeRetainedValue().run()
                        #else
                        Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
                        #endif
                        return nil
                    }, context) == 0
            if !started {
                Unmanaged<Job>.fromOpaque(context).release()
                job.run()
            }
            let secondResult = second()
            if started {
                #if canImport(Darwin)
                pthread_join(thread!, nil)
                #else
                pthread_join(thread, nil)
                #endif
            }
            return secondResult
        }
        return (firstResult!, secondResult)
    }

    /// The first piece of work, handed to its thread as a raw pointer.
    private final class Job {
        private var work: (() -> Void)?

        init(_ work: @escaping () -> Void) { self.work = work }

        func run() {
            work!()
            // Let go of the closure on the thread that ran it, so that nothing holds it once the thread is joined.
            work = nil
        }
    }
}
