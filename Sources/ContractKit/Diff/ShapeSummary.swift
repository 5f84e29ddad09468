/// What the values found at one place in a body look like, all occurrences together: the kinds of value seen,
/// the keys of the objects (each with its own summary), and the elements of the arrays as one summary.
///
/// Array elements are summarised together (their union), not by position, so a list that grew, shrank or was
/// reordered has the same summary as long as its elements keep their shape. Objects whose keys are ids (a
/// collection keyed by id, Firebase style) are summarised like arrays too, so new ids are not new keys.
///
/// A summary reads its values in place on the body's tape, one number per value, and keeps no path and no key set
/// per object: objects with the same keys in the same order are counted together, and paths are found only for the
/// few places a finding names. The summaries of the places below are made when first asked for, and let go with
/// ``releasePlacesBelow()`` once compared, so that memory follows the place being compared, not the whole body.
final class ShapeSummary {
    /// A kind of JSON value, with strings that read as dates told apart by how they are written.
    enum Kind: Hashable, Comparable {
        case null, bool, integer, fraction, string, object, array
        /// A string that reads as a date, by its normalised style (see ``ShapeSummary/dateStyle(of:)``).
        case date(String)

        var description: String {
            switch self {
            case .null: return "null"
            case .bool: return "boolean"
            case .integer: return "integer"
            case .fraction: return "number with a fraction"
            case .string: return "string"
            case .object: return "object"
            case .array: return "array"
            case .date(let style): return "date as \(style)"
            }
        }

        var isContainer: Bool { self == .object || self == .array }
    }

    /// How an epoch number reads, when it is a plausible date between 2000 and 2100.
    enum EpochUnit: Hashable {
        case seconds, milliseconds
    }

    /// The objects here that have the same keys in the same order: how many, and the first of them.
    struct KeyList {
        /// The keys' numbers in the ``ShapeSummary/keyTable``, in the objects' order, repeats kept.
        var keys: [Int]
        var count: Int
        /// The tape entry of the first object with these keys.
        var first: Int

        func contains(_ key: Int) -> Bool { keys.contains(key) }
    }

    /// The body the values are in.
    let body: DiffBody
    /// The values here, as tape entries in document order.
    private let values: [UInt32]
    /// Where each kind was first seen (a tape entry), and how often.
    private(set) var kinds: [Kind: (first: Int, count: Int)] = [:]
    /// The epoch units the numbers here could be; nil until a number is seen, empty when one is not a plausible date.
    private(set) var epochUnits: Set<EpochUnit>?
    /// The objects' keys, numbered in the order first seen.
    private(set) var keyTable = KeyTable()
    /// The objects, grouped by their keys.
    private(set) var keyLists: [KeyList] = []
    /// The number of objects here.
    private(set) var objectCount = 0
    /// True when every object here is keyed by ids; then `keyedValues` summarises their values.
    private(set) var isKeyedCollection = false

    private var memberCache: [Int: ShapeSummary] = [:]
    /// The values of each key, by its number.
    private var memberValues: [[UInt32]] = []
    private var elementCache: ShapeSummary??
    private var keyedValueCache: ShapeSummary??

    /// Summarises the values at tape entries `values` (in document order) of `body`.
    init(_ body: DiffBody, values: [UInt32]) {
        self.body = body
        self.values = values
        // Everything is gathered in local variables, so that the loop costs no access checks on the class's own.
        var tally = KindTally()
        var epochMask: UInt8?
        var table = KeyTable()
        var lists: [KeyList] = []
        var listNumbers: [[Int]: Int] = [:]
        var memberValues: [[UInt32]] = []
        var idLike: [Bool] = []
        var valueKinds: UInt8 = 0
        var entryCount = 0
        var objects = 0
        var scratch: [Int] = []
        var lastList = -1
        var lastKeys: [Int] = []
        let view = body.view
        for value in values {
            let node = Int(value)
            switch view.kind(node) {
            case .null: tally.add(0, node)
            case .false, .true: tally.add(1, node)
            case .integer:
                tally.add(2, node)
                epochMask = (epochMask ?? 0b11) & Self.epochMask(at: node, in: view)
            case .fraction:
                tally.add(3, node)
                epochMask = (epochMask ?? 0b11) & Self.epochMask(at: node, in: view)
            case .string, .escapedString: tally.add(Self.kindIndex(ofStringAt: node, in: view), node)
            case .array: tally.add(6, node)
            case .object:
                tally.add(5, node)
                objects += 1
                scratch.removeAll(keepingCapacity: true)
                // Whether this object lists the keys of the one before, so far.
                var same = lastList >= 0
                var member = node + 1
                let end = view.entries[node].end
                while member < end {
                    let position = scratch.count
                    let number = table.number(ofKeyAt: member, position: position, in: view)
                    if number == idLike.count {
                        idLike.append(Self.looksLikeAnId(table.keys[number]))
                        memberValues.append([])
                    }
                    same = same && position < lastKeys.count && lastKeys[position] == number
                    scratch.append(number)
                    memberValues[number].append(UInt32(member + 1))
                    valueKinds |= Self.kindNameBit(view.kind(member + 1))
                    entryCount += 1
                    member = view.next(after: member + 1)
                }
                if same && scratch.count == lastKeys.count {
                    lists[lastList].count += 1
                } else if let known = listNumbers[scratch] {
                    lists[known].count += 1
                    lastList = known
                    lastKeys = lists[known].keys
                } else {
                    lastList = lists.count
                    listNumbers[scratch] = lastList
                    lists.append(KeyList(keys: scratch, count: 1, first: node))
                    lastKeys = scratch
                }
            }
        }
        kinds = tally.kinds
        epochUnits = epochMask.map { mask in
            var units = Set<EpochUnit>()
            if mask & 1 != 0 { units.insert(.seconds) }
            if mask & 2 != 0 { units.insert(.milliseconds) }
            return units
        }
        keyTable = table
        keyLists = lists
        objectCount = objects
        self.memberValues = memberValues
        // Every key of every object id-like, and their values of one kind: `{"u1": {...}, "u42": {...}}`.
        isKeyedCollection = entryCount > 0 && !idLike.contains(false) && valueKinds.nonzeroBitCount == 1
    }

