import Foundation

/// A user of the Firebase-style backend (`Specs/users.yaml`).
public struct User: Decodable, Sendable, Equatable {
    /// The user's key in the `/users.json` collection; set by the `keyedToArray` transform, absent when the user
    /// is fetched alone.
    public var objectId: String?
    public var name: String
    public var email: String?
    public var createdAt: Date
    public var role: Role

    /// What the user may do.
    public enum Role: String, Decodable, Sendable, CaseIterable {
        case admin, tester, member
    }
}

/// `/users.json` after `keyedToArray: { key: objectId, into: objects }`.
public struct ObjectsResponse: Decodable, Sendable {
    public var objects: [User]
}
