import Foundation

/// `DateFormatter`s are costly to make; one per format, shared, behind a lock.
final class FormatterCache: @unchecked Sendable {
    static let shared = FormatterCache()
    private let lock = NSLock()
    private var formatters: [String: DateFormatter] = [:]

    func formatter(for format: String) -> DateFormatter {
        lock.lock()
        defer { lock.unlock() }
        if let formatter = formatters[format] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        formatter.isLenient = false
        formatters[format] = formatter
        return formatter
    }
}
