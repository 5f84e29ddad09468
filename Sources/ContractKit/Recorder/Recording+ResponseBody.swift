import Foundation

extension Recording.Body {
    /// A body as received, in the form a recording keeps: JSON embedded (key order and number spelling kept),
    /// other text as `bodyText`, anything else as `bodyBase64`; nil when there is no body.
    ///
    /// A body is read as JSON when its media type says JSON (or says nothing), or when it starts like JSON; a JSON
    /// body sent with the wrong media type is then still checked, and the verifier reports the media type.
    package init?(received data: Data, contentType: String?) {
        guard !data.isEmpty else { return nil }
        let bytes = [UInt8](data)
        let essence = contentType.map(MediaType.essence(of:))
        let saysJSON =
            essence.map { $0 == "application/json" || $0.hasSuffix("+json") || $0.hasSuffix("/json") } ?? true
        if saysJSON || bytes.withUnsafeBytes({ Recording.Body.startsLikeJSON($0) }),
            let value = try? JSONParser().parse(bytes)
        {
            self = .json(value)
        } else if !bytes.contains(0), let text = String(bytes: bytes, encoding: .utf8) {
            self = .text(text)
        } else {
            self = .base64(data.base64EncodedString())
        }
    }

    /// A body as received, redacted by `redactor`, in the form a recording keeps (see ``init(received:contentType:)``).
    ///
    /// A JSON body is checked and written out indented in one pass (``JSONIndenter``) and, when no secret shows in
    /// the text written, kept so, ``indexed(_:)``: no tape or tree is built for it unless something reads it. With
    /// `redact:` paths, the scalars they reach are written as placeholders in the same pass, or, where a key they
    /// compare is not plain ASCII as written, from the body's tape. Where a secret shows, the body is written again
    /// from its tape with each string, key and number holding one scrubbed. Only where a path reaches an array or an
    /// object is it redacted as a tree.
    ///
    /// A body that indented would be longer than ``indentedLengthLimit(received:)`` (deeply nested, a server's way to
    /// make a 4 MB body a 2 GB file) is written compact instead, from its tape.
    package static func redacted(received data: Data, contentType: String?, by redactor: Redactor) -> Recording.Body? {
        guard !data.isEmpty else { return nil }
        let essence = contentType.map(MediaType.essence(of:))
        let saysJSON =
            essence.map { $0 == "application/json" || $0.hasSuffix("+json") || $0.hasSuffix("/json") } ?? true
        let mayBeJSON = saysJSON || data.withUnsafeBytes { Recording.Body.startsLikeJSON($0) }
        let maxLength = indentedLengthLimit(received: data.count)
        // The indenter takes exactly what the parser takes: a text it refused is not parsed again.
        var refused = false
        if mayBeJSON, redactor.bodyPaths.isEmpty {
            switch data.withUnsafeBytes({
                JSONIndenter.indented($0, atDepth: Recording.bodyDepth, maxLength: maxLength)
            }) {
            case .written(let indented):
                guard redactor.secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(indented)) else {
                    return .indexed(
                        IndexedBody(received: data, indented: IndentedJSON(bytes: indented, depth: Recording.bodyDepth))
                    )
                }
                if let scrubbed = onTape(data, by: redactor, maxLength: maxLength, scrubbing: true) { return scrubbed }
            case .tooLong:
                if let compact = onTape(data, by: redactor, maxLength: maxLength, scrubbing: false) { return compact }
            case .refused:
                refused = true
            case .declined:
                break
            }
        }
        if mayBeJSON, !redactor.bodyPaths.isEmpty, var watch = RedactionPathWatch(redactor.bodyPaths) {
            // `redact:` paths that reach scalars only, with keys as they stand, are applied as the body is indented.
            switch data.withUnsafeBytes({
                JSONIndenter.indented($0, atDepth: Recording.bodyDepth, maxLength: maxLength, watching: &watch)
            }) {
            case .written(let redacted):
                guard redactor.secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(redacted)) else {
                    return .indexed(redacted: redacted)
                }
                // A secret shows: the paths again and the scrubbing, from the tape.
                if let scrubbed = onTape(data, by: redactor, maxLength: maxLength, scrubbing: true) { return scrubbed }
            case .refused:
                return Recording.Body(received: data, contentType: contentType).map(redactor.redactBody)
            case .declined, .tooLong:
                break
            }
        }
        // Otherwise on the tape, where keys are compared as Swift compares strings; the text written is then searched
        // for secrets as an unredacted body's is, and written again scrubbed should one show.
        if mayBeJSON, !refused, let body = onTape(data, by: redactor, maxLength: maxLength, scrubbing: false) {
            return body
        }
        // Not JSON (the indenter accepts what the parser accepts): text or bytes, as the body reads.
        return Recording.Body(received: data, contentType: contentType).map(redactor.redactBody)
    }

    /// How long a body received as `count` bytes may be written indented: 8 times as long and 1 MiB more. Indented
    /// JSON is rarely more than twice as long as the text received; only values nested tens of levels deep, each
    /// on a line of its own indented that far, take it past this, and those are written compact.
    package static func indentedLengthLimit(received count: Int) -> Int {
        let (eight, overflow) = count.multipliedReportingOverflow(by: 8)
        return overflow ? .max : eight.addingReportingOverflow(1 << 20).overflow ? .max : eight + (1 << 20)
    }

    /// The JSON body `data` written from its tape with the `redact:` paths applied, and every secret scrubbed when
    /// `scrubbing` or when one shows in the text written; indented, or compact where indented it would be longer than
    /// `maxLength`. A tree where a path reaches an array or an object; nil when the body does not parse.
    private static func onTape(_ data: Data, by redactor: Redactor, maxLength: Int, scrubbing: Bool)
        -> Recording.Body?
    {
        guard let document = try? JSONParser().parseDocument([UInt8](data)) else { return nil }
        var scrubbing = scrubbing
        while true {
            guard
                let written = redactor.redactedOnTape(
                    document, atDepth: Recording.bodyDepth, scrubbing: scrubbing, maxLength: maxLength)
            else { return .json(redactor.redactBody(document.value)) }
            guard !scrubbing, redactor.secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(written)) else {
                return .indexed(redacted: written)
            }
            scrubbing = true
        }
    }

    /// A body kept as `redacted`, a body's text with its `redact:` paths applied, written indented: read back, should
    /// anything read it, from the same bytes, not a copy.
    private static func indexed(redacted: JSONOutputBytes) -> Recording.Body {
        let indented = IndentedJSON(bytes: redacted, depth: Recording.bodyDepth)
        let text = Data(
            bytesNoCopy: UnsafeMutableRawPointer(redacted.base), count: redacted.count,
            deallocator: .custom { _, _ in withExtendedLifetime(indented) {} })
        return .indexed(IndexedBody(received: text, indented: indented))
    }

    private static func startsLikeJSON(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
