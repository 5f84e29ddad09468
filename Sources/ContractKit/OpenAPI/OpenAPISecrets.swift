import Foundation

/// Keeps credentials in a document's examples and defaults out of the spec: a value whose name is on the
/// recording layer's secret list, or whose text reads as a credential, becomes a `${NAME}` variable.
enum OpenAPISecrets {
    /// Prefixes of well-known API keys and tokens: Stripe, GitHub, Slack, AWS access key ids, Google API keys.
    static let credentialPrefixes = [
        "sk_live_", "sk_test_", "rk_live_", "rk_test_", "whsec_", "ghp_", "gho_", "ghs_", "ghu_", "github_pat_",
        "xoxb-", "xoxp-", "xoxa-", "AKIA", "ASIA", "AIza",
    ]

    /// True when `value` reads as a credential whatever its name.
    static func looksLikeCredential(_ value: String) -> Bool {
        SecretNames.looksLikeCredential(value) || credentialPrefixes.contains { value.hasPrefix($0) }
    }

    /// The environment variable for a secret named `name`: `X-Client-Secret` as `X_CLIENT_SECRET`.
    static func variable(for name: String) -> String {
        OpenAPIImportRun.environmentName(name)
    }

    /// `value` as sent: a `${NAME}` reference when it is secret, keeping an auth scheme such as `Bearer `.
    static func reference(_ value: String, variable: String) -> String {
        for scheme in ["Bearer ", "Basic ", "Token ", "Digest "] where value.lowercased().hasPrefix(scheme.lowercased())
        {
            return scheme + "${\(variable)}"
        }
        return "${\(variable)}"
    }

    /// A body with every secret value (by key name or by text) replaced by a `${NAME}` reference, and every other
    /// text written to read as itself (as `Template.literal` writes it); the variables used, in order, without
    /// repeats.
    static func body(_ value: JSONValue, key: String? = nil, variables: inout [String]) -> JSONValue {
        switch value {
        case .object(var object):
            for index in object.entries.indices {
                let entry = object.entries[index]
                object.entries[index].value = body(entry.value, key: entry.key, variables: &variables)
                // Keys are filled as strings are when recording: a `${` in one is written to read as itself.
                object.entries[index].key = Template.literal(entry.key)
            }
            return .object(object)
        case .array(let items):
            return .array(items.map { body($0, key: key, variables: &variables) })
        case .string(let text):
            let secretName = key.map(SecretNames.isSecretParameter) ?? false
            // Text the spec would read `${NAME}` in as a variable to send is written so that it reads as itself.
            guard secretName || looksLikeCredential(text) else { return .string(Template.literal(text)) }
            let name = variable(for: key ?? "secret")
            if !variables.contains(name) { variables.append(name) }
            return .string(reference(text, variable: name))
        case .number:
            guard let key, SecretNames.isSecretParameter(key) else { return value }
            let name = variable(for: key)
            if !variables.contains(name) { variables.append(name) }
            return .string("${\(name)}")
        case .bool, .null:
            return value
        }
    }
}
