import Synchronization

/// Chooses which response headers a recording keeps, and spells their names one way.
///
/// Headers that change on every request (dates, request ids, caching validators, rate-limit counters) or that
/// describe the transport rather than the API (lengths, encodings, connection management) are dropped, so a
/// re-record of an unchanged response is byte-for-byte the same file and git shows only real change.
package enum ResponseHeaderFilter {
    private static let volatileNames: Set<String> = [
        // Dates and caching validators.
        "date", "age", "etag", "last-modified", "expires",
        // Transport: the recorded body is the decoded body, whole.
        "content-length", "content-encoding", "transfer-encoding", "connection", "keep-alive", "proxy-connection",
        "te", "trailer", "upgrade", "via", "alt-svc",
        // Request and trace ids.
        "x-request-id", "request-id", "x-correlation-id", "correlation-id", "x-amzn-requestid", "x-amzn-request-id",
        "x-amz-request-id", "x-amz-id-2", "x-amzn-trace-id", "x-amz-cf-id", "x-amz-cf-pop", "x-amz-apigw-id",
        "apigw-requestid", "cf-ray", "cf-cache-status", "x-trace-id", "traceparent", "tracestate", "b3",
        "x-cloud-trace-context", "x-github-request-id", "x-ms-request-id", "x-azure-ref", "x-vercel-id",
        "x-vercel-cache", "fly-request-id", "x-fastly-request-id",
        // Timings and caches along the way.
        "server-timing", "x-runtime", "x-response-time", "x-envoy-upstream-service-time", "x-cache", "x-cache-hits",
        "x-served-by", "x-timer", "report-to", "nel", "retry-after",
    ]
    private static let volatilePrefixes = ["x-ratelimit-", "ratelimit-", "x-rate-limit-", "x-b3-"]
    /// The response headers whose values are URLs (`Link`: URLs in angle brackets), in lower case.
    private static let urlNames: Set<String> = ["location", "content-location", "link"]

    /// True when a header with this name is dropped from recordings.
    package static func isVolatile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return volatileNames.contains(lowered) || volatilePrefixes.contains { lowered.hasPrefix($0) }
    }

    /// The headers a recording keeps: volatile ones dropped, names in `Title-Case`, values redacted, sorted by name
    /// (HTTP gives headers no meaningful order, and clients disagree on the one they report).
    package static func kept(_ headers: [Recording.Header], redactor: Redactor) -> [Recording.Header] {
        var kept: [(key: String, offset: Int, header: Recording.Header)] = []
        for header in headers {
            let facts = NameFacts.of(header.name)
            guard !facts.isVolatile else { continue }
            // A secret in the name itself (rare) makes another name, spelled and keyed afresh.
            let redactedName = redactor.redactHeaderName(header.name)
            let (name, key) =
                redactedName == header.name
                ? (facts.canonical, facts.sortKey) : Self.spelled(canonicalName(redactedName))
            // A URL the server hands out (a `Location`, a `Link`) loses its token-like query values, as the
            // request's URL does: a presigned URL's signature is a credential too.
            let value = redactor.redactHeader(
                value: facts.holdsURLs ? SecretRedaction.redactedURLs(inHeaderValue: header.value) : header.value,
                nameIsSensitive: facts.isSensitive)
            kept.append((key, kept.count, Recording.Header(name: name, value: value)))
        }
        kept.sort { $0.key != $1.key ? $0.key < $1.key : $0.offset < $1.offset }
        return kept.map(\.header)
    }

    /// A name and the key it sorts by: lower-cased once, rather than at every comparison.
    private static func spelled(_ name: String) -> (String, String) { (name, name.lowercased()) }

    /// What a recording does with a header of one name, worked out once a name: every response of a server repeats
    /// the same few names, and each fact costs a lower-casing, a hash or a search of the name.
    private struct NameFacts: Sendable {
        let isVolatile: Bool
        let canonical: String
        let sortKey: String
        /// Its value is a credential, whatever it says.
        let isSensitive: Bool
        /// Its value is a URL, or URLs in angle brackets (``urlNames``).
        let holdsURLs: Bool

        /// The names seen so far. A server sending thousands of names (one was seen sending 28,000 in a response)
        /// fills it once, and the names after that are worked out each time, as before.
        private static let known = Mutex<[String: NameFacts]>([:])
        private static let knownLimit = 256
        /// The name worked out, byte for byte: a name Swift calls equal to it (`K` and the Kelvin sign) but spelled
        /// otherwise is another name here, worked out afresh.
        let name: String

        static func of(_ name: String) -> NameFacts {
            if let facts = known.withLock({ $0[name] }), facts.name.utf8.elementsEqual(name.utf8) { return facts }
            let (canonical, sortKey) = spelled(canonicalName(name))
            let facts = NameFacts(
                isVolatile: ResponseHeaderFilter.isVolatile(name), canonical: canonical, sortKey: sortKey,
                isSensitive: Redactor.isSensitiveHeader(name), holdsURLs: urlNames.contains(sortKey), name: name)
            known.withLock { if $0.count < knownLimit, $0[name] == nil { $0[name] = facts } }
            return facts
        }
    }

    /// `content-type` and `CONTENT-TYPE` as `Content-Type`, so HTTP/1.1 and HTTP/2 servers record the same name.
    package static func canonicalName(_ name: String) -> String {
        // Header names are ASCII tokens: cased byte by byte, as the words below would be, without splitting.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var startsWord = true
            return String(
                decoding: name.utf8.map { byte -> UInt8 in
                    defer { startsWord = byte == UInt8(ascii: "-") }
                    let isLetter = (byte | 0x20) &- UInt8(ascii: "a") < 26
                    guard isLetter else { return byte }
                    return startsWord ? byte & ~0x20 : byte | 0x20
                }, as: UTF8.self)
        }
        return name.split(separator: "-", omittingEmptySubsequences: false)
            .map { word in word.prefix(1).uppercased() + word.dropFirst().lowercased() }
            .joined(separator: "-")
    }
}
