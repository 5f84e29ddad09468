import Foundation

extension JSONDecoder.KeyDecodingStrategy {
    /// Reads a key whatever its spelling: `user_id`, `userId`, `UserId`, `userID`, `USER_ID` and `user-id` all
    /// decode a property named `userId`.
    ///
    /// Each JSON key is rewritten to its lower camel case form (``AnyCaseKeys/canonical(_:)``): words are split at
    /// `_`, `-`, spaces, dots and case changes, an acronym counts as one word, and the words are joined as
    /// `firstWordSecondWord`. The rewritten key must equal the `CodingKey` the model asks for, so:
    ///
    /// - Properties must be spelled in that same form: `userId`, `urlString`, `isVerified`. A property named
    ///   `userID` or `URL` is never matched, because a key strategy only sees JSON keys, never property names;
    ///   rename the property, or map it with `case userID = "userId"` in `CodingKeys`.
    /// - Raw values in `CodingKeys` are compared after the rewrite too: write `case id = "objectId"`, not
    ///   `case id = "object_id"` (the same rule as `convertFromSnakeCase`).
    /// - Leading and trailing underscores are kept (`_id` stays `_id`), as `convertFromSnakeCase` keeps them.
    /// - Two JSON keys that differ only in spelling (`userId` and `user_id` in one object) read the same property;
    ///   the first one wins, as with `convertFromSnakeCase`.
    ///
    /// `JSONDecoder` asks for every key of every object, so each thread keeps up to 512 keys it has rewritten
    /// (16 KB, freed when the thread ends) and answers a repeated key from there.
    public static var anyCase: JSONDecoder.KeyDecodingStrategy {
        .custom { path in AnyCaseKeys.Key(stringValue: AnyCaseKeys.cachedCanonical(path[path.count - 1].stringValue)) }
    }
}

