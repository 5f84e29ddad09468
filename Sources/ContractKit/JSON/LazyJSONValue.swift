import Foundation

/// A JSON value built the first time it is read, and kept.
///
/// A recording's body is checked on its tape; the tree is needed only by transforms, by a model that fails to
/// decode, and by reports, so a body that passes is never built.
final class LazyJSONValue: @unchecked Sendable {
    private let lock = NSLock()
    private var make: (() -> JSONValue)?
    private var built: JSONValue?

    init(_ make: @escaping () -> JSONValue) { self.make = make }

    init(_ value: JSONValue) { built = value }

    var value: JSONValue {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let value = make!()
        built = value
        make = nil
        return value
    }
}
