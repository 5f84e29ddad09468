import Foundation

/// Which header, parameter and body key names carry credentials, and which values read as one: the rules
/// ``SecretRedaction`` redacts recordings by, and `import openapi` keeps examples out of specs by.
package enum SecretNames {
    /// Header names whose values are credentials, compared after lower-casing and dropping `-` and `_`.
    package static let secretHeaders: Set<String> = [
        "authorization", "proxyauthorization", "cookie", "setcookie", "xapikey", "apikey", "xauthtoken",
        "xaccesstoken", "xcsrftoken", "xxsrftoken", "xamzsecuritytoken", "xgoogapikey", "xfunctionskey",
        "ocpapimsubscriptionkey", "xsessionid", "privatetoken", "xvaulttoken", "xclientsecret", "xrefreshtoken",
        "xsessiontoken",
    ]

    /// Query parameter names whose values are credentials, normalized like header names.
    package static let secretParameters: Set<String> = [
        "token", "accesstoken", "refreshtoken", "idtoken", "authtoken", "apikey", "key", "secret", "clientsecret",
        "password", "passwd", "pwd", "sig", "signature", "auth", "authorization", "session", "sessionid", "sid",
        "code", "jwt", "pass", "xamzsignature", "xamzcredential", "xamzsecuritytoken",
    ]

    /// Fragments that make any header, parameter or body key a secret: `X-Refresh-Token`, `client_secret`.
    package static let secretFragments = [
        "token", "secret", "password", "passwd", "apikey", "signature", "credential", "cookie", "session",
    ]

    /// True when a header with this name carries a credential.
    package static func isSecretHeader(_ name: String) -> Bool {
        let normalized = normalize(name)
        // CORS headers name credentials and headers (`Access-Control-Allow-Credentials: true`,
        // `Access-Control-Allow-Headers: Authorization`) without carrying any: their values are policy, kept.
        if normalized.hasPrefix("accesscontrol") { return false }
        return secretHeaders.contains(normalized) || secretFragments.contains { ByteSearch.contains(normalized, $0) }
    }

    /// True when a query parameter with this name carries a credential.
    package static func isSecretParameter(_ name: String) -> Bool {
        let normalized = normalize(name)
        return secretParameters.contains(normalized) || secretFragments.contains { ByteSearch.contains(normalized, $0) }
    }

    /// True when a value reads as a credential whatever its name: `Bearer …`, `Basic …`, a JSON Web Token.
    package static func looksLikeCredential(_ value: String) -> Bool {
        // Only the first seven characters can make a scheme. ASCII ones (nearly always) are compared byte by byte in
        // any case; others are lower-cased as Unicode says (the Kelvin sign is a `k`), as before.
        if value.utf8.prefix(7).allSatisfy({ $0 < 0x80 }) {
            if credentialSchemes.contains(where: { startsCaseInsensitively(value, with: $0) }) { return true }
        } else {
            let lowered = value.prefix(7).lowercased()
            if credentialSchemes.contains(where: { lowered.hasPrefix($0.description) }) { return true }
        }
        guard value.utf8.starts(with: "eyJ".utf8) else { return false }
        // A JWT: three base64url segments, the first a JSON header (`eyJ` is `{"` encoded).
        let segments = value.split(separator: ".", omittingEmptySubsequences: false)
        return value.hasPrefix("eyJ") && segments.count == 3
            && segments.allSatisfy { segment in
                !segment.isEmpty && segment.unicodeScalars.allSatisfy(isBase64URL)
            }
    }

    /// The schemes of an `Authorization` value that carry a credential, in lower case, with the space after them.
    private static let credentialSchemes: [StaticString] = ["bearer ", "basic ", "token ", "digest "]

    /// Whether `text` begins with `prefix` (lower-case ASCII letters and spaces), ASCII letters in any case.
    private static func startsCaseInsensitively(_ text: String, with prefix: StaticString) -> Bool {
        var bytes = text.utf8.makeIterator()
        let expected = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
        for wanted in expected {
            guard let byte = bytes.next(), byte == wanted || (byte | 0x20 == wanted && wanted &- 0x61 < 26) else {
                return false
            }
        }
        return true
    }

    /// `name` lower-cased without `-`, `_`, `.` and spaces, as the lists above are written.
    package static func normalize(_ name: String) -> String {
        // Names are ASCII nearly always: lower-cased and filtered byte by byte, without a String in between.
        let utf8 = name.utf8
        if let ascii = utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                var count = 0
                for byte in bytes
                where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") && byte != UInt8(ascii: ".")
                    && byte != UInt8(ascii: " ")
                {
                    output[count] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                    count += 1
                }
                return count
            }
        }), let ascii {
            return ascii
        }
        return String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != "." && $0 != " " })
    }

    private static func isBase64URL(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
            || scalar == "_"
    }
}
