extension Shape: CustomStringConvertible {
    /// The shape in spec syntax: `[String: User]`, `Date(millisecondsSince1970)?`, `{name, email?}`.
    package var description: String {
        switch kind {
        case .string: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .date(nil): return "Date"
        case .date(let format?): return "Date(\(format))"
        case .url: return "URL"
        case .uuid: return "UUID"
        case .any: return "Any"
        case .optional(let wrapped):
            if case .union = wrapped.kind { return "(\(wrapped))?" }
            return wrapped.description + "?"
        case .array(let element): return "[\(element)]"
        case .dictionary(let value): return "[String: \(value)]"
        case .named(let name): return name
        case .enumeration(let cases): return "enum(\(cases.joined(separator: ", ")))"
        case .pattern(let pattern): return "String(/\(pattern)/)"
        case .integers(let values): return "Int(\(values.map(String.init).joined(separator: ", ")))"
        case .union(let members):
            return members.map { member in
                if case .union = member.kind { return "(\(member))" }
                return member.description
            }.joined(separator: " | ")
        case .object(let object):
            let names = object.fields.prefix(4).map { $0.name + ($0.mayBeAbsent ? "?" : "") }
            let more = object.fields.count > 4 ? ", …" : ""
            return "{" + names.joined(separator: ", ") + more + "}"
        }
    }
}
