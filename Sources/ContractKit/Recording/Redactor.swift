import Foundation
import Synchronization

/// Keeps secrets out of everything the recorder writes: recording files, progress, error messages, reports.
///
/// Three rules apply together. Headers and query parameters whose *names* say they carry credentials are redacted
/// whatever their value (`Authorization`, `Cookie`, `X-Api-Key`, `?access_token=`...). Body values at the endpoint's
/// `redact:` paths are redacted in request and response bodies. And every value that came from the environment
/// (`${NAME}`) or from the base URL's user info is searched for and replaced wherever it shows up, in any of the
/// spellings a URL gives it.
package struct Redactor: Sendable {
    /// Values shorter than this are replaced where they were interpolated, but not searched for in free text: a
    /// one- or two-character value such as `1` or `en` would otherwise mangle every body it occurs in.
    package static let minimumSearchedLength = 4

    /// The secret values, each with the spellings it may take in a URL, longest first.
    private var searched: [String] { spellings.searched }
    /// For each of ``searched``: true when it is ASCII, and so searched for as bytes.
    private var searchedIsASCII: [Bool] { spellings.searchedIsASCII }
    /// The secrets exactly as given, for matching whole JSON numbers.
    private let secrets: Set<String>
    /// The secrets made of digits only, long enough to be searched for: one that is a whole run of digits in a JSON
    /// number (its integer part, fraction or exponent: `987654.5`) is that number's secret.
    private let digitSecrets: Set<String>
    /// What is looked for, worked out from ``secrets``.
    private let spellings: Spellings
    /// The endpoint's `redact:` paths.
    package let bodyPaths: [RedactionPath]

    /// A redactor for these secret values and body paths.
    package init(secrets: [String], bodyPaths: [RedactionPath] = []) {
        let kept = Set(secrets.filter { !$0.isEmpty })
        self.secrets = kept
        self.digitSecrets = kept.filter { secret in
            secret.utf8.count >= Self.minimumSearchedLength && secret.utf8.allSatisfy { (0x30...0x39).contains($0) }
        }
        self.spellings = Spellings.of(kept)
        self.bodyPaths = bodyPaths
    }

    /// What a set of secrets makes a redactor look for. Every request of a run is prepared with the same few secrets
    /// (a token from the environment, say), and spelling each (percent-encoded, in base64 three ways, as `\u`
    /// escapes) costs more than the rest of a request: each set's are worked out once and shared.
    private final class Spellings: Sendable {
        let searched: [String]
        let searchedIsASCII: [Bool]
        let searchedBytes: [[UInt8]]
        /// For each of ``searched``: how far an occurrence reaches past it (a base64 spelling's edge characters).
        let searchedMargins: [Redactor.Margin]
        /// Those of ``searched`` that are not ASCII, found in their other spellings too (``Redactor/scrub(_:)``).
        let searchedNotASCII: [String]
        /// ``searched`` in lower case, for header names: as bytes, and those not ASCII.
        let lowercasedBytes: [[UInt8]]
        let lowercasedNotASCII: [String]
        /// What ``Redactor/secretsMayShow(inWrittenJSON:)`` looks for: each of ``searched`` as a JSON string holding it is
        /// written, and each secret that could be a whole number.
        let writtenNeedles: [ByteSearch.Needle]
        /// The ASCII secrets found in any mix of spellings (``SecretPattern``), and the same in lower case for
        /// header names.
        let patterns: [SecretPattern]
        let lowercasedPatterns: [SecretPattern]
        /// The secrets (each as given) in UTF-16, in either byte order, for bodies that are not UTF-8.
        let utf16LittleEndian: [[UInt8]]
        let utf16BigEndian: [[UInt8]]
        /// The most bytes one occurrence of a secret can take, in any spelling.
        let reach: Int

        /// The sets seen so far; a run that makes more than ``knownLimit`` (a secret per endpoint, from its own
        /// variable) works the ones after that out each time.
        private static let known = Mutex<[Set<String>: Spellings]>([:])
        private static let knownLimit = 64

        static func of(_ secrets: Set<String>) -> Spellings {
            if let spellings = known.withLock({ $0[secrets] }) { return spellings }
            let spellings = Spellings(secrets)
            known.withLock { if $0.count < knownLimit { $0[secrets] = spellings } }
            return spellings
        }

        private init(_ secrets: Set<String>) {
            let given = secrets.filter { $0.count >= Redactor.minimumSearchedLength }
            // A secret past ASCII sent in a header comes back misread by a server that reads header bytes as
            // Latin-1, as HTTP/1.1 once said to (Python's `http.server` does): `é`'s two bytes as `Ã©`.
            let long = given.union(given.compactMap(Redactor.readAsLatin1))
            var margins: [String: Redactor.Margin] = [:]
            for secret in long {
                for spelling in PercentEncoding.spellings(of: secret) { margins[spelling, default: .none] = .none }
                for (spelling, margin) in Redactor.encodedSpellings(of: secret) {
                    let known = margins[spelling, default: .none]
                    margins[spelling] = Redactor.Margin(
                        before: max(known.before, margin.before), after: max(known.after, margin.after))
                }
            }
            let spellings = Array(margins.keys)
            patterns = long.sorted().compactMap(SecretPattern.init)
            lowercasedPatterns = long.sorted().compactMap { SecretPattern($0.lowercased()) }
            utf16LittleEndian = long.sorted().map { Redactor.utf16($0, bigEndian: false) }
            utf16BigEndian = long.sorted().map { Redactor.utf16($0, bigEndian: true) }
            searched = Array(Set(spellings)).sorted {
                $0.utf8.count != $1.utf8.count ? $0.utf8.count > $1.utf8.count : $0 < $1
            }
            let isASCII = { (text: String) in text.utf8.allSatisfy { $0 < 0x80 } }
            searchedIsASCII = searched.map(isASCII)
            searchedBytes = searched.map { Array($0.utf8) }
            searchedMargins = searched.map { margins[$0, default: .none] }
            searchedNotASCII = zip(searched, searchedIsASCII).filter { !$0.1 }.map(\.0)
            let lowercased = searched.map { $0.lowercased() }
            lowercasedBytes = lowercased.map { Array($0.utf8) }
            lowercasedNotASCII = lowercased.filter { !isASCII($0) }
            reach = max(
                zip(searchedBytes, searchedMargins).map { $0.count + $1.before + $1.after }.max() ?? 0,
                patterns.map(\.reach).max() ?? 0)
            // Escaping is character by character, so a string or key that holds a spelling holds the spelling's
            // written form once written, and a pattern's anchor as it is (no character of it is escaped); a number
            // is written as it stands.
            writtenNeedles =
                searched.map { ByteSearch.Needle(Redactor.writtenForm(of: $0)) }
                + patterns.map { ByteSearch.Needle($0.anchor) }
                + secrets.filter {
                    $0.utf8.first.map { $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) } ?? false
                }
                .map { ByteSearch.Needle(Array($0.utf8)) }
        }
    }

    /// `secret`'s UTF-8 bytes each read as the Latin-1 character of that number; nil for an ASCII secret, which
    /// reads the same.
    static func readAsLatin1(_ secret: String) -> String? {
        guard secret.utf8.contains(where: { $0 >= 0x80 }) else { return nil }
        var misread = ""
        misread.unicodeScalars.append(contentsOf: secret.utf8.map { Unicode.Scalar($0) })
        return misread
    }

    /// `text`'s bytes as ``JSONTextOutput`` writes them inside a string's quotes.
    private static func writtenForm(of text: String) -> [UInt8] {
        var output = JSONTextOutput(pretty: false)
        output.append(.string(text))
        return Array(output.bytes.dropFirst().dropLast())
    }

    /// The same redactor also searching for `more` secrets.
    package func adding(secrets more: [String]) -> Redactor {
        Redactor(secrets: Array(secrets) + more, bodyPaths: bodyPaths)
    }

    /// How far an occurrence of a spelling reaches past its own bytes: the characters before and after it that
    /// carry some of the secret's bits, when they are characters of the spelling's kind (base64).
    struct Margin: Sendable, Equatable {
        var before: Int
        var after: Int
        static let none = Margin(before: 0, after: 0)
    }

    /// How a secret looks once a server has encoded it: in base64 (standard or URL-safe, wherever it falls in a
    /// longer base64 text), and with every character as a JSON `\\u` escape; each with its ``Margin``.
    static func encodedSpellings(of secret: String) -> [(spelling: String, margin: Margin)] {
        let bytes = Array(secret.utf8)
        var spellings: [(String, Margin)] = []
        // Base64 works on groups of three bytes, so the secret's bytes encode three ways, by where they start in
        // the encoded text; the characters that depend on the secret's bytes alone are the same every time. The
        // characters of the groups at either edge mix the secret's bits with their neighbours': searched for they
        // cannot be, but they are replaced with the rest, or a secret's first and last bits would stay readable
        // beside the placeholder. A group that starts a byte before the secret has three such characters (the
        // second holds 4 of its bits), two bytes before, two; at the end, one byte of the secret in the last group
        // makes two and two bytes make three.
        for offset in 0..<3 {
            let encoded = (Data(repeating: 0, count: offset) + Data(bytes)).base64EncodedString()
            let left = (offset + bytes.count) % 3
            var characters = Substring(encoded)
            if offset > 0 { characters = characters.dropFirst(4) }
            if left != 0 { characters = characters.dropLast(4) }
            guard characters.count >= 8 else { continue }
            let margin = Margin(before: [0, 3, 2][offset], after: [0, 2, 3][left])
            let standard = String(characters)
            spellings.append((standard, margin))
            spellings.append(
                (standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"), margin))
        }
        let escaped = secret.utf16.map { String(format: "\\u%04x", $0) }.joined()
        spellings.append((escaped, .none))
        spellings.append((escaped.uppercased().replacingOccurrences(of: "\\U", with: "\\u"), .none))
        return spellings
    }

    /// Whether `byte` is a character of base64, standard or URL-safe (not `=`, which carries no bits).
    private static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "-"),
            UInt8(ascii: "_"):
            true
        default: false
        }
    }

    // MARK: - Text

    /// `text` with every secret replaced by the placeholder.
    package func scrub(_ text: String) -> String {
        scrubbedIfChanged(text) ?? text
    }

    /// `text` scrubbed as ``scrub(_:)`` scrubs it, or nil when no secret is in it.
    private func scrubbedIfChanged(_ text: String) -> String? {
        Self.scrub(
            text, bytes: spellings.searchedBytes, margins: spellings.searchedMargins, patterns: spellings.patterns,
            otherSpellingsOf: spellings.searchedNotASCII)
    }

    /// `text` with every occurrence of `needles` (byte for byte), of `patterns` and of `secrets` (as Swift compares
    /// strings) replaced by the placeholder, overlapping occurrences as one run; nil when there is none.
    private static func scrub(
        _ text: String, bytes needles: [[UInt8]], margins: [Margin], patterns: [SecretPattern],
        otherSpellingsOf secrets: [String]
    ) -> String? {
        var text = text
        // Found byte for byte: a secret followed by a combining mark (`abcd` then U+0301) is one Character with it,
        // which a search by Characters passes over.
        var runs = text.withUTF8 { Redactor.occurrences(of: needles, margins: margins, patterns: patterns, in: $0) }
        // And a secret not all ASCII in its other spellings by Unicode's rules (`é` as one scalar or two).
        for secret in secrets {
            for range in text.ranges(of: secret) {
                let lower = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
                runs.append(lower..<lower + text.utf8.distance(from: range.lowerBound, to: range.upperBound))
            }
        }
        guard !runs.isEmpty else { return nil }
        return text.withUTF8 { String(decoding: Redactor.replacing(runs, in: $0), as: UTF8.self) }
    }

    /// Where each of `needles` and `patterns` occurs in `bytes`, overlapping occurrences included; an occurrence of
    /// a needle with a margin (`margins`, one for each needle or none) takes in the base64 characters beside it.
    private static func occurrences(
        of needles: [[UInt8]], margins: [Margin] = [], patterns: [SecretPattern], in bytes: UnsafeBufferPointer<UInt8>
    ) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        for pattern in patterns { pattern.forEachOccurrence(in: bytes) { runs.append($0) } }
        for (index, needle) in needles.enumerated() {
            let margin = index < margins.count ? margins[index] : .none
            needle.withUnsafeBufferPointer { needle in
                ByteSearch.forEachOccurrence(of: needle, in: bytes) { offset in
                    var lower = offset
                    var upper = offset + needle.count
                    while lower > max(0, offset - margin.before), isBase64(bytes[lower - 1]) { lower -= 1 }
                    while upper < min(bytes.count, offset + needle.count + margin.after), isBase64(bytes[upper]) {
                        upper += 1
                    }
                    runs.append(lower..<upper)
                    return true
                }
            }
        }
        return runs
    }

    /// `bytes` with the placeholder's bytes in place of each run of `runs` (byte ranges of secrets found in it, in
    /// any order). All are found in the text as given, and runs that overlap are replaced as one, by one placeholder:
    /// replacing one secret after another left the part of a secret that overlapped another one, and garbled a
    /// placeholder that held a secret (`dact` in `<redacted>`). Each run starts and ends where characters' bytes do,
    /// so the result is as well-formed as `bytes`.
    ///
    /// With an `end`, only the bytes before it are kept: a run that starts before it is replaced whole, and one that
    /// starts after it is left out with the rest.
    private static func replacing(
        _ runs: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>,
        placeholder: [UInt8] = placeholderBytes.utf8, end: Int? = nil
    ) -> [UInt8] {
        let end = min(end ?? bytes.count, bytes.count)
        let runs = runs.filter { $0.lowerBound < end }.sorted { $0.lowerBound < $1.lowerBound }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + placeholder.count * runs.count)
        var copied = 0
        var index = 0
        while index < runs.count {
            // The run, with every one that overlaps it.
            var upper = runs[index].upperBound
            let lower = runs[index].lowerBound
            index += 1
            while index < runs.count, runs[index].lowerBound < upper {
                upper = max(upper, runs[index].upperBound)
                index += 1
            }
            output += bytes[copied..<lower]
            output += placeholder
            copied = upper
        }
        if copied < end { output += bytes[copied..<end] }
        return output
    }

    /// `bytes` with every secret replaced by the placeholder: byte for byte only, as bytes are not text that
    /// Unicode's rules apply to. Secrets are found in UTF-8 in all their spellings, and as themselves in UTF-16 of
    /// either byte order (a `charset=utf-16` page), where the placeholder is written in the same encoding.
    package func scrub(_ bytes: Data) -> Data {
        let passes = [
            (spellings.searchedBytes, spellings.searchedMargins, spellings.patterns, Self.placeholderBytes.utf8),
            (spellings.utf16LittleEndian, [], [], Self.placeholderBytes.utf16LittleEndian),
            (spellings.utf16BigEndian, [], [], Self.placeholderBytes.utf16BigEndian),
        ]
        return passes.reduce(bytes) { data, pass in
            data.withUnsafeBytes { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let runs = Redactor.occurrences(of: pass.0, margins: pass.1, patterns: pass.2, in: bytes)
                return runs.isEmpty ? nil : Data(Redactor.replacing(runs, in: bytes, placeholder: pass.3))
            } ?? data
        }
    }

    /// The placeholder's bytes in each encoding a secret is replaced in.
    private static let placeholderBytes = (
        utf8: Array(SecretRedaction.placeholder.utf8),
        utf16LittleEndian: utf16(SecretRedaction.placeholder, bigEndian: false),
        utf16BigEndian: utf16(SecretRedaction.placeholder, bigEndian: true)
    )

    /// `text`'s UTF-16 code units as bytes, in one byte order.
    fileprivate static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        text.utf16.flatMap { unit in
            let high = UInt8(truncatingIfNeeded: unit >> 8)
            let low = UInt8(truncatingIfNeeded: unit)
            return bigEndian ? [high, low] : [low, high]
        }
    }

    /// The first `limit` bytes of `bytes` or a few more, scrubbed as ``scrub(_:)-(Data)`` scrubs them, for an
    /// excerpt of a long body: a secret that starts before the cut is replaced whole, where cutting first and then
    /// scrubbing would keep the part of it before the cut. The cut falls where a UTF-8 character starts.
    package func scrubbedPrefix(of bytes: Data, keeping limit: Int) -> Data {
        let reach = spellings.reach
        guard bytes.count > limit + 2 * reach else { return scrub(bytes) }
        // Every secret that starts before `end` ends inside the window, so it is found whole; one cut by the
        // window's end starts after `end` and is left out.
        let window = bytes.prefix(limit + 2 * reach)
        var end = limit + reach
        while end > 0, window[window.startIndex + end] & 0xC0 == 0x80 { end -= 1 }
        return window.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            let runs = Redactor.occurrences(
                of: spellings.searchedBytes, margins: spellings.searchedMargins, patterns: spellings.patterns, in: bytes
            )
            return Data(Redactor.replacing(runs, in: bytes, end: end))
        }
    }

    // MARK: - Headers and URLs

    /// A header's name as it may be written down: a secret in it replaced, whatever case the server gave it (HTTP/2
    /// sends names in lower case). The name is written in lower case when a secret was found in it, and the
    /// secrets are found as ``scrub(_:)`` finds them, overlapping ones replaced as one run.
    package func redactHeaderName(_ name: String) -> String {
        guard !searched.isEmpty else { return name }
        return Self.scrub(
            name.lowercased(), bytes: spellings.lowercasedBytes, margins: spellings.searchedMargins,
            patterns: spellings.lowercasedPatterns,
            otherSpellingsOf: spellings.lowercasedNotASCII) ?? name
    }

    /// A header's value as it may be written down: the placeholder for a credential header, otherwise scrubbed.
    package func redactHeader(name: String, value: String) -> String {
        redactHeader(value: value, nameIsSensitive: Redactor.isSensitiveHeader(name))
    }

    /// ``redactHeader(name:value:)`` for a name already known to carry a credential or not.
    ///
    /// A value folded over two lines (obsolete in HTTP/1.1, but sent) reaches the recording with a space where it was
    /// folded, which may cut a secret in two: a value whose spaces hide a secret is replaced whole.
    package func redactHeader(value: String, nameIsSensitive: Bool) -> String {
        if nameIsSensitive || SecretRedaction.looksLikeCredential(value) { return SecretRedaction.placeholder }
        if let scrubbed = scrubbedIfChanged(value) { return scrubbed }
        guard !searched.isEmpty, value.utf8.contains(UInt8(ascii: " ")) else { return value }
        let unfolded = String(value.filter { $0 != " " })
        return scrubbedIfChanged(unfolded) == nil ? value : SecretRedaction.placeholder
    }

    /// A URL as it may be written down: a password in the user info and token-like query values replaced,
    /// secrets scrubbed.
    package func redactURL(_ url: String) -> String {
        scrub(SecretRedaction.redactedURL(url))
    }

    /// The values of token-like query (and fragment) parameters in `url`, decoded: secrets a server hands out in
    /// redirects, and the token of an OAuth implicit-flow callback (`#access_token=…`).
    package static func sensitiveQueryValues(in url: String) -> [String] {
        // Most URLs have neither: one look at their bytes says so.
        guard url.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) else { return [] }
        let hash = url.firstIndex(of: "#")
        let fragment = hash.map { String(url[url.index(after: $0)...]) } ?? ""
        let beforeFragment = url[..<(hash ?? url.endIndex)]
        let query = beforeFragment.firstIndex(of: "?").map {
            String(beforeFragment[beforeFragment.index(after: $0)...])
        }
        guard query != nil || fragment.contains("=") else { return [] }
        return ((query ?? "") + "&" + fragment).split(separator: "&").compactMap { pair -> String? in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { return nil }
            let name = parts[0]
            let value = parts[1]
            guard isSensitiveQueryParameter(name.removingPercentEncoding ?? name), !value.isEmpty else { return nil }
            return value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? value
        }
    }

    // MARK: - Bodies

    /// A JSON body as it may be written down: values at the `redact:` paths replaced, secrets scrubbed from every
    /// string and key, and a number spelled as a secret, or with a run of digits that is one, replaced by `0`.
    package func redactBody(_ body: JSONValue) -> JSONValue {
        var value = body
        for path in bodyPaths { value = path.redacting(value, by: SecretRedaction.placeholder(shapedLike:)) }
        return scrubValues(value)
    }

    private func scrubValues(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            return .string(scrub(text))
        case .number(let number) where secrets.contains(number.literal) || holdsDigitSecret(number.literal):
            // A number stays a number, as at a `redact:` path, so that the recording still verifies.
            return .number(JSONNumber(0))
        case .array(let items):
            return .array(items.map(scrubValues))
        case .object(let object):
            return .object(
                JSONObject(object.entries.map { JSONObject.Entry(key: scrub($0.key), value: scrubValues($0.value)) }))
        default:
            return value
        }
    }

    /// True when a whole run of digits in the number `literal` is a secret made of digits (`987654.5`, `-987654`).
    /// The secret's digits inside a longer run (`19876543`) are taken as chance: the number would lose its value.
    private func holdsDigitSecret(_ literal: String) -> Bool {
        guard !digitSecrets.isEmpty else { return false }
        return literal.utf8.split { !(0x30...0x39).contains($0) }.contains {
            digitSecrets.contains(String(decoding: $0, as: UTF8.self))
        }
    }

    /// False when redacting the JSON body whose text is `bytes` cannot change it: no `redact:` paths, no escape
    /// in the text (so every string and key holds exactly the bytes written), and no secret's spelling among the
    /// bytes. Checked on the text in one pass per secret, it spares walking every value of a body with no secret in it.
    package func mayChange(jsonText bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { mayChange(jsonText: $0) }
    }

    /// False when redacting the JSON body whose text is `bytes` cannot change it; see ``mayChange(jsonText:)``.
    package func mayChange(jsonText bytes: UnsafeRawBufferPointer) -> Bool {
        guard bodyPaths.isEmpty, !searchedIsASCII.contains(false) else { return true }
        let haystack = bytes.assumingMemoryBound(to: UInt8.self)
        guard haystack.isEmpty || memchr(haystack.baseAddress!, Int32(UInt8(ascii: "\\")), haystack.count) == nil
        else { return true }
        if !secrets.isEmpty, searched.isEmpty { return true }
        return searched.contains { secret in
            var secret = secret
            return secret.withUTF8 { ByteSearch.contains(haystack, $0) }
        }
            || spellings.patterns.contains { pattern in
                pattern.anchor.withUnsafeBufferPointer { ByteSearch.contains(haystack, $0) }
            }
            || secrets.contains { secret in
                var secret = secret
                return secret.withUTF8 { ByteSearch.contains(haystack, $0) }
            }
    }

    /// True when a secret may show in the JSON text `bytes`, written by ``JSONTextOutput`` or ``JSONIndenter`` (every
    /// string and key decoded, then written with only `"`, `\\` and control characters escaped): in any of its
    /// spellings, or as a whole number. False means that searching the body's values for secrets changes nothing.
    ///
    /// Escapes in the received text do not matter here, as they do to ``mayChange(jsonText:)``: they were decoded, and
    /// escaping is character by character, so a string or key holding a spelling holds its written form once written.
    /// A server sending `\u00e9` or `\/` (most do, somewhere in a large body) no longer sends the body the long way
    /// round, through a tree of every value.
    func secretsMayShow(inWrittenJSON bytes: UnsafeRawBufferPointer) -> Bool {
        guard !secrets.isEmpty else { return false }
        guard !searchedIsASCII.contains(false) else { return true }
        // A secret too short to be searched for in text (`en`, `50`) changes a body only as a whole number.
        let haystack = bytes.assumingMemoryBound(to: UInt8.self)
        return spellings.writtenNeedles.contains { $0.occurs(in: haystack) }
    }

    /// The body at `document`'s root with the `redact:` paths applied, written indented as the value of a member
    /// `depth` deep, from the tape: the text ``JSONTextOutput`` writes for ``redactBody(_:)``'s tree, or nil when a
    /// path reaches an array or an object (then the tree does it).
    ///
    /// Without `scrubbing`, strings, keys and numbers are written as they stand: right only when no secret shows in
    /// the text written (``secretsMayShow(inWrittenJSON:)``, which the caller asks). With it, each is scrubbed as the
    /// tree's walk scrubs it. Either way a string or key holding half a surrogate pair (`\ud800`) keeps its escape,
    /// as in an unredacted body, where the tree would hold U+FFFD; unless, scrubbing, a secret shows in it as
    /// written (in the escape's digits too): then it is written as the tree writes it.
    ///
    /// Written compact where indented it would be longer than `maxLength`.
    func redactedOnTape(_ document: JSONDocument, atDepth depth: Int, scrubbing: Bool, maxLength: Int = .max)
        -> JSONOutputBytes?
    {
        document.withView { view -> JSONOutputBytes? in
            var matches: [Int] = []
            for path in bodyPaths {
                guard path.scalars(in: view, at: document.root, into: &matches) else { return nil }
            }
            // Each entry's placeholder, made as many times as the tree walk makes it (once per path reaching it).
            matches.sort()
            var replacements: [(node: Int, value: JSONValue)] = []
            for node in matches {
                if let last = replacements.last, last.node == node {
                    replacements[replacements.count - 1].value = SecretRedaction.placeholder(shapedLike: last.value)
                } else {
                    replacements.append((node, SecretRedaction.placeholder(shapedLike: view.value(node))))
                }
            }
            if scrubbing { replacements = scrubbed(view, from: document.root, placeholders: replacements) }
            let output = JSONTextOutput.indentedOrCompact(within: maxLength, reserving: 2 * document.byteCount) {
                text, maxLength in
                text.append(
                    tape: view, node: document.root, atDepth: depth, replacing: replacements, maxLength: maxLength)
            }
            return output.buffer
        }
    }

    /// `placeholders` (in the order of their entries) scrubbed, with a replacement added for each other string, key
    /// and number from `root` on that ``scrubValues(_:)`` would change, in the order of their entries.
    private func scrubbed(
        _ view: JSONTapeView, from root: Int, placeholders: [(node: Int, value: JSONValue)]
    ) -> [(node: Int, value: JSONValue)] {
        var replacements: [(node: Int, value: JSONValue)] = []
        var placeholder = 0
        for node in root..<view.next(after: root) {
            if placeholder < placeholders.count, placeholders[placeholder].node == node {
                replacements.append((node, scrubValues(placeholders[placeholder].value)))
                placeholder += 1
                continue
            }
            switch view.kind(node) {
            case .string where !secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(view.rawBytes(node))):
                // Written as it stands, with no secret in it: no string need be made to tell.
                break
            case .string, .escapedString:
                let text = view.string(node)
                if let scrubbed = scrubbedIfChanged(text) {
                    replacements.append((node, .string(scrubbed)))
                } else if view.kind(node) == .escapedString, JSONHalfSurrogates.holdsHalf(view.rawBytes(node)),
                    JSONTextOutput.writtenKeepingHalfSurrogates(view.rawBytes(node)).withUnsafeBytes({
                        secretsMayShow(inWrittenJSON: $0)
                    })
                {
                    // No secret in the text, but one in the half's escape and what follows (`\udeadbeef1234`, a
                    // secret `deadbeef1234`): written as the tree writes it, with U+FFFD for the half.
                    replacements.append((node, .string(text)))
                }
            case .integer, .fraction:
                let literal = view.numberLiteral(node)
                if secrets.contains(literal) || holdsDigitSecret(literal) {
                    replacements.append((node, .number(JSONNumber(0))))
                }
            default:
                break
            }
        }
        return replacements
    }

    /// A recorded body as it may be written down.
    package func redactBody(_ body: Recording.Body) -> Recording.Body {
        switch body {
        case .json(let value): return .json(redactBody(value))
        case .indexed(let body): return .json(redactBody(body.value))
        case .text(let text): return .text(scrub(text))
        case .base64(let encoded):
            guard let data = Data(base64Encoded: encoded) else { return body }
            return .base64(scrub(data).base64EncodedString())
        }
    }

    // MARK: - Names that carry credentials (one rule set, shared with the reports: ``SecretRedaction``)

    /// True for header names that carry credentials: `Authorization`, `Cookie`, `X-Api-Key`, `X-Auth-Token`, ...
    package static func isSensitiveHeader(_ name: String) -> Bool { SecretRedaction.isSecretHeader(name) }

    /// True for query parameter names that carry credentials: `token`, `access_token`, `api_key`, `sig`, ...
    package static func isSensitiveQueryParameter(_ name: String) -> Bool { SecretRedaction.isSecretParameter(name) }
}
