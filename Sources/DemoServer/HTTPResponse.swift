import ContractKit
import Foundation

/// A response to send, and how to misbehave while sending it.
///
/// The misbehaviours are what a recorder must cope with and a well-behaved framework makes hard to produce:
/// answering late, breaking the connection in the middle of the body, or sending more than anyone should buffer.
package struct HTTPResponse: Sendable {
    /// The status code.
    package var status: Int
    /// Headers to send; `Content-Length` and `Connection: close` are added unless the behaviour says otherwise.
    package var headers: [(name: String, value: String)]
    /// The body.
    package var body: Data
    /// Seconds to wait before answering.
    package var delay: Double = 0
    /// Send only this many bytes of the body, then reset the connection (TCP RST) instead of finishing.
    package var resetAfterBodyBytes: Int?
    /// Stream this many filler bytes instead of `body`, in 64 KiB writes, stopping when the client goes away.
    package var fillerBodyBytes: Int?
    /// Told how many filler bytes the client took before the body ended or the client went away.
    package var fillerSent: (@Sendable (Int) -> Void)?
    /// Whether to announce the body's length; without it, the body ends when the connection closes.
    package var announcesLength = true
    /// Bytes to send as they are instead of the status line, headers and body, then close: for answers no
    /// well-behaved server gives (a trailer that lies, a line of spaces inside the head).
    package var rawAnswer: Data?

    /// Creates a response.
    package init(status: Int = 200, headers: [(name: String, value: String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response from JSON text.
    package static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json")], body: Data(text.utf8))
    }

    /// A plain-text response.
    package static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data(text.utf8))
    }

    /// A redirect to `location`.
    package static func redirect(to location: String, status: Int = 302) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Location", location)])
    }

    /// The status line and headers, as sent.
    func head(bodyLength: Int?) -> Data {
        var text = "HTTP/1.1 \(status) \(HTTPStatus.reasonPhrase(status))\r\n"
        for header in headers { text += "\(header.name): \(header.value)\r\n" }
        if let bodyLength, announcesLength, !headers.contains(where: { $0.name.lowercased() == "content-length" }) {
            text += "Content-Length: \(bodyLength)\r\n"
        }
        text += "Connection: close\r\n\r\n"
        return Data(text.utf8)
    }
}
