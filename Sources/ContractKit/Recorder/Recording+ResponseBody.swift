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
    package static func redacted(received data: Data, contentType: String?, by redactor: Redactor) -> Recording.Body? {
        guard !data.isEmpty else { return nil }
        let essence = contentType.map(MediaType.essence(of:))
        let saysJSON =
            essence.map { $0 == "application/json" || $0.hasSuffix("+json") || $0.hasSuffix("/json") } ?? true
        let mayBeJSON = saysJSON || data.withUnsafeBytes { Recording.Body.startsLikeJSON($0) }
        if mayBeJSON, redactor.bodyPaths.isEmpty,
            let indented = data.withUnsafeBytes({ JSONIndenter.indented($0, atDepth: Recording.bodyDepth) })
        {
            guard redactor.secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(indented)) else {
                return .indexed(
                    IndexedBody(received: data, indented: IndentedJSON(bytes: indented, depth: Recording.bodyDepth)))
            }
            if let scrubbed = scrubbedOnTape(data, by: redactor) { return scrubbed }
        }
        if mayBeJSON, !redactor.bodyPaths.isEmpty, var watch = RedactionPathWatch(redactor.bodyPaths) {
            // `redact:` paths that reach scalars only, with keys as they stand, are applied as the body is indented.
            switch data.withUnsafeBytes({
                JSONIndenter.indented($0, atDepth: Recording.bodyDepth, watching: &watch)
            }) {
            case .written(let redacted):
                guard redactor.secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(redacted)) else {
                    return .indexed(redacted: redacted)
                }
                // A secret shows: the paths again and the scrubbing, from the tape.
                if let scrubbed = scrubbedOnTape(data, by: redactor) { return scrubbed }
            case .refused:
                return Recording.Body(received: data, contentType: contentType).map(redactor.redactBody)
            case .declined:
                break
            }
        }
        if mayBeJSON, !redactor.bodyPaths.isEmpty, let document = try? JSONParser().parseDocument([UInt8](data)) {
            // Otherwise on the tape, where keys are compared as Swift compares strings; the text written is then
            // searched for secrets as an unredacted body's is, and written again scrubbed should one show.
            if let redacted = redactor.redactedOnTape(document, atDepth: Recording.bodyDepth, scrubbing: false) {
                guard redactor.secretsMayShow(inWrittenJSON: UnsafeRawBufferPointer(redacted)) else {
                    return .indexed(redacted: redacted)
                }
                if let scrubbed = redactor.redactedOnTape(document, atDepth: Recording.bodyDepth, scrubbing: true) {
                    return .indexed(redacted: scrubbed)
                }
            }
            return .json(redactor.redactBody(document.value))
        }
        // Not JSON (the indenter accepts what the parser accepts): text or bytes, as the body reads.
        return Recording.Body(received: data, contentType: contentType).map(redactor.redactBody)
    }

    /// The JSON body `data` with the `redact:` paths applied and every secret scrubbed, written from its tape, or as a
    /// tree where a path reaches an array or an object; nil when it does not parse.
    private static func scrubbedOnTape(_ data: Data, by redactor: Redactor) -> Recording.Body? {
        guard let document = try? JSONParser().parseDocument([UInt8](data)) else { return nil }
        guard let scrubbed = redactor.redactedOnTape(document, atDepth: Recording.bodyDepth, scrubbing: true) else {
            return .json(redactor.redactBody(document.value))
        }
        return .indexed(redacted: scrubbed)
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