    /// The kinds seen, each by its place in ``order``, and where first, counted apart from a dictionary so that a
    /// value costs no hashing.
    private struct KindTally {
        var counts = SIMD16<Int>()
        var firsts = SIMD16<Int>()
        /// The kinds by place: the seven basic ones, then the date styles.
        static let order: [Kind] =
            [.null, .bool, .integer, .fraction, .string, .object, .array] + ShapeSummary.dateStyles.map(Kind.date)

        @inline(__always)
        mutating func add(_ index: Int, _ node: Int) {
            if counts[index] == 0 { firsts[index] = node }
            counts[index] &+= 1
        }

        var kinds: [Kind: (first: Int, count: Int)] {
            var kinds: [Kind: (first: Int, count: Int)] = [:]
            for (index, kind) in Self.order.enumerated() where counts[index] > 0 {
                kinds[kind] = (firsts[index], counts[index])
            }
            return kinds
        }
    }

    // MARK: - Keys

    /// The objects' keys in the order first seen.
    var memberOrder: [String] { keyTable.keys }

    /// True when some object here has the key `text`.
    func hasMember(_ text: String) -> Bool { keyTable.number(of: text) != nil }

    /// The number of objects here that have key number `key`.
    func objectCount(having key: Int) -> Int { keyLists.reduce(0) { $0 + ($1.contains(key) ? $1.count : 0) } }

    /// The first object here (a tape entry) that has key number `key`, or nil.
    func firstObject(having key: Int) -> Int? { keyLists.filter { $0.contains(key) }.map(\.first).min() }

    /// True when every object here has no key (or there is none).
    var objectsAreEmpty: Bool { keyLists.allSatisfy(\.keys.isEmpty) }

    // MARK: - The places below

    /// The summary of the values of key `text` in the objects here, or nil when none has it.
    func member(_ text: String) -> ShapeSummary? {
        guard let number = keyTable.number(of: text) else { return nil }
        if let made = memberCache[number] { return made }
        let made = ShapeSummary(body, values: memberValues[number])
        memberCache[number] = made
        return made
    }

    /// The union of the arrays' elements, or nil when there is none.
    var elements: ShapeSummary? {
        if let made = elementCache { return made }
        var nodes: [UInt32] = []
        let view = body.view
        for value in values where view.kind(Int(value)) == .array {
            let node = Int(value)
            let end = view.entries[node].end
            var element = node + 1
            while element < end {
                nodes.append(UInt32(element))
                element = view.next(after: element)
            }
        }
        let made = nodes.isEmpty ? nil : ShapeSummary(body, values: nodes)
        elementCache = .some(made)
        return made
    }

    /// The union of the objects' values, when every object here is keyed by ids; else nil.
    var keyedValues: ShapeSummary? {
        guard isKeyedCollection else { return nil }
        if let made = keyedValueCache { return made }
        var nodes: [UInt32] = []
        forEachMember { nodes.append(UInt32($0)) }
        let made = ShapeSummary(body, values: nodes)
        keyedValueCache = .some(made)
        return made
    }

    /// Lets go of the summaries of the places below, once they are compared; asked again, they are made again.
    func releasePlacesBelow() {
        memberCache = [:]
        elementCache = nil
        keyedValueCache = nil
    }

    /// Calls `visit` with the tape entry of each member's value of each object here, in document order.
    private func forEachMember(_ visit: (Int) -> Void) {
        let view = body.view
        for value in values where view.kind(Int(value)) == .object {
            let node = Int(value)
            let end = view.entries[node].end
            var member = node + 1
            while member < end {
                visit(member + 1)
                member = view.next(after: member + 1)
            }
        }
    }

