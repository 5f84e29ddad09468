/// Media type comparison: `application/json; charset=utf-8` is `application/json`.
enum MediaType {
    static func essence(of value: String) -> String {
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return type.trimmingSpaces().lowercased()
    }
}
