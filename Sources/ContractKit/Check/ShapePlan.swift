import Foundation

/// The shapes one check walks, with every name followed once and each object's fields laid out for matching.
///
/// A walk visits every value of a body; looking named shapes up in a dictionary and copying `Shape` and `Field`
/// values (each a handful of reference counts) at every one of them cost more than the checks themselves. The plan
/// does that work once per shape instead of once per value: the walk reads a node's test by index, and goes back
/// to the `Shape` as written only to word a finding.
///
/// A node stands for one place a shape is written, because findings quote that place; what it tests is shared
/// between every use of a named shape, which also lets recursive shapes refer to themselves.
final class ShapePlan: Sendable {
    /// What a node accepts, its names already followed. Payloads are indices into the plan's tables.
    enum Test: Sendable {
        case any
        case optional(wrapped: Int)
        case string, int, double, bool, url, uuid
        case date(format: Int)
        case enumeration(Int)
        /// `Int(1, 2, 3)`: an index into `integerLists`.
        case integers(Int)
        case pattern(Int)
        case array(element: Int)
        case dictionary(value: Int)
        case object(Int)
        /// A union: an index into ``unions``, the nodes of its members.
        case union(Int)
        /// A name that leads nowhere; the spec loader refuses these, so it is only reachable through the API.
        case undefined
    }

    /// One object shape's fields, in spec order, with what pass 1 of the object check needs at hand.
    final class Object: Sendable {
        let shape: ObjectShape
        let fieldNames: [String]
        /// Each field name of at most 16 bytes as two little-endian words padded with zeros, compared with a key in
        /// two loads; a longer name has length -1 here and is compared byte by byte.
        let packedNames: [(first: UInt64, second: UInt64, length: Int)]
        let fieldNodes: [Int]
        let fieldMayBeNull: [Bool]
        /// True when no two fields share a name, so that a body whose keys are exactly the field names in order
        /// can be matched position by position.
        let hasDistinctNames: Bool

        init(shape: ObjectShape, fieldNodes: [Int]) {
            self.shape = shape
            self.fieldNames = shape.fields.map { $0.name }
            self.packedNames = fieldNames.map { name in
                guard name.utf8.count <= 16 else { return (0, 0, -1) }
                var words: (UInt64, UInt64) = (0, 0)
                withUnsafeMutableBytes(of: &words) { $0.copyBytes(from: name.utf8) }
                return (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1), name.utf8.count)
            }
            self.fieldNodes = fieldNodes
            self.fieldMayBeNull = shape.fields.map { $0.mayBeNull }
            self.hasDistinctNames = Self.areDistinct(fieldNames)
        }

        /// True when the key at tape entry `key` is the name of the field at `position`.
        @inline(__always)
        func key(_ key: Int, in view: JSONTapeView, isField position: Int) -> Bool {
            let entry = view.entries[key]
            let packed = packedNames[position]
            // A key is followed in the text by at least its closing quote, ':', a value and '}', so sixteen bytes
            // from its start are readable unless the text ends within them.
            if entry.kind == .string, packed.length >= 0, entry.offset + 16 <= view.byteCount {
                guard entry.length == packed.length else { return false }
                let raw = UnsafeRawPointer(view.bytes + entry.offset)
                let first = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
                let second = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                let length = UInt64(packed.length)
                let firstMask: UInt64 = length >= 8 ? ~0 : (1 << (8 * length)) &- 1
                let secondMask: UInt64 = length >= 16 ? ~0 : length <= 8 ? 0 : (1 << (8 * (length - 8))) &- 1
                return first & firstMask == packed.first && second & secondMask == packed.second
            }
            return view.string(key, equals: fieldNames[position])
        }

