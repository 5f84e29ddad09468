import ContractKit
import Foundation

/// Generated payloads shaped like real API responses, with the Codable structs and spec shapes that match them.
enum Payloads {
    struct Geo: Codable {
        var lat: String
        var lng: String
    }
    struct Address: Codable {
        var street: String
        var suite: String
        var city: String
        var zipcode: String
        var geo: Geo
    }
    struct Company: Codable {
        var name: String
        var catchPhrase: String
        var bs: String
    }
    struct User: Codable {
        var id: Int
        var name: String
        var username: String
        var email: String
        var address: Address
        var phone: String
        var website: String
        var company: Company
        var score: Double
        var active: Bool
        var createdAt: Date
        var tags: [String]
    }

    /// The spec of `users(count:)`: the same fields as `User`.
    static let spec = """
        shapes:
          Geo: { lat: String, lng: String }
          Address: { street: String, suite: String, city: String, zipcode: String, geo: Geo }
          Company: { name: String, catchPhrase: String, bs: String }
          User:
            id: Int
            name: String
            username: String
            email: String
            address: Address
            phone: String
            website: String
            company: Company
            score: Double
            active: Bool
            createdAt: Date
            tags: [String]
        endpoints:
          list-users:
            request: GET /users
            expect: { body: [User] }
        """

    /// A JSON array of `count` users, about 560 bytes each.
    static func users(count: Int) -> [UInt8] {
        var text = "["
        text.reserveCapacity(count * 600)
        for index in 0..<count {
            if index > 0 { text += "," }
            text += """
                {"id":\(index + 1),"name":"Leanne Graham \(index)","username":"Bret\(index)","email":"user\(index)@april.biz",\
                "address":{"street":"Kulas Light","suite":"Apt. \(index % 1000)","city":"Gwenborough","zipcode":"92998-3874",\
                "geo":{"lat":"-37.\(3159 + index % 100)","lng":"81.1496"}},"phone":"1-770-736-8031 x56442","website":"hildegard.org",\
                "company":{"name":"Romaguera-Crona","catchPhrase":"Multi-layered client-server neural-net","bs":"harness real-time e-markets"},\
                "score":\(Double(index % 997) / 7.0),"active":\(index % 3 == 0),"createdAt":"2026-11-\(10 + index % 19)T09:30:00Z",\
                "tags":["alpha","beta\\u00e9","gamma \(index % 10)"]}
                """
        }
        text += "]"
        return Array(text.utf8)
    }

    /// `[[[...1...]]]` nested `depth` levels, repeated `count` times in an array.
    static func deep(depth: Int, count: Int) -> [UInt8] {
        let one = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        return Array(("[" + Array(repeating: one, count: count).joined(separator: ",") + "]").utf8)
    }

    /// One object with `width` keys of mixed values.
    static func wide(width: Int) -> [UInt8] {
        var text = "{"
        for index in 0..<width {
            if index > 0 { text += "," }
            text += "\"field_number_\(index)\":" + (index % 2 == 0 ? "\(index)" : "\"value \(index)\"")
        }
        return Array((text + "}").utf8)
    }

    /// A snake_case payload for the key strategy figures.
    struct SnakeRecord: Codable {
        var recordId: Int
        var firstName: String
        var lastName: String
        var emailAddress: String
        var isActive: Bool
        var accountBalance: Double
        var postalCode: String
        var countryCode: String
    }

    static func snakeRecords(count: Int) -> [UInt8] {
        var text = "["
        for index in 0..<count {
            if index > 0 { text += "," }
            text += """
                {"record_id":\(index),"first_name":"Ada","last_name":"Lovelace","email_address":"ada\(index)@example.com",\
                "is_active":true,"account_balance":\(index).5,"postal_code":"N1 9GU","country_code":"GB"}
                """
        }
        return Array((text + "]").utf8)
    }

    /// The same records with camelCase keys, for the default-keys baseline.
    static func camelRecords(count: Int) -> [UInt8] {
        var text = "["
        for index in 0..<count {
            if index > 0 { text += "," }
            text += """
                {"recordId":\(index),"firstName":"Ada","lastName":"Lovelace","emailAddress":"ada\(index)@example.com",\
                "isActive":true,"accountBalance":\(index).5,"postalCode":"N1 9GU","countryCode":"GB"}
                """
        }
        return Array((text + "]").utf8)
    }
}
