/// Spellings of the same key: `first_name`, `firstName`, `FirstName`, `first-name`, `FIRST_NAME`.
package enum KeyNames {
    /// The key's words joined and lower-cased: every case and separator variant maps to the same text.
    ///
    /// `userID`, `UserId`, `user_id`, `USER_ID` and `user-id` all give `userid`.
    package static func normalized(_ key: String) -> String {
        var result = ""
        result.reserveCapacity(key.utf8.count)
        for scalar in key.unicodeScalars where scalar != "_" && scalar != "-" && scalar != " " && scalar != "." {
            result.unicodeScalars.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
        }
        return result
    }

    /// What `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase` makes of a key: `first_name` → `firstName`.
    package static func convertFromSnakeCase(_ key: String) -> String {
        guard key.contains("_") else { return key }
        let scalars = Array(key.unicodeScalars)
        guard let firstLetter = scalars.firstIndex(where: { $0 != "_" }) else { return key }
        var lastLetter = scalars.count - 1
        while lastLetter > firstLetter, scalars[lastLetter] == "_" { lastLetter -= 1 }
        let words = String(String.UnicodeScalarView(scalars[firstLetter...lastLetter])).split(separator: "_")
        // One word between the underscores is left as it is, as Foundation leaves it (`_Qé` stays `_Qé`).
        guard let head = words.first, words.count > 1 else { return key }
        var result = String(String.UnicodeScalarView(scalars[..<firstLetter])) + head.lowercased()
        for word in words.dropFirst() {
            // Foundation capitalizes each word, where a letter after a digit or a mark starts a word of its own
            // (`2fa` is `2Fa`, `b-c` is `B-C`) and `ß` becomes `Ss`: a word of ASCII letters only is done here, any
            // other by Foundation's own `capitalized`, so the key is the one JSONDecoder reads.
            if word.utf8.allSatisfy({ ($0 | 0x20) &- 0x61 < 26 }) {
                result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
            } else {
                result += String(word).capitalized
            }
        }
        return result + String(String.UnicodeScalarView(scalars[(lastLetter + 1)...]))
    }

    /// True when `short` reads as an abbreviation of `long`: same first letter, its letters in order (`fn`, `firstName`).
    static func isAbbreviation(_ short: String, of long: String) -> Bool {
        let short = Array(normalized(short).unicodeScalars)
        let long = Array(normalized(long).unicodeScalars)
        guard !short.isEmpty, short.count < long.count, short[0] == long[0] else { return false }
        var index = 0
        for scalar in long where index < short.count && scalar == short[index] { index += 1 }
        return index == short.count
    }
}
