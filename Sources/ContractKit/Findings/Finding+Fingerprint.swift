/// A finding's identity across runs: the same drift in tonight's run and last week's has the same fingerprint,
/// even when it moved to another array element or its message was reworded.
extension Finding {
    /// `path` with every array index folded to `[*]`: `$.users[3].id` gives `$.users[*].id`.
    package var foldedPath: String? {
        path.map { path in
            var text = "$"
            for component in path.components {
                switch component {
                case .index: text += "[*]"
                case .key: text += JSONPath(components: [component]).description.dropFirst()
                }
            }
            return text
        }
    }

    /// 16 hex digits of FNV-1a (64 bits) over the endpoint, kind, folded path and expected value, separated by
    /// a unit separator. FNV-1a because it is a few lines that any tool can reproduce, and 64 bits keep the chance
    /// of two drifts of one history colliding negligible. Not the message, the actual value, the severity or the
    /// spec line: those may change while the drift stays the same.
    package var fingerprint: String {
        Finding.fingerprint(
            endpoint: endpoint, kind: kind.rawValue, foldedPath: foldedPath ?? "", expected: expected)
    }

    /// The fingerprint of these parts, as ``fingerprint`` computes it.
    package static func fingerprint(endpoint: String, kind: String, foldedPath: String, expected: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [endpoint, kind, foldedPath, expected].joined(separator: "\u{1F}").utf8 {
            hash ^= UInt64(part)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