        private static func areDistinct(_ names: [String]) -> Bool {
            // Objects are small: comparing pairs is cheaper than hashing every name into a set.
            guard names.count <= 24 else { return Set(names).count == names.count }
            for first in names.indices {
                for second in names.indices[(first + 1)...] where names[first] == names[second] { return false }
            }
            return true
        }
    }

    /// Each node's test.
    let tests: [Test]
    /// Each node's shape as written, for the wording and location of findings.
    let declared: [Shape]
    let objects: [Object]
    /// The date format each `.date` test checks: the shape's own, or else the endpoint's.
    let dateFormats: [DateFormat]
    let enumerations: [[String]]
    let integerLists: [[Int]]
    let patterns: [String]
    /// Each union's member nodes, in the order written.
    let unions: [[Int]]
    /// The node of the shape the plan was made for.
    let root: Int

    /// The plan for checking values against `shape`, and everything it refers to.
    ///
    /// The tables are constants once built, so that reading them during a walk needs no exclusivity checks.
    init(checker: ShapeChecker, shape: Shape, sharing cache: ShapePlanCache? = nil) {
        var builder = Builder(checker: checker, objectCache: cache)
        root = builder.node(for: shape)
        // Copied to their size: a suite keeps a plan per endpoint for the whole run.
        tests = builder.tests.withUnsafeBufferPointer(Array.init)
        declared = builder.declared.withUnsafeBufferPointer(Array.init)
        objects = builder.objects
        dateFormats = builder.dateFormats
        enumerations = builder.enumerations
        integerLists = builder.integerLists
        patterns = builder.patterns
        unions = builder.unions
    }
}

extension ShapePlan {
    /// Builds a plan's tables, following each name once.
    struct Builder {
        let checker: ShapeChecker
        var tests: [Test] = []
        var declared: [Shape] = []
        var objects: [Object] = []
        var dateFormats: [DateFormat] = []
        var enumerations: [[String]] = []
        var integerLists: [[Int]] = []
        var patterns: [String] = []
        var unions: [[Int]] = []
        /// The test of each named shape already planned (or being planned), by name.
        private var testsByName = [String: Test](minimumCapacity: 16)

        /// Where objects planned for other plans are kept, so that endpoints using the same named shapes share them.
        let objectCache: ShapePlanCache?

        init(checker: ShapeChecker, objectCache: ShapePlanCache?) {
            self.checker = checker
            self.objectCache = objectCache
            tests.reserveCapacity(64)
            declared.reserveCapacity(64)
        }

        /// The node for `shape` as written at one place.
        mutating func node(for shape: Shape) -> Int {
            let node = reserveNode(shape)
            tests[node] = test(for: shape)
            return node
        }

        private mutating func reserveNode(_ shape: Shape) -> Int {
            tests.append(.undefined)
            declared.append(shape)
            return tests.count - 1
        }

        private mutating func test(for shape: Shape) -> Test {
            // Only a use of a defined name can be shared; the chain of names from it is followed as `resolve` does.
            var name: String?
            var resolved = shape
            var hops = 0
            if case .named(let written) = shape.kind, let definition = checker.shapes[written] {
                if let planned = testsByName[written] { return planned }
                name = written
                resolved = definition
                hops = 1
            }
            while case .named(let next) = resolved.kind, let definition = checker.shapes[next], hops < 64 {
                resolved = definition
                hops += 1
            }
            let test: Test
            switch resolved.kind {
            case .any: test = .any
            case .string: test = .string
            case .int: test = .int
            case .double: test = .double
            case .bool: test = .bool
            case .url: test = .url
            case .uuid: test = .uuid
            case .date(let explicit):
                dateFormats.append(explicit ?? checker.options.dates)
                test = .date(format: dateFormats.count - 1)
            case .enumeration(let cases):
                enumerations.append(cases)
                test = .enumeration(enumerations.count - 1)
            case .integers(let values):
                integerLists.append(values)
                test = .integers(integerLists.count - 1)
            case .pattern(let pattern):
                patterns.append(pattern)
                test = .pattern(patterns.count - 1)
            case .optional(let wrapped):
                return container(.optional(wrapped: reserveNode(wrapped)), name: name, planning: [wrapped])
            case .array(let element):
                return container(.array(element: reserveNode(element)), name: name, planning: [element])
            case .dictionary(let value):
                return container(.dictionary(value: reserveNode(value)), name: name, planning: [value])
            case .object(let object):
                let index = objects.count
                let fieldNodes = object.fields.map { reserveNode($0.shape) }
                objects.append(
                    objectCache?.object(for: object, fieldNodes: fieldNodes)
                        ?? Object(shape: object, fieldNodes: fieldNodes))
                return container(.object(index), name: name, planning: object.fields.map { $0.shape })
            case .union(let members):
                let index = unions.count
                unions.append(members.map { reserveNode($0) })
                return container(.union(index), name: name, planning: members)
            case .named:
                // An unknown name, or names that lead round in a circle.
                test = .undefined
            }
            if let name { testsByName[name] = test }
            return test
        }

