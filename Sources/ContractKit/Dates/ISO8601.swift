import Foundation

/// A fast, allocation-free reader of ISO 8601 / RFC 3339 timestamps, with or without fractional seconds.
package enum ISO8601 {
    /// The date in `text` (`2026-11-21T03:00:00Z`, `…00.123+01:00`, space instead of `T`), or nil.
    /// With `requireZone: false`, a timestamp without `Z` or offset is read as UTC.
    package static func parse(_ text: String, requireZone: Bool = true) -> Date? {
        var text = text
        return text.withUTF8 { parse(bytes: $0, requireZone: requireZone) }
    }

    /// `2026-11-21T03:00:00Z`: the date in UTC, to the second, so that timestamps sort as text (recordings, history
    /// runs). Written by hand: an `ISO8601DateFormatter` costs more to make than a small recording costs to write.
    /// A date outside the years 0 to 9999, which four digits cannot hold, is written as `1970-01-01T00:00:00Z`.
    package static func utcSeconds(_ date: Date) -> String {
        // A time no calendar year of four digits can hold (infinite, NaN, or past any time_t) is the epoch too, rather
        // than a trap in the conversion below.
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, abs(interval) < 1e15 else { return "1970-01-01T00:00:00Z" }
        var seconds = time_t(interval.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil, (0...9999).contains(parts.tm_year + 1900) else {
            return "1970-01-01T00:00:00Z"
        }
        // Written as bytes (the recorder stamps every recording): twenty ASCII characters, so a small string.
        return String(unsafeUninitializedCapacity: 20) { text in
            func put(_ value: Int32, _ count: Int, at offset: Int) {
                var value = value
                for index in stride(from: offset + count - 1, through: offset, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
            }
            put(parts.tm_year + 1900, 4, at: 0)
            put(parts.tm_mon + 1, 2, at: 5)
            put(parts.tm_mday, 2, at: 8)
            put(parts.tm_hour, 2, at: 11)
            put(parts.tm_min, 2, at: 14)
            put(parts.tm_sec, 2, at: 17)
            text[4] = UInt8(ascii: "-")
            text[7] = UInt8(ascii: "-")
            text[10] = UInt8(ascii: "T")
            text[13] = UInt8(ascii: ":")
            text[16] = UInt8(ascii: ":")
            text[19] = UInt8(ascii: "Z")
            return 20
        }
    }

    /// Whether the timestamp has fractional seconds and a numeric offset (rather than `Z`).
    static func features(of text: String) -> (fraction: Bool, offset: Bool) {
        var text = text
        return text.withUTF8 { features(ofBytes: $0) }
    }

    /// ``features(of:)`` for a timestamp given as its UTF-8 bytes.
    static func features(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> (fraction: Bool, offset: Bool) {
        let fraction = bytes.count > 19 && bytes[19] == UInt8(ascii: ".")
        let tail = bytes.suffix(6)
        let offset = tail.contains(UInt8(ascii: "+")) || (tail.contains(UInt8(ascii: "-")) && bytes.count > 19)
        return (fraction, offset && bytes.last != UInt8(ascii: "Z"))
    }

    /// `yyyy-MM-dd` as midnight UTC.
    static func parseDateOnly(_ bytes: [UInt8]) -> Date? {
        bytes.withUnsafeBufferPointer { parseDateOnly(bytes: $0) }
    }

    /// ``parseDateOnly(_:)`` for bytes in place.
    static func parseDateOnly(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 10, let (year, month, day) = readDate(bytes) else { return nil }
        return makeDate(year: year, month: month, day: day, seconds: 0, fraction: 0, offsetSeconds: 0)
    }

    static func parse(bytes: UnsafeBufferPointer<UInt8>, requireZone: Bool) -> Date? {
        guard bytes.count >= 19, let (year, month, day) = readDate(bytes) else { return nil }
        guard bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == UInt8(ascii: " ") else {
            return nil
        }
        guard let hour = twoDigits(bytes, 11), bytes[13] == UInt8(ascii: ":"), let minute = twoDigits(bytes, 14),
            bytes[16] == UInt8(ascii: ":"), let second = twoDigits(bytes, 17),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, let digit = digit(bytes[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetSeconds = 0
        if index == bytes.count {
            guard !requireZone else { return nil }
        } else if bytes[index] == UInt8(ascii: "Z") || bytes[index] == UInt8(ascii: "z") {
            index += 1
        } else if bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = twoDigits(bytes, index) else { return nil }
            index += 2
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
            guard let offsetMinutes = twoDigits(bytes, index), offsetHours < 24, offsetMinutes < 60 else { return nil }
            index += 2
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        return makeDate(
            year: year, month: month, day: day, seconds: hour * 3600 + minute * 60 + second, fraction: fraction,
            offsetSeconds: offsetSeconds)
    }

    private static func readDate(_ bytes: UnsafeBufferPointer<UInt8>) -> (Int, Int, Int)? {
        guard let high = twoDigits(bytes, 0), let low = twoDigits(bytes, 2), bytes[4] == UInt8(ascii: "-"),
            let month = twoDigits(bytes, 5), bytes[7] == UInt8(ascii: "-"), let day = twoDigits(bytes, 8),
            (1...12).contains(month), day >= 1, day <= CalendarDate.days(inMonth: month, of: high * 100 + low)
        else { return nil }
        return (high * 100 + low, month, day)
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 48 && byte <= 57 ? Int(byte - 48) : nil
    }

    private static func twoDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int? {
        guard index + 1 < bytes.count, let tens = digit(bytes[index]), let ones = digit(bytes[index + 1]) else {
            return nil
        }
        return tens * 10 + ones
    }

    /// Days from 1970-01-01 to a civil date (proleptic Gregorian), after Howard Hinnant's well-known algorithm.
    private static func makeDate(year: Int, month: Int, day: Int, seconds: Int, fraction: Double, offsetSeconds: Int)
        -> Date
    {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146097 + dayOfEra - 719468
        let total = Double(days * 86400 + seconds - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: total)
    }
}
