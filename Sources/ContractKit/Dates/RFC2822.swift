/// Dates as e-mail and HTTP headers write them (RFC 2822), recognised by their words.
enum RFC2822 {
    static let weekdays: Set<String> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months: Set<String> = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `Sat, 21 Nov 2026 03:00:00 GMT` or `21 Nov 2026 03:00:00 +0000`.
    static func matches(_ text: String) -> Bool {
        // Five words or more (four spaces between them), one of them a time with a ':'.
        var spaces = 0
        var colons = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: " ") { spaces += 1 } else if byte == UInt8(ascii: ":") { colons += 1 }
        }
        guard spaces >= 4, colons >= 1 else { return false }
        var words = text.split(separator: " ").map(String.init)
        if let first = words.first, first.hasSuffix(","), weekdays.contains(String(first.dropLast())) {
            words.removeFirst()
        }
        guard words.count == 5, let day = Int(words[0]), (1...31).contains(day), months.contains(words[1]),
            words[2].count == 4, Int(words[2]) != nil
        else { return false }
        let time = words[3].split(separator: ":")
        return (time.count == 2 || time.count == 3) && time.allSatisfy { $0.count == 2 && Int($0) != nil }
    }
}
