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

    /// True when a header with this name is dropped from recordings.
    package static func isVolatile(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return volatileNames.contains(lowered) || volatilePrefixes.contains { lowered.hasPrefix($0) }
    }

    /// The headers a recording keeps: volatile ones dropped, names in `Title-Case`, values redacted, sorted by name
    /// (HTTP gives headers no meaningful order, and clients disagree on the one they report).
    package static func kept(_ headers: [Recording.Header], redactor: Redactor) -> [Recording.Header] {
        headers
            .filter { !isVolatile($0.name) }
            .map {
                Recording.Header(
                    name: canonicalName(redactor.redactHeaderName($0.name)),
                    value: redactor.redactHeader(name: $0.name, value: $0.value))
            }
            .enumerated()
            .sorted {
                $0.element.name.lowercased() != $1.element.name.lowercased()
                    ? $0.element.name.lowercased() < $1.element.name.lowercased() : $0.offset < $1.offset
            }
            .map(\.element)
    }

    /// `content-type` and `CONTENT-TYPE` as `Content-Type`, so HTTP/1.1 and HTTP/2 servers record the same name.
    package static func canonicalName(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false)
            .map { word in word.prefix(1).uppercased() + word.dropFirst().lowercased() }
            .joined(separator: "-")
    }
}
