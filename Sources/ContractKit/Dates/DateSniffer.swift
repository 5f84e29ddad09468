import Foundation

/// Recognises how a date value is written, to check it against a strategy and to say what it looks like.
package enum DateSniffer {
    /// The ways a date can be written that the sniffer tells apart.
    package enum Style: Sendable, Hashable, CustomStringConvertible {
        case iso8601(fraction: Bool, offset: Bool)
        case iso8601DateOnly
        case iso8601NoZone
        case epochSeconds
        case epochMilliseconds
        case epochMicroseconds
        case numericString
        case rfc2822
        case slashed
        case unrecognised

        package var description: String {
            switch self {
            case .iso8601(let fraction, let offset):
                return "ISO 8601 " + (fraction ? "with fractional seconds" : "without fractional seconds")
                    + (offset ? " and a UTC offset" : " in UTC (Z)")
            case .iso8601DateOnly: return "an ISO 8601 date without time (yyyy-MM-dd)"
            case .iso8601NoZone: return "an ISO 8601 date and time without a time zone"
            case .epochSeconds: return "epoch seconds"
            case .epochMilliseconds: return "epoch milliseconds"
            case .epochMicroseconds: return "epoch microseconds"
            case .numericString: return "a number written as a string"
            case .rfc2822: return "an RFC 2822 / HTTP date (\"Sat, 21 Nov 2026 03:00:00 GMT\")"
            case .slashed: return "a date with slashes (dd/MM/yyyy or MM/dd/yyyy)"
            case .unrecognised: return "text that is not a recognised date"
            }
        }

        /// The description for a value of this style: an unrecognised number is not text.
        func description(for value: JSONValue) -> String {
            if case .unrecognised = self, case .number = value { return "a number that is not a plausible timestamp" }
            return description
        }

        /// The spec strategy that reads `value`, written in this style, when there is one. A format string is
        /// offered only when it reads the value seen: `2026-11-20 10:00:00` gets `"yyyy-MM-dd HH:mm:ss"`.
        package func suggestedStrategy(for value: JSONValue) -> String? {
            switch self {
            case .iso8601: return "iso8601"
            case .epochSeconds: return "secondsSince1970"
            case .epochMilliseconds: return "millisecondsSince1970"
            case .iso8601DateOnly, .iso8601NoZone, .rfc2822, .slashed:
                guard case .string(let text) = value else { return nil }
                return DateSniffer.readingFormat(for: text).map { "\"\($0)\"" }
            case .epochMicroseconds, .numericString, .unrecognised: return nil
            }
        }
    }

    /// `DateFormatter` formats tried for a date written as text, most specific first.
    static let candidateFormats = [
        "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss.SSS",
        "yyyy-MM-dd'T'HH:mm:ss.SSSSSS", "yyyy-MM-dd HH:mm:ss.SSSSSS", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm",
        "yyyy-MM-dd", "EEE, dd MMM yyyy HH:mm:ss zzz", "dd MMM yyyy HH:mm:ss Z", "dd/MM/yyyy", "MM/dd/yyyy",
        "yyyy/MM/dd", "dd/MM/yyyy HH:mm:ss", "MM/dd/yyyy HH:mm:ss", "yyyy/MM/dd HH:mm:ss",
    ]

    /// The first candidate format that reads the whole of `text` (as a strict `DateFormatter` in UTC with the POSIX
    /// locale, the way a spec's format string is read), or nil.
    package static func readingFormat(for text: String) -> String? {
        candidateFormats.first { FormatterCache.shared.formatter(for: $0).date(from: text) != nil }
    }

    /// How `value` is written, or nil when it is neither a string nor a number.
    package static func style(of value: JSONValue) -> Style? {
        switch value {
        case .number(let number): return epochStyle(number.doubleValue)
        case .string(let text): return style(ofText: text)
        default: return nil
        }
    }

    /// The largest magnitude read as a timestamp: 10^17 microseconds is the year 5138, and any unit coarser than
    /// microseconds puts it further still.
    static let largestPlausibleEpoch = 1e17

    static func epochStyle(_ value: Double) -> Style {
        let magnitude = abs(value)
        // `1.2e29` or `1e400` (infinite as a Double) is no epoch in any unit.
        guard magnitude <= largestPlausibleEpoch else { return .unrecognised }
        if magnitude >= 1e14 { return .epochMicroseconds }
        if magnitude >= 1e11 { return .epochMilliseconds }
        return .epochSeconds
    }

    static func style(ofText text: String) -> Style {
        if ISO8601.parse(text) != nil {
            let (fraction, offset) = ISO8601.features(of: text)
            return .iso8601(fraction: fraction, offset: offset)
        }
        // Every string of a body is asked (`contract diff`), and most are no date: each test below first looks for
        // the bytes its form cannot do without, and only then splits or copies anything.
        let utf8 = text.utf8
        if utf8.count == 10, ISO8601.parseDateOnly(Array(utf8)) != nil { return .iso8601DateOnly }
        if ISO8601.parse(text, requireZone: false) != nil { return .iso8601NoZone }
        if !utf8.isEmpty,
            utf8.allSatisfy({ (48...57).contains($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }),
            Double(text) != nil
        {
            return .numericString
        }
        if RFC2822.matches(text) { return .rfc2822 }
        var slashes = 0
        for byte in utf8 where byte == UInt8(ascii: "/") { slashes += 1 }
        guard slashes >= 2 else { return .unrecognised }
        let slashParts = text.split(separator: "/")
        if slashParts.count == 3, slashParts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
            return .slashed
        }
        return .unrecognised
    }

    /// ``style(ofText:)`` for text given as its UTF-8 bytes when it reads as a date; nil when it does not (text
    /// ``style(ofText:)`` finds `unrecognised`, or a number written as a string). `contract diff` asks this of every
    /// string of two bodies, so the bytes decide without a `String` wherever they can: the ISO 8601 forms all start
    /// with a digit and are read from the bytes, and only text with the spaces and colon of an RFC 2822 date or the
    /// slashes of a slashed one is handed to ``style(ofText:)``.
    static func dateStyle(ofUTF8 bytes: UnsafeBufferPointer<UInt8>) -> Style? {
        guard let first = bytes.first else { return nil }
        if first &- UInt8(ascii: "0") < 10 {
            if ISO8601.parse(bytes: bytes, requireZone: true) != nil {
                let (fraction, offset) = ISO8601.features(ofBytes: bytes)
                return .iso8601(fraction: fraction, offset: offset)
            }
            if bytes.count == 10, ISO8601.parseDateOnly(bytes: bytes) != nil { return .iso8601DateOnly }
            if ISO8601.parse(bytes: bytes, requireZone: false) != nil { return .iso8601NoZone }
        }
        // Most strings are no date, and this is all that is asked of them: a string with no colon and no slash is
        // neither an RFC 2822 date nor a slashed one, found a word at a time without counting anything.
        guard Self.hasColonOrSlash(bytes) else { return nil }
        var spaces = 0
        var colons = 0
        var slashes = 0
        let start = UnsafeRawPointer(bytes.baseAddress!)
        var index = 0
        while index + 8 <= bytes.count {
            let word = start.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            spaces &+= Self.count(UInt8(ascii: " "), in: word)
            colons &+= Self.count(UInt8(ascii: ":"), in: word)
            slashes &+= Self.count(UInt8(ascii: "/"), in: word)
            index += 8
        }
        while index < bytes.count {
            let byte = bytes[index]
            spaces &+= byte == UInt8(ascii: " ") ? 1 : 0
            colons &+= byte == UInt8(ascii: ":") ? 1 : 0
            slashes &+= byte == UInt8(ascii: "/") ? 1 : 0
            index += 1
        }
        guard (spaces >= 4 && colons >= 1) || slashes >= 2 else { return nil }
        switch style(ofText: String(decoding: bytes, as: UTF8.self)) {
        case .numericString, .unrecognised, .epochSeconds, .epochMilliseconds, .epochMicroseconds: return nil
        case let style: return style
        }
    }

    /// False when ``dateStyle(ofUTF8:)`` finds no date in `bytes` by its first test alone: the text starts with no
    /// digit and has no colon and no slash. Inlined, so that a walk asking it of every string pays no call for most.
    @inline(__always)
    static func mayBeADate(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        return first &- UInt8(ascii: "0") < 10 || hasColonOrSlash(bytes)
    }

    /// True when one of the 8 bytes of `word` is a `:` or a `/` (a zero byte is neither, so a short text padded
    /// with zeros can be asked too).
    @inline(__always)
    static func hasColonOrSlash(inWord word: UInt64) -> Bool {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // A zero byte of `x` has its high bit set in `~(((x & 0x7F…) + 0x7F…) | x)`, as in count(_:in:).
        let colons = word ^ (0x0101_0101_0101_0101 &* UInt64(UInt8(ascii: ":")))
        let slashes = word ^ (0x0101_0101_0101_0101 &* UInt64(UInt8(ascii: "/")))
        return (~(((colons & low) &+ low) | colons) | ~(((slashes & low) &+ low) | slashes)) & 0x8080_8080_8080_8080
            != 0
    }

    /// True when `bytes` has a `:` or a `/`; read a word at a time.
    @inline(__always)
    static func hasColonOrSlash(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = UnsafeRawPointer(bytes.baseAddress!)
        var index = 0
        while index + 8 <= bytes.count {
            if hasColonOrSlash(inWord: start.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return true }
            index += 8
        }
        // The bytes after the last whole word: the word that ends the text, overlapping the one before.
        if index < bytes.count && bytes.count >= 8 {
            return hasColonOrSlash(inWord: start.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: ":") || bytes[index] == UInt8(ascii: "/") { return true }
            index += 1
        }
        return false
    }

    /// How many of the 8 bytes of `word` are `byte`. A byte of `x = word ^ byte×8` that is zero has its high bit set
    /// in `~(((x & 0x7F…) + 0x7F…) | x)`, and no other byte does (the addition carries out of no byte).
    @inline(__always)
    static func count(_ byte: UInt8, in word: UInt64) -> Int {
        let bits = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let found = ~(((bits & low) &+ low) | bits) & 0x8080_8080_8080_8080
        // One bit per byte found, summed into the top byte by a multiplication (cheaper than a population count
        // where the processor has no instruction for it).
        return Int(truncatingIfNeeded: ((found >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }

    /// True when a decoder using `format` reads `value` as a date.
    package static func value(_ value: JSONValue, matches format: DateFormat) -> Bool {
        switch format {
        case .iso8601:
            guard case .string(let text) = value else { return false }
            return ISO8601.parse(text) != nil
        case .secondsSince1970:
            guard case .number(let number) = value else { return false }
            return epochStyle(number.doubleValue) == .epochSeconds
        case .millisecondsSince1970:
            guard case .number(let number) = value else { return false }
            return epochStyle(number.doubleValue) == .epochMilliseconds
        case .formatted(let format):
            guard case .string(let text) = value else { return false }
            return FormatterCache.shared.formatter(for: format).date(from: text) != nil
        case .flexible:
            return FlexibleDate.parse(value) != nil
        }
    }
}
