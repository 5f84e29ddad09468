import Foundation

/// The notice list (`Specs/notices.yaml`): snake_case keys, and dates written three ways (ISO 8601, epoch
/// milliseconds, a bare day), which the app reads with `dates: flexible`. The list is lossy: a notice the app
/// cannot decode is dropped by the `lossy` transform, not allowed to fail the whole screen.
public struct NoticeList: Decodable, Sendable {
    public var notices: [Notice]
    public var generatedAt: Date

    /// One notice; `updatedAt` and `expiresOn` arrive as epoch milliseconds and as a bare day.
    public struct Notice: Decodable, Sendable {
        public var id: Int
        public var title: String
        public var body: String?
        public var severity: Severity
        public var createdAt: Date
        public var updatedAt: Date?
        public var expiresOn: Date?
        public var link: URL?
    }

    /// How urgent a notice is.
    public enum Severity: String, Decodable, Sendable {
        case low, medium, high
    }
}
