import Foundation

/// Generic entry points reached through `any Decodable.Type`: calling a static member on an existential
/// metatype opens it, which is how a registry of types chosen at run time decodes with the real `JSONDecoder`.
extension Decodable {
    static func decodeJSON(_ data: Data, with decoder: JSONDecoder) throws -> Self {
        try decoder.decode(Self.self, from: data)
    }

    static var arrayOfSelf: any Decodable.Type { [Self].self }

    static var dictionaryOfSelf: any Decodable.Type { [String: Self].self }

    static var optionalOfSelf: any Decodable.Type { Self?.self }
}
