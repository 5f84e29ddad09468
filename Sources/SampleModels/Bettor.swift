/// The signed-in bettor (`Specs/bets.yaml`), after `renameKeys` has expanded the minified keys.
public struct Bettor: Decodable, Sendable {
    public var firstName: String
    public var lastName: String
    public var bets: [Bet]

    /// One bet.
    public struct Bet: Decodable, Sendable {
        public var betId: Int
        public var amount: Double
        public var state: State
    }

    /// Where a bet stands.
    public enum State: String, Decodable, Sendable {
        case open, won, lost
    }
}