        /// Records a container's test under its name before planning what it holds, which may use the same name;
        /// `shapes` are written at the nodes reserved last, in order.
        private mutating func container(_ test: Test, name: String?, planning shapes: [Shape]) -> Test {
            if let name { testsByName[name] = test }
            let first = tests.count - shapes.count
            for (offset, shape) in shapes.enumerated() { tests[first + offset] = self.test(for: shape) }
            return test
        }
    }
}

/// The plans a checker has made, by the shape they check, so that checking many bodies plans each shape once.
///
/// Shapes are compared with where they are written, so two endpoints that both expect `[User]` on different lines
/// have plans of their own; the objects inside them (`User`'s fields, as declared once under `shapes:`) are shared,
/// so that a suite of thousands of endpoints holds each named object's tables once rather than once per endpoint.
final class ShapePlanCache: @unchecked Sendable {
    /// Plans kept at most: a verifier shares one checker across a suite's endpoints; reaching this means shapes made on the fly.
    private static let capacity = 4096
    private let lock = NSLock()
    private var plans: [Shape: ShapePlan] = [:]
    private var objects: [ObjectKey: ShapePlan.Object] = [:]

    /// An object as written, and the nodes its fields have in the plan: plans that number them alike share it.
    /// Its hash is taken once, before the lock, as hashing a nested object walks all of it.
    private struct ObjectKey: Hashable {
        var shape: ObjectShape
        var fieldNodes: [Int]
        let hash: Int

        init(shape: ObjectShape, fieldNodes: [Int]) {
            self.shape = shape
            self.fieldNodes = fieldNodes
            var hasher = Hasher()
            hasher.combine(shape)
            hasher.combine(fieldNodes)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (left: ObjectKey, right: ObjectKey) -> Bool {
            left.hash == right.hash && left.fieldNodes == right.fieldNodes && left.shape == right.shape
        }
    }

    /// The plan for `shape` under `checker`, made on first use.
    func plan(for shape: Shape, checker: ShapeChecker) -> ShapePlan {
        lock.lock()
        let cached = plans[shape]
        lock.unlock()
        if let cached { return cached }
        let plan = ShapePlan(checker: checker, shape: shape, sharing: self)
        lock.lock()
        if plans.count >= Self.capacity { plans.removeAll(keepingCapacity: true) }
        plans[shape] = plan
        lock.unlock()
        return plan
    }

    /// The planned object for `shape` whose fields are at `fieldNodes`, made on first use.
    func object(for shape: ObjectShape, fieldNodes: [Int]) -> ShapePlan.Object {
        let key = ObjectKey(shape: shape, fieldNodes: fieldNodes)
        lock.lock()
        defer { lock.unlock() }
        if let object = objects[key] { return object }
        let object = ShapePlan.Object(shape: shape, fieldNodes: fieldNodes)
        if objects.count >= Self.capacity { objects.removeAll(keepingCapacity: true) }
        objects[key] = object
        return object
    }
}