/// The spelling rules behind ``Foundation/JSONDecoder/KeyDecodingStrategy/anyCase``.
package enum AnyCaseKeys {
    /// A key as the model will see it.
    struct Key: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    /// `key` in lower camel case, acronyms as one word: `USER_ID` → `userId`, `URLString` → `urlString`,
    /// `display-name` → `displayName`. Keys already in that form come back unchanged, without copying.
    package static func canonical(_ key: String) -> String {
        var utf8 = key
        let outcome = utf8.withUTF8 { bytes -> Outcome in
            switch scan(bytes) {
            case .canonical: return .unchanged
            case .nonASCII: return .nonASCII
            case .needsRewrite:
                return .rewritten(String(unsafeUninitializedCapacity: bytes.count) { rewriteASCII(bytes, into: $0) })
            }
        }
        switch outcome {
        case .unchanged: return key
        case .rewritten(let ascii): return ascii
        case .nonASCII: return rewriteUnicode(key)
        }
    }

    private enum Scan {
        case canonical, needsRewrite, nonASCII
    }

    private enum Outcome {
        case unchanged, rewritten(String), nonASCII
    }

    @inline(__always) private static func isUpper(_ byte: UInt8) -> Bool { byte &- 0x41 < 26 }
    @inline(__always) private static func isLower(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }
    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    @inline(__always) private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == 0x5F || byte == 0x2D || byte == 0x20 || byte == 0x2E
    }

    /// Canonical means: letters and digits only (after leading underscores), not starting with a capital, and
    /// no two capitals in a row.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        var index = 0
        while index < bytes.count, bytes[index] == 0x5F { index += 1 }
        var end = bytes.count
        while end > index, bytes[end - 1] == 0x5F { end -= 1 }
        guard index < end else { return .canonical }
        if isUpper(bytes[index]) { return scanRest(bytes, from: index) }
        var previousUpper = false
        while index < end {
            let byte = bytes[index]
            if isLower(byte) || isDigit(byte) {
                previousUpper = false
            } else if isUpper(byte), !previousUpper {
                previousUpper = true
            } else {
                // A separator, a second capital, a symbol or a non-ASCII byte.
                return scanRest(bytes, from: index)
            }
            index += 1
        }
        return .canonical
    }

    private static func scanRest(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Scan {
        var index = start
        while index < bytes.count {
            if bytes[index] >= 0x80 { return .nonASCII }
            index += 1
        }
        return .needsRewrite
    }

    /// Splits into words and joins them in lower camel case, in one pass, writing into `output`; returns the
    /// number of bytes written.
    ///
    /// A word is a capital followed by lower-case letters and digits (`User`), a run of capitals (an acronym:
    /// `URL` in `URLString`, where the last capital starts the next word), or a run of lower-case letters and
    /// digits. Separators only end words. So a word starts at a byte after a separator, at a capital after any
    /// other byte that is not a capital, and at the last capital of a run when a lower-case letter (or a symbol,
    /// not a digit) follows it.
    private static func rewriteASCII(
        _ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>
    ) -> Int {
        guard let source = input.baseAddress, let target = output.baseAddress else { return 0 }
        let count = input.count
        var start = 0
        while start < count, source[start] == 0x5F {
            target[start] = 0x5F
            start += 1
        }
        var end = count
        while end > start, source[end - 1] == 0x5F { end -= 1 }
        var written = start
        var previousSeparator = true
        var previousUpper = false
        var firstWord = true
        var index = start
        while index < end {
            var byte = source[index]
            if isSeparator(byte) {
                previousSeparator = true
                previousUpper = false
                index += 1
                continue
            }
            let upper = isUpper(byte)
            let startsWord: Bool
            if previousSeparator {
                startsWord = true
            } else if !previousUpper {
                startsWord = upper
            } else if upper, index + 1 < end {
                let next = source[index + 1]
                startsWord = !isUpper(next) && !isSeparator(next) && !isDigit(next)
            } else {
                startsWord = false
            }
            if startsWord, !firstWord {
                if isLower(byte) { byte &-= 0x20 }
            } else if upper {
                byte &+= 0x20
            }
            if startsWord { firstWord = false }
            target[written] = byte
            written += 1
            previousSeparator = false
            previousUpper = upper
            index += 1
        }
        while end < count {
            target[written] = 0x5F
            written += 1
            end += 1
        }
        return written
    }

    /// Where the word starting at `index` ends, for ``rewriteUnicode(_:)`` (see ``rewriteASCII(_:into:)``).
    @inline(__always)
    private static func endOfWord(
        from index: Int, to end: Int, isUpper: (Int) -> Bool, isWordPart: (Int) -> Bool, isDigit: (Int) -> Bool
    ) -> Int {
        var wordEnd = index
        if isUpper(index) {
            var runEnd = index
            while runEnd < end, isUpper(runEnd) { runEnd += 1 }
            if runEnd - index > 1, runEnd < end, isWordPart(runEnd), !isDigit(runEnd) { return runEnd - 1 }
            wordEnd = runEnd
        }
        while wordEnd < end, isWordPart(wordEnd) { wordEnd += 1 }
        return wordEnd
    }

    /// The same rules over Unicode scalars, for keys with non-ASCII letters.
    static func rewriteUnicode(_ key: String) -> String {
        let scalars = Array(key.unicodeScalars)
        func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "_" || scalar == "-" || scalar == " " || scalar == "."
        }
        func isUpper(_ position: Int) -> Bool { scalars[position].properties.isUppercase }
        func isWordPart(_ position: Int) -> Bool { !isUpper(position) && !isSeparator(scalars[position]) }
        func isDigit(_ position: Int) -> Bool { scalars[position].properties.numericType != nil }
        var result = String.UnicodeScalarView()
        var start = 0
        while start < scalars.count, scalars[start] == "_" {
            result.append("_")
            start += 1
        }
        var end = scalars.count
        while end > start, scalars[end - 1] == "_" { end -= 1 }
        var wordCount = 0
        var index = start
        while index < end {
            while index < end, isSeparator(scalars[index]) { index += 1 }
            guard index < end else { break }
            let wordEnd = endOfWord(from: index, to: end, isUpper: isUpper, isWordPart: isWordPart, isDigit: isDigit)
            for position in index..<wordEnd {
                let scalar = scalars[position]
                let mapped =
                    wordCount > 0 && position == index
                    ? scalar.properties.titlecaseMapping : scalar.properties.lowercaseMapping
                result.append(contentsOf: mapped.unicodeScalars)
            }
            wordCount += 1
            index = wordEnd
        }
        for _ in end..<scalars.count { result.append("_") }
        return String(result)
    }
}
