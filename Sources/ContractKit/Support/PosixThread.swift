#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX threads, for work that must know when no thread can be started (a limit on threads or memory), which
/// Foundation's `Thread` does not say.
enum PosixThread {
    /// Starts a joinable thread running `body`; nil when the system cannot start one. The closure is let go of on
    /// the thread once it has run, so nothing holds it after the thread is joined.
    static func start(_ body: @escaping () -> Void) -> pthread_t? {
        final class Box {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        #else
        var thread = pthread_t()
        let result = pthread_create(
            &thread, nil,
            { context in
                Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
                return nil
            }, context)
        #endif
        guard result == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Darwin)
        return thread!
        #else
        return thread
        #endif
    }
}
