import ContractKit
import Foundation

/// What must hold for any input at all, checked by trapping: the fuzz targets in `Fuzz/` run these on what libFuzzer
/// makes up, and `swift test` runs them on every input that ever broke one (`Tests/Fixtures/Fuzz/<target>/`), so a
/// crash found once stays fixed.
///
/// Each check takes the raw bytes of one input; it returns when the invariants hold and stops the process with
/// `fatalError` when one does not. Errors are fine (hostile input is refused); crashes, hangs and disagreements
/// between two readers of the same thing are not.
public enum Invariants {
    /// The names of the checks, as the fuzz targets and the seed folders are named.
    public static let targets = [
        "json-parse", "json-roundtrip", "recording", "diff", "report-reader", "spec", "redaction",
    ]

    /// Runs the check named `target` (one of ``targets``) on `bytes`.
    public static func check(_ target: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        switch target {
        case "json-parse": jsonParse(bytes)
        case "json-roundtrip": jsonRoundTrip(bytes)
        case "recording": recording(bytes)
        case "diff": diff(bytes)
        case "report-reader": reportReader(bytes)
        case "spec": spec(bytes)
        case "redaction": redaction(bytes)
        default: fatalError("no invariant check named '\(target)'; the checks are \(targets.joined(separator: ", "))")
        }
    }

    /// The tree parse and the tape parse accept and refuse the same texts, and agree on what they accept.
    public static func jsonParse(_ bytes: UnsafeBufferPointer<UInt8>) {
        let parser = JSONParser()
        // The tree straight from the caller's buffer (no copy, so a read past the end is a read past the input)...
        let tree = Result { () throws(ContractError) in
            try parser.parse(UnsafeRawBufferPointer(bytes), file: "fuzz.json")
        }
        // ...and the tape, over its own copy of the bytes.
        let document = Result { () throws(ContractError) in try parser.parseDocument(Array(bytes), file: "fuzz.json") }
        switch (tree, document) {
        case (.success(let value), .success(let document)):
            require(document.value == value, "the tape's tree differs from the tree parse")
            require(document.valueCount >= 1, "an accepted document has no values")
        case (.failure(let treeError), .failure(let documentError)):
            for error in [treeError, documentError] {
                require(error.code == .jsonSyntax, "a parse failed with \(error.code), not json-syntax: \(error)")
                require(
                    error.location.map { $0.line >= 1 && $0.column >= 1 } ?? false,
                    "a syntax error has no line and column: \(error)")
            }
            require(treeError.message == documentError.message, "the two parses refuse with different messages")
        case (.success, .failure(let error)):
            fatalError("the tree parse accepts what the tape parse refuses: \(error)")
        case (.failure(let error), .success):
            fatalError("the tape parse accepts what the tree parse refuses: \(error)")
        }
    }

    /// What the writer writes, compact or pretty, the parser reads back as the same value, and writes the same way.
    public static func jsonRoundTrip(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let value = try? JSONParser().parse(UnsafeRawBufferPointer(bytes)) else { return }
        for style in [JSONWriter.Style.compact, .pretty] {
            let written = JSONWriter(style: style).writeBytes(value)
            let read: JSONValue
            do {
                read = try JSONParser().parse(written, file: "written.json")
            } catch {
                fatalError("JSONWriter (\(style)) wrote text that JSONParser refuses: \(error)")
            }
            require(read == value, "the value read back from JSONWriter (\(style)) differs from the one written")
            require(
                JSONWriter(style: style).writeBytes(read) == written,
                "JSONWriter (\(style)) writes an equal value differently")
        }
    }

    /// Both recording readers accept and refuse the same files and agree; a recording's own file reads back.
    public static func recording(_ bytes: UnsafeBufferPointer<UInt8>) {
        let scratch = Scratch.shared
        let path = scratch.write(bytes, to: "recording.json")
        defer {
            scratch.remove("recording.json")
            scratch.remove("rewritten.json")
        }
        let read = Result { () throws(ContractError) in try Recording.read(from: path) }
        let inPlace = Result { () throws(ContractError) in try Recording.readInPlace(from: path) }
        switch (read, inPlace) {
        case (.success(let recording), .success(var indexed)):
            if case .indexed(let body)? = indexed.response.body {
                _ = body.text
                _ = body.byteCount
            }
            indexed.response.body = indexed.response.body?.built
            require(indexed == recording, "readInPlace and read give different recordings")
            // What we write we must read, and a recording read from our own file writes the same file again.
            let encoded = recording.encoded()
            let rewritten = encoded.withUnsafeBytes {
                scratch.write($0.bindMemory(to: UInt8.self), to: "rewritten.json")
            }
            do {
                let again = try Recording.read(from: rewritten)
                require(again.encoded() == encoded, "a recording read back from its own file encodes differently")
            } catch {
                fatalError("a recording's own encoding does not read back: \(error)")
            }
        case (.failure(let error), .failure(let other)):
            require(error.code == other.code, "read and readInPlace refuse with different codes: \(error) / \(other)")
        case (.success, .failure(let error)):
            fatalError("read accepts what readInPlace refuses: \(error)")
        case (.failure(let error), .success):
            fatalError("readInPlace accepts what read refuses: \(error)")
        }
    }

