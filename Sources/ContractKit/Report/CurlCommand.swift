/// A recorded request as a `curl` command to paste into a terminal or a ticket: made only from a redacted recording.
enum CurlCommand {
    /// `curl 'https://…' \` then one `-H` per header and the body, each on its own line.
    static func make(for recording: RedactedRecording) -> String {
        let request = recording.recording.request
        let url = request.url
        var parts: [String] = []
        let method = request.method.uppercased()
        let plainMethod = !method.isEmpty && method.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
        let methodArgument = plainMethod ? method : ShellText.quote(method)
        parts.append(
            method == "GET" && request.body == nil
                ? "curl \(ShellText.quote(url))" : "curl -X \(methodArgument) \(ShellText.quote(url))")
        for header in request.headers {
            parts.append("-H \(ShellText.quote("\(header.name): \(header.value)"))")
        }
        switch request.body {
        case .json?, .indexed?:
            parts.append(
                "--data-raw \(ShellText.quote(JSONWriter(style: .compact).write(request.body?.jsonValue ?? .null)))")
        case .text(let text)?:
            parts.append("--data-raw \(ShellText.quote(text))")
        case .base64?:
            parts.append("--data-binary @body.bin  # the recorded body is binary")
        case nil:
            break
        }
        return parts.joined(separator: " \\\n  ")
    }
}
