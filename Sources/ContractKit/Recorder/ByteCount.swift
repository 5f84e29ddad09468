import Foundation

/// Byte counts as people read them: `64 MiB`, `1.5 KiB`, `512 bytes`.
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard bytes >= 1024 else { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        var value = Double(bytes)
        var unit = -1
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let rounded = (value * 10).rounded() / 10
        let number = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(number) \(units[unit])"
    }
}

/// Durations as people read them: `2 s`, `0.25 s`, `84 ms`.
enum Seconds {
    static func text(_ seconds: Double) -> String {
        if seconds < 1 { return "\(Int((seconds * 1000).rounded())) ms" }
        let rounded = (seconds * 100).rounded() / 100
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
