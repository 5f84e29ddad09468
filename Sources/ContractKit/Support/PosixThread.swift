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

extension PosixThread {
    /// Lets go of `value` on a thread of its own, where the caller hands over its last reference: freeing a large
    /// tree of values (the YAML nodes of a spec of a thousand endpoints: a fifth of loading it) then takes no time
    /// of the caller's. When no thread can be started, the value is let go of here.
    static func release<Value>(_ value: consuming Value) {
        // The holder's only reference, moved to the thread: it and the value are freed there.
        let held = Unmanaged.passRetained(ReleasedValue(value))
        guard let thread = start({ held.release() }) else {
            held.release()
            return
        }
        pthread_detach(thread)
    }
}

/// A value on its way to be let go of by ``PosixThread/release(_:)``.
private final class ReleasedValue<Value> {
    let value: Value
    init(_ value: consuming Value) { self.value = value }
}
