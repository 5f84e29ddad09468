import Foundation
import Testing

@testable import ContractKit

/// `SecretRedaction.redactedURL` reads a URL byte by byte; on random URLs made of the parts that matter (schemes,
/// user info, `?`, `#`, `&`, `=`, escapes, secret and plain names, credentials, text beyond ASCII) it writes what
/// the reading character by character it replaced wrote.
@Suite struct RedactedURLPropertyTests {
    /// The reading character by character, as it was before, kept as the reference.
    static func reference(_ url: String) -> String {
        func parameters(_ query: String) -> String {
            query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
                let name = String(pair[..<equals])
                let value = String(pair[pair.index(after: equals)...])
                let decodedName = name.removingPercentEncoding ?? name
                let decodedValue = value.removingPercentEncoding ?? value
                guard value != SecretRedaction.placeholder,
                    SecretRedaction.isSecretParameter(decodedName) || SecretRedaction.looksLikeCredential(decodedValue)
                else { return String(pair) }
                return name + "=" + SecretRedaction.placeholder
            }.joined(separator: "&")
        }
        func userInfo(_ base: String) -> String {
            guard let scheme = base.range(of: "://") else { return base }
            let afterScheme = base[scheme.upperBound...]
            let authority = afterScheme[..<(afterScheme.firstIndex(of: "/") ?? afterScheme.endIndex)]
            guard let at = authority.lastIndex(of: "@"), authority[..<at] != Substring(SecretRedaction.placeholder)
            else { return base }
            return String(base[..<scheme.upperBound]) + SecretRedaction.placeholder + String(base[at...])
        }
        var text = Substring(url)
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = text[..<hash]
        }
        var base = String(text)
        var query: String?
        if let mark = text.firstIndex(of: "?") {
            base = String(text[..<mark])
            query = String(text[text.index(after: mark)...])
        }
        base = userInfo(base)
        if fragment.contains("=") { fragment = "#" + parameters(String(fragment.dropFirst())) }
        guard let query else { return base + fragment }
        return base + "?" + parameters(query) + fragment
    }

    static let pieces = [
        "https://", "http://", "://", "api.example.com", "user", ":", "pa%20ss", "@", "/", "/v1/items", "?", "#", "&",
        "=", "token", "access_token", "api-key", "page", "q", "Bearer%20abc",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig",
        "%", "%2", "%ZZ", "%3D", "café", "東京", "e\u{301}", "<redacted>", " ", "+", "x",
    ]

    @Test func readsEveryRandomURLAsTheCharacterReadingDid() {
        var generator = JSONParserPropertyTests.SeededGenerator(state: 0x5EC2_E7_0DD)
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...14, using: &generator)
            let url = (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
            #expect(SecretRedaction.redactedURL(url) == Self.reference(url), "\(url.debugDescription)")
        }
    }
}
