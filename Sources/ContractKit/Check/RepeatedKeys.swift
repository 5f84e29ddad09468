import Foundation

/// Which copy of a key sent twice in one object the app's `JSONDecoder` reads.
///
/// JSON leaves it open. With Swift 6.3 on Linux, `JSONDecoder` (swift-foundation) reads the first copy, for structs
/// and dictionaries alike, while `JSONSerialization` keeps the last; older Foundations decoded through
/// `JSONSerialization`. So the decoder is asked, once, the first time a body repeats a key.
enum RepeatedKeys {
    /// True when `JSONDecoder` reads the first copy of a repeated key, false when it reads the last.
    static let decoderReadsFirst: Bool = {
        struct Probe: Decodable { var key: Int }
        let probe = try? JSONDecoder().decode(Probe.self, from: Data(#"{"key": 1, "key": 2}"#.utf8))
        return probe?.key != 2
    }()

    /// `first` or `last`: the copy `JSONDecoder` reads.
    static var copyRead: String { decoderReadsFirst ? "first" : "last" }
}
