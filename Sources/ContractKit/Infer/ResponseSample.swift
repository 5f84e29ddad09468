/// One response to infer from: a recording, a HAR entry, a raw JSON file or a live request, as a recording
/// (redacted as `contract record` redacts) with where it came from.
package struct ResponseSample: Sendable {
    /// Where it came from, for messages: `capture.har entry 12`, `Recordings/users/list-users.json`.
    package var source: String
    /// The endpoint's name when the input gives one (a recording's endpoint id, a raw file's name); nil when the
    /// name comes from the request (HAR entries, live requests).
    package var endpointName: String?
    /// The recording: request, status, headers and body.
    package var recording: Recording
    /// The file it was read from, when it is a recording already on disk.
    package var recordingFile: String?
    /// True when nothing said what request the response answered (a raw JSON file): its request line is a guess.
    package var requestIsGuessed: Bool
    /// The headers the spec's request sends, as spec text (`Bearer ${TOKEN}`): those a live request was sent with.
    package var requestHeaders: [(name: String, value: String)]

    /// Creates a sample.
    package init(
        source: String, endpointName: String? = nil, recording: Recording, recordingFile: String? = nil,
        requestIsGuessed: Bool = false, requestHeaders: [(name: String, value: String)] = []
    ) {
        self.source = source
        self.endpointName = endpointName
        self.recording = recording
        self.recordingFile = recordingFile
        self.requestIsGuessed = requestIsGuessed
        self.requestHeaders = requestHeaders
    }

    /// The JSON body, or nil when the response has none or it is not JSON.
    var body: JSONValue? { recording.response.body?.jsonValue }

    /// The request's path without scheme, host, query or fragment: `/users/42`.
    var path: String { ResponseSample.pathAndQuery(of: recording.request.url).path }

    /// The request's query as written, without `?`; empty when there is none.
    var query: String { ResponseSample.pathAndQuery(of: recording.request.url).query }

    /// `https://host/users/42?page=2#top` → (`/users/42`, `page=2`); a bare path stays a path.
    static func pathAndQuery(of url: String) -> (path: String, query: String) {
        var rest = Substring(url)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        // `scheme://host/path`: the path starts at the first '/' after the '//' (a manual scan: `range(of:)` goes
        // through NSString, and every sample asks).
        let utf8 = rest.utf8
        if let colon = utf8.firstIndex(of: UInt8(ascii: ":")),
            utf8[colon...].starts(with: "://".utf8)
        {
            let afterHost = rest[utf8.index(colon, offsetBy: 3)...]
            rest = afterHost.firstIndex(of: "/").map { afterHost[$0...] } ?? "/"
        }
        if !rest.hasPrefix("/") { rest = "/" + rest }
        return (String(rest), String(query))
    }
}
