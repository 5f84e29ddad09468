/// Codable models of the sample suite, written the way client developers write them: plain structs with
/// synthesized `Decodable`, enums with raw values, Optionals where the app can do without a value. Nothing here
/// knows about the contract tool; the specs in `Specs/` say how the app's `JSONDecoder` is configured and which
/// transforms run before decoding.
public enum SampleModels {
    /// Every model the sample specs name, for `ContractCLI.main(models:)`.
    public static var all: [any Decodable.Type] {
        [
            User.self, ObjectsResponse.self, PlaceholderUser.self, Bettor.self, Account.self, APIErrorResponse.self,
            NoticeList.self,
        ]
    }
}
