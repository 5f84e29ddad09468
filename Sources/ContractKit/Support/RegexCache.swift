import Foundation

/// Compiled patterns, shared, behind a lock.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = NSLock()
    private var compiled: [String: NSRegularExpression] = [:]

    /// True when the whole of `text` matches `pattern`; an invalid pattern matches nothing.
    func matches(_ pattern: String, _ text: String) -> Bool {
        guard let regex = regex(pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    func regex(_ pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let regex = compiled[pattern] { return regex }
        // Anchored on both ends so that `a|ab` must match the whole of "ab", as a spec author means.
        guard let regex = try? NSRegularExpression(pattern: "^(?:\(pattern))$") else { return nil }
        compiled[pattern] = regex
        return regex
    }
}
