import ContractKit
import Foundation

/// Figure 9: `contract infer` on a 10 MB HAR, process start to exit (target: under 2 seconds of CPU in release),
/// against `JSONSerialization` reading the same file in this process.
enum InferFigures {
    static func run(quick: Bool) -> [Row] {
        let contract = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("contract").path
        guard FileManager.default.isExecutableFile(atPath: contract) else {
            print(
                "  figure 9 skipped: build the contract executable in the same configuration first (swift build -c release)"
            )
            return []
        }
        let folder = NSTemporaryDirectory() + "contract-bench-infer-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let har = folder + "/capture.har"
        let bytes = harText(megabytes: 10)
        _ = FileManager.default.createFile(atPath: har, contents: Data(bytes.utf8))
        let arguments = [
            "infer", har, "--name", "bench", "--output", folder + "/Specs", "--recordings", folder + "/Recordings",
            "--force",
        ]
        // The child's CPU time (user and system, from RUSAGE_CHILDREN) is what is judged: a neighbour that takes
        // the cores away lengthens the wall clock, not the work. The wall clock is reported beside it.
        var inferCPU: [Double] = []
        var inferWall: [Double] = []
        var parseCPU: [Double] = []
        spawn(contract, arguments)
        for _ in 0..<(quick ? 3 : 7) {
            let clock = ContinuousClock()
            let before = childCPUSeconds()
            let elapsed = clock.measure { spawn(contract, arguments) }
            inferCPU.append(childCPUSeconds() - before)
            inferWall.append(elapsed.seconds)
            let start = Measure.threadCPUSeconds()
            _ = try? JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har)))
            parseCPU.append(Measure.threadCPUSeconds() - start)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let infer = median(inferCPU)
        let parse = median(parseCPU)
        print("  measured figure 9")
        let megabytes = Double(bytes.utf8.count) / 1_048_576
        return [
            Row(
                figure: "9 infer: a HAR into a spec", payload: String(format: "%.1f MB HAR", megabytes),
                ratio: infer / parse, target: "< 2 s of CPU", met: infer < 2,
                detail: String(
                    format: "infer %.2f s CPU (%.2f s wall), JSONSerialization %.2f s", infer, median(inferWall), parse)
            )
        ]
    }

    /// User and system CPU time of this process's finished children so far, in seconds.
    static func childCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        #else
        getrusage(RUSAGE_CHILDREN, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    /// A HAR of about `megabytes` MB, as a browser would export it: 24 kinds of request against a made-up API,
    /// with ids in paths, lists, envelopes, a collection keyed by id, dates, and headers on every entry.
    static func harText(megabytes: Int) -> String {
        var generator = SplitMix(seed: 7)
        var entries: [JSONValue] = []
        var size = 0
        var index = 0
        while size < megabytes * 1_048_576 {
            let (method, path, body) = exchange(index, &generator)
            let text = JSONWriter(style: .compact).write(body)
            size += text.utf8.count * 11 / 10 + 900
            entries.append(entry(method: method, path: path, body: text, index: index))
            index += 1
        }
        let log = JSONValue.object(
            JSONObject([
                "log": .object(
                    JSONObject([
                        "version": .string("1.2"),
                        "creator": .object(JSONObject(["name": .string("contract-bench"), "version": .string("1")])),
                        "entries": .array(entries),
                    ]))
            ]))
        return JSONWriter(style: .compact).write(log)
    }

    static func exchange(_ index: Int, _ generator: inout SplitMix) -> (String, String, JSONValue) {
        let kind = index % 24
        let id = Int(generator.next() % 100_000)
        func user(_ id: Int) -> JSONValue {
            var fields: [JSONObject.Entry] = [
                .init(key: "id", value: .number(JSONNumber(id))),
                .init(key: "login", value: .string("user\(id)")),
                .init(key: "name", value: .string("User Number \(id)")),
                .init(key: "avatar_url", value: .string("https://cdn.example.com/avatars/\(id).png")),
                .init(key: "created_at", value: .string("2026-0\(1 + id % 9)-1\(id % 10)T10:00:00Z")),
                .init(key: "score", value: .number(JSONNumber(literal: "\(id % 100).5"))),
                .init(
                    key: "address",
                    value: .object(
                        JSONObject([
                            "street": .string("\(id) Main Street"), "city": .string("Springfield"),
                            "zip": .string("\(10_000 + id % 89_999)"),
                        ]))),
                .init(key: "roles", value: .array([.string(id % 3 == 0 ? "admin" : "member")])),
            ]
            if id % 4 == 0 { fields.append(.init(key: "email", value: .string("user\(id)@example.com"))) }
            if id % 5 == 0 { fields.append(.init(key: "deleted_at", value: .null)) }
            return .object(JSONObject(fields))
        }
        switch kind {
        case 0..<8:
            return ("GET", "/api/v1/users/\(id)", user(id))
        case 8..<12:
            let users = (0..<20).map { user(id + $0) }
            return (
                "GET", "/api/v1/users?page=\(id % 50)",
                .object(
                    JSONObject([
                        "data": .array(users),
                        "meta": .object(
                            JSONObject(["page": .number(JSONNumber(id % 50)), "total": .number(JSONNumber(1000))])),
                    ]))
            )
        case 12..<18:
            let uuid = String(format: "%08X-4F89-41D3-9A0C-%012X", id, generator.next() % 0xFFFF_FFFF)
            let items = (0..<(1 + id % 6)).map { item -> JSONValue in
                .object(
                    JSONObject([
                        "sku": .string("SKU-\(item)-\(id)"), "qty": .number(JSONNumber(1 + item)),
                        "price": .number(JSONNumber(literal: "\(item + 3).99")),
                    ]))
            }
            return (
                "GET", "/api/v1/orders/\(uuid)",
                .object(
                    JSONObject([
                        "id": .string(uuid), "items": .array(items),
                        "placed_timestamp": .number(JSONNumber(1_763_632_800_000 + id)),
                        "status": .string(["open", "paid", "shipped"][id % 3]),
                    ]))
            )
        case 18..<22:
            let entries = (0..<10).map { offset -> JSONObject.Entry in
                .init(
                    key: "-Nf3xK2aQ1bC4dE5\(String(format: "%04d", (id + offset) % 10_000))",
                    value: .object(
                        JSONObject([
                            "title": .string("Post \(offset)"),
                            "body": .string(String(repeating: "lorem ipsum ", count: 8)),
                            "likes": .number(JSONNumber(offset * 3)),
                        ])))
            }
            return ("GET", "/feed.json", .object(JSONObject(entries)))
        default:
            return (
                "POST", "/api/v1/events",
                .object(JSONObject(["ok": .bool(true), "id": .number(JSONNumber(id)), "queued": .bool(id % 2 == 0)]))
            )
        }
    }

    static func entry(method: String, path: String, body: String, index: Int) -> JSONValue {
        func headers(_ pairs: [(String, String)]) -> JSONValue {
            .array(pairs.map { .object(JSONObject(["name": .string($0.0), "value": .string($0.1)])) })
        }
        let request = JSONObject([
            "method": .string(method), "url": .string("https://api.example.com" + path),
            "httpVersion": .string("HTTP/2"),
            "headers": headers([
                ("Accept", "application/json"), ("Authorization", "Bearer bench-token-\(index % 7)"),
                ("User-Agent", "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15"),
                ("Accept-Language", "en-GB,en;q=0.9"), ("Cookie", "session=bench-session-\(index % 5)"),
            ]),
            "queryString": .array([]), "headersSize": .number(JSONNumber(-1)), "bodySize": .number(JSONNumber(0)),
        ])
        let response = JSONObject([
            "status": .number(JSONNumber(200)), "statusText": .string("OK"), "httpVersion": .string("HTTP/2"),
            "headers": headers([
                ("Content-Type", "application/json; charset=utf-8"), ("Date", "Mon, 23 Nov 2026 23:00:00 GMT"),
                ("Cache-Control", "no-cache"), ("X-Request-Id", "req-\(index)"), ("Server", "nginx"),
            ]),
            "content": .object(
                JSONObject([
                    "size": .number(JSONNumber(body.utf8.count)), "mimeType": .string("application/json"),
                    "text": .string(body),
                ])),
            "redirectURL": .string(""), "headersSize": .number(JSONNumber(-1)),
            "bodySize": .number(JSONNumber(body.utf8.count)),
        ])
        return .object(
            JSONObject([
                "startedDateTime": .string("2026-11-23T23:00:00.000Z"), "time": .number(JSONNumber(index % 300)),
                "request": .object(request), "response": .object(response),
                "timings": .object(JSONObject(["send": .number(JSONNumber(0)), "wait": .number(JSONNumber(10))])),
            ]))
    }

    /// Runs `path` with `arguments` and waits for it, output discarded (as figure 6 does).
    static func spawn(_ path: String, _ arguments: [String]) {
        StartupFigures.spawn(path, arguments, in: FileManager.default.currentDirectoryPath)
    }
}

/// A small, seeded random number generator: the same HAR every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
