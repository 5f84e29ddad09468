import Foundation

/// An endpoint's request made concrete twice: as it is sent (secrets included) and as it may be written down.
package struct PreparedRequest: Sendable {
    /// `GET`, `POST`, ...
    package var method: String
    /// The URL to send to.
    package var url: URL
    /// The headers to send.
    package var headers: [Recording.Header]
    /// The headers that carry a credential, by name or by a `${NAME}` value: never sent to another origin.
    package var credentialHeaders: Set<String>
    /// The body to send.
    package var body: Data?
    /// The request as a recording shows it: every secret replaced by ``Redactor/placeholder``.
    package var shown: Recording.Request
    /// What keeps this request's secrets out of everything written about it.
    package var redactor: Redactor

    /// `GET http://host/path?query`, redacted: for progress lines and messages.
    package var summary: String { "\(shown.method) \(shown.url)" }
}

/// Builds the request a spec describes: base URL, path parameters, query, headers and JSON body, with every
/// `${NAME}` read from the environment and remembered as a secret.
package struct RequestBuilder: Sendable {
    /// The server to send to, e.g. `https://staging.example.com/api`; the spec's paths are appended to it.
    package var baseURL: String {
        didSet { base = BaseURL(baseURL) }
    }
    /// Where `${NAME}` values come from.
    package var environment: [String: String] {
        didSet { proxySecrets = RequestBuilder.proxySecrets(in: environment) }
    }
    /// What every request takes from the base URL, worked out once rather than for each of a thousand endpoints.
    private var base: BaseURL
    /// The user info of the proxies `environment` names, worked out once.
    private var proxySecrets: [String]

    /// Creates a builder.
    package init(baseURL: String, environment: [String: String]) {
        self.baseURL = baseURL
        self.environment = environment
        base = BaseURL(baseURL)
        proxySecrets = RequestBuilder.proxySecrets(in: environment)
    }

    /// The user info of the proxies `environment` names (`http_proxy`, `https_proxy`, `all_proxy`, either case),
    /// secrets as the base URL's is: the client sends it as `Proxy-Authorization: Basic …`, which a proxy may pass on
    /// to a server that echoes it.
    static func proxySecrets(in environment: [String: String]) -> [String] {
        ["http_proxy", "https_proxy", "all_proxy"].flatMap { [$0, $0.uppercased()] }.compactMap { environment[$0] }
            .flatMap { SecretRedaction.userInfoSecrets(in: proxyURLWithScheme($0)) }
    }

    /// A proxy URL from the environment as libcurl reads it: one without a scheme is http (`ops:pw@proxy:3128` is
    /// `http://ops:pw@proxy:3128`). Its credentials are found, and the proxy named in messages, the same way.
    package static func proxyURLWithScheme(_ text: String) -> String {
        text.contains("://") ? text : "http://" + text
    }

    /// The base URL checked and taken apart.
    private struct BaseURL: Sendable {
        /// Why the base URL cannot be used, when it cannot.
        var problem: ContractError?
        /// The secrets it holds: user info, and the values of token-like query parameters.
        var secrets: [String] = []
        /// The URL up to its query, without trailing slashes: the spec's path goes after it.
        var root: String
        /// Its own query, which goes before the spec's.
        var query: String?

        init(_ text: String) {
            do {
                try RequestBuilder.validateBaseURL(text)
            } catch {
                problem = error
            }
            if let components = URLComponents(string: text) {
                secrets += [components.user, components.password].compactMap { $0 }
                // The client sends user info as `Authorization: Basic base64(user:password)`, which an echoing server
                // hands back: the pair is a secret too, and the redactor searches for its base64 form.
                if let user = components.user, let password = components.password {
                    secrets.append("\(user):\(password)")
                }
            }
            secrets += Redactor.sensitiveQueryValues(in: text)
            root = text
            if let question = root.firstIndex(of: "?") {
                query = String(root[root.index(after: question)...])
                root = String(root[..<question])
            }
            while root.hasSuffix("/") { root.removeLast() }
        }
    }

    /// Checks that `text` is an absolute `http` or `https` URL the recorder can append paths to.
    package static func validateBaseURL(_ text: String) throws(ContractError) {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw ContractError(
                .invalidBaseURL, "the base URL '\(Redactor(secrets: []).redactURL(text))' is not an http or https URL",
                hint: "give the server's root, such as https://staging.example.com or http://127.0.0.1:8080")
        }
        guard components.fragment == nil else {
            throw ContractError(.invalidBaseURL, "the base URL must not have a '#fragment'", hint: "remove it")
        }
    }

    /// The request for `endpoint`.
    ///
    /// - Throws: ``ContractError`` when an environment variable is not set, a `redact:` path is malformed, or the
    ///   URL cannot be built.
    package func prepare(_ endpoint: Endpoint) throws(ContractError) -> PreparedRequest {
        if let problem = self.base.problem { throw problem }
        let spec = endpoint.request
        // No new list for every request when no proxy has user info.
        var secrets = proxySecrets.isEmpty ? self.base.secrets : self.base.secrets + proxySecrets
        var bodyPaths: [RedactionPath] = []
        for text in endpoint.redactions { bodyPaths.append(try RedactionPath(parsing: text, at: endpoint.location)) }

        // The base, split so the spec's path goes before the base's own query.
        let base = self.base.root
        let baseQuery = self.base.query

        // The path, with `${NAME}` variables and `{param}` placeholders filled. Read as a template, so that `$${`
        // is the text `${` here as in every other template.
        var sentPath = ""
        var shownPath = ""
        let path = spec.path.hasPrefix("/") ? spec.path : "/" + spec.path
        // A path without a `$` byte has no variable: one literal, as the template would have it.
        let parts =
            path.utf8.contains(UInt8(ascii: "$"))
            ? try Template(parsing: path, at: spec.location).parts : [.literal(path)]
        for part in parts {
            switch part {
            case .variable(let name):
                // A secret from the environment, in the path or in a query written into it.
                guard let value = environment[name] else {
                    throw ContractError(
                        .missingEnvironmentVariable, "environment variable '\(name)' is not set", at: spec.location,
                        hint: "export \(name)=… before running, or remove the reference from the spec")
                }
                let inQuery = sentPath.contains("?")
                sentPath += inQuery ? PercentEncoding.queryComponent(value) : PercentEncoding.pathComponent(value)
                shownPath += SecretRedaction.placeholder
                if !value.isEmpty { secrets.append(value) }
            case .literal(let text):
                // Placeholders found as the spec's checks find them; `${name}` here is text (written `$${name}`).
                try SpecFileParser.forEachPiece(ofPath: Substring(text)) { (piece) throws(ContractError) in
                    switch piece {
                    case .text(let text), .placeholder(_, whole: let text, afterADollar: true):
                        let literal = PercentEncoding.literalPathText(String(text))
                        sentPath += literal
                        shownPath += literal
                    case .placeholder(let name, _, afterADollar: false):
                        guard let template = spec.params.first(where: { $0.name == name })?.value else {
                            throw ContractError(
                                .invalidSpec, "the path has '{\(name)}' but 'params' gives it no value",
                                at: spec.location, hint: "add 'params: { \(name): … }' to the endpoint")
                        }
                        let filled = try render(template, encode: PercentEncoding.pathComponent)
                        sentPath += filled.sent
                        shownPath += filled.shown
                        secrets += filled.secrets
                    }
                }
            }
        }

        // The query: the base URL's own, then the spec's, in order.
        var sentQuery: [String] = baseQuery.map { [$0] } ?? []
        var shownQuery = sentQuery
        for parameter in spec.query {
            let name = PercentEncoding.queryComponent(parameter.name)
            let part = try render(parameter.value, encode: PercentEncoding.queryComponent)
            sentQuery.append("\(name)=\(part.sent)")
            shownQuery.append(
                "\(name)=\(Redactor.isSensitiveQueryParameter(parameter.name) ? SecretRedaction.placeholder : part.shown)"
            )
            secrets += part.secrets
        }

        // A query written into the spec's path goes after the base URL's and before the spec's `query`.
        let position = baseQuery == nil ? 0 : 1
        // Found by its byte (a path is percent-encoded ASCII by now), not by a walk of Characters.
        if let question = sentPath.utf8.firstIndex(of: UInt8(ascii: "?")) {
            sentQuery.insert(String(sentPath[sentPath.index(after: question)...]), at: position)
            sentPath = String(sentPath[..<question])
        }
        if let question = shownPath.utf8.firstIndex(of: UInt8(ascii: "?")) {
            shownQuery.insert(String(shownPath[shownPath.index(after: question)...]), at: position)
            shownPath = String(shownPath[..<question])
        }
        sentQuery.removeAll { $0.isEmpty }
        shownQuery.removeAll { $0.isEmpty }
        let sentText = base + sentPath + (sentQuery.isEmpty ? "" : "?" + sentQuery.joined(separator: "&"))
        let shownText = base + shownPath + (shownQuery.isEmpty ? "" : "?" + shownQuery.joined(separator: "&"))

        // Headers.
        var sentHeaders: [Recording.Header] = []
        var shownHeaders: [Recording.Header] = []
        var credentialHeaders: Set<String> = []
        for header in spec.headers {
            let part = try render(header.value, encode: { $0 })
            secrets += part.secrets
            // A line break would end the header and start one the spec never wrote (the value may come from the
            // environment): refused, never sent.
            guard HTTPHeaderText.isToken(header.name), HTTPHeaderText.isValue(part.sent) else {
                throw ContractError(
                    .invalidSpec,
                    "header '\(header.name.escapingNonPrintables())' is not sent: its name or value (\(part.shown.escapingNonPrintables())) holds a line break, a control character or, in the name, a character HTTP does not allow",
                    at: spec.location,
                    hint:
                        "a header name is letters, digits and !#$%&'*+-.^_`|~; a value is one line (check the environment variables it reads)"
                )
            }
            if Redactor.isSensitiveHeader(header.name) || !part.secrets.isEmpty {
                credentialHeaders.insert(header.name.lowercased())
            }
            sentHeaders.append(Recording.Header(name: header.name, value: part.sent))
            shownHeaders.append(
                Recording.Header(
                    name: header.name,
                    value: Redactor.isSensitiveHeader(header.name) ? SecretRedaction.placeholder : part.shown))
        }

        // The JSON body, with `${NAME}` in its strings.
        var sentBody: Data?
        var shownBody: JSONValue?
        if let body = spec.body {
            let filled = try fill(body)
            secrets += filled.secrets
            sentBody = Data(JSONWriter(style: .compact).writeBytes(filled.sent))
            shownBody = filled.shown
            if !sentHeaders.contains(where: { $0.name.caseInsensitiveCompare("Content-Type") == .orderedSame }) {
                sentHeaders.append(Recording.Header(name: "Content-Type", value: "application/json"))
                shownHeaders.append(Recording.Header(name: "Content-Type", value: "application/json"))
            }
        }

        let redactor = Redactor(secrets: secrets, bodyPaths: bodyPaths)
        guard let url = URL(string: sentText) else {
            throw ContractError(
                .invalidBaseURL, "'\(redactor.redactURL(shownText))' is not a valid URL", at: spec.location,
                hint: "check the base URL and the endpoint's path")
        }
        let shown = Recording.Request(
            method: spec.method, url: redactor.redactURL(shownText),
            headers: shownHeaders.map { Recording.Header(name: $0.name, value: redactor.scrub($0.value)) },
            body: shownBody.map { .json(redactor.redactBody($0)) })
        return PreparedRequest(
            method: spec.method, url: url, headers: sentHeaders, credentialHeaders: credentialHeaders, body: sentBody,
            shown: shown, redactor: redactor)
    }

    /// A template's text to send and to show (each variable as the placeholder), both encoded by `encode`.
    private func render(
        _ template: Template, encode: (String) -> String
    ) throws(ContractError) -> (sent: String, shown: String, secrets: [String]) {
        let resolved = try template.resolve(in: environment)
        var sent = ""
        var shown = ""
        for part in template.parts {
            switch part {
            case .literal(let text):
                sent += encode(text)
                shown += encode(text)
            case .variable(let name):
                sent += encode(environment[name] ?? "")
                shown += SecretRedaction.placeholder
            }
        }
        return (sent, shown, resolved.secrets)
    }

    /// A body string or key with its `${NAME}` references resolved (to send) and redacted (to show); one that is not a
    /// well-formed template is sent as written.
    private func fill(text: String) throws(ContractError) -> (sent: String, shown: String, secrets: [String]) {
        guard text.contains("${"), let template = try? Template(parsing: text) else { return (text, text, []) }
        return try render(template, encode: { $0 })
    }

    /// The body with `${NAME}` references in its strings and keys resolved (to send) and redacted (to show).
    private func fill(_ value: JSONValue) throws(ContractError) -> (
        sent: JSONValue, shown: JSONValue, secrets: [String]
    ) {
        switch value {
        case .string(let text):
            let part = try fill(text: text)
            return (.string(part.sent), .string(part.shown), part.secrets)
        case .array(let items):
            var sent: [JSONValue] = []
            var shown: [JSONValue] = []
            var secrets: [String] = []
            for item in items {
                let filled = try fill(item)
                sent.append(filled.sent)
                shown.append(filled.shown)
                secrets += filled.secrets
            }
            return (.array(sent), .array(shown), secrets)
        case .object(let object):
            var sent = JSONObject()
            var shown = JSONObject()
            var secrets: [String] = []
            for entry in object.entries {
                let key = try fill(text: entry.key)
                let filled = try fill(entry.value)
                sent.entries.append(.init(key: key.sent, value: filled.sent))
                shown.entries.append(.init(key: key.shown, value: filled.shown))
                secrets += key.secrets + filled.secrets
            }
            return (.object(sent), .object(shown), secrets)
        default:
            return (value, value, [])
        }
    }
}
