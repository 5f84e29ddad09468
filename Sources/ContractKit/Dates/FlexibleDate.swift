import Foundation

/// Dates in the forms `flexible` accepts: ISO 8601 variants, date only, epoch seconds and milliseconds.
package enum FlexibleDate {
    /// The date `value` denotes, or nil.
    package static func parse(_ value: JSONValue) -> Date? {
        switch value {
        case .number(let number):
            return epoch(number.doubleValue)
        case .string(let text):
            if let date = ISO8601.parse(text) ?? ISO8601.parse(text, requireZone: false) { return date }
            let bytes = Array(text.utf8)
            if bytes.count == 10, let date = ISO8601.parseDateOnly(bytes) { return date }
            if let number = Double(text), !bytes.contains(UInt8(ascii: "e")), !bytes.contains(UInt8(ascii: "E")) {
                return epoch(number)
            }
            return nil
        default:
            return nil
        }
    }

    static func epoch(_ value: Double) -> Date? {
        guard value.isFinite else { return nil }
        switch DateSniffer.epochStyle(value) {
        case .epochSeconds: return Date(timeIntervalSince1970: value)
        case .epochMilliseconds: return Date(timeIntervalSince1970: value / 1000)
        default: return nil
        }
    }
}
