/// The words of a key or path segment, and what inference reads from them: whether a key names a date, the
/// singular of a collection's name, a type name.
enum KeyWords {
    /// `created_at`, `createdAt`, `Created-At`, `CREATED_AT` all give `["created", "at"]`.
    static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, !current.isEmpty {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                // `userId` breaks before `I`; `userID` keeps `ID`; `HTTPServer` breaks before `Server`.
                let lowerToUpper = previous.isLowercase && character.isUppercase
                let acronymEnd =
                    previous.isUppercase && character.isUppercase && (next.map { $0.isLowercase } ?? false)
                let letterToDigit = previous.isLetter && character.isNumber
                if lowerToUpper || acronymEnd || letterToDigit {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// The words that end a key naming a moment: `created_at`, `startTime`, `birth_date`, `lastModified`.
    private static let dateEndings: Set<String> = [
        "at", "time", "timestamp", "date", "ts", "on", "created", "updated", "modified", "expires", "expiry",
        "since", "until", "epoch", "when", "datetime",
    ]

    /// True when the key names a date or time, so a number under it in the epoch range is read as one.
    static func namesADate(_ key: String) -> Bool {
        guard let last = words(key).last else { return false }
        return dateEndings.contains(last)
    }

    /// `users` → `user`, `categories` → `category`, `boxes` → `box`; words that are not plurals stay.
    static func singular(_ word: String) -> String {
        let lowered = word.lowercased()
        let irregular = ["people": "person", "children": "child", "men": "man", "women": "woman", "data": "data"]
        if let single = irregular[lowered] { return String(word.prefix(word.count - lowered.count)) + single }
        if lowered.count > 3, lowered.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for ending in ["sses", "xes", "zes", "ches", "shes"] where lowered.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        // `statuses` → `status`, `buses` → `bus`; `houses` → `house`, `causes` → `cause`.
        if lowered.count > 5, lowered.hasSuffix("uses"), let before = lowered.dropLast(4).last,
            !"aeiou".contains(before)
        {
            return String(word.dropLast(2))
        }
        if lowered.count > 3, lowered.hasSuffix("ses") { return String(word.dropLast(1)) }
        if lowered.count > 1, lowered.hasSuffix("s"), !lowered.hasSuffix("ss"), !lowered.hasSuffix("us"),
            !lowered.hasSuffix("is")
        {
            return String(word.dropLast())
        }
        return word
    }

    /// A type name from a key: `first_name` → `FirstName`, `items` (as a collection) → `Item`.
    static func typeName(_ key: String, singular: Bool) -> String? {
        var parts = words(key)
        guard !parts.isEmpty else { return nil }
        if singular { parts[parts.count - 1] = Self.singular(parts[parts.count - 1]) }
        var name = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = name.first, first.isNumber { name = "N" + name }
        return name
    }
}
