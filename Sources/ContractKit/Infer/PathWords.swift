/// Finds the word segments of request paths that vary as ids do: `/users/alice`, `/users/bob` and `/users/carol`
/// answered with one shape are one endpoint `GET /users/{name}`, while `/users/search` (another shape) and
/// `/users/me` (a word that names a place of its own) stay literal.
///
/// The paths are read as a tree, segment by segment from the root. Below one segment, two or more words become one
/// placeholder when their responses look alike: for every method and depth below the word that both were requested
/// with, at least ``similarity`` of the key paths seen in their 2xx bodies are common; a word that only failed
/// (`/users/ghost`: 404) joins them when it was requested as they were. Never a placeholder: the
/// first segment of a path, a version (`v1`), `api`, an id (that is a placeholder already), or one of
/// ``fixedWords``. A word seen alone stays literal: one value is no evidence that it varies.
struct PathWords {
    /// Words that name a place of their own, not a value: `/users/me`, `/items/search`, `/posts/new`.
    static let fixedWords: Set<String> = [
        "me", "self", "current", "mine", "search", "new", "latest", "all", "count", "recent", "default", "batch",
        "bulk",
    ]

    /// The share of key paths two words' responses must have in common (Jaccard index) to be one placeholder.
    static let similarity = 0.7

    /// How many key paths of one body are compared, and how deep: enough to tell shapes apart, bounded for large
    /// captures.
    static let maximumKeyPaths = 256
    static let maximumKeyPathDepth = 6
    /// How many responses under one word are compared, for each method and depth.
    static let samplesPerWord = 16

    private struct Path {
        var method: String
        var segments: [Substring]
        var body: JSONValue?
        var success: Bool
    }

    /// For each sample, the positions (0 for the first segment after `/`) of its word segments that are
    /// placeholders. Samples that bring their own endpoint name (recordings, raw files) are left as they are.
    static func positions(in samples: [ResponseSample]) -> [Set<Int>] {
        var result = Array(repeating: Set<Int>(), count: samples.count)
        var paths: [Path?] = []
        paths.reserveCapacity(samples.count)
        for sample in samples {
            guard sample.endpointName == nil else {
                paths.append(nil)
                continue
            }
            let segments = Substring(sample.path).split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            paths.append(
                Path(
                    method: sample.recording.request.method.uppercased(), segments: Array(segments), body: sample.body,
                    success: (200..<300).contains(sample.recording.response.status)))
        }
        var keyPaths: [Int: Set<String>] = [:]
        var work: [(members: [Int], depth: Int)] = [(paths.indices.filter { paths[$0] != nil }, 0)]
        while let (members, depth) = work.popLast() {
            var children: [String: [Int]] = [:]
            var order: [String] = []
            var words: [String] = []
            for member in members {
                let path = paths[member]!
                guard depth < path.segments.count else { continue }
                let segment = path.segments[depth]
                let (decoded, suffix) = PathTemplate.stem(of: segment)
                let key = PathTemplate.isID(decoded) ? "{id}" + suffix : String(segment)
                if children[key] == nil {
                    order.append(key)
                    if depth > 0, !key.hasPrefix("{id}"), isCandidate(decoded) { words.append(key) }
                }
                children[key, default: []].append(member)
            }
            // Words with alike responses, clustered in the order first seen: each joins the first cluster whose
            // first word it resembles.
            var clusters: [(signature: [String: Set<String>], words: [String])] = []
            var failures: [String] = []
            if words.count >= 2 {
                for word in words {
                    guard children[word]!.contains(where: { paths[$0]!.success }) else {
                        failures.append(word)
                        continue
                    }
                    let signature = Self.signature(children[word]!, depth: depth, paths: paths, keyPaths: &keyPaths)
                    if let index = clusters.firstIndex(where: { Self.alike($0.signature, signature) }) {
                        clusters[index].words.append(word)
                    } else {
                        clusters.append((signature, [word]))
                    }
                }
            }
            // A word that only failed (`/users/ghost`: 404) beside words that are values is one too, when it was
            // requested as they were: its error is the endpoint's, not another endpoint.
            if let index = clusters.firstIndex(where: { $0.words.count >= 2 }) {
                for word in failures {
                    let places = Set(
                        children[word]!.map { "\(paths[$0]!.method) \(paths[$0]!.segments.count - depth - 1)" })
                    if !places.isDisjoint(with: clusters[index].signature.keys) { clusters[index].words.append(word) }
                }
            }
            var merged: Set<String> = []
            for cluster in clusters where cluster.words.count >= 2 {
                var below: [Int] = []
                for word in cluster.words {
                    for member in children[word]! {
                        result[member].insert(depth)
                        below.append(member)
                    }
                    merged.insert(word)
                }
                work.append((below.sorted(), depth + 1))
            }
            for key in order where !merged.contains(key) { work.append((children[key]!, depth + 1)) }
        }
        return result
    }

