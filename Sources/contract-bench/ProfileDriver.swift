import ContractKit
import Foundation

/// `contract-bench profile <work> <payload> [passes]`: one piece of benchmark work, alone, for a profiler.
///
/// Under callgrind, count only the work itself, not the payload generation:
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*profiledWork*' .build/release/contract-bench profile parse large`
enum ProfileDriver {
    static let usage = """
        usage: contract-bench profile parse|serialization|indent|check|decode|verify|diff <small|medium|large|deep|wide|reordered> [passes]
               contract-bench profile anycase|snakecase|defaultkeys|customidentity snake|camel [passes]
               contract-bench profile corpus <recordings> <directory>
               contract-bench profile record-site <directory> <base-url>
        """

    static func run(_ arguments: [String]) -> Int32 {
        // `profile corpus N DIR` writes figure 5's corpus of N recordings, to time or profile `child-verify` on it.
        if arguments.count == 3, arguments[0] == "corpus", let count = Int(arguments[1]) {
            ScalingFigures.makeCorpus(
                at: arguments[2], endpoints: count, body: try! JSONParser().parse(Payloads.users(count: 180)))
            return 0
        }
        // `profile record-site DIR URL` writes figure 8's site (bodies, spec, curl list, nginx.conf with __PORT__), to
        // time or profile `contract record` against `curl --parallel` by hand.
        if arguments.count == 3, arguments[0] == "record-site" {
            #if os(Linux)
            RecordFigures.makeSite(at: arguments[1], base: arguments[2])
            return 0
            #else
            return 64
            #endif
        }
        guard arguments.count >= 2, let bytes = payload(arguments[1]) else {
            print(usage)
            return 64
        }
        let passes = arguments.count >= 3 ? Int(arguments[2]) ?? 1 : 1
        let suite = try! SpecLoader().load(sources: [(path: "bench.yaml", text: Payloads.spec)])
        let work: Work
        switch arguments[0] {
        case "parse": work = .parse
        case "serialization": work = .serialization
        case "indent": work = .indent
        case "check": work = .check(ShapeChecker(shapes: suite.shapes), suite.endpoints[0].expect.body!)
        case "decode": work = .decode
        case "verify":
            // Figure 3's subject: one endpoint verified through the `[User]` model, from its recording on disk.
            let directory =
                NSTemporaryDirectory() + "contract-bench-profile-\(ProcessInfo.processInfo.processIdentifier)"
            ScalingFigures.makeCorpus(
                at: directory, endpoints: 1, body: try! JSONParser().parse(bytes), model: "[User]")
            let suite = try! SpecLoader().load(directory: directory + "/Specs")
            let verifier = Verifier(
                suite: suite, options: .init(recordingsDirectory: directory + "/Recordings"),
                models: ModelRegistry([Payloads.User.self]))
            work = .verify(verifier, suite.endpoints[0])
        case "diff":
            // `contract diff` of two recordings of the payload, the second with one value changed and one retyped; the
            // bodies on their tapes, as `contract diff` reads them.
            var body = try! JSONParser().parse(bytes)
            if case .array(var items) = body, !items.isEmpty, case .object(var first) = items[0] {
                first.entries = first.entries.map {
                    .init(key: $0.key, value: $0.key == "name" ? .number(JSONNumber(7)) : $0.value)
                }
                items[0] = .object(first)
                items[items.count - 1] = items[items.count / 2]
                body = .array(items)
            }
            func recording(_ body: JSONValue) -> Recording {
                Recording(
                    endpoint: "bench/diff", request: .init(method: "GET", url: "https://example.com/diff"),
                    response: .init(
                        status: 200, headers: [.init(name: "Content-Type", value: "application/json")],
                        body: .indexed(IndexedBody(try! JSONDocument(body)))))
            }
            work = .diff(recording(try! JSONParser().parse(bytes)), recording(body))
        case "anycase": work = .keys(.anyCase, snakeCodingKeys: false)
        case "snakecase": work = .keys(.convertFromSnakeCase, snakeCodingKeys: false)
        // The baselines, which change no key, decode the model whose CodingKeys spell the payload's keys.
        case "defaultkeys": work = .keys(.useDefaultKeys, snakeCodingKeys: arguments[1] == "snake")
        case "customidentity": work = .keys(KeyStrategyFigures.identityCustom, snakeCodingKeys: arguments[1] == "snake")
        default:
            print(usage)
            return 64
        }
        let data = Data(bytes)
        for _ in 0..<passes { profiledWork(work, bytes, data) }
        if case .verify(let verifier, _) = work {
            try? FileManager.default.removeItem(
                atPath: (verifier.options.recordingsDirectory as NSString).deletingLastPathComponent)
        }
        return 0
    }

    enum Work {
        case parse, serialization, decode
        /// Figure 12: the body pass of `contract record`, checking the text and writing it indented.
        case indent
        case check(ShapeChecker, Shape)
        case verify(Verifier, Endpoint)
        case diff(Recording, Recording)
        /// Figure 4: the records under a key strategy, into the model whose CodingKeys spell the snake_case names
        /// or into the one with camelCase properties.
        case keys(JSONDecoder.KeyDecodingStrategy, snakeCodingKeys: Bool)
    }

    static func payload(_ name: String) -> [UInt8]? {
        switch name {
        case "small": return Payloads.users(count: 2)
        case "medium": return Payloads.users(count: 180)
        case "large": return Payloads.users(count: 18_000)
        case "deep": return Payloads.deep(depth: 200, count: 500)
        case "wide": return Payloads.wide(width: 20_000)
        case "snake": return Payloads.snakeRecords(count: 20_000)
        case "camel": return Payloads.camelRecords(count: 20_000)
        case "reordered":
            // The medium payload with every object's keys in reverse order, as a server may send them.
            func reversed(_ value: JSONValue) -> JSONValue {
                switch value {
                case .array(let items): return .array(items.map(reversed))
                case .object(let object):
                    return .object(
                        JSONObject(object.entries.reversed().map { .init(key: $0.key, value: reversed($0.value)) }))
                default: return value
                }
            }
            return Array(
                JSONWriter(style: .compact).write(reversed(try! JSONParser().parse(Payloads.users(count: 180)))).utf8)
        default: return nil
        }
    }

    /// The measured work; its name is what callgrind's `--toggle-collect` matches.
    @inline(never)
    static func profiledWork(_ work: Work, _ bytes: [UInt8], _ data: Data) {
        switch work {
        case .parse:
            _ = try! JSONParser().parseDocument(bytes)
        case .serialization:
            _ = try! JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        case .indent:
            precondition(JSONIndentingPaths.indenterLength(bytes, atDepth: 2) != nil)
        case .check(let checker, let shape):
            let findings = checker.check(try! JSONParser().parseDocument(bytes), against: shape)
            precondition(findings.isEmpty)
        case .decode:
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            _ = try! decoder.decode([Payloads.User].self, from: data)
        case .verify(let verifier, let endpoint):
            precondition(verifier.verify(endpoint).findings.isEmpty)
        case .diff(let old, let new):
            precondition(RecordingDiff(old: old, new: new).shapeChanged)
        case .keys(let strategy, let snakeCodingKeys):
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = strategy
            if snakeCodingKeys {
                _ = try! decoder.decode([KeyStrategyFigures.ExplicitKeys].self, from: data)
            } else {
                _ = try! decoder.decode([Payloads.SnakeRecord].self, from: data)
            }
        }
    }
}
