import Foundation

/// What counts as a secret in an HTTP exchange, and how it is hidden.
///
/// Recordings are redacted when they are made; reports apply the same rules again, because a recording may
/// have been written by hand, imported from another tool, or made by an older version. Redaction replaces the
/// value and keeps the name, so a reader still sees that an `Authorization` header or a `token` parameter was sent.
package enum SecretRedaction {
    /// What a secret value is replaced with.
    package static let placeholder = "<redacted>"

    /// What a body value at a `redact:` path is replaced with: a value of the same shape, so that a redacted
    /// recording still verifies against the spec and decodes through the model. A UUID becomes the nil UUID, a URL
    /// `https://redacted.invalid/`, a number `0`, other text the placeholder; objects, arrays, booleans and null
    /// keep their shape with every string and number inside them replaced the same way.
    package static func placeholder(shapedLike value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text):
            // A UUID is 36 characters, and a URL with a host has `://` after its scheme: most values are neither,
            // and parsing them as either costs more than the rest of their placeholder.
            if text.utf8.count == 36, UUID(uuidString: text) != nil {
                return .string("00000000-0000-0000-0000-000000000000")
            }
            if ByteSearch.contains(text, "://"), let url = URL(string: text), let scheme = url.scheme,
                ["http", "https"].contains(scheme.lowercased()), url.host != nil
            {
                return .string("https://redacted.invalid/")
            }
            if let date = redactedDate(text) { return .string(date) }
            return .string(placeholder)
        case .number: return .number(JSONNumber(0))
        case .array(let items): return .array(items.map(placeholder(shapedLike:)))
        case .object(let object):
            return .object(
                JSONObject(object.entries.map { .init(key: $0.key, value: placeholder(shapedLike: $0.value)) }))
        case .bool, .null: return value
        }
    }

    /// Header names whose values are credentials (see ``SecretNames``).
    static let secretHeaders = SecretNames.secretHeaders
    /// Query parameter names whose values are credentials.
    static let secretParameters = SecretNames.secretParameters
    /// Fragments that make any header, parameter or body key a secret.
    static let secretFragments = SecretNames.secretFragments

    /// True when a header with this name carries a credential.
    package static func isSecretHeader(_ name: String) -> Bool { SecretNames.isSecretHeader(name) }

    /// True when a query parameter with this name carries a credential.
    package static func isSecretParameter(_ name: String) -> Bool { SecretNames.isSecretParameter(name) }

    /// True when a value reads as a credential whatever its name: `Bearer …`, `Basic …`, a JSON Web Token.
    package static func looksLikeCredential(_ value: String) -> Bool { SecretNames.looksLikeCredential(value) }

    /// The headers with every credential replaced by ``placeholder``.
    package static func redacted(_ headers: [Recording.Header]) -> [Recording.Header] {
        headers.map { header in
            guard header.value != placeholder, isSecretHeader(header.name) || looksLikeCredential(header.value) else {
                return header
            }
            return Recording.Header(name: header.name, value: placeholder)
        }
    }

    /// The URL with secret query parameters and its user information replaced by ``placeholder``.
    ///
    /// Works on the text as written (no re-encoding), so everything that is not a secret stays byte for byte.
    package static func redactedURL(_ url: String) -> String {
        // Found byte by byte: `#`, `?`, `&` and `=` are ASCII, so their UTF-8 positions are positions in the text.
        let utf8 = url.utf8
        // Most URLs have nothing to hide (no user information, query or fragment): one look at their bytes says so.
        guard utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "@") })
        else { return url }
        let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? url.endIndex
        let mark = url.utf8[..<hash].firstIndex(of: UInt8(ascii: "?"))
        let base = redactedUserInfo(String(url[..<(mark ?? hash)]))
        var fragment = Substring(url[hash...])
        // An OAuth implicit-flow callback carries its token in the fragment: `#access_token=…&token_type=bearer`.
        if fragment.utf8.contains(UInt8(ascii: "=")) {
            fragment = "#" + redactedParameters(fragment[fragment.utf8.index(after: fragment.startIndex)...])
        }
        guard let mark else { return base + fragment }
        return base + "?" + redactedParameters(url[url.utf8.index(after: mark)..<hash]) + fragment
    }

    /// A `Location` or `Content-Location` value (one URL), or a `Link` value (URLs in angle brackets, each followed by
    /// its parameters), with each URL as ``redactedURL(_:)`` writes it.
    package static func redactedURLs(inHeaderValue value: String) -> String {
        guard value.utf8.contains(UInt8(ascii: "<")) else { return redactedURL(value) }
        var result = ""
        var rest = Substring(value)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += rest[...open] + redactedURL(String(rest[rest.index(after: open)..<close])) + ">"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// `name=value&…` with the values of secret parameters replaced by ``placeholder``.
    private static func redactedParameters(_ query: Substring) -> Substring {
        var result = ""
        var changed = false
        var start = query.startIndex
        while true {
            let end = query.utf8[start...].firstIndex(of: UInt8(ascii: "&")) ?? query.endIndex
            let pair = query[start..<end]
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = pair[..<equals]
                let value = pair[pair.utf8.index(after: equals)...]
                let decodedName = decoded(name)
                let decodedValue = decoded(value)
                if value != Substring(placeholder), isSecretParameter(decodedName) || looksLikeCredential(decodedValue)
                {
                    if !changed { result = String(query[..<start]) }
                    changed = true
                    result += name + "=" + placeholder
                } else if changed {
                    result += pair
                }
            } else if changed {
                result += pair
            }
            guard end < query.endIndex else { break }
            if changed { result += "&" }
            start = query.utf8.index(after: end)
        }
        return changed ? Substring(result) : query
    }

    /// A URL part percent-decoded, or as it is when it has no escape or a malformed one.
    private static func decoded(_ text: Substring) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        return text.removingPercentEncoding ?? String(text)
    }

    /// A JSON body with the values of secret-named keys replaced, at any depth (for request bodies: logins, token refreshes).
    package static func redactedBody(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(var object):
            for index in object.entries.indices {
                let entry = object.entries[index]
                if isSecretParameter(entry.key), entry.value != .null {
                    object.entries[index].value = .string(placeholder)
                } else {
                    object.entries[index].value = redactedBody(entry.value)
                }
            }
            return .object(object)
        case .array(let items):
            return .array(items.map(redactedBody))
        default:
            return value
        }
    }

    /// True for a response body key whose text value is a credential (`access_token`, `refresh_token`, `password`,
    /// `client_secret`): the secret-parameter rule without the names responses use for other things (`key`,
    /// `code`, `session`), and without a token's type or lifetime (`token_type`, `expires_in`).
    package static func isSecretResponseKey(_ name: String) -> Bool {
        let normalized = SecretNames.normalize(name)
        if ["key", "code", "sig", "auth", "sid", "pass", "session", "signature"].contains(normalized)
            || normalized.hasSuffix("type") || ByteSearch.contains(normalized, "expire")
            || normalized.hasSuffix("count")
        {
            return false
        }
        return isSecretParameter(name)
    }

    /// The text values held under keys `isSecret` accepts, at any depth.
    package static func secretBodyValues(in value: JSONValue, isSecret: (String) -> Bool) -> [String] {
        func texts(_ value: JSONValue) -> [String] {
            switch value {
            case .string(let text): return [text]
            case .array(let items): return items.flatMap(texts)
            case .object(let object): return object.entries.flatMap { texts($0.value) }
            default: return []
            }
        }
        switch value {
        case .array(let items): return items.flatMap { secretBodyValues(in: $0, isSecret: isSecret) }
        case .object(let object):
            return object.entries.flatMap { entry in
                isSecret(entry.key) ? texts(entry.value) : secretBodyValues(in: entry.value, isSecret: isSecret)
            }
        default: return []
        }
    }

    /// A response body with the text values of secret-named keys (``isSecretResponseKey(_:)``) replaced by values
    /// of the same shape, so the body still verifies; numbers and booleans are kept.
    package static func redactedResponseBody(_ value: JSONValue) -> JSONValue {
        func texts(_ value: JSONValue) -> JSONValue {
            switch value {
            case .string: return placeholder(shapedLike: value)
            case .array(let items): return .array(items.map(texts))
            case .object(var object):
                for index in object.entries.indices { object.entries[index].value = texts(object.entries[index].value) }
                return .object(object)
            default: return value
            }
        }
        switch value {
        case .array(let items): return .array(items.map(redactedResponseBody))
        case .object(var object):
            for index in object.entries.indices {
                let entry = object.entries[index]
                object.entries[index].value =
                    isSecretResponseKey(entry.key) ? texts(entry.value) : redactedResponseBody(entry.value)
            }
            return .object(object)
        default: return value
        }
    }

    /// The secrets of a URL's user info, decoded: the password and the pair `user:password`, or the user alone
    /// when there is no password (a token passed as `https://TOKEN@host`).
    package static func userInfoSecrets(in url: String) -> [String] {
        // Looked at for every response the recorder receives, and most URLs have no user info: one look at their
        // bytes says so.
        guard url.utf8.contains(UInt8(ascii: "@")), let scheme = schemeSeparator(in: url) else { return [] }
        let afterScheme = url[scheme.upperBound...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let at = authority.lastIndex(of: "@") else { return [] }
        let info = String(authority[..<at])
        guard info != placeholder, !info.isEmpty else { return [] }
        func decoded(_ text: String) -> String { text.removingPercentEncoding ?? text }
        guard let colon = info.firstIndex(of: ":") else { return [decoded(info)] }
        let user = decoded(String(info[..<colon]))
        let password = decoded(String(info[info.index(after: colon)...]))
        return password.isEmpty ? [user] : [password, user + ":" + password]
    }

    /// The recording with the request's URL, headers and body and the response's headers redacted.
    ///
    /// The response body is left alone: it is what reports are about, and the recorder already redacted the
    /// body paths a spec lists under `redact:`.
    package static func redacted(_ recording: Recording) -> Recording {
        var copy = recording
        copy.request.url = redactedURL(recording.request.url)
        copy.request.headers = redacted(recording.request.headers)
        if case .json(let body)? = recording.request.body { copy.request.body = .json(redactedBody(body)) }
        copy.response.headers = redacted(recording.response.headers)
        return copy
    }

    /// A date written as text, as 1970-01-01 at midnight in the same layout (`2026-11-20 10:00:00.123` becomes
    /// `1970-01-01 00:00:00.000`), or nil when `text` is no date or the layout cannot be kept.
    static func redactedDate(_ text: String) -> String? {
        // The ISO 8601 forms, the only ones kept, all start with a digit.
        guard let first = text.utf8.first, first &- UInt8(ascii: "0") < 10 else { return nil }
        let style = DateSniffer.style(ofText: text)
        switch style {
        case .iso8601, .iso8601DateOnly, .iso8601NoZone: break
        default: return nil
        }
        var runs = 0
        var result = ""
        var digits = ""
        func flush() {
            guard !digits.isEmpty else { return }
            runs += 1
            switch (runs, digits.count) {
            case (1, 4): result += "1970"
            case (2, 2), (3, 2): result += "01"
            default: result += String(repeating: "0", count: digits.count)
            }
            digits = ""
        }
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return DateSniffer.style(ofText: result) == style ? result : nil
    }

    /// `https://user:secret@host/...` becomes `https://<redacted>@host/...`: the user part is hidden too, since
    /// tokens are often passed there (`https://TOKEN@host`).
    private static func redactedUserInfo(_ base: String) -> String {
        guard let scheme = schemeSeparator(in: base) else { return base }
        let afterScheme = base[scheme.upperBound...]
        let authorityEnd = afterScheme.utf8.firstIndex(of: UInt8(ascii: "/")) ?? afterScheme.endIndex
        let authority = afterScheme[..<authorityEnd]
        guard let at = authority.utf8.lastIndex(of: UInt8(ascii: "@")), authority[..<at] != Substring(placeholder)
        else { return base }
        return String(base[..<scheme.upperBound]) + placeholder + String(base[at...])
    }

    /// Where the first `://` is in `text` (searched byte by byte, not through Foundation's `range(of:)`).
    private static func schemeSeparator(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        while let colon = utf8[index...].firstIndex(of: UInt8(ascii: ":")) {
            let end = utf8.index(colon, offsetBy: 3, limitedBy: utf8.endIndex) ?? utf8.endIndex
            if utf8[colon..<end].elementsEqual("://".utf8) { return colon..<end }
            index = utf8.index(after: colon)
        }
        return nil
    }
}
