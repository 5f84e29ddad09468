import Foundation

/// Compiled patterns, shared, behind a lock.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = NSLock()
    private var compiled: [String: NSRegularExpression] = [:]

    /// True when `pattern` matches somewhere in `text`, as OpenAPI and JSON Schema mean `pattern`: `^` and `$`
    /// anchor it where they are written. An invalid pattern matches nothing.
    func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = regex(pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        compiled[pattern] = regex
        return regex
    }
}
