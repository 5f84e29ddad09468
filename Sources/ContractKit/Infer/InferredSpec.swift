import Foundation

/// A spec file inferred from samples: its named shapes and endpoints, ready to be written.
package struct InferredSpec: Sendable {
    /// One endpoint and what its samples showed.
    package struct Endpoint: Sendable {
        /// The name under `endpoints:`, e.g. `get-user`.
        package var name: String
        /// `GET`, `POST`, ...
        package var method: String
        /// The path template, e.g. `/users/{id}`.
        package var path: String
        /// Values for the template's placeholders, from a sample.
        package var params: [(name: String, value: String)]
        /// The query of a sample, secrets left out.
        package var query: [(name: String, value: String)]
        /// The status codes seen.
        package var statuses: [Int]
        /// The media type seen, when every sample agrees.
        package var contentType: String?
        /// The body's shape; nil when no sample had a JSON body.
        package var body: Shape?
        /// The key strategy matching the payload's key style.
        package var keys: KeyStrategy
        /// The date strategy for the endpoint's dates, when it has any.
        package var dates: DateFormat?
        /// Notes for the reader: envelopes, collections keyed by id, key style, samples left out.
        package var notes: [String]
        /// How many samples the endpoint was inferred from.
        package var sampleCount: Int
        /// The samples the body was inferred from, in input order.
        package var samples: [ResponseSample]
        /// True when the request line is a guess (raw JSON files say nothing of their request).
        package var requestIsGuessed: Bool
        /// The request's headers, as spec text (`Bearer ${TOKEN}`).
        package var headers: [(name: String, value: String)]

        /// The sample whose recording stands for the endpoint in the recordings folder: the first with a JSON body.
        package var recording: ResponseSample { samples.first { $0.body != nil } ?? samples[0] }
    }

    /// The spec file's stem: the endpoint ids' group.
    package var name: String
    /// Named shapes, sorted by name.
    package var shapes: [(name: String, shape: Shape)]
    /// The endpoints, sorted by path then method.
    package var endpoints: [Endpoint]
    /// Inputs that gave no endpoint (not JSON, or unreadable), each with why.
    package var skipped: [String]
    /// The statuses of the 4xx and 5xx responses that shaped no body, one per response, sorted: those of endpoints
    /// that also answered with success, and those without JSON. The spec's `expect` holds one body, the success's.
    package var leftOutErrorStatuses: [Int]

    /// The endpoints whose request line is a guess, for the user to correct.
    package var guessedEndpoints: [Endpoint] { endpoints.filter(\.requestIsGuessed) }
}

extension InferredSpec {
    /// What writing the recordings did.
    package struct RecordingsWritten: Sendable, Hashable {
        /// Files written or rewritten.
        package var written = 0
        /// Files that already said the same.
        package var unchanged = 0
    }

    /// Writes each endpoint's recording to `<recordings>/<name>/<endpoint>.json` (atomically, and only when it
    /// changed), so `contract verify` finds it; a recording read from that very file is left alone.
    package func writeRecordings(into recordings: String) throws(ContractError) -> RecordingsWritten {
        var result = RecordingsWritten()
        for endpoint in endpoints {
            let path = recordingPath(for: endpoint, in: recordings)
            var recording = endpoint.recording.recording
            recording.endpoint = "\(name)/\(endpoint.name)"
            if let file = endpoint.recording.recordingFile,
                URL(fileURLWithPath: file).standardizedFileURL == URL(fileURLWithPath: path).standardizedFileURL
            {
                result.unchanged += 1
                continue
            }
            if try recording.write(to: path) { result.written += 1 } else { result.unchanged += 1 }
        }
        return result
    }

    /// A path that would stop ``writeRecordings(into:)``, found before anything is written: a file where a folder of
    /// recordings goes, or a folder where a recording goes; nil when there is none.
    package func recordingsObstacle(in recordings: String) -> (path: String, isFolder: Bool)? {
        let base = Self.folder(recordings)
        var isFolder: ObjCBool = false
        for folder in [base, "\(base)/\(name)"]
        where FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && !isFolder.boolValue {
            return (folder, false)
        }
        for endpoint in endpoints {
            let path = recordingPath(for: endpoint, in: recordings)
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                return (path, true)
            }
        }
        return nil
    }

    /// Where an endpoint's recording goes: `<recordings>/<name>/<endpoint>.json`.
    package func recordingPath(for endpoint: Endpoint, in recordings: String) -> String {
        "\(Self.folder(recordings))/\(name)/\(endpoint.name).json"
    }

    /// The recordings folder as given, without trailing slashes (but `/` itself).
    private static func folder(_ recordings: String) -> String {
        var base = recordings
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
