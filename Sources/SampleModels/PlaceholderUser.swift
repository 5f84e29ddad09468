/// A user of the jsonplaceholder-style directory (`Specs/directory.yaml`), decoded as `[PlaceholderUser]`.
public struct PlaceholderUser: Decodable, Sendable {
    public var id: Int
    public var name: String
    public var username: String
    public var email: String
    public var address: Address
    public var phone: String
    public var website: String
    public var company: Company

    /// A postal address.
    public struct Address: Decodable, Sendable {
        public var street: String
        public var suite: String
        public var city: String
        public var zipcode: String
        public var geo: Geo
    }

    /// Coordinates, sent as strings.
    public struct Geo: Decodable, Sendable {
        public var lat: String
        public var lng: String
    }

    /// Where the user works.
    public struct Company: Decodable, Sendable {
        public var name: String
        public var catchPhrase: String
        public var bs: String
    }
}
