/// A recorded request as a `curl` command to paste into a terminal or a ticket, secrets redacted.
enum CurlCommand {
    /// `curl 'https://…' \` then one `-H` per header and the body, each on its own line.
    static func make(for request: Recording.Request) -> String {
        let url = SecretRedaction.redactedURL(request.url)
        var parts: [String] = []
        let method = request.method.uppercased()
        let plainMethod = !method.isEmpty && method.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
        let methodArgument = plainMethod ? method : quote(method)
        parts.append(method == "GET" && request.body == nil ? "curl \(quote(url))" : "curl -X \(methodArgument) \(quote(url))")
        for header in SecretRedaction.redacted(request.headers) {
            parts.append("-H \(quote("\(header.name): \(header.value)"))")
        }
        switch request.body {
        case .json(let body)?:
            parts.append("--data-raw \(quote(JSONWriter(style: .compact).write(SecretRedaction.redactedBody(body))))")
        case .text(let text)?:
            parts.append("--data-raw \(quote(text))")
        case .base64?:
            parts.append("--data-binary @body.bin  # the recorded body is binary")
        case nil:
            break
        }
        return parts.joined(separator: " \\\n  ")
    }

    /// Single-quoted for POSIX shells: nothing inside is expanded; a `'` is written as `'\''`.
    static func quote(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }
}
