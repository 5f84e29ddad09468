/// A name too long for a file, cut to fit: characters from its start, and a hash of the whole, so that two long names
/// that start alike still get files of their own.
enum ShortName {
    /// `text`'s characters, in order, each kept while the kept ones fit in `bytes` UTF-8 bytes.
    static func start(of text: String, bytes: Int) -> String {
        var kept = ""
        for character in text where kept.utf8.count + character.utf8.count <= bytes { kept.append(character) }
        return kept
    }

    /// FNV-1a (32 bits) of `text`'s UTF-8 bytes: a few lines any tool can reproduce.
    static func hash(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }
}
