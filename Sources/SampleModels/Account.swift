import Foundation

/// The account of a .NET-style backend (`Specs/accounts.yaml`): its keys mix `UpperCamelCase` and `snake_case`,
/// which `keys: anyCase` reads into these lower camel case properties, after `unwrap: Data`.
public struct Account: Decodable, Sendable {
    public var accountId: UUID
    public var displayName: String
    public var createdAt: Date
    public var isVerified: Bool
    public var plan: Plan

    /// The subscription plan.
    public enum Plan: String, Decodable, Sendable, CaseIterable {
        case free, pro, team
    }
}

/// The error envelope the same backend sends with 4xx statuses.
public struct APIErrorResponse: Decodable, Sendable {
    public var error: APIError

    /// What went wrong, and the trace id to quote to support.
    public struct APIError: Decodable, Sendable {
        public var code: Int
        public var message: String
        public var traceId: String?
    }
}
