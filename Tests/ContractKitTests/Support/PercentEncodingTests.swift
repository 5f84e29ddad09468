import Foundation
import Testing

@testable import ContractKit

/// The recorder's own percent-encoding writes what Foundation's `addingPercentEncoding` writes for the same sets.
@Suite struct PercentEncodingTests {
    /// Every ASCII character alone, runs of them, and text beyond ASCII (accents, CJK, emoji, a combining mark).
    static let texts: [String] = {
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts.append(String((0..<128).map { Character(UnicodeScalar(UInt8($0))) }))
        texts += [
            "", "plain", "a b+c/d?e#f%g", "café", "naïve/ünïcode", "東京", "👩‍👩‍👧 family", "e\u{301}", "100%",
            "%2F already", "key=value&other=1", "~user._-",
        ]
        return texts
    }()

    @Test func encodesAsFoundationDoesForEverySet() {
        let sets: [(PercentEncoding.Allowed, CharacterSet)] = [
            (
                PercentEncoding.unreserved,
                CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
            ),
            (
                PercentEncoding.pathSegment,
                CharacterSet(
                    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@")
            ),
            (
                PercentEncoding.literalPath,
                CharacterSet(
                    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@/%?")
            ),
            (PercentEncoding.queryAllowed, .urlQueryAllowed),
        ]
        for (ours, foundation) in sets {
            for text in Self.texts {
                #expect(
                    PercentEncoding.encode(text, allowing: ours)
                        == text.addingPercentEncoding(withAllowedCharacters: foundation),
                    "\(text.debugDescription)")
            }
        }
    }

    @Test func leavesAllowedTextAsItIsAndEscapesInUpperCase() {
        #expect(PercentEncoding.queryComponent("abc-123") == "abc-123")
        #expect(PercentEncoding.queryComponent("a/b c") == "a%2Fb%20c")
        #expect(PercentEncoding.pathComponent("a/b:c") == "a%2Fb:c")
        #expect(PercentEncoding.literalPathText("/users/é?x=1") == "/users/%C3%A9?x=1")
    }
}