    /// True for a word that may be a placeholder's value: not a version, `api`, or a fixed word.
    private static func isCandidate(_ decoded: String) -> Bool {
        let word = decoded.lowercased()
        guard !word.isEmpty, !fixedWords.contains(word), word != "api", word != "rest" else { return false }
        return !(word.count >= 2 && word.first == "v" && word.dropFirst().allSatisfy(\.isNumber))
    }

    /// What the responses under one word look like, by method and depth below it (`GET 0` for requests to the
    /// word itself): the key paths of their JSON bodies, from the 2xx responses when there are any.
    private static func signature(
        _ members: [Int], depth: Int, paths: [Path?], keyPaths: inout [Int: Set<String>]
    ) -> [String: Set<String>] {
        let successes = members.filter { paths[$0]!.success }
        var signature: [String: Set<String>] = [:]
        var counts: [String: Int] = [:]
        for member in successes.isEmpty ? members : successes {
            let path = paths[member]!
            let place = "\(path.method) \(path.segments.count - depth - 1)"
            // A few samples show a word's shape; a capture's thousands of `/api/v1/users/...` need not all be walked.
            counts[place, default: 0] += 1
            guard counts[place]! <= samplesPerWord else { continue }
            guard let body = path.body else {
                signature[place, default: []].insert("-")
                continue
            }
            if keyPaths[member] == nil { keyPaths[member] = Self.keyPaths(of: body) }
            signature[place, default: []].formUnion(keyPaths[member]!)
        }
        return signature
    }

    /// True when two words were requested alike (a method and depth in common) and every such request's bodies
    /// share at least ``similarity`` of their key paths; one JSON body at least must be among them.
    private static func alike(_ first: [String: Set<String>], _ second: [String: Set<String>]) -> Bool {
        var compared = false
        for (place, paths) in first {
            guard let other = second[place] else { continue }
            guard jaccard(paths, other) >= similarity else { return false }
            if paths != ["-"] { compared = true }
        }
        return compared
    }

    /// The key paths of a body with the kind of value at each (`$.user.login:s`); an array's elements share `[]`,
    /// keys that are ids are `*`, and nulls are left out (a null says nothing of a key's kind).
    static func keyPaths(of body: JSONValue) -> Set<String> {
        var paths: Set<String> = []
        var stack: [(value: JSONValue, path: String, depth: Int)] = [(body, "$", 0)]
        while paths.count < maximumKeyPaths, let (value, path, depth) = stack.popLast() {
            switch value {
            case .null: continue
            case .bool: paths.insert(path + ":b")
            case .number: paths.insert(path + ":n")
            case .string: paths.insert(path + ":s")
            case .array(let items):
                paths.insert(path + ":a")
                guard depth < maximumKeyPathDepth else { continue }
                for item in items.prefix(8) { stack.append((item, path + "[]", depth + 1)) }
            case .object(let object):
                paths.insert(path + ":o")
                guard depth < maximumKeyPathDepth else { continue }
                for entry in object.entries.prefix(maximumKeyPaths) {
                    stack.append(
                        (entry.value, path + "." + (PathTemplate.isID(entry.key) ? "*" : entry.key), depth + 1))
                }
            }
        }
        return paths
    }

    /// The share of their elements two sets have in common.
    static func jaccard(_ first: Set<String>, _ second: Set<String>) -> Double {
        let union = first.union(second).count
        return union == 0 ? 1 : Double(first.intersection(second).count) / Double(union)
    }
}
