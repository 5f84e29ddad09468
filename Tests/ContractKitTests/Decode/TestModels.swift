import Foundation

/// Models for the decoding tests, written as apps write them.
enum TestModels {
    enum Role: String, Codable, CaseIterable {
        case admin, member
    }

    enum Severity: String, Decodable {
        case low, high
    }

    /// Decodable only, as most apps' enums are: the probe cannot encode a case, but can write its raw value.
    enum Plan: String, Decodable, CaseIterable {
        case free, pro
    }

    enum Priority: Int, Decodable, CaseIterable {
        case low = 1, high = 2
    }

    struct Subscription: Decodable {
        var plan: Plan
        var priority: Priority
        var seats: Int
    }

    struct Address: Decodable {
        var street: String
        var city: String
    }

    struct Person: Decodable {
        var id: Int
        var name: String
        var email: String?
        var role: Role
        var createdAt: Date
        var address: Address
        var tags: [String]
    }

    struct Notice: Decodable {
        var id: Int
        var title: String
        var severity: Severity
    }

    struct NoticeList: Decodable {
        var notices: [Notice]
    }

    struct Envelope<Payload: Decodable>: Decodable {
        var data: Payload
    }
}