    // MARK: - Kinds

    /// The kinds seen, but for null.
    var valueKinds: Set<Kind> { Set(kinds.keys.filter { $0 != .null }) }

    /// `integer`, `string or null`, ...
    static func describe(_ kinds: some Sequence<Kind>) -> String {
        var parts: [String] = []
        var dates: [String] = []
        for kind in kinds.sorted() {
            if case .date(let style) = kind { dates.append(style) } else { parts.append(kind.description) }
        }
        if !dates.isEmpty { parts.append("date (\(dates.joined(separator: " or ")))") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: " or ")
    }

    /// The date styles, in the order of ``KindTally/order``.
    static let dateStyles = [
        "ISO 8601 with fractional seconds", "ISO 8601 without fractional seconds", "a date without time (yyyy-MM-dd)",
        "ISO 8601 without a time zone", "an RFC 2822 / HTTP date", "a date with slashes",
    ]

    /// The place in ``KindTally/order`` of the kind of the string at `node`: a date style, or `string`. Read from
    /// its bytes when it has no escape.
    @inline(__always)
    static func kindIndex(ofStringAt node: Int, in view: JSONTapeView) -> Int {
        let style =
            view.kind(node) == .string
            ? DateSniffer.dateStyle(ofUTF8: view.rawBytes(node)) : DateSniffer.style(ofText: view.string(node))
        switch style {
        case .iso8601(let fraction, _)?: return fraction ? 7 : 8
        case .iso8601DateOnly?: return 9
        case .iso8601NoZone?: return 10
        case .rfc2822?: return 11
        case .slashed?: return 12
        case .epochSeconds?, .epochMilliseconds?, .epochMicroseconds?, .numericString?, .unrecognised?, nil: return 4
        }
    }

    /// How a string is written when it reads as a date, in the terms decoders care about; nil for other strings.
    ///
    /// A UTC offset instead of `Z` is the same style: every ISO 8601 decoder reads both. Fractional seconds are
    /// not: Foundation's default ISO 8601 strategy rejects them.
    static func dateStyle(of style: DateSniffer.Style?) -> String? {
        switch style {
        case nil: return nil
        case .iso8601(let fraction, _)?: return fraction ? dateStyles[0] : dateStyles[1]
        case .iso8601DateOnly?: return dateStyles[2]
        case .iso8601NoZone?: return dateStyles[3]
        case .rfc2822?: return dateStyles[4]
        case .slashed?: return dateStyles[5]
        case .epochSeconds?, .epochMilliseconds?, .epochMicroseconds?, .numericString?, .unrecognised?: return nil
        }
    }

    /// The epoch units the number at `node` could be, as bits (see ``epochMask(of:)``), as its value as a `Double`
    /// (``JSONNumber/doubleValue``) says. Most numbers are settled by their digits alone: a negative one, or one
    /// with 8 digits or fewer before the point or 14 or more, is no date between 2000 and 2100 in either unit, and an
    /// integer of up to 13 digits is exact as a `Double`. Only the rest are read as a `Double`.
    static func epochMask(at node: Int, in view: JSONTapeView) -> UInt8 {
        let bytes = view.rawBytes(node)
        guard let first = bytes.first, first != UInt8(ascii: "-") else { return 0 }
        var digits = 0
        var value = 0
        while digits < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[digits]) {
            if digits < 14 { value = value * 10 + Int(bytes[digits] &- UInt8(ascii: "0")) }
            digits += 1
        }
        let exponent = bytes.contains { $0 | 0x20 == UInt8(ascii: "e") }
        if !exponent {
            if digits <= 8 || digits >= 14 { return 0 }
            if digits == bytes.count { return epochMask(of: Double(value)) }
        }
        return epochMask(of: JSONNumber(literal: view.numberLiteral(node)).doubleValue)
    }

    /// The epoch units `value` could be, as bits: 1 seconds, 2 milliseconds.
    static func epochMask(of value: Double) -> UInt8 {
        let from2000 = 946_684_800.0
        let to2100 = 4_102_444_800.0
        var units: UInt8 = 0
        if value >= from2000 && value < to2100 { units |= 1 }
        if value >= from2000 * 1000 && value < to2100 * 1000 { units |= 2 }
        return units
    }

    /// True when a key reads as an id: it has a digit, or is long and unbroken.
    static func looksLikeAnId(_ key: String) -> Bool {
        let hasDigit = key.unicodeScalars.contains { ("0"..."9").contains($0) }
        let unbroken = key.count >= 16 && !key.contains(" ")
        return hasDigit || unbroken
    }

    /// One bit per JSON type (`JSONValue.kindName`): null, boolean, number, string, array, object.
    static func kindNameBit(_ kind: JSONTape.Kind) -> UInt8 {
        switch kind {
        case .null: return 1
        case .false, .true: return 2
        case .integer, .fraction: return 4
        case .string, .escapedString: return 8
        case .array: return 16
        case .object: return 32
        }
    }
}