    /// The input's two halves as two recordings: their diff renders as text and as JSON that reads back, a
    /// recording compared with itself has no shape change, the bodies built as trees diff as they do on their files'
    /// tapes, and a diff that only counts the values that changed counts as many as it lists.
    public static func diff(_ bytes: UnsafeBufferPointer<UInt8>) {
        let scratch = Scratch.shared
        let half = bytes.count / 2
        let oldPath = scratch.write(UnsafeBufferPointer(rebasing: bytes[..<half]), to: "old.json")
        let newPath = scratch.write(UnsafeBufferPointer(rebasing: bytes[half...]), to: "new.json")
        defer {
            scratch.remove("old.json")
            scratch.remove("new.json")
        }
        guard let old = try? Recording.readInPlace(from: oldPath), let new = try? Recording.readInPlace(from: newPath)
        else { return }
        let diff = RecordingDiff(old: old, new: new)
        _ = diff.renderText(old: "old.json", new: "new.json", values: true)
        _ = diff.renderText(old: "old.json", new: "new.json", values: false)
        let json = diff.renderJSON(old: "old.json", new: "new.json")
        do {
            _ = try JSONParser().parse(json, file: "diff.json")
        } catch {
            fatalError("RecordingDiff.renderJSON wrote text that is not JSON: \(error)")
        }
        require(!RecordingDiff(old: new, new: new).shapeChanged, "a recording's shape differs from itself")
        var (builtOld, builtNew) = (old, new)
        builtOld.response.body = old.response.body?.built
        builtNew.response.body = new.response.body?.built
        require(
            RecordingDiff(old: builtOld, new: builtNew).renderJSON(old: "old.json", new: "new.json") == json,
            "the bodies built as trees diff otherwise than on their tapes")
        let counted = RecordingDiff(old: old, new: new, options: .init(listsValues: false))
        require(
            counted.valueChangeCount == diff.valueChanges.count && counted.valueChanges.isEmpty,
            "a diff that counts the values that changed counts otherwise than it lists them")
    }

    /// A report that reads renders in every format, and its JSON rendering reads back to the same renderings.
    public static func reportReader(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let json = try? JSONParser().parse(UnsafeRawBufferPointer(bytes), file: "report.json"),
            let report = try? JSONReportReader().report(from: json, file: "report.json")
        else { return }
        let rendered = ReportFormat.allCases.map { ($0, $0.renderer().render(report)) }
        let written = rendered.first { $0.0 == .json }!.1
        let readBack: VerificationReport
        do {
            readBack = try JSONReportReader().report(
                from: try JSONParser().parse(written, file: "rendered.json"), file: "rendered.json")
        } catch {
            fatalError("the JSON rendering of a report read does not read back: \(error)")
        }
        for (format, text) in rendered {
            require(
                format.renderer().render(readBack) == text, "the \(format) rendering differs after a JSON round trip")
        }
    }

    /// A spec file loads or is refused with errors, and the input as a shape expression parses or is refused.
    public static func spec(_ bytes: UnsafeBufferPointer<UInt8>) {
        let scratch = Scratch.shared
        scratch.write(bytes, to: "Specs/fuzz.yaml")
        defer { scratch.remove("Specs/fuzz.yaml") }
        _ = try? SpecLoader().load(directory: scratch.file("Specs"))
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? ShapeExpressionParser.parse(text, at: SourceLocation(file: "fuzz", line: 1, column: 1))
    }

    /// A body the recorder receives is written as redacting its tree writes it, whichever way the recorder takes
    /// (indented with the `redact:` paths applied as it goes, on the tape, or as the tree), and a text the parser
    /// refuses is kept as a body without paths is. The input's first line holds the paths and the secrets, separated
    /// by `|` (an item starting with `$` is a path, any other a secret); the rest is the body.
    public static func redaction(_ bytes: UnsafeBufferPointer<UInt8>) {
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let items = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<newline]), as: UTF8.self)
            .split(separator: "|").prefix(8).map(String.init)
        let paths = items.filter { $0.hasPrefix("$") }.compactMap { try? RedactionPath(parsing: $0) }
        let secrets = items.filter { !$0.hasPrefix("$") }
        let body = Data(UnsafeBufferPointer(rebasing: bytes[min(newline + 1, bytes.count)...]))
        let redactor = Redactor(secrets: secrets, bodyPaths: paths)
        let written = Recording.Body.redacted(received: body, contentType: "application/json", by: redactor)
        let expected: Recording.Body?
        if let value = try? JSONParser().parse(Array(body)) {
            expected = .json(redactor.redactBody(value))
        } else {
            expected = Recording.Body(received: body, contentType: "application/json").map(redactor.redactBody)
        }
        func file(_ body: Recording.Body?) -> Data {
            Recording(
                endpoint: "fuzz", recordedAt: "2026-01-01T00:00:00Z",
                request: Recording.Request(method: "GET", url: "http://127.0.0.1/fuzz"),
                response: Recording.Response(status: 200, headers: [], durationMs: 1, body: body)
            ).encoded()
        }
        require(file(written) == file(expected), "the recorder writes a body otherwise than redacting its tree does")
    }

    /// Stops the process with `message` when `condition` is false: a broken invariant is a crash a fuzzer saves.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("invariant broken: " + message()) }
    }
}
